// Tennis (sport 2): point by point. Game points 0/15/30/40/A (WA/WB), the server (WC), games per
// set in parts 1–5 (S3-10), tie-breaks at 6–6 with their points (DA…DJ), best of 3 or 5 sets,
// the occasional retirement (stage 8). Prices follow an exact model of the remaining match.
import type { ScorePatch } from '../facts';
import { prematch } from './prematch';
import type { DuelContext } from './script';
import { STAGE, setStage } from './stages';

type Side = 1 | 2;
const GAME_POINTS = ['0', '15', '30', '40'];

/** Probability of winning a race to `n` points (win by two) from a:b with point probability p. */
export function raceWin(p: number, n: number, a = 0, b = 0): number {
  const q = 1 - p;
  const deuce = (p * p) / (p * p + q * q);
  const memo = new Map<number, number>();
  const go = (x: number, y: number): number => {
    if (x >= n && x - y >= 2) return 1;
    if (y >= n && y - x >= 2) return 0;
    if (x >= n - 1 && y >= n - 1) {
      if (x === y) return deuce;
      return x > y ? p + q * deuce : p * deuce;
    }
    const key = x * 64 + y;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const v = p * go(x + 1, y) + q * go(x, y + 1);
    memo.set(key, v);
    return v;
  };
  return go(a, b);
}

/** Probability that home wins a set from games i:j, `server` serving the next game. */
function setWin(holdHome: number, holdAway: number, tiebreak: number, i: number, j: number, server: Side): number {
  const memo = new Map<number, number>();
  const go = (x: number, y: number, s: Side): number => {
    if ((x >= 6 && x - y >= 2) || x === 7) return 1;
    if ((y >= 6 && y - x >= 2) || y === 7) return 0;
    if (x === 6 && y === 6) return tiebreak;
    const key = x * 100 + y * 2 + s;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const pGame = s === 1 ? holdHome : 1 - holdAway;
    const next: Side = s === 1 ? 2 : 1;
    const v = pGame * go(x + 1, y, next) + (1 - pGame) * go(x, y + 1, next);
    memo.set(key, v);
    return v;
  };
  return go(i, j, server);
}

function matchWin(pSet: number, pCurrent: number, setsHome: number, setsAway: number, toWin: number): number {
  const memo = new Map<number, number>();
  const go = (h: number, a: number, first: boolean): number => {
    if (h >= toWin) return 1;
    if (a >= toWin) return 0;
    const key = h * 10 + a + (first ? 100 : 0);
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const p = first ? pCurrent : pSet;
    const v = p * go(h + 1, a, false) + (1 - p) * go(h, a + 1, false);
    memo.set(key, v);
    return v;
  };
  return go(setsHome, setsAway, true);
}

export function playTennis(ctx: DuelContext): void {
  const { fixture, script, rng } = ctx;
  const format = fixture.competition.format;
  const women = format.endsWith('women');
  const setsToWin = format.startsWith('bo5') ? 3 : 2;
  const base = women ? 0.565 : 0.635;
  const diff = fixture.home.strength - fixture.away.strength;
  const serve: Record<Side, number> = {
    1: Math.min(0.8, Math.max(0.4, base + 0.035 * diff + rng.normal(0, 0.01))),
    2: Math.min(0.8, Math.max(0.4, base - 0.035 * diff + rng.normal(0, 0.01))),
  };
  const hold: Record<Side, number> = { 1: raceWin(serve[1], 4), 2: raceWin(serve[2], 4) };
  const tbPoint = (serve[1] + 1 - serve[2]) / 2;
  const tiebreakWin = raceWin(tbPoint, 7);
  const pSetFresh = (first: Side) => setWin(hold[1], hold[2], tiebreakWin, 0, 0, first);

  const probabilities = (sets: Record<Side, number>, games: Record<Side, number>, server: Side) => {
    const current = setWin(hold[1], hold[2], tiebreakWin, games[1], games[2], server);
    const p = matchWin((pSetFresh(1) + pSetFresh(2)) / 2, current, sets[1], sets[2], setsToWin);
    return [p, null, 1 - p];
  };

  const firstServer: Side = rng.chance(0.5) ? 1 : 2;
  prematch(ctx, probabilities({ 1: 0, 2: 0 }, { 1: 0, 2: 0 }, firstServer));

  const score: Record<string, number | string> = { homeScore: 0, awayScore: 0, homePart1: 0, awayPart1: 0 };
  const sets: Record<Side, number> = { 1: 0, 2: 0 };
  let server: Side = firstServer;
  let t = ctx.start;
  const retireAt = rng.chance(0.015) ? rng.int(30, 140) : -1;
  let pointsPlayed = 0;
  script.at(t, {
    type: 'MatchStarted',
    matchId: fixture.id,
    stage: setStage(1),
    periodStartTime: t,
    gameTime: -1,
    score: { ...score, homeGamePoints: '0', awayGamePoints: '0' } as ScorePatch,
  });
  script.service(t, server);

  for (let set = 1; sets[1] < setsToWin && sets[2] < setsToWin; set++) {
    if (set > 1) {
      t += 120;
      score[`homePart${set}`] = 0;
      score[`awayPart${set}`] = 0;
      script.stage(t, setStage(set), t, -1);
      script.score(t, { ...score, homeGamePoints: '0', awayGamePoints: '0' } as ScorePatch);
    }
    const games: Record<Side, number> = { 1: 0, 2: 0 };
    for (;;) {
      const tiebreak = games[1] === 6 && games[2] === 6;
      const pts: Record<Side, number> = { 1: 0, 2: 0 };
      const target = tiebreak ? (setsToWin === 3 && set === 5 ? 10 : 7) : 4;
      const tbFirst = server;
      for (let n = 0; ; n++) {
        const srv: Side = tiebreak ? (Math.floor((n + 1) / 2) % 2 === 0 ? tbFirst : tbFirst === 1 ? 2 : 1) : server;
        if (tiebreak && srv !== server) {
          server = srv;
          script.service(t, server);
        }
        const won: Side = rng.chance(serve[srv]) ? srv : srv === 1 ? 2 : 1;
        pts[won]++;
        pointsPlayed++;
        t += rng.int(25, 55);
        if (pointsPlayed === retireAt && set > 1) {
          const loser: Side = rng.chance(0.5) ? 1 : 2;
          script.finish(t + 60, STAGE.retired, { winner: loser === 1 ? 2 : 1, infoNotice: 'Қарсылас ойыннан шықты.' });
          return;
        }
        const done = pts[won] >= target && pts[won] - pts[won === 1 ? 2 : 1] >= 2;
        if (done) break;
        let gp: [string, string];
        if (tiebreak) gp = [String(pts[1]), String(pts[2])];
        else if (pts[1] >= 3 && pts[2] >= 3)
          gp = pts[1] === pts[2] ? ['40', '40'] : pts[1] > pts[2] ? ['A', '40'] : ['40', 'A'];
        else gp = [GAME_POINTS[pts[1]]!, GAME_POINTS[pts[2]]!];
        const patch: ScorePatch = { homeGamePoints: gp[0], awayGamePoints: gp[1] };
        script.score(t, patch);
      }
      const gameWinner: Side = pts[1] > pts[2] ? 1 : 2;
      games[gameWinner]++;
      score[`homePart${set}`] = games[1];
      score[`awayPart${set}`] = games[2];
      if (tiebreak) {
        score[`homeTiebreak${set}`] = pts[1];
        score[`awayTiebreak${set}`] = pts[2];
      }
      const setOver =
        (games[gameWinner] >= 6 && games[gameWinner] - games[gameWinner === 1 ? 2 : 1] >= 2) || games[gameWinner] === 7;
      if (setOver) sets[gameWinner]++;
      score.homeScore = sets[1];
      score.awayScore = sets[2];
      script.score(t, { ...score, homeGamePoints: '0', awayGamePoints: '0' } as ScorePatch);
      server = tiebreak ? (tbFirst === 1 ? 2 : 1) : server === 1 ? 2 : 1;
      if (sets[1] >= setsToWin || sets[2] >= setsToWin) break;
      script.service(t, server);
      const totalGames = games[1] + games[2];
      if (setOver || totalGames % 4 === 0) {
        script.odds(t + 5, setOver ? probabilities(sets, { 1: 0, 2: 0 }, server) : probabilities(sets, games, server));
      }
      if (setOver) break;
      if (totalGames % 2 === 1) t += 90; // change of ends
    }
  }
  const winner: Side = sets[1] > sets[2] ? 1 : 2;
  script.finish(t + 30, STAGE.finished, { winner, fullTimeWinner: winner });
}
