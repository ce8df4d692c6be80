// Highlight lifetimes run on the feed cycle's tick (S9-4). The tick rests while nothing is
// highlighted and wakes after the step that makes one, so a goal that arrives later still ends on time.
import { describe, expect, it, vi } from 'vitest';
import { createFeedEngine } from '../../machines/feed-engine';
import { TestFeedSource } from '../scoreboard/helpers/test-feed-source';
import { DAY_START, settle, installFakeTimerEngine } from './support/fake-timer-engine';

const holder = installFakeTimerEngine();

describe('feed engine highlight tick', () => {
  it('S9-4 a goal stays highlighted 60 s and then ends; the tick rests while nothing is highlighted', async () => {
    const source = new TestFeedSource({ now: () => Date.now() });
    source.addLeague({ id: '1_lga', name: 'A', type: 't', sortKey: 'a' });
    source.addEvent('ev1', '1_lga', { startTime: DAY_START + 36_000, stageType: 2, home: 'H', away: 'A' });
    const engine = createFeedEngine({ source, sport: 1, push: null }).start();
    holder.engine = engine;
    await settle();
    let expiries = 0;
    const expire = engine.scoreboard.expireHighlights.bind(engine.scoreboard);
    engine.scoreboard.expireHighlights = () => {
      expiries++;
      return expire();
    };

    // Nothing highlighted: over a minute of 5 s polls the tick runs far less than once a second.
    await vi.advanceTimersByTimeAsync(60_000);
    await settle();
    expect(expiries).toBeLessThan(30);

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

    // Its lifetime ends: the next tick clears it, within a second.
    await vi.advanceTimersByTimeAsync(3_100);
    await settle();
    expect(engine.scoreboard.getEvent('ev1')?.highlight).toBeNull();
  });
});
