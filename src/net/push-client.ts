// The push client (S7-23, protocol.md §6): a WebSocket speaking JSON. On open it sends
// `{"subscribe": [subjects]}`; each message is `{"subject": …, "body": …}`. A dropped socket
// reconnects with exponential backoff; while it is down the feed cycle polls (S4-2, S8-3).
import type { FeedSource, PushMessage } from '../protocol/feed-source';

/** open: messages flow; closed: down, reconnecting; failed: given up. */
export type PushStatus = 'open' | 'closed' | 'failed';

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

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

export interface WebSocketPushOptions {
  readonly url: string;
  readonly connect: (url: string) => WebSocketLike;
  readonly timers?: Timers;
  /** First reconnect delay; doubles per failed attempt up to maxBackoffMs. */
  readonly initialBackoffMs?: number;
  readonly maxBackoffMs?: number;
  /** Give up (status failed) after this many reconnects in a row without an open; default unlimited. */
  readonly maxReconnects?: number;
}

const defaultTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};

/** Reads one push frame; anything that is not `{subject: string, body: string}` is ignored. */
export function readPushFrame(data: unknown): PushMessage | null {
  const text = typeof data === 'string' ? data : data instanceof Uint8Array ? new TextDecoder().decode(data) : null;
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { subject, body } = value as { subject?: unknown; body?: unknown };
    if (typeof subject !== 'string' || typeof body !== 'string') return null;
    return { subject, body };
  } catch {
    return null;
  }
}

export function reconnectDelay(attempt: number, initialMs: number, maxMs: number): number {
  return Math.min(maxMs, initialMs * 2 ** Math.max(0, attempt - 1));
}

export function createWebSocketPush(options: WebSocketPushOptions): PushChannel {
  const timers = options.timers ?? defaultTimers;
  const initial = options.initialBackoffMs ?? 1_000;
  const max = options.maxBackoffMs ?? 30_000;
  const maxReconnects = options.maxReconnects ?? Number.POSITIVE_INFINITY;
  return {
    subscribe(subjects, onMessage, onStatus) {
      let socket: WebSocketLike | null = null;
      let timer: unknown = null;
      let attempts = 0;
      let stopped = false;
      const wanted = new Set(subjects);

      const down = () => {
        if (stopped) return;
        socket = null;
        attempts += 1;
        if (attempts > maxReconnects) {
          onStatus?.('failed');
          return;
        }
        onStatus?.('closed');
        timer = timers.setTimeout(connect, reconnectDelay(attempts, initial, max));
      };

      function connect(): void {
        timer = null;
        if (stopped) return;
        let ws: WebSocketLike;
        try {
          ws = options.connect(options.url);
        } catch {
          down();
          return;
        }
        socket = ws;
        let closed = false;
        ws.onopen = () => {
          if (stopped || socket !== ws) return;
          attempts = 0;
          ws.send(JSON.stringify({ subscribe: [...subjects] }));
          onStatus?.('open');
        };
        ws.onmessage = (event) => {
          if (stopped || socket !== ws) return;
          const message = readPushFrame(event.data);
          if (message && wanted.has(message.subject)) onMessage(message);
        };
        const onDown = () => {
          if (closed || socket !== ws) return;
          closed = true;
          down();
        };
        ws.onclose = onDown;
        ws.onerror = onDown;
      }

      connect();
      return () => {
        stopped = true;
        if (timer !== null) timers.clearTimeout(timer);
        const ws = socket;
        socket = null;
        try {
          ws?.close();
        } catch {
          // already closed
        }
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
