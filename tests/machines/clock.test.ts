import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { BLINK_HALF_MS, clockMachine, msToNextTick, roundToPeriod } from '../../machines/clock';

const START = Date.UTC(2026, 10, 22, 10, 0, 0) + 1_250; // 1.25 s past a 5 s boundary
const LIVE = 5_000; // S9-4 counter refresh
const QUARTER = 15 * 60_000;

function startClock(start = START) {
  const clock = new SimulatedClock();
  const flips: Array<{ at: number; off: boolean }> = [];
  let reads = 0;
  const actor = createActor(
    clockMachine.provide({ actions: { setBlinkOff: (_, { off }) => void flips.push({ at: clock.now(), off }) } }),
    {
      clock,
      input: {
        now: () => {
          reads++;
          return start + clock.now();
        },
      },
    },
  ).start();
  /** Every value `now` took, in order (one per tick). */
  const ticks: number[] = [];
  actor.subscribe((s) => {
    if (ticks.at(-1) !== s.context.now) ticks.push(s.context.now);
  });
  const step = (ms: number, by = 250) => {
    for (let done = 0; done < ms; done += by) clock.increment(by);
  };
  return { actor, clock, flips, ticks, step, reads: () => reads, now: () => actor.getSnapshot().context.now };
}

describe('clock machine', () => {
  it('S9-4 ticks on the boundaries of the period watched, under the simulated clock', () => {
    const { actor, ticks, step } = startClock();
    actor.send({ type: 'clock.watch', periodMs: LIVE });
    expect(ticks).toEqual([START]);
    step(20_000);
    // The first tick waits for the next boundary (3.75 s), then one every 5 s, and nothing in between.
    const boundary = START - 1_250 + LIVE;
    expect(ticks).toEqual([START, boundary, boundary + LIVE, boundary + 2 * LIVE, boundary + 3 * LIVE]);
  });

  it('S9-4 a reader rounding to its period changes once per period whatever the other periods', () => {
    const { actor, step, now } = startClock();
    actor.send({ type: 'clock.watch', periodMs: QUARTER });
    actor.send({ type: 'clock.watch', periodMs: LIVE }); // a shorter period plans again: the next 5 s boundary
    const quarterValues = new Set<number>();
    const liveValues = new Set<number>();
    for (let i = 0; i < 20 * 60; i++) {
      step(1_000, 1_000);
      quarterValues.add(roundToPeriod(now(), QUARTER));
      liveValues.add(roundToPeriod(now(), LIVE));
    }
    expect(quarterValues.size).toBe(2); // 10:00 and 10:15
    expect(liveValues.size).toBe((20 * 60) / 5 + 1); // 10:00:00 … 10:20:00
  });

  it('S4-18 the blink phase flips every 500 ms while a mark is shown, and all marks show when the last goes', () => {
    const { actor, flips, step } = startClock();
    flips.length = 0;
    actor.send({ type: 'blink.watch' });
    actor.send({ type: 'blink.watch' });
    expect(actor.getSnapshot().matches({ blink: { blinking: 'shown' } })).toBe(true);
    step(2_000);
    expect(flips).toEqual([
      { at: 0, off: false },
      { at: BLINK_HALF_MS, off: true },
      { at: 2 * BLINK_HALF_MS, off: false },
      { at: 3 * BLINK_HALF_MS, off: true },
      { at: 4 * BLINK_HALF_MS, off: false },
    ]);
    actor.send({ type: 'blink.unwatch' });
    step(BLINK_HALF_MS);
    expect(flips.at(-1)).toEqual({ at: 5 * BLINK_HALF_MS, off: true }); // one mark still shown
    actor.send({ type: 'blink.unwatch' });
    expect(flips.at(-1)).toEqual({ at: 5 * BLINK_HALF_MS, off: false });
    const count = flips.length;
    step(10_000);
    expect(flips.length).toBe(count);
    expect(actor.getSnapshot().matches({ blink: 'still' })).toBe(true);
  });

  it('stops ticking when nobody watches, and reads the time again when somebody does', () => {
    const { actor, ticks, step, reads, now } = startClock();
    actor.send({ type: 'clock.watch', periodMs: LIVE });
    actor.send({ type: 'clock.watch', periodMs: LIVE });
    step(10_000);
    actor.send({ type: 'clock.unwatch', periodMs: LIVE });
    step(10_000);
    const afterOne = ticks.length;
    expect(afterOne).toBeGreaterThan(3); // one watcher left: still ticking
    actor.send({ type: 'clock.unwatch', periodMs: LIVE });
    expect(actor.getSnapshot().matches({ time: 'idle' })).toBe(true);
    const readsWhenIdle = reads();
    step(60_000);
    expect(ticks.length).toBe(afterOne);
    expect(reads()).toBe(readsWhenIdle); // idle: not even the time is read
    actor.send({ type: 'clock.watch', periodMs: LIVE });
    expect(now()).toBe(START + 80_000);
  });

  it('a hidden page does not tick or blink; shown again, it reads the time and goes on', () => {
    const { actor, ticks, flips, step, now } = startClock();
    actor.send({ type: 'clock.watch', periodMs: LIVE });
    actor.send({ type: 'blink.watch' });
    step(5_000);
    actor.send({ type: 'page.visibility', visible: false });
    expect(flips.at(-1)?.off).toBe(false); // marks shown while the page is hidden
    const ticksHidden = ticks.length;
    const flipsHidden = flips.length;
    step(60_000);
    expect(ticks.length).toBe(ticksHidden);
    expect(flips.length).toBe(flipsHidden);
    actor.send({ type: 'page.visibility', visible: true });
    expect(now()).toBe(START + 65_000);
    step(BLINK_HALF_MS);
    expect(flips.at(-1)?.off).toBe(true);
  });

  it('plans each tick for the next boundary of the shortest period', () => {
    expect(msToNextTick(1_250, [5_000])).toBe(3_750);
    expect(msToNextTick(5_000, [5_000])).toBe(5_000);
    expect(msToNextTick(61_000, [5_000, QUARTER])).toBe(4_000);
    expect(msToNextTick(QUARTER - 1, [QUARTER, 60_000])).toBe(1);
    expect(msToNextTick(0, [])).toBe(0);
  });
});
