// Boxing (16) and MMA (28): rounds of 3 (boxing) or 5 (MMA) minutes with a minute's rest. A fight
// ends early by knockout or submission, or goes the distance to the judges. No score parts (S3-21):
// the row shows the winner (AS) and how it ended (AM).
import { marginOutcome } from './odds';
import { prematch } from './prematch';
import type { DuelContext } from './script';
import { STAGE } from './stages';

type Side = 1 | 2;

export function playCombat(ctx: DuelContext): void {
  const { fixture, script, rng } = ctx;
  const mma = fixture.sportId === 28;
  const format = fixture.competition.format;
  const rounds = mma ? (rng.chance(0.15) ? 5 : 3) : Number(format.replace('box', '')) || 10;
  const roundSeconds = mma ? 300 : 180;
  const diff = fixture.home.strength - fixture.away.strength;
  const pHome = Math.min(0.9, Math.max(0.1, 0.5 + 0.18 * diff));
  // Share of fights ending early: boxing ≈ 50 %, MMA ≈ 55 %.
  const finishPerRound = (mma ? 0.55 : 0.5) / rounds;
  prematch(ctx, marginOutcome((pHome - 0.5) * 4, 1, false));
  let t = ctx.start;
  script.at(t, {
    type: 'MatchStarted',
    matchId: fixture.id,
    stage: STAGE.live,
    periodStartTime: t,
    gameTime: -1,
    score: {},
  });
  for (let round = 1; round <= rounds; round++) {
    if (round > 1) {
      script.stage(t, STAGE.pause, undefined, -1);
      t += 60;
      script.stage(t, STAGE.live, t, -1);
    }
    if (rng.chance(finishPerRound * (1 + Math.abs(diff) * 0.3))) {
      const winner: Side = rng.chance(pHome) ? 1 : 2;
      const at = rng.int(10, roundSeconds - 1);
      const minute = `${Math.floor(at / 60)}:${String(at % 60).padStart(2, '0')}`;
      const how = mma
        ? rng.pick(['Нокаут', 'Техникалық нокаут', 'Ауыртпалық әдіс'])
        : rng.pick(['Нокаут', 'Техникалық нокаут']);
      script.finish(t + at, STAGE.finished, {
        winner,
        fullTimeWinner: winner,
        infoNotice: `${how}, ${round}-раунд, ${minute}`,
      });
      return;
    }
    t += roundSeconds;
    if (round < rounds) script.odds(t, marginOutcome((pHome - 0.5) * 4, 1, false));
  }
  const winner: Side = rng.chance(pHome) ? 1 : 2;
  const verdict = rng.weighted([
    ['бірауыздан', 0.7],
    ['көпшілік дауыспен', 0.1],
    ['бөлек шешіммен', 0.2],
  ] as const);
  script.finish(t + 120, STAGE.finished, {
    winner,
    fullTimeWinner: winner,
    infoNotice: `Төрешілер шешімі (${verdict})`,
  });
}
