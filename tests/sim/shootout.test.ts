// protocol.md §3.3: after a shoot-out the winner is credited +1 in the score (AG/AH), while full
// time (AT/AU), after extra time (REA/REB) and the shoot-out itself (RPA/RPB) keep their values.
// Every sport that settles ties on penalties or shots: soccer, hockey, handball, futsal, bandy,
// water polo, field hockey, beach soccer.
import { describe, expect, it } from 'vitest';
import { showsResult } from '../../src/domain/results';
import { scriptFixture } from '../../sim/engines/index';
import { STAGE } from '../../sim/engines/stages';
import { planDay } from '../../sim/plan/day-plan';
import type { DuelFixture } from '../../sim/plan/types';

interface Final {
  readonly fields: Record<string, number>;
  readonly stage: number;
  readonly winner: number | undefined;
}

function play(fixture: DuelFixture): Final | null {
  const fields: Record<string, number> = {};
  for (const { body } of scriptFixture(fixture)) {
    if (body.type === 'MatchStarted' || body.type === 'ScoreChanged') Object.assign(fields, body.score);
    if (body.type === 'MatchFinished') return { fields, stage: body.stage, winner: body.winner };
  }
  return null;
}

/** Finished shoot-outs of a sport: knock-out fixtures replayed with fresh seeds until `count` go to penalties. */
function shootouts(sportId: number, count: number): Final[] {
  const pool: DuelFixture[] = [];
  for (let day = 20500; day < 20510 && pool.length < 40; day++)
    for (const f of planDay(5, day, 5, [sportId]).fixtures)
      if (f.kind === 'duel' && f.calledOff === undefined) pool.push({ ...f, knockout: true });
  expect(pool.length, `fixtures of sport ${sportId}`).toBeGreaterThan(0);
  const out: Final[] = [];
  for (let i = 0; out.length < count && i < 4000; i++) {
    const base = pool[i % pool.length]!;
    const result = play({ ...base, seed: (base.seed + i * 104_729) >>> 0 });
    if (result?.stage === STAGE.afterPenalties) out.push(result);
  }
  return out;
}

const SPORTS: readonly [number, string][] = [
  [1, 'soccer'],
  [4, 'hockey'],
  [7, 'handball'],
  [10, 'bandy'],
  [11, 'futsal'],
  [22, 'water polo'],
  [24, 'field hockey'],
  [26, 'beach soccer'],
];

describe('shoot-out winner credited', () => {
  for (const [sportId, name] of SPORTS) {
    it(`S3-34 S4-14 ${name}: AG/AH = level score + 1 for the shoot-out winner; AT/AU, REA/REB and RPA/RPB unchanged`, () => {
      const results = shootouts(sportId, 4);
      expect(results.length, 'matches decided on penalties').toBeGreaterThanOrEqual(3);
      for (const { fields: x, winner } of results) {
        const level = x.homeAfterExtraTime ?? x.homeFullTime!;
        expect(x.awayAfterExtraTime ?? x.awayFullTime).toBe(level);
        const pensWinner = x.homePenalties! > x.awayPenalties! ? 1 : 2;
        expect(winner).toBe(pensWinner);
        expect(x.homeScore).toBe(level + (pensWinner === 1 ? 1 : 0));
        expect(x.awayScore).toBe(level + (pensWinner === 2 ? 1 : 0));
        expect(x.homeFullTime).toBe(x.awayFullTime);
        // A 0:0 won on penalties now shows its score on the site.
        expect(
          showsResult({
            ...x,
            stageType: 3,
            stage: STAGE.afterPenalties,
            winner: winner as 1 | 2,
          }),
        ).toBe(true);
      }
    });
  }
});
