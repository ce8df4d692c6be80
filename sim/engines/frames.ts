// Sports scored in whole units with no score parts (S3-21): darts legs (or sets of legs), snooker
// frames with a mid-session interval, esports maps. The score is the units won; the first to
// the target wins.
import { marginOutcome } from './odds';
import { prematch } from './prematch';
import type { DuelContext } from './script';
import { STAGE, setStage } from './stages';

type Side = 1 | 2;

interface FrameRules {
  /** Units needed to win. */
  readonly toWin: number;
  /** Legs per set for darts set play (first to 3), else 0. */
  readonly legsPerSet: number;
  /** Real seconds per unit, min and max. */
  readonly duration: readonly [number, number];
  readonly pause: number;
  /** Interval after this many units (snooker mid-session), else 0. */
  readonly intervalAfter: number;
  readonly edge: number;
  /** Stage per unit: set codes for maps and darts sets, plain live otherwise. */
  readonly setStages: boolean;
  /** Throw alternates per leg (darts, S3-5). */
  readonly serving: boolean;
}

function rulesFor(sportId: number, format: string): FrameRules {
  if (sportId === 14) {
    if (format === 'sets5') {
      return {
        toWin: 3,
        legsPerSet: 3,
        duration: [140, 260],
        pause: 60,
        intervalAfter: 0,
        edge: 0.06,
        setStages: true,
        serving: true,
      };
    }
    const toWin = format === 'legs7' ? 4 : 6;
    return {
      toWin,
      legsPerSet: 0,
      duration: [140, 260],
      pause: 30,
      intervalAfter: 0,
      edge: 0.06,
      setStages: false,
      serving: true,
    };
  }
  if (sportId === 15) {
    const toWin = format === 'bo11' ? 6 : 4;
    return {
      toWin,
      legsPerSet: 0,
      duration: [720, 1500],
      pause: 120,
      intervalAfter: 4,
      edge: 0.07,
      setStages: false,
      serving: false,
    };
  }
  const toWin = format === 'bo1' ? 1 : 2;
  return {
    toWin,
    legsPerSet: 0,
    duration: [1800, 2700],
    pause: 420,
    intervalAfter: 0,
    edge: 0.09,
    setStages: true,
    serving: false,
  };
}

export function playFrames(ctx: DuelContext): void {
  const { fixture, script, rng } = ctx;
  const rules = rulesFor(fixture.sportId, fixture.competition.format);
  const diff = fixture.home.strength - fixture.away.strength;
  const p = Math.min(0.75, Math.max(0.25, 0.5 + rules.edge * diff));
  const odds = (h: number, a: number) => {
    const left = 2 * rules.toWin - 1 - h - a;
    return marginOutcome(h - a + (2 * p - 1) * left * 0.9, Math.sqrt(Math.max(1, left)) * 0.9, false);
  };
  prematch(ctx, odds(0, 0));
  const won: Record<Side, number> = { 1: 0, 2: 0 };
  let t = ctx.start;
  let thrower: Side = rng.chance(0.5) ? 1 : 2;
  script.at(t, {
    type: 'MatchStarted',
    matchId: fixture.id,
    stage: rules.setStages ? setStage(1) : STAGE.live,
    periodStartTime: t,
    gameTime: -1,
    score: { homeScore: 0, awayScore: 0 },
  });
  if (rules.serving) script.service(t, thrower);
  let unit = 0;
  while (won[1] < rules.toWin && won[2] < rules.toWin) {
    unit++;
    if (rules.legsPerSet > 0) {
      // A darts set: first to `legsPerSet` legs; the legs of the set in play show beside the sets (LGA/LGB).
      const legs: Record<Side, number> = { 1: 0, 2: 0 };
      if (unit === 1) script.score(t, { homeLegs: 0, awayLegs: 0 });
      while (legs[1] < rules.legsPerSet && legs[2] < rules.legsPerSet) {
        const throwEdge = thrower === 1 ? 0.08 : -0.08;
        legs[rng.chance(p + throwEdge) ? 1 : 2]++;
        t += rng.int(rules.duration[0], rules.duration[1]);
        if (legs[1] < rules.legsPerSet && legs[2] < rules.legsPerSet) {
          script.score(t, { homeLegs: legs[1], awayLegs: legs[2] });
        }
        thrower = thrower === 1 ? 2 : 1;
        script.service(t, thrower);
      }
      won[legs[1] > legs[2] ? 1 : 2]++;
    } else {
      const edge = rules.serving ? (thrower === 1 ? 0.08 : -0.08) : 0;
      won[rng.chance(p + edge) ? 1 : 2]++;
      t += rng.int(rules.duration[0], rules.duration[1]);
    }
    const legsReset = rules.legsPerSet > 0 ? { homeLegs: 0, awayLegs: 0 } : {};
    script.score(t, { homeScore: won[1], awayScore: won[2], ...legsReset });
    if (won[1] >= rules.toWin || won[2] >= rules.toWin) break;
    script.odds(t + 5, odds(won[1], won[2]));
    if (rules.serving && rules.legsPerSet === 0) {
      thrower = thrower === 1 ? 2 : 1;
      script.service(t, thrower);
    }
    if (rules.intervalAfter > 0 && unit === rules.intervalAfter) {
      script.stage(t, STAGE.pause, undefined, -1);
      t += 900;
      script.stage(t, STAGE.live, t, -1);
    } else {
      t += rules.pause;
      if (rules.setStages) script.stage(t, setStage(unit + 1), t, -1);
    }
  }
  const winner: Side = won[1] > won[2] ? 1 : 2;
  script.finish(t + 20, STAGE.finished, { winner, fullTimeWinner: winner });
}
