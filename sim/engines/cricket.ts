// Limited-overs cricket (sport 13): T20 (20 overs) or ODI (50 overs). The side batting first sets
// a total; the chase ends when the target is passed, ten wickets fall or the overs run out. Runs
// are the score and part 1 (S3-14 cricket has 2 parts: each side's innings), with the wickets and
// overs beside them (WKA/WKB, OVA/OVB); the batting side is the service (S3-5); each wicket is an
// incident of the side's first innings, naming the batsman out. The result line (`… 6 ранмен жеңді`)
// is the finished match's notice (AM). A tie is a draw.
import { personName } from '../catalog/people';
import { marginOutcome } from './odds';
import { prematch } from './prematch';
import { type DuelContext, winnerOf } from './script';
import { STAGE } from './stages';

type Side = 1 | 2;

export function playCricket(ctx: DuelContext): void {
  const { fixture, script, rng } = ctx;
  const odi = fixture.competition.format === 'odi';
  const overs = odi ? 50 : 20;
  // Published averages: T20 first innings ≈ 165 (8.2 an over), ODI ≈ 270 (5.4 an over).
  const perOver = odi ? 5.4 : 8.2;
  const wicketChance = odi ? 0.14 : 0.3;
  const diff = fixture.home.strength - fixture.away.strength;
  const rate: Record<Side, number> = { 1: perOver * (1 + 0.05 * diff), 2: perOver * (1 - 0.05 * diff) };
  const sd = Math.sqrt(overs) * 6;
  const odds = (margin: number, fraction: number) =>
    marginOutcome(margin, sd * Math.sqrt(Math.max(0.05, fraction)), true);
  prematch(ctx, odds((rate[1] - rate[2]) * overs, 1));

  const battingFirst: Side = rng.chance(0.5) ? 1 : 2;
  const order: readonly Side[] = battingFirst === 1 ? [1, 2] : [2, 1];
  const runs: Record<Side, number> = { 1: 0, 2: 0 };
  const wicketsDown: Record<Side, number> = { 1: 0, 2: 0 };
  let t = ctx.start;
  script.at(t, {
    type: 'MatchStarted',
    matchId: fixture.id,
    stage: STAGE.live,
    periodStartTime: t,
    gameTime: -1,
    score: { homeScore: 0, awayScore: 0, homePart1: 0, awayPart1: 0 },
  });
  for (let innings = 0; innings < 2; innings++) {
    const side = order[innings]!;
    const other: Side = side === 1 ? 2 : 1;
    if (innings === 1) {
      script.stage(t, odi ? 333 : STAGE.pause, undefined, -1); // S3-47 lunch for ODI, break for T20
      t += odi ? 2700 : 900;
      script.stage(t, STAGE.live, t, -1);
    }
    script.service(t, side);
    const key = side === 1 ? 'home' : 'away';
    const batting = side === 1 ? fixture.home : fixture.away;
    script.score(t, { [`${key}Wickets`]: 0, [`${key}Overs`]: '0' });
    let wickets = 0;
    for (let over = 1; over <= overs && wickets < 10; over++) {
      let inOver = Math.max(0, Math.round(rng.normal(rate[side], 3.2)));
      if (rng.chance(wicketChance)) {
        wickets++;
        const ball = rng.int(1, 6);
        script.incident(t + 120, {
          side,
          type: 30,
          minute: `${over - 1}.${ball}`,
          // Each side bats once in limited-overs cricket: its wickets fall in its first innings.
          period: 1,
          player: batsmanOut(ctx, batting, wickets),
        });
        inOver = Math.max(0, inOver - 3);
      }
      t += rng.int(210, 270);
      runs[side] += inOver;
      const chased = innings === 1 && runs[side] > runs[other];
      // A chase ends inside its over: the balls bowled show after the point (`17.3`).
      const shown = chased ? oversShown(over, rng) : String(over);
      wicketsDown[side] = wickets;
      script.score(t, {
        [`${key}Score`]: runs[side],
        [`${key}Part1`]: runs[side],
        [`${key}Wickets`]: wickets,
        [`${key}Overs`]: shown,
      });
      if (chased) break;
      if (over % 5 === 0) {
        const left = innings === 0 ? (overs - over + overs) / (2 * overs) : (overs - over) / (2 * overs);
        const expectedSide = runs[side] + rate[side] * (overs - over) * (1 - wickets / 14);
        const expectedOther = innings === 0 ? rate[other] * overs : runs[other];
        const margin = side === 1 ? expectedSide - expectedOther : expectedOther - expectedSide;
        script.odds(t, odds(margin, left));
      }
    }
  }
  script.service(t, 0);
  const winner = winnerOf(runs[1], runs[2]);
  const second = order[1]!;
  const infoNotice = resultText(fixture, winner, second, runs, wicketsDown);
  script.finish(t + 120, STAGE.finished, { winner, fullTimeWinner: winner, infoNotice });
}

/** The batsman out: the batting order's next name when the side has a squad, else a name of its country. */
function batsmanOut(ctx: DuelContext, team: DuelContext['fixture']['home'], wicket: number): string {
  const squad = team.squad;
  if (squad.length === 0) return personName(ctx.rng, ctx.fixture.seed, ctx.fixture.competition.country.locale).display;
  return squad[(wicket - 1 + ctx.rng.int(0, 1)) % squad.length]!.name;
}

/** Overs of a chase that ends in its `over`-th over: `16.3`, or `17` when all six balls were bowled. */
function oversShown(over: number, rng: DuelContext['rng']): string {
  const balls = rng.int(1, 6);
  return balls === 6 ? String(over) : `${over - 1}.${balls}`;
}

/**
 * The result line in Kazakh: the side batting first wins by runs, the chasing side by the wickets it had
 * left (`… 23 ранмен жеңді`, `… 4 уикетпен жеңді`); a tie is a tie.
 */
export function resultText(
  fixture: DuelContext['fixture'],
  winner: 0 | 1 | 2,
  chasing: Side,
  runs: Record<Side, number>,
  wickets: Record<Side, number>,
): string {
  if (winner === 0) return 'Тең ойын';
  const name = winner === 1 ? fixture.home.name : fixture.away.name;
  if (winner === chasing) return `${name} ${10 - wickets[chasing]} уикетпен жеңді`;
  const loser: Side = winner === 1 ? 2 : 1;
  return `${name} ${runs[winner] - runs[loser]} ранмен жеңді`;
}
