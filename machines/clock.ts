// The page clock: what time it is for everything the page shows, and the shared blink phase of
// running clocks (S4-18). Time advances only through the actor system's clock: the machine ticks
// with delayed events, so a SimulatedClock (tests, the CLI) drives it exactly like the browser's.
//
//   time:  idle ◀──▶ ticking (after: the next boundary of the shortest period watched) ⟲ reads the time
//   blink: still ◀──▶ blinking: shown ⇄ hidden (every 500 ms)
//
// Readers say which period they need (`clock.watch` 5 s for live minutes, S9-4; a quarter hour for
// dates) and the machine wakes only at those boundaries, only while somebody watches and the page is
// visible. Ticks land on the period's boundaries, so a reader rounding `now` to its period sees a
// new value once per period and nothing in between (one tick must not redraw every row).
// `now` is read from the time source the root was given (server-corrected in the browser); the
// blink phase is shown by the provided `setBlinkOff` action (an attribute on <html> in the browser).
import { assign, setup } from 'xstate';

export const BLINK_HALF_MS = 500; // S4-18 blink: one second, half shown and half hidden

export interface ClockInput {
  /** Epoch ms now: server time in the browser, a SimulatedClock's time in tests. */
  readonly now: () => number;
  /** Whether the page is visible at start (default true). */
  readonly visible?: boolean;
}

export interface ClockContext {
  readonly read: () => number;
  /** The time at the last tick (or when ticking started), epoch ms. */
  readonly now: number;
  /** How many readers watch each period, by period in ms. */
  readonly periods: Readonly<Record<number, number>>;
  /** How many running-clock marks are shown (S4-18). */
  readonly blinkers: number;
  readonly visible: boolean;
}

export type ClockEvent =
  | { readonly type: 'clock.watch'; readonly periodMs: number }
  | { readonly type: 'clock.unwatch'; readonly periodMs: number }
  | { readonly type: 'blink.watch' }
  | { readonly type: 'blink.unwatch' }
  | { readonly type: 'page.visibility'; readonly visible: boolean };

function watchedPeriods(periods: ClockContext['periods']): number[] {
  const out: number[] = [];
  for (const [period, count] of Object.entries(periods)) if (count > 0) out.push(Number(period));
  return out;
}

/** Ms from `now` to the next boundary of any watched period (a multiple of it since the epoch). */
export function msToNextTick(now: number, periods: readonly number[]): number {
  let wait = Number.POSITIVE_INFINITY;
  for (const period of periods) {
    if (!(period > 0)) continue;
    const into = ((now % period) + period) % period;
    wait = Math.min(wait, period - into);
  }
  return Number.isFinite(wait) ? wait : 0;
}

/** `now` rounded down to the period: what a reader of that period shows. */
export function roundToPeriod(now: number, periodMs: number): number {
  return Math.floor(now / periodMs) * periodMs;
}

function counted(periods: ClockContext['periods'], period: number, by: number): ClockContext['periods'] {
  const next = Math.max(0, (periods[period] ?? 0) + by);
  const copy: Record<number, number> = { ...periods };
  if (next === 0) delete copy[period];
  else copy[period] = next;
  return copy;
}

export const clockMachine = setup({
  types: {} as { context: ClockContext; events: ClockEvent; input: ClockInput },
  actions: {
    /** S4-18: hides (true) or shows (false) every blink mark of the page at once. */
    setBlinkOff: (_, _params: { off: boolean }) => {},
    readTime: assign({ now: ({ context }) => context.read() }),
  },
  guards: {
    ticking: ({ context }) => context.visible && watchedPeriods(context.periods).length > 0,
    notTicking: ({ context }) => !context.visible || watchedPeriods(context.periods).length === 0,
    firstOfPeriod: ({ context, event }) => event.type === 'clock.watch' && !(context.periods[event.periodMs] > 0),
    blinking: ({ context }) => context.visible && context.blinkers > 0,
    notBlinking: ({ context }) => !context.visible || context.blinkers === 0,
  },
  delays: {
    untilTick: ({ context }) => msToNextTick(context.now, watchedPeriods(context.periods)),
    blinkHalf: BLINK_HALF_MS,
  },
}).createMachine({
  id: 'clock',
  type: 'parallel',
  context: ({ input }) => ({
    read: input.now,
    now: input.now(),
    periods: {},
    blinkers: 0,
    visible: input.visible ?? true,
  }),
  states: {
    time: {
      initial: 'idle',
      on: {
        'clock.watch': [
          // A new period may be due sooner than the tick already planned: plan again from the time now.
          {
            guard: 'firstOfPeriod',
            target: '.idle',
            actions: assign({ periods: ({ context, event }) => counted(context.periods, event.periodMs, 1) }),
          },
          { actions: assign({ periods: ({ context, event }) => counted(context.periods, event.periodMs, 1) }) },
        ],
        'clock.unwatch': {
          actions: assign({ periods: ({ context, event }) => counted(context.periods, event.periodMs, -1) }),
        },
        'page.visibility': { target: '.idle', actions: assign({ visible: ({ event }) => event.visible }) },
      },
      states: {
        idle: { always: { guard: 'ticking', target: 'ticking' } },
        ticking: {
          entry: 'readTime',
          always: { guard: 'notTicking', target: 'idle' },
          after: { untilTick: { target: 'ticking', reenter: true } },
        },
      },
    },
    blink: {
      initial: 'still',
      on: {
        'blink.watch': { actions: assign({ blinkers: ({ context }) => context.blinkers + 1 }) },
        'blink.unwatch': { actions: assign({ blinkers: ({ context }) => Math.max(0, context.blinkers - 1) }) },
      },
      states: {
        /** No mark shown (or the page hidden): every mark visible, no timer. */
        still: {
          entry: { type: 'setBlinkOff', params: { off: false } },
          always: { guard: 'blinking', target: 'blinking' },
        },
        blinking: {
          always: { guard: 'notBlinking', target: 'still' },
          initial: 'shown',
          states: {
            shown: {
              entry: { type: 'setBlinkOff', params: { off: false } },
              after: { blinkHalf: 'hidden' },
            },
            hidden: {
              entry: { type: 'setBlinkOff', params: { off: true } },
              after: { blinkHalf: 'shown' },
            },
          },
        },
      },
    },
  },
});
