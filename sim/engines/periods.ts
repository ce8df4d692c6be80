// Team sports played in timed periods: basketball, hockey, handball, futsal, bandy, floorball,
// water polo, field hockey, rugby, aussie rules, american football, netball, kabaddi, beach soccer.
// Scoring is a Poisson process over game time whose rates come from the teams' strengths; the
// configuration per sport holds its real rules (period lengths, overtime, shootouts, points).
import type { ScorePatch } from '../facts';
import type { Participant } from '../plan/types';
import type { PeriodConfig } from './period-configs';
import { periodConfigFor } from './period-configs';
import { marginOutcome, poissonOutcome } from './odds';
import { prematch } from './prematch';
import { type DuelContext, shootoutKicks, winnerOf } from './script';
import { STAGE } from './stages';

interface ScoringEvent {
  /** Game seconds into the period. */
  readonly at: number;
  readonly side: 1 | 2;
  readonly points: number;
  readonly incidents: readonly number[];
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function partKey(side: 1 | 2, part: number): keyof ScorePatch {
  return `${side === 1 ? 'home' : 'away'}Part${part}` as keyof ScorePatch;
}

function scorerOf(team: Participant, rng: DuelContext['rng']): string {
  const outfield = team.squad.filter((p) => p.position !== 'GK');
  if (outfield.length === 0) return team.name;
  // Forwards score more: weight by position.
  return rng.weighted(outfield.map((p) => [p.name, p.position === 'FW' ? 4 : p.position === 'MF' ? 2 : 1] as const));
}

export function playPeriods(ctx: DuelContext): void {
  const { fixture, script, rng } = ctx;
  const cfg: PeriodConfig = periodConfigFor(fixture.sportId, fixture.competition.format);
  const diff = fixture.home.strength - fixture.away.strength;
  const share = Math.min(0.85, Math.max(0.15, cfg.homeShare + cfg.spread * diff));
  const total = cfg.total * Math.exp(rng.normal(0, cfg.totalSd));
  const regulationSeconds = cfg.periods * cfg.periodMinutes * 60;
  let avgPoints = 0;
  let weights = 0;
  for (const s of cfg.scoring) {
    avgPoints += s.points * s.weight;
    weights += s.weight;
  }
  avgPoints /= weights;
  const rate: Record<1 | 2, number> = {
    1: (total * share) / avgPoints / regulationSeconds,
    2: (total * (1 - share)) / avgPoints / regulationSeconds,
  };
  const lowScoring = total < 20;
  const sd = Math.sqrt(total * avgPoints) * 1.1;
  const threeWay = ctx.threeWay;

  /** Live 1X2 from the score and the game time still to play. */
  const liveOdds = (h: number, a: number, remainingFraction: number) => {
    if (lowScoring) {
      return poissonOutcome(h, a, total * share * remainingFraction, total * (1 - share) * remainingFraction, threeWay);
    }
    const expected = h - a + total * (2 * share - 1) * remainingFraction;
    return marginOutcome(expected, sd * Math.sqrt(Math.max(remainingFraction, 0.01)), threeWay);
  };

  prematch(ctx, liveOdds(0, 0, 1));

  const score: Mutable<ScorePatch> = { homeScore: 0, awayScore: 0, homePart1: 0, awayPart1: 0 };
  let home = 0;
  let away = 0;
  let t = ctx.start;
  const stopped = cfg.clock === 'stopped';
  // American football's ball (S3-5, WC): the receiving side has it at each period's start, the
  // other side after every score, and it changes hands every few game minutes (punts, turnovers).
  const possession = fixture.sportId === 5;
  let ball: 1 | 2 = 1;
  const giveBall = (time: number, side: 1 | 2) => {
    ball = side;
    script.service(time, side);
  };
  script.at(t, {
    type: 'MatchStarted',
    matchId: fixture.id,
    stage: cfg.periodStages[0]!,
    periodStartTime: t,
    gameTime: stopped ? 1 : -1,
    score: { ...score },
  });

  const drawEvents = (seconds: number, ratio = 1): ScoringEvent[] => {
    const events: ScoringEvent[] = [];
    for (const side of [1, 2] as const) {
      let g = rng.exponential(rate[side] * ratio);
      while (g < seconds) {
        const kind = rng.weighted(cfg.scoring.map((s) => [s, s.weight] as const));
        events.push({ at: g, side, points: kind.points, incidents: kind.incidents });
        g += rng.exponential(rate[side] * ratio);
      }
    }
    return events.sort((x, y) => x.at - y.at);
  };

  /** Plays one period (or overtime) and returns its real end time. */
  const playPeriod = (
    part: number,
    minutes: number,
    startMinute: number,
    remainingAfter: number,
    suddenDeath: boolean,
    label: number,
  ): number => {
    const periodStart = t;
    const seconds = minutes * 60;
    const stoppage = cfg.stoppage ? rng.int(cfg.stoppage[0], cfg.stoppage[1]) * 60 : 0;
    const events = drawEvents(seconds + stoppage);
    const real = (g: number) => periodStart + g * cfg.realFactor;
    const pk = Math.min(part, 11);
    let nextMinute = 2;
    let pendingScore = false;
    let lastOddsMinute = 0;
    if (possession) giveBall(t, part % 2 === 1 ? 1 : 2);
    const flushMinute = (m: number) => {
      // Clock ticks and aggregated scores once per game minute.
      const time = real((m - 1) * 60);
      if (stopped && m <= minutes) script.clock(time, m);
      if (possession && m % 3 === 0 && m <= minutes) giveBall(time, ball === 1 ? 2 : 1);
      if (pendingScore) {
        script.score(time, { ...score });
        pendingScore = false;
      }
      if (m - lastOddsMinute >= cfg.oddsEveryMinutes && m <= minutes) {
        lastOddsMinute = m;
        const remaining = (remainingAfter + (minutes - m) * 60) / regulationSeconds;
        script.odds(time, liveOdds(home, away, remaining));
      }
    };
    for (const e of events) {
      while (nextMinute <= Math.floor(e.at / 60) + 1) flushMinute(nextMinute++);
      const time = real(e.at);
      if (e.side === 1) home += e.points;
      else away += e.points;
      score.homeScore = home;
      score.awayScore = away;
      const key = partKey(e.side, pk);
      (score as Record<string, number>)[key] = ((score as Record<string, number>)[key] ?? 0) + e.points;
      if (cfg.aggregate) pendingScore = true;
      else script.score(time, { ...score });
      if (possession) giveBall(time, e.side === 1 ? 2 : 1);
      if (cfg.scorerIncidents && e.incidents.length > 0) {
        const team = e.side === 1 ? fixture.home : fixture.away;
        const gameMinute = startMinute + Math.floor(e.at / 60) + 1;
        const regularEnd = startMinute + minutes;
        const minuteText = gameMinute > regularEnd ? `${regularEnd}+${gameMinute - regularEnd}'` : `${gameMinute}'`;
        const player = scorerOf(team, rng);
        e.incidents.forEach((type, i) => {
          script.incident(time, {
            side: e.side,
            type,
            minute: minuteText,
            period: label,
            player,
            ...(i === 0 ? { homeScore: home, awayScore: away } : {}),
          });
        });
      }
      if (!cfg.aggregate && lowScoring) {
        const remaining = (remainingAfter + Math.max(0, seconds - e.at)) / regulationSeconds;
        script.odds(time + 20, liveOdds(home, away, remaining));
      }
      if (suddenDeath) return time + 30;
    }
    while (nextMinute <= minutes) flushMinute(nextMinute++);
    const end = real(seconds + stoppage) + 5;
    if (pendingScore) script.score(end, { ...score });
    return end;
  };

  // Regulation.
  for (let p = 0; p < cfg.periods; p++) {
    const part = p + 1;
    if (p > 0) {
      (score as Record<string, number>)[partKey(1, part)] = 0;
      (score as Record<string, number>)[partKey(2, part)] = 0;
      script.stage(t, cfg.periodStages[p]!, t, stopped ? 1 : -1);
      script.score(t, { ...score });
    }
    const remainingAfter = (cfg.periods - part) * cfg.periodMinutes * 60;
    t = playPeriod(part, cfg.periodMinutes, p * cfg.periodMinutes, remainingAfter, false, part);
    if (p < cfg.periods - 1) {
      const halfTime = cfg.halfTimeAfter === part;
      script.stage(t, halfTime ? STAGE.halfTime : STAGE.pause, undefined, -1);
      t += (halfTime ? (cfg.halfTimeMinutes ?? cfg.breakMinutes) : cfg.breakMinutes) * 60;
    }
  }
  const regulationHome = home;
  const regulationAway = away;
  score.homeFullTime = home;
  score.awayFullTime = away;

  const rule = fixture.knockout ? cfg.knockout : cfg.draw;
  let finalStage: number = STAGE.finished;
  let shootout: { home: number; away: number } | null = null;
  if (home === away && rule !== 'allowed') {
    const otPart = cfg.otPart ?? Math.min(cfg.periods + 1, 11);
    if (rule === 'ot-repeat' || rule === 'ot-shootout' || rule === 'et-penalties' || rule === 'ot-once') {
      let rounds = 0;
      if (otPart > cfg.periods) {
        // Overtime has its own part; sports without one add it to the last period's part.
        (score as Record<string, number>)[partKey(1, otPart)] = 0;
        (score as Record<string, number>)[partKey(2, otPart)] = 0;
      }
      do {
        script.stage(t, STAGE.pause, undefined, -1);
        t += cfg.breakMinutes * 30;
        script.stage(t, STAGE.extraTime, t, stopped ? 1 : -1);
        const sudden = rule === 'ot-shootout' || rule === 'ot-once';
        t = playPeriod(otPart, cfg.otMinutes, cfg.periods * cfg.periodMinutes, 0, sudden, cfg.periods + 1);
        rounds++;
      } while (home === away && rule === 'ot-repeat' && rounds < 6);
      if (home !== away || rule === 'ot-once') finalStage = STAGE.afterExtraTime;
      score.homeAfterExtraTime = home;
      score.awayAfterExtraTime = away;
      script.score(t, { ...score });
    }
    if (home === away && (rule === 'ot-shootout' || rule === 'et-penalties' || rule === 'penalties')) {
      script.stage(t, STAGE.penalties, t, -1);
      shootout = { home: 0, away: 0 };
      for (const kick of shootoutKicks(rng, cfg.shootoutRounds, cfg.shootoutP)) {
        t += 70;
        shootout = kick;
        script.score(t, { homePenalties: kick.home, awayPenalties: kick.away });
      }
      finalStage = STAGE.afterPenalties;
      // protocol.md §3.3: the shoot-out winner is credited +1 in AG/AH (hockey SO: AG 4 AH 3 AT 3 AU 3);
      // full time (AT/AU), after extra time (REA/REB) and the shoot-out (RPA/RPB) keep their values.
      if (shootout.home > shootout.away) home++;
      else away++;
      score.homeScore = home;
      score.awayScore = away;
      const soPart = cfg.soPart;
      if (soPart !== undefined) {
        (score as Record<string, number>)[partKey(1, soPart)] = shootout.home > shootout.away ? 1 : 0;
        (score as Record<string, number>)[partKey(2, soPart)] = shootout.home > shootout.away ? 0 : 1;
      }
      script.score(t, { ...score });
    }
  }
  const winner = shootout ? (shootout.home > shootout.away ? 1 : 2) : winnerOf(home, away);
  const fullTimeWinner = winnerOf(regulationHome, regulationAway);
  script.score(t + 5, { homeFullTime: regulationHome, awayFullTime: regulationAway });
  script.finish(t + 10, finalStage, {
    winner,
    fullTimeWinner,
    ...(fixture.knockout && winner !== 0 ? { advanced: winner } : {}),
  });
}
