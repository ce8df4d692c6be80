// The world is event-sourced and deterministic (DESIGN.md): same seed → same facts; state is a
// pure fold of the log; folding in pieces equals folding at once; the running simulation's state
// equals a fold of its own log.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Fact } from '../../sim/facts';
import { applyFact, emptyWorld, foldFacts } from '../../sim/fold';
import { generateDay } from '../../sim/generate-day';
import { createSimulation } from '../../sim/simulation';
import { snapshot } from './support';

// A day of a few sports with every kind of fact (goals, VAR, sets, races), small enough to fold often.
const SPORTS = [4, 12, 14, 23, 35];
const same = (a: unknown, b: unknown) => expect(JSON.stringify(a)).toBe(JSON.stringify(b));
const day = generateDay({ seed: 11, date: '2026-03-14', sports: SPORTS });

describe('fact log', () => {
  it('same seed and date give identical facts; another seed differs', () => {
    const again = generateDay({ seed: 11, date: '2026-03-14', sports: SPORTS });
    expect(JSON.stringify(again)).toBe(JSON.stringify(day));
    const other = generateDay({ seed: 12, date: '2026-03-14', sports: SPORTS });
    expect(JSON.stringify(other)).not.toBe(JSON.stringify(day));
  });

  it('seq strictly increases and time never decreases', () => {
    const broken = day.findIndex((f, i) => i > 0 && (f.seq !== day[i - 1]!.seq + 1 || f.time < day[i - 1]!.time));
    expect(broken).toBe(-1);
    expect(day[0]!.seq).toBe(1);
  });

  it('facts are plain JSON: a parsed log folds to the same world', () => {
    const parsed = JSON.parse(JSON.stringify(day)) as Fact[];
    same(snapshot(foldFacts(parsed)), snapshot(foldFacts(day)));
  });
});

describe('fold', () => {
  const all = foldFacts(day);

  it('applyFact is pure: the input state is left as it was', () => {
    let state = foldFacts(day.slice(0, 2000));
    const before = JSON.stringify(snapshot(state));
    for (const fact of day.slice(2000, 2400)) {
      const next = applyFact(state, fact);
      expect(next).not.toBe(state);
      state = next;
    }
    const again = foldFacts(day.slice(0, 2000));
    expect(JSON.stringify(snapshot(again))).toBe(before);
  });

  it('folding a prefix and then the rest equals folding everything', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: day.length }), (cut) => {
        const split = foldFacts(day.slice(cut), foldFacts(day.slice(0, cut)));
        expect(split.version).toBe(all.version);
        same(snapshot(split), snapshot(all));
      }),
      { numRuns: 4 },
    );
  });

  it('fact by fact equals folding at once', () => {
    let state = emptyWorld();
    for (const fact of day.slice(0, 3000)) state = applyFact(state, fact);
    same(snapshot(state), snapshot(foldFacts(day.slice(0, 3000))));
  });

  it('version is the last seq; each field remembers the fact that changed it; match version is their max', () => {
    expect(all.version).toBe(day[day.length - 1]!.seq);
    for (const match of all.matches.values()) {
      const versions = Object.values(match.fieldVersions) as number[];
      expect(match.version).toBe(Math.max(...versions));
      for (const key of Object.keys(match.fields)) expect(match.fieldVersions).toHaveProperty(key);
    }
    // A ScoreChanged fact stamps the score fields it changed with its own seq.
    const goal = day.find((f) => f.type === 'ScoreChanged' && f.seq > day.length / 2);
    expect(goal).toBeDefined();
    if (goal?.type !== 'ScoreChanged') return;
    const state = foldFacts(day.slice(0, goal.seq));
    const match = state.matches.get(goal.matchId)!;
    const stamped = Object.keys(goal.score).filter(
      (k) => match.fieldVersions[k as keyof typeof match.fieldVersions] === goal.seq,
    );
    expect(stamped.length).toBeGreaterThan(0);
  });

  it('an old or repeated fact never overwrites newer state', () => {
    const repeated = foldFacts([day[day.length - 10]!], all);
    same(snapshot(repeated), snapshot(all));
  });

  it('facts about unknown matches are ignored, never thrown', () => {
    const state = applyFact(all, {
      seq: all.version + 1,
      time: all.time,
      type: 'ScoreChanged',
      matchId: 'nope1234',
      score: { homeScore: 3 },
    });
    expect(state.matches.size).toBe(all.matches.size);
    expect(state.version).toBe(all.version + 1);
  });

  it('StartTimeMoved records into moved (QA rows) and changes AD', () => {
    const moved = day.find((f) => f.type === 'StartTimeMoved');
    expect(moved?.type).toBe('StartTimeMoved');
    if (moved?.type !== 'StartTimeMoved') return;
    expect(all.moved.get(moved.matchId)).toBe(moved.seq);
    expect(all.matches.get(moved.matchId)!.fields.startTime).toBe(moved.startTime);
  });
});

describe('simulation', () => {
  const start = Date.UTC(2026, 2, 14, 7, 30); // 12:30 in UTC+5

  it('its state equals the fold of its own log, whatever the step size', () => {
    const coarse = createSimulation({ seed: 5, startTime: start, sports: [4, 14], futureDays: 1 });
    const fine = createSimulation({ seed: 5, startTime: start, sports: [4, 14], futureDays: 1 });
    coarse.advanceTo(start + 6 * 3_600_000);
    for (let m = 7; m <= 360; m += 7) fine.advanceTo(start + m * 60_000);
    fine.advanceTo(start + 6 * 3_600_000);
    expect(fine.facts.length).toBe(coarse.facts.length);
    expect(JSON.stringify(fine.facts)).toBe(JSON.stringify(coarse.facts));
    same(snapshot(foldFacts(coarse.facts)), snapshot(coarse.state));
    same(snapshot(fine.state), snapshot(coarse.state));
  });

  it('listeners get each new batch with the state after it; unsubscribe stops them', () => {
    const sim = createSimulation({ seed: 6, startTime: start, sports: [2], futureDays: 1 });
    const seen: number[] = [];
    const off = sim.onFacts((facts, state) => {
      seen.push(facts.length);
      expect(state.version).toBe(facts[facts.length - 1]!.seq);
    });
    const first = sim.advanceTo(start + 30 * 60_000);
    expect(first.length).toBeGreaterThan(0);
    expect(seen).toEqual([first.length]);
    off();
    sim.advanceTo(start + 60 * 60_000);
    expect(seen).toHaveLength(1);
    expect(sim.advanceTo(start)).toEqual([]);
  });
});
