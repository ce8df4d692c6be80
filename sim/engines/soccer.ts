// Soccer (sport 1): 2×45 plus stoppage, 15-minute half time, extra time and penalties in cup
// ties; goals with scorers and assists from the line-ups, cards, substitutions, VAR reviews that
// sometimes retract a goal, statistics per half (df_st ids) and prices that move with the score.
import type { ScorePatch } from '../facts';
import type { LineupPlayer, StatLine, StatPeriod } from '../world/state';
import { poissonOutcome } from './odds';
import { prematch } from './prematch';
import { type DuelContext, shootoutKicks, winnerOf } from './script';
import { STAGE } from './stages';

type Side = 1 | 2;
type Kind = 'goal' | 'yellow' | 'red' | 'shotOn' | 'shotOff' | 'corner' | 'foul' | 'offside' | 'sub';

interface Ev {
  /** Game seconds from the start of the half. */
  readonly at: number;
  readonly side: Side;
  readonly kind: Kind;
}

/**
 * Published averages per match, both sides together (top European leagues): 2.7 goals, ≈25 shots,
 * ≈10 corners, ≈22 fouls, ≈3.9 yellow cards and ≈0.2 red cards (about half of them a second yellow,
 * a share of them second yellows from the draw below, so straight reds are ≈0.1).
 */
const PER_MATCH: Readonly<Record<Exclude<Kind, 'goal' | 'sub'>, number>> = {
  yellow: 3.9,
  red: 0.1,
  shotOn: 6.4, // plus the goals themselves ≈ 9 on target
  shotOff: 15.5,
  corner: 10,
  foul: 22,
  offside: 3.8,
};
/** A booked player plays carefully: his chance of another booking is scaled down by this factor. */
const BOOKED_CAUTION = 0.2;

interface Counters {
  goals: number;
  shotsOn: number;
  shotsOff: number;
  corners: number;
  fouls: number;
  offsides: number;
  yellow: number;
  red: number;
  saves: number;
}

function counters(): Counters {
  return { goals: 0, shotsOn: 0, shotsOff: 0, corners: 0, fouls: 0, offsides: 0, yellow: 0, red: 0, saves: 0 };
}

function statLines(h: Counters, a: Counters, possession: number): StatLine[] {
  const pct = Math.round(possession);
  const line = (id: number, x: number | string, y: number | string): StatLine => ({
    id,
    home: String(x),
    away: String(y),
  });
  return [
    line(12, `${pct}%`, `${100 - pct}%`), // ball possession
    line(34, h.shotsOn + h.shotsOff, a.shotsOn + a.shotsOff), // total shots
    line(13, h.shotsOn, a.shotsOn), // shots on target
    line(14, h.shotsOff, a.shotsOff), // shots off target
    line(16, h.corners, a.corners), // corner kicks
    line(17, h.offsides, a.offsides), // offsides
    line(19, h.saves, a.saves), // goalkeeper saves
    line(21, h.fouls, a.fouls), // fouls
    line(23, h.yellow, a.yellow), // yellow cards
    line(22, h.red, a.red), // red cards
  ];
}

export function playSoccer(ctx: DuelContext): void {
  const { fixture, script, rng } = ctx;
  const youth = /women|youth/.test(fixture.competition.format);
  const total = (youth ? 3.0 : 2.7) * Math.exp(rng.normal(0, 0.12));
  const diff = fixture.home.strength - fixture.away.strength;
  const share = Math.min(0.82, Math.max(0.18, 0.555 + 0.09 * diff));
  const lambda: Record<Side, number> = { 1: total * share, 2: total * (1 - share) };
  const possessionBase = Math.min(70, Math.max(30, 50 + 8 * diff + rng.normal(2, 4)));
  const threeWay = ctx.threeWay;

  const lineups = prematch(ctx, poissonOutcome(0, 0, lambda[1], lambda[2], threeWay));
  const onPitch: Record<Side, LineupPlayer[]> = { 1: [], 2: [] };
  const bench: Record<Side, LineupPlayer[]> = { 1: [], 2: [] };
  for (const side of [1, 2] as const) {
    const players = lineups ? lineups[side === 1 ? 'home' : 'away'] : (side === 1 ? fixture.home : fixture.away).squad;
    onPitch[side] = players.filter((p) => p.starter).slice(0, 11);
    bench[side] = players.filter((p) => !p.starter);
    if (onPitch[side].length === 0) onPitch[side] = players.slice(0, 11);
  }
  const pickPlayer = (side: Side, weights: Readonly<Record<string, number>>): string => {
    const field = onPitch[side].filter((p) => (weights[p.position] ?? 0) > 0);
    const team = side === 1 ? fixture.home : fixture.away;
    if (field.length === 0) return team.name;
    return rng.weighted(field.map((p) => [p.name, weights[p.position] ?? 0] as const));
  };

  const yellows = new Map<string, number>();
  /** Anyone on the pitch may be booked (goalkeepers rarely); a booked player less often. */
  const pickBooked = (side: Side): string => {
    const weights: Readonly<Record<string, number>> = { DF: 4, MF: 4, FW: 3, GK: 0.5 };
    const field = onPitch[side].filter((p) => (weights[p.position] ?? 1) > 0);
    const team = side === 1 ? fixture.home : fixture.away;
    if (field.length === 0) return team.name;
    return rng.weighted(
      field.map((p) => [p.name, (weights[p.position] ?? 1) * (yellows.has(p.name) ? BOOKED_CAUTION : 1)] as const),
    );
  };

  const score: Record<string, number> = { homeScore: 0, awayScore: 0, homePart1: 0, awayPart1: 0 };
  const goals: Record<Side, number> = { 1: 0, 2: 0 };
  const red: Record<Side, number> = { 1: 0, 2: 0 };
  const stats: Record<number, Record<Side, Counters>> = {
    1: { 1: counters(), 2: counters() },
    2: { 1: counters(), 2: counters() },
  };
  const subsLeft: Record<Side, number> = { 1: rng.int(3, 5), 2: rng.int(3, 5) };

  let t = ctx.start;
  script.at(t, {
    type: 'MatchStarted',
    matchId: fixture.id,
    stage: STAGE.firstHalf,
    periodStartTime: t,
    gameTime: -1,
    score: { ...score } as ScorePatch,
  });

  const emitStats = (time: number) => {
    const sum = (side: Side): Counters => {
      const out = counters();
      for (const half of [1, 2]) {
        const c = stats[half]![side];
        for (const k of Object.keys(out) as (keyof Counters)[]) out[k] += c[k];
      }
      return out;
    };
    const periods: StatPeriod[] = [
      { period: 0, lines: statLines(sum(1), sum(2), possessionBase) },
      { period: 1, lines: statLines(stats[1]![1], stats[1]![2], possessionBase + 1) },
    ];
    if (time > ctx.start + 50 * 60) {
      periods.push({ period: 2, lines: statLines(stats[2]![1], stats[2]![2], possessionBase - 1) });
    }
    script.at(time, { type: 'StatsChanged', matchId: fixture.id, stats: periods });
  };

  const remainingFraction = (minute: number) => Math.max(0, (90 - minute) / 90);
  const liveOdds = (minute: number) =>
    poissonOutcome(
      goals[1],
      goals[2],
      lambda[1] * remainingFraction(minute) * (red[2] > red[1] ? 1.3 : red[1] > red[2] ? 0.75 : 1),
      lambda[2] * remainingFraction(minute) * (red[1] > red[2] ? 1.3 : red[2] > red[1] ? 0.75 : 1),
      threeWay,
    );

  /** One half (or extra-time half): returns its real end time. */
  const playHalf = (half: number, offsetMinute: number, minutes: number, stoppage: number, scale: number) => {
    const start = t;
    const statsHalf = Math.min(half, 2);
    const seconds = (minutes + stoppage) * 60;
    const events: Ev[] = [];
    const add = (kind: Kind, side: Side, perMatch: number) => {
      // Per-match figures spread over the expected played time: 47.5 + 49.5 minutes with stoppage,
      // the second half weighted 1.12 (more goals late), ≈ 103 weighted minutes.
      const rate = (perMatch * scale) / (103 * 60);
      let g = rng.exponential(rate);
      while (g < seconds) {
        events.push({ at: g, side, kind });
        g += rng.exponential(rate);
      }
    };
    for (const side of [1, 2] as const) {
      add('goal', side, lambda[side]);
      const attack = side === 1 ? share * 2 : (1 - share) * 2;
      // Attack shares sum to 2 over both sides; discipline is split evenly: each side half the match figure.
      for (const kind of ['shotOn', 'shotOff', 'corner', 'offside'] as const) add(kind, side, PER_MATCH[kind] * attack);
      for (const kind of ['yellow', 'red', 'foul'] as const) add(kind, side, PER_MATCH[kind] / 2);
      if (half === 2) {
        for (let i = 0; i < subsLeft[side]; i++) {
          const at = rng.int(1, 42) * 60 + rng.int(0, 59);
          events.push({ at, side, kind: 'sub' });
        }
      }
    }
    events.sort((x, y) => x.at - y.at);
    let nextOdds = 15;
    let nextStats = 30;
    for (const e of events) {
      const minuteInHalf = Math.floor(e.at / 60) + 1;
      const time = start + e.at;
      while (minuteInHalf > nextStats && nextStats <= minutes) {
        emitStats(start + nextStats * 60);
        nextStats += 30;
      }
      while (minuteInHalf > nextOdds && nextOdds <= minutes) {
        script.odds(start + nextOdds * 60, liveOdds(offsetMinute + nextOdds));
        nextOdds += 15;
      }
      const c = stats[statsHalf]![e.side];
      const other = stats[statsHalf]![e.side === 1 ? 2 : 1];
      // Counters only for the common events; incidents below need the minute text.
      if (e.kind === 'shotOn') {
        c.shotsOn++;
        other.saves++;
        continue;
      }
      if (e.kind === 'shotOff' || e.kind === 'corner' || e.kind === 'foul' || e.kind === 'offside') {
        if (e.kind === 'shotOff') c.shotsOff++;
        else if (e.kind === 'corner') c.corners++;
        else if (e.kind === 'foul') c.fouls++;
        else c.offsides++;
        continue;
      }
      const over = minuteInHalf - minutes;
      const minuteText = over > 0 ? `${offsetMinute + minutes}+${over}'` : `${offsetMinute + minuteInHalf}'`;
      switch (e.kind) {
        case 'goal': {
          goals[e.side]++;
          c.goals++;
          c.shotsOn++;
          const penalty = rng.chance(0.11);
          const player = penalty ? pickPlayer(e.side, { FW: 3, MF: 2 }) : pickPlayer(e.side, { FW: 6, MF: 3, DF: 1 });
          const assist = !penalty && rng.chance(0.7) ? pickPlayer(e.side, { FW: 3, MF: 5, DF: 2 }) : undefined;
          score.homeScore = goals[1];
          score.awayScore = goals[2];
          // S3-9: soccer shows one part, the first-half score.
          const partKey = half === 1 ? `${e.side === 1 ? 'home' : 'away'}Part1` : '';
          if (partKey) score[partKey] = (score[partKey] ?? 0) + 1;
          script.score(time, { ...score } as ScorePatch);
          const id = script.incident(time, {
            side: e.side,
            type: penalty ? 10 : 3,
            minute: minuteText,
            period: half,
            player,
            homeScore: goals[1],
            awayScore: goals[2],
            ...(assist && assist !== player ? { secondPlayer: assist } : {}),
          });
          // VAR: some goals are checked; about a third of those are ruled out.
          if (rng.chance(0.06)) {
            script.at(time + 15, { type: 'GoalUnderReview', matchId: fixture.id, side: e.side, underReview: true });
            const verdict = time + 15 + rng.int(40, 150);
            if (rng.chance(0.35)) {
              goals[e.side]--;
              c.goals--;
              score.homeScore = goals[1];
              score.awayScore = goals[2];
              if (partKey) score[partKey] = (score[partKey] ?? 1) - 1;
              script.at(verdict, { type: 'IncidentCancelled', matchId: fixture.id, incidentId: id });
              script.score(verdict, { ...score } as ScorePatch, true);
            }
            script.at(verdict, { type: 'GoalUnderReview', matchId: fixture.id, side: e.side, underReview: false });
          }
          script.odds(time + 30, liveOdds(offsetMinute + minuteInHalf));
          break;
        }
        case 'yellow': {
          const player = pickBooked(e.side);
          const count = (yellows.get(player) ?? 0) + 1;
          yellows.set(player, count);
          c.yellow++;
          c.fouls++;
          script.incident(time, { side: e.side, type: 1, minute: minuteText, period: half, player });
          if (count === 2) {
            red[e.side]++;
            c.red++;
            script.incident(time, { side: e.side, type: 2, minute: minuteText, period: half, player });
            script.at(time, { type: 'RedCard', matchId: fixture.id, home: red[1], away: red[2] });
            onPitch[e.side] = onPitch[e.side].filter((p) => p.name !== player);
          }
          break;
        }
        case 'red': {
          if (red[e.side] >= 2) break;
          const player = pickPlayer(e.side, { DF: 5, MF: 3, FW: 1, GK: 0.3 });
          red[e.side]++;
          c.red++;
          c.fouls++;
          script.incident(time, { side: e.side, type: 2, minute: minuteText, period: half, player });
          script.at(time, { type: 'RedCard', matchId: fixture.id, home: red[1], away: red[2] });
          onPitch[e.side] = onPitch[e.side].filter((p) => p.name !== player);
          break;
        }
        case 'sub': {
          const incoming = bench[e.side].shift();
          const leaving = onPitch[e.side].filter((p) => p.position !== 'GK');
          if (!incoming || leaving.length === 0 || subsLeft[e.side] <= 0) break;
          subsLeft[e.side]--;
          const out = rng.pick(leaving);
          onPitch[e.side] = onPitch[e.side].map((p) => (p === out ? incoming : p));
          script.incident(time, {
            side: e.side,
            type: 6,
            minute: minuteText,
            period: half,
            player: out.name,
            secondPlayer: incoming.name,
          });
          break;
        }
      }
    }
    while (nextStats <= minutes) {
      emitStats(start + nextStats * 60);
      nextStats += 30;
    }
    const end = start + seconds + rng.int(5, 40);
    return end;
  };

  t = playHalf(1, 0, 45, rng.int(1, 4), 1);
  emitStats(t);
  script.stage(t, STAGE.halfTime);
  t += 15 * 60 + rng.int(0, 90); // half time
  script.stage(t, STAGE.secondHalf, t, -1);
  t = playHalf(2, 45, 45, rng.int(2, 7), 1.12);
  emitStats(t);

  const ft1 = goals[1];
  const ft2 = goals[2];
  let stage: number = STAGE.finished;
  let winner = winnerOf(ft1, ft2);
  if (fixture.knockout && ft1 === ft2) {
    // Extra time: two halves of 15 minutes, then penalties (S3-36 stages 6, 7; 10, 11 after).
    script.stage(t, STAGE.pause, undefined, -1);
    t += 5 * 60;
    script.stage(t, STAGE.extraTime, t, -1);
    t = playHalf(3, 90, 15, rng.int(0, 2), 1);
    script.stage(t, STAGE.pause, undefined, -1);
    t += 60;
    script.stage(t, STAGE.extraTime, t, -1);
    t = playHalf(4, 105, 15, rng.int(0, 3), 1);
    stage = STAGE.afterExtraTime;
    winner = winnerOf(goals[1], goals[2]);
    script.score(t, { homeAfterExtraTime: goals[1], awayAfterExtraTime: goals[2] });
    if (winner === 0) {
      script.stage(t, STAGE.penalties, t, -1);
      let pens = { home: 0, away: 0 };
      for (const kick of shootoutKicks(rng, 5, 0.76)) {
        t += 60;
        pens = kick;
        script.score(t, { homePenalties: kick.home, awayPenalties: kick.away });
      }
      stage = STAGE.afterPenalties;
      winner = pens.home > pens.away ? 1 : 2;
      // protocol.md §3.3: the shoot-out winner is credited +1 in AG/AH (1:1 won on pens ends 2:1).
      score.homeScore = goals[1] + (winner === 1 ? 1 : 0);
      score.awayScore = goals[2] + (winner === 2 ? 1 : 0);
      script.score(t, { homeScore: score.homeScore, awayScore: score.awayScore });
    }
  }
  script.score(t + 5, { homeFullTime: ft1, awayFullTime: ft2 });
  script.finish(t + 10, stage, {
    winner,
    fullTimeWinner: winnerOf(ft1, ft2),
    ...(fixture.knockout && winner !== 0 ? { advanced: winner } : {}),
  });
}
