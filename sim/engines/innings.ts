// Bat-and-ball games in innings, with the batting side as the service (S3-5) and the half-inning's outs
// (OUT). Baseball (S3-14, 10 parts): nine innings, the away side bats
// first, the bottom of the ninth is skipped when the home side leads, walk-offs end the game,
// extra innings until someone leads (part 10 holds all extras). Pesapallo (S3-20, 11 parts): two
// periods of four innings, then an extra inning each and a home-run contest (part 11).
import type { ScorePatch } from '../facts';
import { marginOutcome } from './odds';
import { prematch } from './prematch';
import { type DuelContext, winnerOf } from './script';
import { EXTRA_INNING_STAGE, INNING_STAGES, STAGE } from './stages';

type Side = 1 | 2;

export function playInnings(ctx: DuelContext): void {
  const { fixture, script, rng } = ctx;
  const pesapallo = fixture.sportId === 30;
  const regular = pesapallo ? 8 : 9;
  const diff = fixture.home.strength - fixture.away.strength;
  // MLB ≈ 4.5 runs per team (≈ 0.49 per half-inning); pesapallo ≈ 0.6.
  const scoreChance: Record<Side, number> = {
    1: Math.min(0.5, Math.max(0.12, (pesapallo ? 0.33 : 0.27) + 0.03 * diff + 0.01)),
    2: Math.min(0.5, Math.max(0.12, (pesapallo ? 0.33 : 0.27) - 0.03 * diff)),
  };
  const extraRuns = pesapallo ? 0.5 : 0.55; // geometric continuation
  const perTeam = (side: Side) => scoreChance[side] / (1 - extraRuns);
  const odds = (h: number, a: number, halvesLeftHome: number, halvesLeftAway: number) => {
    const expected = h - a + perTeam(1) * halvesLeftHome - perTeam(2) * halvesLeftAway;
    const sd = Math.sqrt(Math.max(0.5, (halvesLeftHome + halvesLeftAway) * 1.2));
    return marginOutcome(expected, sd, false);
  };
  prematch(ctx, odds(0, 0, regular, regular));

  const runs: Record<Side, number> = { 1: 0, 2: 0 };
  const score: Record<string, number> = { homeScore: 0, awayScore: 0 };
  let t = ctx.start;
  script.at(t, {
    type: 'MatchStarted',
    matchId: fixture.id,
    stage: INNING_STAGES[0],
    periodStartTime: t,
    gameTime: -1,
    score: { homeScore: 0, awayScore: 0, homePart1: 0, awayPart1: 0 },
  });
  let finalStage: number = STAGE.finished;
  let decidedByContest = false;
  const maxInnings = pesapallo ? regular + 2 : 15;
  for (let inning = 1; inning <= maxInnings; inning++) {
    const extra = inning > regular;
    if (extra && runs[1] !== runs[2]) break;
    const part = pesapallo ? Math.min(inning, 10) : Math.min(inning, 10);
    if (inning > 1) {
      script.stage(t, extra ? EXTRA_INNING_STAGE : INNING_STAGES[inning - 1]!, t, -1);
      if (pesapallo && inning === 5) {
        // Break between the two periods.
        t += 600;
      }
    }
    for (const side of [2, 1] as const) {
      // Bottom of the last inning is not played when the home side already leads.
      if (side === 1 && inning >= regular && runs[1] > runs[2]) break;
      script.service(t, side);
      const key = `${side === 1 ? 'home' : 'away'}Part${part}`;
      score[key] = score[key] ?? 0;
      script.score(t, { ...score } as ScorePatch);
      let scored = 0;
      if (rng.chance(scoreChance[side])) {
        scored = 1;
        while (rng.chance(extraRuns) && scored < 8) scored++;
      }
      const halfDuration = rng.int(pesapallo ? 360 : 480, pesapallo ? 720 : 900);
      // The half-inning's outs (OUT): the first two fall a third and two thirds of the way through,
      // the third ends it. Runs and outs are written in time order.
      const halfStart = t;
      script.score(t, { outs: 0 });
      let outs = 0;
      const outsUntil = (time: number) => {
        while (outs < 2 && halfStart + Math.floor((halfDuration * (outs + 1)) / 3) <= time) {
          outs++;
          script.score(halfStart + Math.floor((halfDuration * outs) / 3), { outs });
        }
      };
      for (let r = 0; r < scored; r++) {
        t += Math.floor(halfDuration / (scored + 1));
        outsUntil(t);
        runs[side]++;
        score[key] = (score[key] ?? 0) + 1;
        score.homeScore = runs[1];
        score.awayScore = runs[2];
        script.score(t, { ...score } as ScorePatch);
        if (side === 1 && inning >= regular && runs[1] > runs[2]) break; // walk-off
      }
      if (side === 1 && inning >= regular && runs[1] > runs[2]) {
        t += Math.floor(halfDuration / (scored + 1));
        break;
      }
      t += Math.floor(halfDuration / (scored + 1));
      outsUntil(t);
      script.score(t, { outs: 3 });
    }
    if (inning >= regular && runs[1] !== runs[2]) {
      if (extra) finalStage = pesapallo ? STAGE.afterExtraTime : STAGE.afterExtraInnings;
      break;
    }
    script.odds(t, odds(runs[1], runs[2], Math.max(0, regular - inning), Math.max(0, regular - inning)));
  }
  if (runs[1] === runs[2]) {
    if (pesapallo) {
      // Home-run contest decides (part 11), like a shootout.
      script.stage(t, STAGE.penalties, t, -1);
      const home = rng.int(0, 4);
      let away = rng.int(0, 4);
      if (home === away) away = (away + 1) % 5;
      t += 900;
      runs[home > away ? 1 : 2]++;
      script.score(t, {
        homeScore: runs[1],
        awayScore: runs[2],
        homePart11: home,
        awayPart11: away,
      });
      finalStage = STAGE.afterPenalties;
      decidedByContest = true;
    } else {
      // A game tied after 15 innings is settled by a final run (rare).
      runs[1]++;
      score.homeScore = runs[1];
      script.score(t, { ...score } as ScorePatch);
      finalStage = STAGE.afterExtraInnings;
    }
  }
  script.service(t, 0);
  const winner = winnerOf(runs[1], runs[2]);
  script.finish(t + 60, finalStage, {
    winner,
    fullTimeWinner: decidedByContest ? 0 : winner,
  });
}
