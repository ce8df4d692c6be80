// The push client (S7-23, protocol.md §6): a WebSocket speaking JSON. On open it sends
// `{"subscribe": [subjects]}`; each message is `{"subject": …, "body": …}`. A dropped socket
// reconnects with exponential backoff; while it is down the feed cycle polls (S4-2, S8-3).
// The connection's behaviour is the push-connection machine (machines/push-connection.ts); this file
// gives it a real socket (webSocketActor) and offers it as a PushChannel.
import { type ActorOptions, createActor, fromCallback } from 'xstate';
import {
  type PushConnectionRef,
  type PushSocketCommand,
  type PushSocketInput,
  type PushSocketReport,
  pushConnectionMachine,
} from './push-connection';
import type { FeedSource, PushMessage } from '../src/protocol/feed-source';
import type { PushAuth, PushStatus } from '../src/net/push-frame';

export {
  INITIAL_BACKOFF_MS,
  MAX_BACKOFF_MS,
  type PushStatus,
  readPushFrame,
  reconnectDelay,
} from '../src/net/push-frame';

export interface PushChannel {
  subscribe(
    subjects: readonly string[],
    onMessage: (message: PushMessage) => void,
    onStatus?: (status: PushStatus) => void,
  ): () => void;
}

/** The part of a WebSocket the client uses (browser WebSocket and the `ws` package both fit). */
export interface WebSocketLike {
  send(data: string): void;
  close(): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

/** XState's clock option (`setTimeout` / `clearTimeout`): SimulatedClock in tests and the CLI replay. */
export type Timers = NonNullable<ActorOptions<typeof pushConnectionMachine>['clock']>;

export interface WebSocketPushOptions {
  readonly url: string;
  readonly connect: (url: string) => WebSocketLike;
  /** The clock the reconnect waits run on (the actor system's clock); the page's timers by default. */
  readonly clock?: Timers;
  /** Same as `clock` (its older name). */
  readonly timers?: Timers;
  /** First reconnect delay; doubles per failed attempt up to maxBackoffMs. */
  readonly initialBackoffMs?: number;
  readonly maxBackoffMs?: number;
  /** Give up (status failed) after this many reconnects in a row without an open; default unlimited. */
  readonly maxReconnects?: number;
  /** The account's proof, sent with every subscribe: a personal subject (S7-23 lsid_) needs it. */
  readonly auth?: PushAuth;
}

/**
 * The push connection's socket over a WebSocket: reports open, each frame and one `socket.down` per
 * socket (an error and the close after it are one drop), sends what it is told, and closes when stopped.
 */
export function webSocketActor(connect: (url: string) => WebSocketLike) {
  return fromCallback<PushSocketCommand, PushSocketInput>(({ input, sendBack, receive }) => {
    let done = false;
    const report = (event: PushSocketReport) => {
      if (!done) sendBack(event);
    };
    const down = () => {
      report({ type: 'socket.down' });
      done = true;
    };
    let ws: WebSocketLike;
    try {
      ws = connect(input.url);
    } catch {
      down();
      return;
    }
    ws.onopen = () => report({ type: 'socket.open' });
    ws.onmessage = (event) => report({ type: 'socket.frame', data: event.data });
    ws.onclose = down;
    ws.onerror = down;
    receive((command) => {
      if (done) return;
      try {
        ws.send(command.data);
      } catch {
        down(); // a socket that cannot send is as good as closed
      }
    });
    return () => {
      done = true;
      try {
        ws.close();
      } catch {
        // already closed
      }
    };
  });
}

/** A PushChannel over WebSockets: each subscription runs its own push-connection actor. */
export function createWebSocketPush(options: WebSocketPushOptions): PushChannel {
  const machine = pushConnectionMachine.provide({ actors: { socket: webSocketActor(options.connect) } });
  const clock = options.clock ?? options.timers;
  return {
    subscribe(subjects, onMessage, onStatus) {
      const input = {
        url: options.url,
        subjects,
        initialBackoffMs: options.initialBackoffMs,
        maxBackoffMs: options.maxBackoffMs,
        maxReconnects: options.maxReconnects,
        auth: options.auth,
      };
      // An explicit `clock: undefined` would replace XState's default timers, so it is left out when not given.
      const actor = createActor(machine, clock ? { input, clock } : { input });
      actor.on('push.message', (event) => onMessage(event.message));
      if (onStatus) actor.on('push.status', (event) => onStatus(event.status));
      actor.start();
      return () => actor.stop();
    },
  };
}

/**
 * A PushChannel over one shared push-connection actor (a root actor's child 'pushConnection'): each
 * subscription adds its subjects to the connection and removes those no other subscription still wants.
 * A subscriber hears the connection's current status soon after it subscribes, then every change.
 */
export function pushChannelOf(connection: PushConnectionRef): PushChannel {
  const wanted = new Map<string, number>();
  return {
    subscribe(subjects, onMessage, onStatus) {
      const mine = new Set(subjects);
      const added: string[] = [];
      for (const subject of mine) {
        const count = wanted.get(subject) ?? 0;
        wanted.set(subject, count + 1);
        if (count === 0) added.push(subject);
      }
      if (added.length > 0) connection.send({ type: 'subjects.add', subjects: added });
      let stopped = false;
      const messages = connection.on('push.message', ({ message }) => {
        if (!stopped && mine.has(message.subject)) onMessage(message);
      });
      const statuses = onStatus
        ? connection.on('push.status', ({ status }) => {
            if (!stopped) onStatus(status);
          })
        : null;
      const snapshot = connection.getSnapshot();
      const current: PushStatus | null = snapshot.matches('open')
        ? 'open'
        : snapshot.matches('waitingToReconnect')
          ? 'closed'
          : snapshot.matches('failed')
            ? 'failed'
            : null;
      if (onStatus && current)
        queueMicrotask(() => {
          if (!stopped) onStatus(current);
        });
      return () => {
        if (stopped) return;
        stopped = true;
        messages.unsubscribe();
        statuses?.unsubscribe();
        const removed: string[] = [];
        for (const subject of mine) {
          const count = (wanted.get(subject) ?? 1) - 1;
          if (count > 0) wanted.set(subject, count);
          else {
            wanted.delete(subject);
            removed.push(subject);
          }
        }
        if (removed.length > 0) connection.send({ type: 'subjects.remove', subjects: removed });
      };
    },
  };
}

/** Push straight from a FeedSource (CLI, tests): open at once, messages filtered by subject. */
export function sourcePush(source: Pick<FeedSource, 'onPush'>): PushChannel {
  return {
    subscribe(subjects, onMessage, onStatus) {
      const wanted = new Set(subjects);
      let stopped = false;
      const unsubscribe = source.onPush((message) => {
        if (!stopped && wanted.has(message.subject)) onMessage(message);
      });
      queueMicrotask(() => {
        if (!stopped) onStatus?.('open');
      });
      return () => {
        stopped = true;
        unsubscribe();
      };
    },
  };
}
