import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { liveMarkerMachine, TIME_KEEP_MATCH_LIVE_MS } from '../../machines/live-marker';

function harness(input: { keepLiveMs?: number; liveTabShown?: boolean } = {}) {
  const clock = new SimulatedClock();
  const log: string[] = [];
  const actor = createActor(
    liveMarkerMachine.provide({
      actions: {
        clearLive: (_, params) => log.push(`clear ${params.id}`),
        refreshViews: () => log.push('refresh'),
        reloadLiveTab: () => log.push('reloadLive'),
      },
    }),
    { clock, input },
  ).start();
  return { clock, log, actor };
}

describe('live marker', () => {
  it('S9-1 time_keep_match_live is 180 s', () => {
    expect(TIME_KEEP_MATCH_LIVE_MS).toBe(180_000);
  });

  it('S4-11 S9-1 leaving live clears the live flag 180 s later, then views refresh', () => {
    const h = harness();
    h.actor.send({ type: 'event.stageChanged', id: 'a', previous: 2, current: 3 });
    h.clock.increment(179_999);
    expect(h.log).toEqual([]);
    h.clock.increment(1);
    expect(h.log).toEqual(['clear a', 'refresh']);
  });

  it('S4-11 an earlier pending timer for the same event is cancelled first', () => {
    const h = harness();
    h.actor.send({ type: 'event.stageChanged', id: 'a', previous: 2, current: 3 });
    h.clock.increment(100_000);
    h.actor.send({ type: 'event.stageChanged', id: 'a', previous: 3, current: 2 });
    h.clock.increment(80_000);
    expect(h.log).toEqual([]); // the first timer would have fired here
    h.clock.increment(100_000);
    expect(h.log).toEqual(['clear a', 'refresh']);
  });

  it('S4-11 timers of different events run independently', () => {
    const h = harness({ keepLiveMs: 1_000 });
    h.actor.send({ type: 'event.stageChanged', id: 'a', previous: 2, current: 3 });
    h.clock.increment(500);
    h.actor.send({ type: 'event.stageChanged', id: 'b', previous: 1, current: 2 });
    h.clock.increment(500);
    expect(h.log).toEqual(['clear a', 'refresh']);
    h.clock.increment(500);
    expect(h.log).toEqual(['clear a', 'refresh', 'clear b', 'refresh']);
  });

  it('S4-11 an unchanged stage type starts no timer', () => {
    const h = harness({ keepLiveMs: 10 });
    h.actor.send({ type: 'event.stageChanged', id: 'a', previous: 2, current: 2 });
    h.clock.increment(1_000);
    expect(h.log).toEqual([]);
  });

  it('S4-11 the live tab reloads only while it is shown', () => {
    const h = harness({ keepLiveMs: 10, liveTabShown: true });
    h.actor.send({ type: 'event.stageChanged', id: 'a', previous: 2, current: 3 });
    h.clock.increment(10);
    expect(h.log).toEqual(['clear a', 'refresh', 'reloadLive']);
    h.actor.send({ type: 'tab.shown', live: false });
    h.actor.send({ type: 'event.stageChanged', id: 'b', previous: 2, current: 3 });
    h.clock.increment(10);
    expect(h.log.slice(3)).toEqual(['clear b', 'refresh']);
  });

  it('S4-11 thousands of pending timers in one actor (no child actors)', () => {
    const h = harness({ keepLiveMs: 1_000 });
    for (let i = 0; i < 5_000; i++) h.actor.send({ type: 'event.stageChanged', id: `e${i}`, previous: 2, current: 3 });
    expect(Object.keys(h.actor.getSnapshot().children)).toHaveLength(0);
    h.clock.increment(1_000);
    expect(h.log.filter((l) => l.startsWith('clear'))).toHaveLength(5_000);
  });
});
