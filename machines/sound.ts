// Live sounds (S1-6, S2-46, S4-37, S4-38, S9-11): follows the visitor's sound toggle, loads the
// sound files once (2500 ms late on iOS), and plays at most one sound at a time from a short queue.
//
//   disabled ──setting on──▶ enabled
//                              starting ─▶ waiting (iOS: 2500 ms) ─▶ loading ─▶ ready | unavailable
//                              ready: idle ◀──▶ playing (parallel: the sound ends | the iOS 1000 ms slot ends)
//
// An update's triggers (`sound.triggers`) are reduced to one sound by the domain rules
// (src/domain/sound-rules.ts: sport, priority, S4-38 blocking) and queued. Off iOS the queue plays
// a sound as soon as the previous one ended; on iOS it drains one sound per 1000 ms slot (S9-11).
// Triggers that arrive while disabled, waiting or loading are dropped: a late chime is wrong news.
//
// No I/O: loading (`loadSounds`), playing (`play`), silencing (`silence`) and logging are provided
// by the caller; the player answers `sound.ended` with the sequence number it was given.
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { IOS_SOUND_MANAGER_DELAY_MS, IOS_SOUND_QUEUE_MS } from '../src/domain/limits';
import { type ChosenSound, chooseSound, type SoundKind, type SoundTrigger } from '../src/domain/sound-rules';

export type { ChosenSound, SoundKind, SoundTrigger };

/** Longest wait for a player's `sound.ended`; our sounds last well under a second (ours). */
export const SOUND_END_TIMEOUT_MS = 3000;
/** Sounds waiting behind the one playing; more are dropped (ours: keeps iOS close to live). */
export const MAX_QUEUED_SOUNDS = 3;

export interface SoundInput {
  /** The visitor's toggle (S2-46, S4-39). */
  readonly soundOn: boolean;
  /** iOS: the sound manager loads late and the queue drains once a second (S9-11). */
  readonly ios?: boolean;
}

/** A queued or playing sound. */
export interface QueuedSound extends ChosenSound {
  /** Increases with every sound played; `sound.ended` names it. */
  readonly seq: number;
}

export interface SoundContext {
  readonly soundOn: boolean;
  readonly ios: boolean;
  readonly loaded: boolean;
  readonly unavailable: boolean;
  readonly queue: readonly ChosenSound[];
  readonly current: QueuedSound | null;
  readonly seq: number;
  /** S4-38: the sounds each match has played, by match id. */
  readonly played: Readonly<Record<string, readonly SoundKind[]>>;
}

export type SoundEvent =
  | { readonly type: 'sound.setting'; readonly on: boolean }
  | { readonly type: 'sound.triggers'; readonly triggers: readonly SoundTrigger[] }
  | { readonly type: 'sound.ended'; readonly seq: number };

const NOTHING_PLAYED: readonly SoundKind[] = [];

export const soundMachine = setup({
  types: {
    context: {} as SoundContext,
    events: {} as SoundEvent,
    input: {} as SoundInput,
  },
  actions: {
    play: (_, _params: QueuedSound) => {},
    silence: () => {},
    logProblem: (_, _params: { message: string }) => {},
  },
  actors: {
    loadSounds: fromPromise<void>(async () => {}),
  },
  guards: {
    wanted: ({ context }) => context.soundOn,
    unwanted: ({ context }) => !context.soundOn,
    loaded: ({ context }) => context.loaded,
    unavailable: ({ context }) => context.unavailable,
    ios: ({ context }) => context.ios,
    notIos: ({ context }) => !context.ios,
    queued: ({ context }) => context.queue.length > 0,
    currentEnded: ({ context, event }) => event.type === 'sound.ended' && event.seq === context.current?.seq,
  },
  delays: {
    soundManagerDelay: IOS_SOUND_MANAGER_DELAY_MS, // S9-11 sound manager loads 2500 ms late on iOS
    iosQueueSlot: IOS_SOUND_QUEUE_MS, // S9-11 iOS queue: one sound per 1000 ms
    soundEndTimeout: SOUND_END_TIMEOUT_MS,
  },
}).createMachine({
  id: 'sound',
  context: ({ input }) => ({
    soundOn: input.soundOn,
    ios: input.ios ?? false,
    loaded: false,
    unavailable: false,
    queue: [],
    current: null,
    seq: 0,
    played: {},
  }),
  on: {
    'sound.setting': { actions: assign({ soundOn: ({ event }) => event.on }) },
  },
  initial: 'disabled',
  states: {
    disabled: {
      always: { guard: 'wanted', target: 'enabled' },
    },
    enabled: {
      always: { guard: 'unwanted', target: 'disabled' },
      // Turning sound off silences what plays and forgets what waits; S4-38 history stays.
      exit: ['silence', assign({ queue: [], current: null })],
      initial: 'starting',
      states: {
        starting: {
          always: [
            { guard: 'loaded', target: 'ready' },
            { guard: 'unavailable', target: 'unavailable' },
            { guard: 'ios', target: 'waiting' },
            { target: 'loading' },
          ],
        },
        waiting: {
          after: { soundManagerDelay: 'loading' }, // S9-11
        },
        loading: {
          invoke: {
            src: 'loadSounds',
            onDone: { target: 'ready', actions: assign({ loaded: true }) },
            onError: {
              target: 'unavailable',
              actions: [
                assign({ unavailable: true }),
                {
                  type: 'logProblem',
                  params: ({ event }) => ({ message: `sounds unavailable: ${String(event.error)}` }),
                },
              ],
            },
          },
        },
        unavailable: {},
        ready: {
          on: {
            'sound.triggers': {
              actions: enqueueActions(({ context, event, enqueue }) => {
                // S4-37, S4-38: one sound per update, the most important one not blocked.
                const chosen = chooseSound(event.triggers, (id) => context.played[id] ?? NOTHING_PLAYED);
                if (!chosen || context.queue.length >= MAX_QUEUED_SOUNDS) return;
                enqueue.assign({
                  queue: [...context.queue, chosen],
                  played: {
                    ...context.played,
                    [chosen.matchId]: [...(context.played[chosen.matchId] ?? NOTHING_PLAYED), chosen.kind],
                  },
                });
              }),
            },
          },
          initial: 'idle',
          states: {
            idle: {
              always: { guard: 'queued', target: 'playing' },
            },
            playing: {
              type: 'parallel',
              entry: enqueueActions(({ context, enqueue }) => {
                const [head, ...rest] = context.queue;
                if (!head) return;
                const current: QueuedSound = { ...head, seq: context.seq + 1 };
                enqueue.assign({ queue: rest, current, seq: current.seq });
                enqueue({ type: 'play', params: current });
              }),
              exit: assign({ current: null }),
              onDone: 'idle',
              states: {
                // Only one sound at a time: the next waits until this one ended (or never will).
                sound: {
                  initial: 'sounding',
                  states: {
                    sounding: {
                      on: { 'sound.ended': { guard: 'currentEnded', target: 'ended' } },
                      after: { soundEndTimeout: 'ended' },
                    },
                    ended: { type: 'final' },
                  },
                },
                // S9-11: on iOS each sound holds a 1000 ms slot of the queue.
                slot: {
                  initial: 'open',
                  states: {
                    open: {
                      always: { guard: 'notIos', target: 'over' },
                      after: { iosQueueSlot: 'over' },
                    },
                    over: { type: 'final' },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});
