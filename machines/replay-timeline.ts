// The replay clock of `scores replay --serve`: where in the recorded day the served world stands, whether it
// plays, and how fast. Playing moves the position by tick × speed on every tick of the actor system's clock (the
// server's timers in the CLI, a simulated clock in tests); each move calls `moveWorld`, which the server provides
// (it folds the world forward, or rebuilds it for a move back). The position never leaves [start, end]; playing
// stops at the end.
import { assign, not, setup } from 'xstate';

export const REPLAY_MIN_SPEED = 1;
export const REPLAY_MAX_SPEED = 600;
/** Real milliseconds between moves while playing: at 600× a move is 2.5 virtual minutes. */
export const REPLAY_TICK_MS = 250;

export interface ReplayTimelineInput {
  /** The day's first and last moments, epoch ms. */
  readonly start: number;
  readonly end: number;
  /** Where it starts (default `start`). */
  readonly position?: number;
  readonly speed?: number;
  readonly tickMs?: number;
}

export interface ReplayTimelineContext {
  readonly start: number;
  readonly end: number;
  readonly position: number;
  readonly speed: number;
  readonly tickMs: number;
}

export type ReplayTimelineEvent =
  | { readonly type: 'play' }
  | { readonly type: 'pause' }
  | { readonly type: 'speed'; readonly speed: number }
  /** Moves to a moment and keeps playing or paused as it was. */
  | { readonly type: 'seek'; readonly time: number }
  /** Moves to a moment and pauses there (a step, the next event of a match). */
  | { readonly type: 'jump'; readonly time: number };

export function clampSpeed(speed: number): number {
  if (!Number.isFinite(speed)) return REPLAY_MIN_SPEED;
  return Math.min(REPLAY_MAX_SPEED, Math.max(REPLAY_MIN_SPEED, speed));
}

function clampTime(context: Pick<ReplayTimelineContext, 'start' | 'end'>, time: number): number {
  if (!Number.isFinite(time)) return context.start;
  return Math.min(context.end, Math.max(context.start, Math.round(time)));
}

export const replayTimelineMachine = setup({
  types: {
    context: {} as ReplayTimelineContext,
    events: {} as ReplayTimelineEvent,
    input: {} as ReplayTimelineInput,
  },
  actions: {
    /** Brings the served world to the position (provided by the server). */
    moveWorld: (_, _params: { position: number }) => {},
    setPosition: assign({
      position: ({ context, event }) =>
        event.type === 'seek' || event.type === 'jump' ? clampTime(context, event.time) : context.position,
    }),
    advance: assign({
      position: ({ context }) => clampTime(context, context.position + context.tickMs * context.speed),
    }),
    setSpeed: assign({
      speed: ({ context, event }) => (event.type === 'speed' ? clampSpeed(event.speed) : context.speed),
    }),
  },
  guards: {
    atEnd: ({ context }) => context.position >= context.end,
  },
  delays: {
    tick: ({ context }) => context.tickMs,
  },
}).createMachine({
  id: 'replayTimeline',
  context: ({ input }) => {
    const bounds = { start: input.start, end: Math.max(input.start, input.end) };
    return {
      ...bounds,
      position: clampTime(bounds, input.position ?? input.start),
      speed: clampSpeed(input.speed ?? REPLAY_MIN_SPEED),
      tickMs: input.tickMs ?? REPLAY_TICK_MS,
    };
  },
  entry: { type: 'moveWorld', params: ({ context }) => ({ position: context.position }) },
  on: {
    speed: { actions: 'setSpeed' },
    jump: {
      target: '.paused',
      actions: ['setPosition', { type: 'moveWorld', params: ({ context }) => ({ position: context.position }) }],
    },
  },
  initial: 'paused',
  states: {
    paused: {
      on: {
        play: { target: 'playing', guard: not('atEnd') },
        seek: {
          actions: ['setPosition', { type: 'moveWorld', params: ({ context }) => ({ position: context.position }) }],
        },
      },
    },
    playing: {
      always: { target: 'paused', guard: 'atEnd' },
      after: {
        tick: {
          target: 'playing',
          reenter: true,
          actions: ['advance', { type: 'moveWorld', params: ({ context }) => ({ position: context.position }) }],
        },
      },
      on: {
        pause: 'paused',
        seek: {
          target: 'playing',
          reenter: true,
          actions: ['setPosition', { type: 'moveWorld', params: ({ context }) => ({ position: context.position }) }],
        },
      },
    },
  },
});
