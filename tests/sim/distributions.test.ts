// Realistic numbers: over a few hundred simulated matches, scoring averages land near published
// real-world figures, within the stated tolerance:
//   soccer (men's leagues) 2.7 goals ±0.3 · hockey 6 goals ±0.8 (incl. the shootout goal)
//   NBA 225 points ±15 · FIBA-level basketball 150–185 · handball 55 goals ±5
//   tennis best of 3: straight sets 55–80 % of matches (ATP ≈ 65 %)
//   soccer discipline: 3.9 yellow cards ±0.6 and 0.2 red cards (0.1–0.32) per match, both sides.
import { describe, expect, it } from 'vitest';
import { scriptFixture } from '../../sim/engines/index';
import { planDay } from '../../sim/plan/day-plan';
import type { DuelFixture } from '../../sim/plan/types';

interface Result {
  readonly home: number;
  readonly away: number;
}

function finalScore(fixture: DuelFixture): Result | null {
  let home = 0;
  let away = 0;
  let finished = false;
  for (const { body } of scriptFixture(fixture)) {
    if (body.type === 'MatchStarted' || body.type === 'ScoreChanged') {
      if (body.score.homeScore !== undefined) home = body.score.homeScore;
      if (body.score.awayScore !== undefined) away = body.score.awayScore;
    }
    if (body.type === 'MatchFinished') finished = true;
  }
  return finished ? { home, away } : null;
}

/** `count` matches of a sport: planned fixtures, replayed with fresh seeds when a day has too few. */
function playMany(sportId: number, keep: (f: DuelFixture) => boolean, count: number): Result[] {
  const pool: DuelFixture[] = [];
  for (let day = 20500; day < 20504 && pool.length < count; day++) {
    for (const f of planDay(99, day, 5, [sportId]).fixtures) {
      if (f.kind === 'duel' && f.calledOff === undefined && keep(f)) pool.push(f);
    }
  }
  expect(pool.length).toBeGreaterThan(0);
  const out: Result[] = [];
  for (let i = 0; out.length < count; i++) {
    const base = pool[i % pool.length]!;
    const fixture = i < pool.length ? base : { ...base, seed: (base.seed + i * 7919) >>> 0 };
    const result = finalScore(fixture);
    if (result) out.push(result);
  }
  return out;
}

/** Yellow and red card incidents (protocol.md §4.3 types 1 and 2) of one soccer match. */
function cardsOf(fixture: DuelFixture): { yellow: number; red: number } | null {
  let yellow = 0;
  let red = 0;
  let finished = false;
  for (const { body } of scriptFixture(fixture)) {
    if (body.type === 'IncidentAdded' && body.incident.type === 1) yellow++;
    if (body.type === 'IncidentAdded' && body.incident.type === 2) red++;
    if (body.type === 'MatchFinished') finished = true;
  }
  return finished ? { yellow, red } : null;
}

const meanTotal = (results: readonly Result[]) => results.reduce((s, r) => s + r.home + r.away, 0) / results.length;

describe('score distributions', () => {
  it('soccer: ≈2.7 goals per match (±0.3) in men’s league matches', () => {
    const results = playMany(1, (f) => f.competition.format === '' && !f.knockout, 400);
    expect(meanTotal(results)).toBeGreaterThan(2.4);
    expect(meanTotal(results)).toBeLessThan(3.0);
    const draws = results.filter((r) => r.home === r.away).length / results.length;
    expect(draws).toBeGreaterThan(0.18); // real leagues ≈ 25 %
    expect(draws).toBeLessThan(0.34);
    const homeWins = results.filter((r) => r.home > r.away).length / results.length;
    expect(homeWins).toBeGreaterThan(0.36); // home advantage ≈ 45 %
  });

  it('soccer: ≈3.9 yellow cards (±0.6) and ≈0.2 red cards (0.1–0.32) per match, second yellows included', () => {
    const pool: DuelFixture[] = [];
    for (let day = 20500; day < 20503; day++)
      for (const f of planDay(99, day, 5, [1]).fixtures)
        if (f.kind === 'duel' && f.calledOff === undefined && !f.knockout) pool.push(f);
    const cards: { yellow: number; red: number }[] = [];
    for (let i = 0; cards.length < 500; i++) {
      const base = pool[i % pool.length]!;
      const c = cardsOf(i < pool.length ? base : { ...base, seed: (base.seed + i * 7919) >>> 0 });
      if (c) cards.push(c);
    }
    const yellow = cards.reduce((s, c) => s + c.yellow, 0) / cards.length;
    const red = cards.reduce((s, c) => s + c.red, 0) / cards.length;
    expect(yellow).toBeGreaterThan(3.3);
    expect(yellow).toBeLessThan(4.5);
    expect(red).toBeGreaterThan(0.1);
    expect(red).toBeLessThan(0.32);
    // Most matches end with eleven a side.
    expect(cards.filter((c) => c.red === 0).length / cards.length).toBeGreaterThan(0.75);
  });

  it('hockey: ≈6 goals per match (±0.8)', () => {
    const total = meanTotal(playMany(4, () => true, 300));
    expect(total).toBeGreaterThan(5.2);
    expect(total).toBeLessThan(6.8);
  });

  it('basketball: NBA ≈225 points (±15); other levels lower', () => {
    const nba = meanTotal(playMany(3, (f) => f.competition.format === 'nba', 250));
    expect(nba).toBeGreaterThan(210);
    expect(nba).toBeLessThan(240);
    const fiba = meanTotal(playMany(3, (f) => f.competition.format === '', 250));
    expect(fiba).toBeGreaterThan(150);
    expect(fiba).toBeLessThan(185);
    expect(fiba).toBeLessThan(nba);
  });

  it('handball: ≈55 goals per match (±5)', () => {
    const total = meanTotal(playMany(7, (f) => f.competition.format === '', 250));
    expect(total).toBeGreaterThan(50);
    expect(total).toBeLessThan(60);
  });

  it('tennis best of 3: both 2–0 and 2–1 occur, straight sets 55–80 %', () => {
    const results = playMany(2, (f) => f.competition.format === 'bo3', 300).filter(
      (r) => Math.max(r.home, r.away) === 2,
    );
    const straight = results.filter((r) => Math.min(r.home, r.away) === 0).length / results.length;
    expect(straight).toBeGreaterThan(0.55);
    expect(straight).toBeLessThan(0.8);
  });
});
