// Rally-point set sports: volleyball (best of 5, sets to 25, fifth to 15), beach volleyball (best
// of 3, 21/21/15), table tennis (games to 11, best of 5 or 7) and badminton (best of 3 to 21, cap
// 30). Every set is won by two clear points; points per set go to the parts (S3-15, S3-17, S3-18).
import type { ScorePatch } from '../facts';
import { marginOutcome } from './odds';
import { prematch } from './prematch';
import type { DuelContext } from './script';
import { STAGE, setStage } from './stages';

type Side = 1 | 2;

interface RallyRules {
  readonly setsToWin: number;
  readonly points: number;
  readonly lastSetPoints: number;
  /** Maximum points in a set (badminton 30), or 0 for none. */
  readonly cap: number;
  /** Real seconds per rally, min and max. */
  readonly rally: readonly [number, number];
  readonly setBreak: number;
  /** Point-win probability shift per unit of strength difference. */
  readonly edge: number;
  /** Serve follows the rally winner (badminton, S3-5). */
  readonly serving: boolean;
}

const RULES: Readonly<Record<number, RallyRules>> = {
  12: {
    setsToWin: 3,
    points: 25,
    lastSetPoints: 15,
    cap: 0,
    rally: [18, 35],
    setBreak: 180,
    edge: 0.025,
    serving: false,
  },
  17: {
    setsToWin: 2,
    points: 21,
    lastSetPoints: 15,
    cap: 0,
    rally: [20, 40],
    setBreak: 60,
    edge: 0.03,
    serving: false,
  },
  25: {
    setsToWin: 3,
    points: 11,
    lastSetPoints: 11,
    cap: 0,
    rally: [12, 25],
    setBreak: 60,
    edge: 0.04,
    serving: false,
  },
  21: {
    setsToWin: 2,
    points: 21,
    lastSetPoints: 21,
    cap: 30,
    rally: [15, 35],
    setBreak: 120,
    edge: 0.035,
    serving: true,
  },
};

export function playRallySets(ctx: DuelContext): void {
  const { fixture, script, rng } = ctx;
  const base = RULES[fixture.sportId]!;
  const rules: RallyRules =
    fixture.sportId === 25 && fixture.competition.format === 'bo7' ? { ...base, setsToWin: 4 } : base;
  const diff = fixture.home.strength - fixture.away.strength;
  const pHome = Math.min(0.62, Math.max(0.38, 0.5 + rules.edge * diff + (fixture.sportId === 12 ? 0.01 : 0)));
  const setP = (target: number) => {
    // Normal approximation of a set: margin ~ (2p-1)·2·target, sd ~ sqrt(2·target).
    return 1 - 1 / (1 + Math.exp((2 * pHome - 1) * Math.sqrt(2 * target) * 3.2));
  };
  const odds = (setsHome: number, setsAway: number) => {
    const need = rules.setsToWin;
    const pSet = setP(rules.points);
    const expected = (2 * pSet - 1) * (2 * need - 1 - setsHome - setsAway) + (setsHome - setsAway);
    return marginOutcome(expected, Math.sqrt(Math.max(1, 2 * need - 1 - setsHome - setsAway)), false);
  };
  prematch(ctx, odds(0, 0));

  const score: Record<string, number> = { homeScore: 0, awayScore: 0, homePart1: 0, awayPart1: 0 };
  const sets: Record<Side, number> = { 1: 0, 2: 0 };
  let t = ctx.start;
  let server: Side = rng.chance(0.5) ? 1 : 2;
  script.at(t, {
    type: 'MatchStarted',
    matchId: fixture.id,
    stage: setStage(1),
    periodStartTime: t,
    gameTime: -1,
    score: { ...score } as ScorePatch,
  });
  if (rules.serving) script.service(t, server);
  for (let set = 1; sets[1] < rules.setsToWin && sets[2] < rules.setsToWin; set++) {
    const last = set === rules.setsToWin * 2 - 1;
    const target = last ? rules.lastSetPoints : rules.points;
    if (set > 1) {
      t += rules.setBreak;
      score[`homePart${set}`] = 0;
      score[`awayPart${set}`] = 0;
      script.stage(t, setStage(set), t, -1);
      script.score(t, { ...score } as ScorePatch);
    }
    const pts: Record<Side, number> = { 1: 0, 2: 0 };
    for (;;) {
      const won: Side = rng.chance(pHome) ? 1 : 2;
      pts[won]++;
      t += rng.int(rules.rally[0], rules.rally[1]);
      score[`homePart${set}`] = pts[1];
      score[`awayPart${set}`] = pts[2];
      const lead = pts[won] - pts[won === 1 ? 2 : 1];
      const setDone = (pts[won] >= target && lead >= 2) || (rules.cap > 0 && pts[won] >= rules.cap);
      if (setDone) {
        sets[won]++;
        score.homeScore = sets[1];
        score.awayScore = sets[2];
      }
      script.score(t, { ...score } as ScorePatch);
      if (rules.serving && won !== server) {
        server = won;
        script.service(t, server);
      }
      if (setDone) break;
    }
    if (sets[1] < rules.setsToWin && sets[2] < rules.setsToWin) script.odds(t + 10, odds(sets[1], sets[2]));
  }
  const winner: Side = sets[1] > sets[2] ? 1 : 2;
  script.finish(t + 20, STAGE.finished, { winner, fullTimeWinner: winner });
}
