// No-duel sports (S3-3): one row per participant of a race or meeting (S3-33) with rank, gap,
// time, laps, distance, points, holes and par, jumps, penalty laps and missed shots. Each model
// computes full standings at checkpoints; only rows that changed are written.
import type { FactBody, RaceFields, TimedFact } from '../facts';
import type { RaceFixture } from '../plan/types';
import { hashString, Rng } from '../random';
import { afterGolfRoundStage, golfRoundStage, STAGE } from './stages';

/** Participant status codes on race rows (RST; S3-37 lists the kinds). */
export const RACE_STATUS = {
  running: 0,
  finished: 1,
  didNotFinish: 2,
  didNotStart: 3,
  disqualified: 4,
  nonRunner: 5,
  pulledUp: 6,
  fell: 7,
} as const;

type Rows = Map<string, RaceFields>;

interface Checkpoint {
  /** Epoch seconds. */
  readonly at: number;
  readonly rows: Rows;
}

interface RaceRun {
  readonly checkpoints: readonly Checkpoint[];
  readonly end: number;
  readonly liveStage: number;
  readonly endStage: number;
}

function clock(seconds: number, decimals = 3): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const sec = s.toFixed(decimals).padStart(decimals > 0 ? decimals + 3 : 2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

function gap(seconds: number, decimals = 3): string {
  return seconds <= 0 ? '' : `+${seconds < 60 ? seconds.toFixed(decimals) : clock(seconds, decimals)}`;
}

/** Ranks `order` (best first) into rows, sharing ranks on equal keys. */
function rank<T>(order: readonly T[], key: (x: T) => number): Map<T, number> {
  const out = new Map<T, number>();
  order.forEach((x, i) => {
    const prev = order[i - 1];
    out.set(x, prev !== undefined && key(prev) === key(x) ? out.get(prev)! : i + 1);
  });
  return out;
}

/** Circuit racing by laps (F1, NASCAR, MotoGP …). */
function lapRace(f: RaceFixture, rng: Rng): RaceRun {
  const format = f.competition.name;
  const laps = format.includes('NASCAR') ? 200 : f.sportId === 33 ? 24 : format.includes('2') ? 30 : 57;
  const base = format.includes('NASCAR') ? 48 : f.sportId === 33 ? 100 : 92;
  const drivers = f.entries.map((e) => ({
    id: e.matchId,
    pace: base * (1 - 0.006 * e.participant.strength + rng.normal(0, 0.002)),
    retireLap: rng.chance(0.1) ? rng.int(1, laps - 1) : laps + 1,
    laps: [] as number[],
  }));
  for (const d of drivers) {
    let total = rng.next() * 2;
    for (let l = 1; l <= Math.min(laps, d.retireLap); l++) {
      total += d.pace * (1 + rng.normal(0, 0.004)) + (l === Math.floor(laps / 2) ? 22 : 0); // pit stop
      d.laps.push(total);
    }
  }
  const step = Math.max(1, Math.round(laps / 12));
  const checkpoints: Checkpoint[] = [];
  const leaderLapTime = (l: number) =>
    Math.min(...drivers.filter((d) => d.laps.length >= l).map((d) => d.laps[l - 1]!));
  for (let l = step; ; l = Math.min(laps, l + step)) {
    const at = f.startTime / 1000 + leaderLapTime(l);
    const standing = drivers.map((d) => {
      const done = Math.min(l, d.laps.length);
      return { d, done, time: done > 0 ? d.laps[done - 1]! : 0 };
    });
    standing.sort((a, b) => b.done - a.done || a.time - b.time);
    const leader = standing[0]!;
    const rows: Rows = new Map();
    standing.forEach((s, i) => {
      const out = s.d.retireLap <= l;
      const finished = l === laps && !out;
      rows.set(s.d.id, {
        rank: i + 1,
        laps: s.done,
        gap: i === 0 ? '' : s.done < leader.done ? `+${leader.done - s.done} айн.` : gap(s.time - leader.time),
        resultTime: i === 0 ? clock(s.time) : '',
        participantStatus: out ? RACE_STATUS.didNotFinish : finished ? RACE_STATUS.finished : RACE_STATUS.running,
        ...(out ? { stopReason: 'Техникалық ақау' } : {}),
      });
    });
    checkpoints.push({ at, rows });
    if (l === laps) break;
  }
  const end = checkpoints[checkpoints.length - 1]!.at + 120;
  return { checkpoints, end, liveStage: STAGE.live, endStage: STAGE.finished };
}

/** Time trials and mass starts by total time: rally stages, cycling, alpine, cross-country, biathlon. */
function timedRace(f: RaceFixture, rng: Rng): RaceRun {
  const sport = f.sportId;
  const format = f.competition.format;
  const cycling = sport === 34;
  // Winning time in seconds and spread per unit of strength.
  const winning = cycling
    ? 4.5 * 3600
    : sport === 39
      ? 110
      : sport === 40
        ? 1500
        : sport === 41
          ? 1450
          : format === 'stages'
            ? 900
            : 600;
  const interval = cycling ? 0 : sport === 39 ? 75 : sport === 41 || sport === 40 ? 30 : 120;
  const shootings = sport === 41 ? ((f.league.name ?? '').includes('Спринт') ? 2 : 4) : 0;
  const runners = f.entries.map((e, i) => {
    const misses = Array.from({ length: shootings }, () => (rng.chance(0.14) ? 1 : 0) + (rng.chance(0.04) ? 1 : 0));
    const missed = misses.reduce((a, b) => a + b, 0);
    let time = winning * (1 + 0.012 * (1 - e.participant.strength) + Math.abs(rng.normal(0, 0.01)));
    if (cycling) {
      // Most riders finish in groups; gaps are whole seconds.
      const group = rng.weighted([
        [0, 0.55],
        [1, 0.25],
        [2, 0.15],
        [3, 0.05],
      ] as const);
      time = Math.round(winning + group * rng.int(20, 300) + (rng.chance(0.08) ? rng.int(-120, -10) : 0));
    }
    time += missed * 25;
    return {
      id: e.matchId,
      start: f.startTime / 1000 + i * interval,
      time,
      missed,
      dnf: rng.chance(sport === 39 ? 0.12 : 0.04),
    };
  });
  const last = Math.max(...runners.map((r) => r.start + r.time));
  const span = last - f.startTime / 1000;
  const steps = cycling ? 9 : 8;
  const checkpoints: Checkpoint[] = [];
  for (let k = 1; k <= steps; k++) {
    const at = f.startTime / 1000 + (span * k) / steps + 1;
    const finished = runners.filter((r) => !r.dnf && r.start + r.time <= at).sort((a, b) => a.time - b.time);
    const ranks = rank(finished, (r) => (cycling ? Math.round(r.time) : Math.round(r.time * 100)));
    const best = finished[0]?.time ?? 0;
    const rows: Rows = new Map();
    for (const r of runners) {
      const started = r.start <= at;
      const elapsed = Math.max(0, Math.min(at - r.start, r.time));
      const done = r.start + r.time <= at;
      const fields: Record<string, string | number> = {};
      if (cycling) fields.distance = Math.round((elapsed / r.time) * 180);
      if (shootings > 0 && started) {
        fields.missedShots = Math.round(r.missed * Math.min(1, elapsed / r.time));
        fields.penaltyLaps = fields.missedShots as number;
      }
      if (r.dnf && done) {
        fields.participantStatus = RACE_STATUS.didNotFinish;
        fields.stopReason = sport === 39 ? 'Қақпадан өтпеді' : 'Жарысты аяқтамады';
      } else if (done) {
        fields.participantStatus = RACE_STATUS.finished;
        fields.rank = ranks.get(r)!;
        fields.resultTime = clock(r.time, cycling ? 0 : sport === 39 ? 2 : 1);
        fields.gap = gap(r.time - best, cycling ? 0 : sport === 39 ? 2 : 1);
      } else {
        fields.participantStatus = RACE_STATUS.running;
      }
      rows.set(r.id, fields as RaceFields);
    }
    checkpoints.push({ at, rows });
  }
  return { checkpoints, end: f.startTime / 1000 + span + 300, liveStage: STAGE.live, endStage: STAGE.finished };
}

/** Ski jumping: two rounds, the best 30 of round one jump again; points decide. */
function skiJumping(f: RaceFixture, rng: Rng): RaceRun {
  const hill = (f.league.name ?? '').includes('134') ? 125 : 98;
  const jumpers = f.entries.map((e) => ({
    id: e.matchId,
    strength: e.participant.strength,
    j: [] as number[],
    p: [] as number[],
  }));
  const jump = (s: number) => {
    const d = Math.round((hill + 6 * s + rng.normal(0, 5)) * 2) / 2;
    const points = Math.round((60 + (d - hill) * (hill > 110 ? 1.8 : 2) + rng.normal(54, 1.5)) * 10) / 10;
    return [d, points] as const;
  };
  const checkpoints: Checkpoint[] = [];
  let t = f.startTime / 1000;
  const snapshot = () => {
    const order = [...jumpers].filter((x) => x.p.length > 0).sort((a, b) => total(b) - total(a));
    const ranks = rank(order, (x) => Math.round(total(x) * 10));
    const rows: Rows = new Map();
    for (const x of jumpers) {
      const fields: Record<string, string | number> = {};
      if (x.j[0] !== undefined) fields.jump1 = x.j[0].toFixed(1);
      if (x.j[1] !== undefined) fields.jump2 = x.j[1].toFixed(1);
      if (x.p.length > 0) {
        fields.points = Math.round(total(x) * 10) / 10;
        fields.rank = ranks.get(x)!;
      }
      rows.set(x.id, fields as RaceFields);
    }
    checkpoints.push({ at: t, rows });
  };
  const total = (x: { p: number[] }) => x.p.reduce((a, b) => a + b, 0);
  jumpers.forEach((x, i) => {
    const [d, p] = jump(x.strength);
    x.j.push(d);
    x.p.push(p);
    t += 60;
    if (i % 10 === 9) snapshot();
  });
  snapshot();
  t += 900;
  const finalists = [...jumpers].sort((a, b) => total(a) - total(b)).slice(-30);
  finalists.forEach((x, i) => {
    const [d, p] = jump(x.strength);
    x.j.push(d);
    x.p.push(p);
    t += 75;
    if (i % 10 === 9) snapshot();
  });
  snapshot();
  return { checkpoints, end: t + 120, liveStage: STAGE.live, endStage: STAGE.finished };
}

/** Horse racing: one short race; the result and the distances between horses. */
function horseRace(f: RaceFixture, rng: Rng): RaceRun {
  const runners = f.entries.map((e) => ({
    id: e.matchId,
    score: e.participant.strength + rng.normal(0, 1.2),
    status: rng.chance(0.04)
      ? RACE_STATUS.nonRunner
      : rng.chance(0.02)
        ? RACE_STATUS.fell
        : rng.chance(0.02)
          ? RACE_STATUS.pulledUp
          : RACE_STATUS.finished,
  }));
  const start = f.startTime / 1000;
  const before: Rows = new Map();
  for (const r of runners)
    if (r.status === RACE_STATUS.nonRunner) before.set(r.id, { participantStatus: RACE_STATUS.nonRunner });
  const duration = rng.int(70, 200);
  const order = runners.filter((r) => r.status === RACE_STATUS.finished).sort((a, b) => b.score - a.score);
  const lengths = ['', 'бас', 'мойын', '½', '¾', '1', '1¼', '1½', '2', '3', '5'];
  const rows: Rows = new Map(before);
  order.forEach((r, i) => {
    rows.set(r.id, {
      rank: i + 1,
      participantStatus: RACE_STATUS.finished,
      gap: i === 0 ? '' : lengths[Math.min(lengths.length - 1, rng.int(1, 10))]!,
      resultTime: i === 0 ? clock(duration + rng.next(), 2) : '',
    });
  });
  for (const r of runners) {
    if (r.status === RACE_STATUS.fell || r.status === RACE_STATUS.pulledUp)
      rows.set(r.id, { participantStatus: r.status });
  }
  const checkpoints: Checkpoint[] = [];
  if (before.size > 0) checkpoints.push({ at: start - 600, rows: before });
  checkpoints.push({ at: start + duration, rows });
  return { checkpoints, end: start + duration + 60, liveStage: STAGE.live, endStage: STAGE.finished };
}

/** Speedway Grand Prix: 20 heats of four riders, 3-2-1-0 points. */
function speedway(f: RaceFixture, rng: Rng): RaceRun {
  const riders = f.entries.map((e) => ({ id: e.matchId, s: e.participant.strength, points: 0 }));
  const checkpoints: Checkpoint[] = [];
  let t = f.startTime / 1000;
  for (let heat = 0; heat < 20; heat++) {
    const inHeat = rng.shuffle(riders).slice(0, 4);
    inHeat.sort((a, b) => b.s + rng.normal(0, 1) - (a.s + rng.normal(0, 1)));
    inHeat.forEach((r, i) => {
      r.points += 3 - i;
    });
    t += 240;
    if (heat % 4 === 3) {
      const order = [...riders].sort((a, b) => b.points - a.points);
      const ranks = rank(order, (r) => r.points);
      const rows: Rows = new Map();
      for (const r of riders) rows.set(r.id, { points: r.points, rank: ranks.get(r)! });
      checkpoints.push({ at: t, rows });
    }
  }
  return { checkpoints, end: t + 300, liveStage: STAGE.live, endStage: STAGE.finished };
}

/** Golf: one round of a four-round tournament; totals to par carry over from earlier rounds. */
function golfRound(f: RaceFixture, rng: Rng): RaceRun {
  const round = f.round;
  const utcDay = Math.floor(f.startTime / 86_400_000);
  const tournament = hashString(`${f.league.tournamentId}/${utcDay - (round - 1)}`);
  const roundScore = (strength: number, participantId: string, r: number) => {
    const g = new Rng(hashString(participantId, tournament + r));
    return Math.round(g.normal(0.3 - 1.3 * strength, 2.8));
  };
  const players = f.entries.map((e, i) => {
    let before = 0;
    for (let r = 1; r < round; r++) before += roundScore(e.participant.strength, e.participant.id, r);
    const today = roundScore(e.participant.strength, e.participant.id, round);
    // Spread today's strokes over 18 holes.
    const holes = Array.from({ length: 18 }, () => 0);
    for (let k = 0; k < Math.abs(today); k++) holes[rng.int(0, 17)]! += Math.sign(today);
    for (let k = 0; k < 3; k++) {
      const a = rng.int(0, 17);
      const b = rng.int(0, 17);
      holes[a]! += 1;
      holes[b]! -= 1;
    }
    return { id: e.matchId, before, holes, tee: f.startTime / 1000 + Math.floor(i / 3) * 600 };
  });
  const checkpoints: Checkpoint[] = [];
  const lastTee = players[players.length - 1]!.tee;
  const end = lastTee + 18 * 14 * 60;
  for (let at = f.startTime / 1000 + 1800; ; at = Math.min(end, at + 1800)) {
    const state = players.map((p) => {
      const played = Math.max(0, Math.min(18, Math.floor((at - p.tee) / (14 * 60))));
      const par = p.before + p.holes.slice(0, played).reduce((a, b) => a + b, 0);
      return { p, played, par };
    });
    const order = [...state].sort((a, b) => a.par - b.par);
    const ranks = rank(order, (s) => s.par);
    const rows: Rows = new Map();
    for (const s of state) rows.set(s.p.id, { holesPlayed: s.played, parScore: s.par, rank: ranks.get(s)! });
    checkpoints.push({ at, rows });
    if (at >= end) break;
  }
  return {
    checkpoints,
    end: end + 300,
    liveStage: golfRoundStage(round),
    endStage: round >= 4 ? STAGE.finished : afterGolfRoundStage(round),
  };
}

export function playRace(f: RaceFixture, rng: Rng): TimedFact[] {
  const format = f.competition.format;
  let run: RaceRun;
  if (f.sportId === 23) run = golfRound(f, rng);
  else if (f.sportId === 35) run = horseRace(f, rng);
  else if (f.sportId === 38) run = skiJumping(f, rng);
  else if (format === 'heats') run = speedway(f, rng);
  else if (format === 'laps') run = lapRace(f, rng);
  else run = timedRace(f, rng);

  const facts: TimedFact[] = [];
  let last = 0;
  const push = (sec: number, body: FactBody) => {
    const time = Math.max(Math.round(sec) * 1000, last);
    last = time;
    facts.push({ time, body });
  };
  const matchIds = f.entries.map((e) => e.matchId);
  const start = f.startTime / 1000;
  const early = run.checkpoints.filter((c) => c.at < start);
  const previous = new Map<string, RaceFields>();
  const emit = (c: Checkpoint) => {
    const rows: { matchId: string; fields: RaceFields }[] = [];
    for (const [matchId, fields] of c.rows) {
      const before = previous.get(matchId) ?? {};
      const changed: Record<string, string | number> = {};
      let any = false;
      for (const [k, v] of Object.entries(fields)) {
        if (v !== undefined && (before as Record<string, unknown>)[k] !== v) {
          changed[k] = v;
          any = true;
        }
      }
      if (any) {
        rows.push({ matchId, fields: changed as RaceFields });
        previous.set(matchId, { ...before, ...fields });
      }
    }
    if (rows.length > 0) push(c.at, { type: 'RaceStandingsChanged', leagueId: f.league.id, rows });
  };
  for (const c of early) emit(c);
  push(start, {
    type: 'RaceStageChanged',
    leagueId: f.league.id,
    stageType: 2,
    stage: run.liveStage,
    matchIds,
    periodStartTime: start,
  });
  for (const c of run.checkpoints) if (c.at >= start) emit(c);
  push(run.end, { type: 'RaceStageChanged', leagueId: f.league.id, stageType: 3, stage: run.endStage, matchIds });
  return facts;
}
