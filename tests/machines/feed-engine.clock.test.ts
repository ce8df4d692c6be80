// An engine created without a clock runs its delays on the global timers (the browser's case):
// the feed cycle's poll interval and the live marker's keep-live delay both fire.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFeedEngine, type FeedEngine } from '../../machines/feed-engine';
import { TestFeedSource } from '../scoreboard/helpers/test-feed-source';

const BASE = Date.UTC(2026, 8, 1, 6, 0); // 11:00 in Kazakhstan
const DAY_START = Date.UTC(2026, 7, 31, 19, 0) / 1000;

let engine: FeedEngine | null = null;
beforeEach(() => {
  // Only the timers XState schedules with, and Date; promises and setImmediate stay real.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: BASE });
});
afterEach(() => {
  engine?.stop();
  engine = null;
  vi.useRealTimers();
});

const settle = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('feed engine without a clock option', () => {
  it('S4-2 S4-11 an engine without a clock polls and clears live marks on the global timers', async () => {
    const source = new TestFeedSource({ now: () => Date.now() });
    source.addLeague({ id: '1_lga', name: 'A', type: 't', sortKey: 'a' });
    source.addEvent('ev1', '1_lga', { startTime: DAY_START + 36_000, stageType: 2, home: 'H', away: 'A' });
    const problems: string[] = [];
    engine = createFeedEngine({ source, sport: 1, push: null, log: (m) => problems.push(m) }).start();
    await settle();
    expect(engine.actor.getSnapshot().matches('running')).toBe(true);
    expect(engine.scoreboard.getEvent('ev1')?.liveMarked).toBe(true);
    const loaded = source.requests.length;

    // S4-2: while polling (no push), the next update poll comes from a delayed event.
    source.setField('ev1', 'homeScore', 1);
    await vi.advanceTimersByTimeAsync(6_000);
    await settle();
    expect(source.requests.length).toBeGreaterThan(loaded);
    expect(engine.scoreboard.getEvent('ev1')?.homeScore).toBe(1);

    // S4-11: the event leaves live; the live marker's keep-live delay clears the mark.
    source.setField('ev1', 'stageType', 3);
    await vi.advanceTimersByTimeAsync(6_000);
    await settle();
    expect(engine.scoreboard.getEvent('ev1')?.stageType).toBe(3);
    expect(engine.scoreboard.getEvent('ev1')?.liveMarked).toBe(true);
    await vi.advanceTimersByTimeAsync(200_000);
    await settle();
    expect(engine.scoreboard.getEvent('ev1')?.liveMarked).toBe(false);
    expect(problems.filter((m) => m.includes('stopped'))).toEqual([]);
  });
});
