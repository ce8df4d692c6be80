// The status cell redraws only when statusInputsEqual says its inputs moved: two records it calls
// equal must give the same status text, or a row would show a stale minute, stage or leg.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SPORTS } from '../../src/domain/sports';
import type { ScoreboardEvent } from '../../src/scoreboard/types';
import { statusInputsEqual, statusText } from '../../src/domain/shown-text';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const NOW_S = NOW / 1000;

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

/** Every field the status could read, and some it must not, each with the values it may take. */
const FIELDS = {
  stageType: maybe(fc.constantFrom(1, 2, 3)),
  stage: maybe(fc.constantFrom(1, 2, 3, 6, 7, 12, 13, 17, 18, 19, 20, 38, 45, 46, 47)),
  startTime: maybe(fc.integer({ min: NOW_S - 4 * 3600, max: NOW_S + 3600 })),
  periodStartTime: maybe(fc.integer({ min: NOW_S - 3 * 3600, max: NOW_S })),
  gameTime: maybe(fc.integer({ min: -1, max: 90 })),
  playingOnSets: maybe(fc.constantFrom('', '0', '1')),
  homeScore: maybe(fc.integer({ min: 0, max: 12 })),
  awayScore: maybe(fc.integer({ min: 0, max: 12 })),
  homeRedCards: maybe(fc.integer({ min: 0, max: 3 })),
  odds1: maybe(fc.double({ min: 1.01, max: 20, noNaN: true })),
  home: fc.constantFrom('Астана', 'Қайрат'),
};
type FieldName = keyof typeof FIELDS;
const NAMES = Object.keys(FIELDS) as FieldName[];

/** A record and the same record with one field changed (what an update does to a row). */
const recordAndChange = fc
  .tuple(fc.record(FIELDS), fc.constantFrom(...NAMES))
  .chain(([record, name]) =>
    (FIELDS[name] as fc.Arbitrary<unknown>).map((value) => [record, { ...record, [name]: value }] as const),
  );

const asEvent = (fields: object, version: number): ScoreboardEvent =>
  ({ id: 'e', sportId: 1, leagueId: '1_a', version, liveMarked: false, highlight: null, ...fields }) as ScoreboardEvent;

describe('status cell inputs', () => {
  it('S4-18 S4-22 S3-38 a change the status cell calls no change leaves the status text as it was, in every sport', () => {
    fc.assert(
      fc.property(
        // Darts and snooker (legs and frames, S4-22) half the time: their clock reads the most fields.
        fc.oneof(fc.constantFrom(14, 15), fc.constantFrom(...SPORTS.filter((s) => !s.noDuel).map((s) => s.id))),
        recordAndChange,
        (sportId, [before, after]) => {
          const a = asEvent(before, 1);
          const b = asEvent(after, 2);
          if (!statusInputsEqual(sportId)(a, b)) return;
          expect(statusText(b, sportId, NOW)).toEqual(statusText(a, sportId, NOW));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('S4-22 a score change is a status change only where the clock counts legs or frames', () => {
    const live = asEvent({ stageType: 2, stage: 17, homeScore: 0, awayScore: 0 }, 1);
    const scored = asEvent({ stageType: 2, stage: 17, homeScore: 1, awayScore: 0 }, 2);
    expect(statusInputsEqual(1)(live, scored)).toBe(true); // football
    expect(statusInputsEqual(14)(live, scored)).toBe(false); // darts
    expect(statusInputsEqual(15)(live, scored)).toBe(false); // snooker
  });
});
