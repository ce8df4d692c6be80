// Highlight lifetimes (S9-4): the feed cycle's highlights region rests while nothing is highlighted,
// wakes after the step that makes a highlight, and waits for the first one's end (re-aimed when a
// shorter one arrives), so every highlight ends on time without a tick every second.
import { describe, expect, it, vi } from 'vitest';
import { createFeedEngine } from '../../machines/feed-engine';
import { TestFeedSource } from '../scoreboard/helpers/test-feed-source';
import { DAY_START, settle, installFakeTimerEngine } from './support/fake-timer-engine';

const holder = installFakeTimerEngine();

/** A started engine over `source`, counting the store's expiry passes. */
async function countingEngine(source: TestFeedSource) {
  const engine = createFeedEngine({ source, sport: 1, push: null }).start();
  holder.engine = engine;
  await settle();
  const counter = { expiries: 0 };
  const expire = engine.scoreboard.expireHighlights.bind(engine.scoreboard);
  engine.scoreboard.expireHighlights = () => {
    counter.expiries++;
    return expire();
  };
  return { engine, counter };
}

describe('feed engine highlight tick', () => {
  it('S9-4 a goal stays highlighted 60 s and then ends; the tick rests while nothing is highlighted', async () => {
    const source = new TestFeedSource({ now: () => Date.now() });
    source.addLeague({ id: '1_lga', name: 'A', type: 't', sortKey: 'a' });
    source.addEvent('ev1', '1_lga', { startTime: DAY_START + 36_000, stageType: 2, home: 'H', away: 'A' });
    const { engine, counter } = await countingEngine(source);

    // Nothing highlighted: over a minute of 5 s polls the region rests.
    await vi.advanceTimersByTimeAsync(60_000);
    await settle();
    expect(counter.expiries).toBe(0);

    // A goal arrives with an update poll: highlighted, and still so just before its lifetime ends.
    source.setField('ev1', 'homeScore', 1);
    await vi.advanceTimersByTimeAsync(6_000);
    await settle();
    const highlight = engine.scoreboard.getEvent('ev1')?.highlight;
    expect(highlight?.kind).toBe('goal');
    expect(highlight!.until - Date.now()).toBeGreaterThan(50_000);
    await vi.advanceTimersByTimeAsync(highlight!.until - Date.now() - 2_000);
    await settle();
    expect(engine.scoreboard.getEvent('ev1')?.highlight).not.toBeNull();

    // Its lifetime ends: it is cleared at its end.
    await vi.advanceTimersByTimeAsync(2_000);
    await settle();
    expect(engine.scoreboard.getEvent('ev1')?.highlight).toBeNull();
  });

  it('S9-4 a correction arriving after a goal ends after its own 15 s, then the goal after 60 s, with a wait for each', async () => {
    const source = new TestFeedSource({ now: () => Date.now() });
    source.addLeague({ id: '1_lga', name: 'A', type: 't', sortKey: 'a' });
    source.addEvent('ev1', '1_lga', { startTime: DAY_START + 36_000, stageType: 2, home: 'H', away: 'A' });
    source.addEvent('ev2', '1_lga', {
      startTime: DAY_START + 36_000,
      stageType: 2,
      home: 'C',
      away: 'D',
      homeScore: 1,
    });
    const { engine, counter } = await countingEngine(source);
    source.setField('ev1', 'homeScore', 1); // a goal
    await vi.advanceTimersByTimeAsync(5_000);
    await settle();
    const goal = engine.scoreboard.getEvent('ev1')!.highlight!;
    expect(goal.kind).toBe('goal');
    await vi.advanceTimersByTimeAsync(10_000);
    source.setField('ev2', 'homeScore', 0); // a correction, 10 s later
    await vi.advanceTimersByTimeAsync(5_000);
    await settle();
    const correction = engine.scoreboard.getEvent('ev2')!.highlight!;
    expect(correction.kind).toBe('correction');
    expect(correction.until).toBeLessThan(goal.until);
    await vi.advanceTimersByTimeAsync(correction.until - Date.now() - 1);
    await settle();
    expect(engine.scoreboard.getEvent('ev2')?.highlight).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(engine.scoreboard.getEvent('ev2')?.highlight).toBeNull();
    expect(engine.scoreboard.getEvent('ev1')?.highlight).not.toBeNull();
    await vi.advanceTimersByTimeAsync(goal.until - Date.now());
    await settle();
    expect(engine.scoreboard.getEvent('ev1')?.highlight).toBeNull();
    expect(counter.expiries).toBe(2); // one wait per highlight, no ticks in between
  });
});
