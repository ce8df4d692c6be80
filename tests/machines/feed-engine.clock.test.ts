// An engine created without a clock runs its delays on the global timers (the browser's case):
// the feed cycle's poll interval and the live marker's keep-live delay both fire.
import { describe, expect, it, vi } from 'vitest';
import { createFeedEngine } from '../../machines/feed-engine';
import { TestFeedSource } from '../scoreboard/helpers/test-feed-source';
import { DAY_START, settle, installFakeTimerEngine } from './support/fake-timer-engine';

const holder = installFakeTimerEngine();

describe('feed engine without a clock option', () => {
  it('S4-2 S4-11 an engine without a clock polls and clears live marks on the global timers', async () => {
    const source = new TestFeedSource({ now: () => Date.now() });
    source.addLeague({ id: '1_lga', name: 'A', type: 't', sortKey: 'a' });
    source.addEvent('ev1', '1_lga', { startTime: DAY_START + 36_000, stageType: 2, home: 'H', away: 'A' });
    const problems: string[] = [];
    const engine = createFeedEngine({ source, sport: 1, push: null, log: (m) => problems.push(m) }).start();
    holder.engine = engine;
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
