import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareEvents,
  type SortableEvent,
  type SortContext,
  sortEvents,
  sortKey,
  sortKeyParts,
  timeOrderForPage,
} from '../../src/domain/sort';

const T = 1_760_000_000;
const base: SortableEvent = {
  id: 'AAAAAAAA',
  sportId: 1,
  startTime: T,
  home: 'Arsenal',
  away: 'Chelsea',
  labelIndex: 0,
};
const sign = (n: number): number => Math.sign(n);
const cmpStr = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

describe('sort key', () => {
  it('S4-26 key concatenates sport, top flag, label (1000 + i), rank (4 digits), start time and names (10)', () => {
    const key = sortKey({ ...base, topLeague: true, labelIndex: 7, rank: 3 });
    expect(key).toBe(`001a10070003${T}Arsenal   Chelsea   `);
    expect(sortKey({ ...base, labelIndex: undefined })).toBe(`001b99999999${T}Arsenal   Chelsea   `);
    expect(sortKey({ ...base, home: 'Borussia Mönchengladbach' }).endsWith('Borussia MChelsea   ')).toBe(true);
  });

  it('S4-26 top-league flag a/b is empty on a participant page', () => {
    expect(sortKeyParts({ ...base, topLeague: true })[1]).toBe('a');
    expect(sortKeyParts(base)[1]).toBe('b');
    expect(sortKeyParts({ ...base, topLeague: true }, { participantPage: true })[1]).toBe('');
    expect(
      compareEvents({ ...base, id: 'b', topLeague: true, labelIndex: 5 }, { ...base, id: 'a', labelIndex: 0 }),
    ).toBe(-1);
  });

  it('S4-26 horse racing adds country and template padded to 15', () => {
    const parts = sortKeyParts({ ...base, sportId: 35, countryName: 'Ireland', templateName: 'Leopardstown' });
    expect(parts[2]).toBe('Ireland        Leopardstown   ');
    expect(parts[2]).toHaveLength(30);
    expect(sortKeyParts(base)[2]).toBe('');
  });

  it('S4-26 time order ascending or descending per page kind, offsets 5555555555 and 9999999999', () => {
    expect(timeOrderForPage({ results: true })).toBe('desc');
    expect(timeOrderForPage({ results: false })).toBe('asc');
    const asc: SortContext = { byTime: true, timeOrder: 'asc' };
    const desc: SortContext = { byTime: true, timeOrder: 'desc' };
    expect(sortKeyParts(base, asc)[3]).toBe(String(T));
    expect(sortKeyParts(base, desc)[3]).toBe(String(5_555_555_555 - T));
    expect(sortKeyParts(base, desc)[6]).toBe(String(9_999_999_999 - T));
    expect(sortKeyParts({ ...base, startTime: undefined }, asc)[6]).toBe('9999999999');
    const early = { ...base, id: 'z', startTime: T, labelIndex: 3 };
    const late = { ...base, id: 'a', startTime: T + 60, labelIndex: 0 };
    expect(sortEvents([late, early], asc).map((e) => e.id)).toEqual(['z', 'a']);
    expect(sortEvents([early, late], desc).map((e) => e.id)).toEqual(['a', 'z']);
    // Without byTime the league order wins over time.
    expect(sortEvents([early, late]).map((e) => e.id)).toEqual(['a', 'z']);
  });

  it('S4-26 rank orders runners within a race; unranked last', () => {
    const r = (id: string, rank?: number): SortableEvent => ({ id, sportId: 34, startTime: T, rank, labelIndex: 0 });
    expect(sortEvents([r('c'), r('b', 12), r('a', 2)]).map((e) => e.id)).toEqual(['a', 'b', 'c']);
  });
});

const eventArb: fc.Arbitrary<SortableEvent> = fc.record(
  {
    id: fc.string({ minLength: 1, maxLength: 8 }),
    sportId: fc.constantFrom(1, 2, 3, 35, 34),
    startTime: fc.option(fc.integer({ min: 0, max: 4_000_000_000 }), { nil: undefined }),
    rank: fc.option(fc.integer({ min: -1, max: 20_000 }), { nil: undefined }),
    home: fc.option(fc.string({ maxLength: 14 }), { nil: undefined }),
    away: fc.option(fc.string({ maxLength: 14 }), { nil: undefined }),
    labelIndex: fc.option(fc.integer({ min: -1, max: 10_000 }), { nil: undefined }),
    topLeague: fc.boolean(),
    countryName: fc.option(fc.string({ maxLength: 18 }), { nil: undefined }),
    templateName: fc.option(fc.string({ maxLength: 18 }), { nil: undefined }),
  },
  { requiredKeys: ['id', 'sportId'] },
);
const contextArb: fc.Arbitrary<SortContext> = fc.record({
  participantPage: fc.boolean(),
  byTime: fc.boolean(),
  timeOrder: fc.constantFrom<'asc' | 'desc'>('asc', 'desc'),
});

describe('sort order properties', () => {
  it('S4-26 property: the order is total, antisymmetric and transitive', () => {
    fc.assert(
      fc.property(fc.uniqueArray(eventArb, { selector: (e) => e.id, maxLength: 25 }), contextArb, (events, ctx) => {
        const sorted = sortEvents(events, ctx);
        for (let i = 0; i + 1 < sorted.length; i++) expect(compareEvents(sorted[i], sorted[i + 1], ctx)).toBe(-1);
        for (const a of events) {
          for (const b of events) {
            const ab = compareEvents(a, b, ctx);
            expect(ab + compareEvents(b, a, ctx)).toBe(0);
            if (a.id !== b.id) expect(ab).not.toBe(0);
          }
        }
        // Stable under input order: any permutation sorts the same.
        expect(sortEvents([...events].reverse(), ctx).map((e) => e.id)).toEqual(sorted.map((e) => e.id));
      }),
      { numRuns: 200 },
    );
  });

  it('S4-26 property: comparing keys equals comparing the parts in order', () => {
    fc.assert(
      fc.property(eventArb, eventArb, contextArb, (a, b, ctx) => {
        const pa = sortKeyParts(a, ctx);
        const pb = sortKeyParts(b, ctx);
        let byParts = 0;
        for (let i = 0; i < pa.length && byParts === 0; i++) byParts = cmpStr(pa[i], pb[i]);
        expect(sign(cmpStr(sortKey(a, ctx), sortKey(b, ctx)))).toBe(byParts);
      }),
      { numRuns: 2000 },
    );
  });

  it('S4-26 property: with all else equal, start time orders in the page direction', () => {
    fc.assert(
      fc.property(
        eventArb,
        fc.integer({ min: 0, max: 3_999_999_999 }),
        fc.integer({ min: 1, max: 86_400 }),
        contextArb,
        (e, t, dt, ctx) => {
          const early = { ...e, id: 'x', startTime: t };
          const late = { ...e, id: 'y', startTime: t + dt };
          const expected = (ctx.timeOrder ?? 'asc') === 'asc' ? -1 : 1;
          expect(sign(cmpStr(sortKey(early, ctx), sortKey(late, ctx)))).toBe(expected);
        },
      ),
    );
  });
});
