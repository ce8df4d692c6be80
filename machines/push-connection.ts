// Push connection (S7-23, S4-2, S8-3, protocol.md §6): one WebSocket to the push gateway. On open it sends
// `{"subscribe": [subjects]}`; subjects added or removed while open are sent as they come
// (`{"subscribe": […]}` / `{"unsubscribe": […]}`), and every open subscribes them all again. Frames are read
// with readPushFrame: a frame that does not parse, or names a subject not asked for, is ignored. A dropped
// socket reconnects after 1 s, 2 s, 4 s … up to 30 s (the browser's back-off; an open starts it again);
// after maxReconnects drops in a row without an open the connection gives up. While push is down the feed
// cycle polls (S4-2, S8-3), so the status goes to whoever listens.
//
//   connecting ──socket.open──▶ open ──socket.down──▶ waitingToReconnect ──back-off──▶ connecting
//        └──────socket.down───────────────────────────────▲          (too many drops in a row) ──▶ failed
//
// Reported as emitted events (`actor.on(...)`): push.status open / closed / failed, and push.message per
// frame. No I/O here: the socket is a fromCallback actor (`socket`) provided from outside (a browser
// WebSocket, the `ws` package, or a fake driven by a test or the CLI); the back-off is an XState delay,
// so the actor system's clock (SimulatedClock in tests and the CLI replay) drives it. A root actor spawns
// it as its child 'pushConnection' with a plain input.
import { type ActorRefFrom, assign, emit, enqueueActions, fromCallback, setup, spawnChild, stopChild } from 'xstate';
import {
  INITIAL_BACKOFF_MS,
  MAX_BACKOFF_MS,
  type PushStatus,
  readPushFrame,
  type PushAuth,
  reconnectDelay,
  subscribeFrame,
  unsubscribeFrame,
} from '../src/net/push-frame';
import type { PushMessage } from '../src/protocol/feed-source';

export interface PushConnectionInput {
  /** The push gateway (ws://…/push); handed to the socket actor. */
  readonly url: string;
  readonly subjects?: readonly string[];
  /** First reconnect wait; doubles per drop in a row up to maxBackoffMs. */
  readonly initialBackoffMs?: number;
  readonly maxBackoffMs?: number;
  /** Give up (failed) after this many reconnects in a row without an open; absent: never. */
  readonly maxReconnects?: number;
  /** Sent with every subscribe: the account's proof for its personal subject (S7-23 lsid_). */
  readonly auth?: PushAuth;
}

/** What the socket actor starts from. */
export interface PushSocketInput {
  readonly url: string;
}

/** What the machine tells its socket actor. */
export interface PushSocketCommand {
  readonly type: 'socket.send';
  readonly data: string;
}

/** What a socket actor sends back: open, each frame as received, and one `socket.down` when it closes or fails. */
export type PushSocketReport =
  | { readonly type: 'socket.open' }
  | { readonly type: 'socket.frame'; readonly data: unknown }
  | { readonly type: 'socket.down' };

export type PushConnectionEvent =
  | PushSocketReport
  | { readonly type: 'subjects.add'; readonly subjects: readonly string[] }
  | { readonly type: 'subjects.remove'; readonly subjects: readonly string[] };

export type PushConnectionEmitted =
  | { readonly type: 'push.status'; readonly status: PushStatus }
  | { readonly type: 'push.message'; readonly message: PushMessage };

export interface PushConnectionContext {
  readonly url: string;
  readonly subjects: readonly string[];
  /** Drops in a row since the last open. */
  readonly attempts: number;
  readonly initialBackoffMs: number;
  readonly maxBackoffMs: number;
  /** null: never give up. */
  readonly maxReconnects: number | null;
  readonly auth: PushAuth | null;
}

const unique = (subjects: readonly string[]): string[] => [...new Set(subjects)];

export const pushConnectionMachine = setup({
  types: {
    context: {} as PushConnectionContext,
    events: {} as PushConnectionEvent,
    input: {} as PushConnectionInput,
    emitted: {} as PushConnectionEmitted,
  },
  actors: {
    // Provided by the caller: opens the socket, sends back PushSocketReport events, takes socket.send
    // commands, and closes the socket when stopped.
    socket: fromCallback<PushSocketCommand, PushSocketInput>(() => {
      throw new Error('socket not provided');
    }),
  },
  actions: {
    openSocket: spawnChild('socket', { id: 'socket', input: ({ context }) => ({ url: context.url }) }),
    dropSocket: stopChild('socket'),
    countDrop: assign(({ context }) => ({ attempts: context.attempts + 1 })),
    resetDrops: assign({ attempts: 0 }),
    subscribeAll: enqueueActions(({ context, enqueue }) => {
      enqueue.sendTo('socket', { type: 'socket.send', data: subscribeFrame(context.subjects, context.auth) });
    }),
    addSubjects: enqueueActions(({ context, event, enqueue }, params: { live: boolean }) => {
      if (event.type !== 'subjects.add') return;
      const added = unique(event.subjects).filter((s) => !context.subjects.includes(s));
      if (added.length === 0) return;
      enqueue.assign({ subjects: [...context.subjects, ...added] });
      if (params.live) enqueue.sendTo('socket', { type: 'socket.send', data: subscribeFrame(added, context.auth) });
    }),
    removeSubjects: enqueueActions(({ context, event, enqueue }, params: { live: boolean }) => {
      if (event.type !== 'subjects.remove') return;
      const removed = unique(event.subjects).filter((s) => context.subjects.includes(s));
      if (removed.length === 0) return;
      enqueue.assign({ subjects: context.subjects.filter((s) => !removed.includes(s)) });
      if (params.live) enqueue.sendTo('socket', { type: 'socket.send', data: unsubscribeFrame(removed) });
    }),
    // S7-23: only frames that parse and name a subject asked for; anything else is ignored.
    deliver: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'socket.frame') return;
      const message = readPushFrame(event.data);
      if (message && context.subjects.includes(message.subject)) enqueue.emit({ type: 'push.message', message });
    }),
    reportOpen: emit({ type: 'push.status', status: 'open' }),
    reportClosed: emit({ type: 'push.status', status: 'closed' }),
    reportFailed: emit({ type: 'push.status', status: 'failed' }),
  },
  guards: {
    givesUp: ({ context }) => context.maxReconnects !== null && context.attempts + 1 > context.maxReconnects,
  },
  delays: {
    backoff: ({ context }) => reconnectDelay(context.attempts, context.initialBackoffMs, context.maxBackoffMs),
  },
}).createMachine({
  id: 'pushConnection',
  context: ({ input }) => ({
    url: input.url,
    subjects: unique(input.subjects ?? []),
    attempts: 0,
    initialBackoffMs: input.initialBackoffMs ?? INITIAL_BACKOFF_MS,
    maxBackoffMs: input.maxBackoffMs ?? MAX_BACKOFF_MS,
    maxReconnects: input.maxReconnects ?? null,
    auth: input.auth ?? null,
  }),
  initial: 'connecting',
  // While no socket is open the subjects are only noted: the next open subscribes them all.
  on: {
    'subjects.add': { actions: { type: 'addSubjects', params: { live: false } } },
    'subjects.remove': { actions: { type: 'removeSubjects', params: { live: false } } },
  },
  states: {
    connecting: {
      entry: 'openSocket',
      on: {
        'socket.open': 'open',
        'socket.down': [
          { guard: 'givesUp', target: 'failed', actions: ['dropSocket', 'countDrop'] },
          { target: 'waitingToReconnect', actions: ['dropSocket', 'countDrop'] },
        ],
      },
    },
    open: {
      entry: ['resetDrops', 'subscribeAll', 'reportOpen'],
      on: {
        'socket.frame': { actions: 'deliver' },
        'subjects.add': { actions: { type: 'addSubjects', params: { live: true } } },
        'subjects.remove': { actions: { type: 'removeSubjects', params: { live: true } } },
        'socket.down': [
          { guard: 'givesUp', target: 'failed', actions: ['dropSocket', 'countDrop'] },
          { target: 'waitingToReconnect', actions: ['dropSocket', 'countDrop'] },
        ],
      },
    },
    // S8-3: push is down, the feed cycle polls meanwhile; the wait doubles per drop in a row.
    waitingToReconnect: {
      entry: 'reportClosed',
      after: { backoff: 'connecting' },
    },
    failed: {
      type: 'final',
      entry: 'reportFailed',
    },
  },
});

export type PushConnectionRef = ActorRefFrom<typeof pushConnectionMachine>;
