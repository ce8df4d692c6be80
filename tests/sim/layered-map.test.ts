// The world's layered match map behaves as a Map given the same writes: order, size, lookups; and a
// frozen map (a published world state) never changes, whatever later drafts do.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LayeredMap } from '../../sim/world/layered-map';

type Op = { kind: 'set'; key: number; value: number } | { kind: 'delete'; key: number } | { kind: 'batch' };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('set' as const), key: fc.nat(400), value: fc.integer() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('delete' as const), key: fc.nat(400) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'batch' as const }) },
);

describe('layered map', () => {
  it('matches a Map under any sets, deletes and batch boundaries; published layers stay as they were', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(400), { minLength: 50, maxLength: 300 }),
        fc.array(op, { minLength: 300, maxLength: 3000 }),
        (initial, ops) => {
          const model = new Map(initial.map((k) => [k, -k]));
          let draft = LayeredMap.draft<number, number>(new Map(model));
          const published: [LayeredMap<number, number>, [number, number][]][] = [];
          for (const step of ops) {
            if (step.kind === 'set') {
              draft.set(step.key, step.value);
              model.set(step.key, step.value);
            } else if (step.kind === 'delete') {
              expect(draft.delete(step.key)).toBe(model.delete(step.key));
            } else {
              published.push([draft.freeze(), [...model]]);
              draft = LayeredMap.draft(draft);
            }
          }
          expect([...draft]).toEqual([...model]);
          expect([...draft.keys()]).toEqual([...model.keys()]);
          expect(draft.size).toBe(model.size);
          for (let key = 0; key <= 401; key++) {
            expect(draft.get(key)).toBe(model.get(key));
            expect(draft.has(key)).toBe(model.has(key));
          }
          for (const [map, entries] of published) {
            expect([...map]).toEqual(entries);
            expect(map.size).toBe(entries.length);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('a frozen map refuses writes', () => {
    const map = LayeredMap.draft(new Map([[1, 1]])).freeze();
    expect(() => map.set(2, 2)).toThrow(/frozen/);
    expect(map.get(1)).toBe(1);
  });
});
