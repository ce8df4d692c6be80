// The heap behind "when does the next highlight end?" (S9-4): the earliest current end, whatever
// the order of adds, with stale entries (replaced or cleared highlights) skipped.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HighlightEnds } from '../../src/scoreboard/highlight-ends';

describe('highlight ends', () => {
  it('S9-4 first() is the earliest end among current highlights, under any adds and staleness', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ until: fc.integer({ min: 0, max: 1000 }), id: fc.nat(30) }), {
          minLength: 1,
          maxLength: 200,
        }),
        fc.array(fc.nat(30), { maxLength: 30 }),
        (adds, cleared) => {
          const ends = new HighlightEnds<null>();
          const shown = new Map<string, number>(); // the row's current highlight end, as the store keeps it
          for (const { until, id } of adds) {
            ends.add({ until, id: String(id), scope: null });
            shown.set(String(id), until);
          }
          for (const id of cleared) shown.delete(String(id));
          const current = (e: { id: string; until: number }) => shown.get(e.id) === e.until;
          const expected = shown.size > 0 ? Math.min(...shown.values()) : Number.POSITIVE_INFINITY;
          expect(ends.first(current)).toBe(expected);
          expect(ends.first(current)).toBe(expected); // asking again changes nothing
        },
      ),
      { numRuns: 300 },
    );
  });
});
