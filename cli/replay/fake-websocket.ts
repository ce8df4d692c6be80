// A WebSocket for the replayed site's network, with the DOM WebSocket's surface the push client uses
// (machines/push-client.ts webSocketActor), and the push gateway it connects to: the current replayed
// server (a FeedSource that a restart replaces). A socket opens or is refused on the next microtask, keeps
// the subjects its subscribe frames name, and receives the server's pushes on them as frames at the
// server's time (a frame pushed while the harness moves the world ahead of the page's clock waits on that
// clock for its moment). The gateway can drop every open socket and refuse new ones for a while, so the
// push connection's own back-off (S8-3) runs on the page's SimulatedClock as it would in the browser.
import type { WebSocketLike } from '../../machines/push-client';
import type { WebSocketClass } from '../../machines/site-network';
import type { FeedSource } from '../../src/protocol/feed-source';

/** The page's clock (a SimulatedClock). */
export interface SocketClock {
  now(): number;
  setTimeout(fn: () => void, timeout: number): unknown;
}

/** What happens to one frame on its way (the network's faults). */
export type FrameFate =
  | { readonly kind: 'deliver' }
  /** Arrives twice. */
  | { readonly kind: 'dup' }
  /** Arrives this much later. */
  | { readonly kind: 'delay'; readonly ms: number }
  /** The connection drops before it: lost, and new sockets are refused for refuseMs. */
  | { readonly kind: 'lose'; readonly refuseMs: number };

/** What a socket did, for tests and traces. */
export type SocketEvent = 'open' | 'refused' | 'dropped' | 'closed';

export interface PushGatewayOptions {
  readonly server: () => FeedSource;
  readonly clock: SocketClock;
  /** The fate of a frame on a subject; delivered by default. */
  readonly frameFate?: (subject: string) => FrameFate;
  /** False while the device is offline: sockets are refused. */
  readonly online?: () => boolean;
}

const CONNECTING = 0;
const OPEN = 1;
const CLOSED = 3;
const DELIVER: FrameFate = Object.freeze({ kind: 'deliver' });

/** What a subscribe or unsubscribe frame names (src/net/push-frame.ts writes them). */
function subjectsOf(data: string): { subscribe: string[]; unsubscribe: string[] } {
  try {
    const frame = JSON.parse(data) as { subscribe?: unknown; unsubscribe?: unknown };
    const list = (value: unknown) => (Array.isArray(value) ? value.filter((s) => typeof s === 'string') : []);
    return { subscribe: list(frame.subscribe), unsubscribe: list(frame.unsubscribe) };
  } catch {
    return { subscribe: [], unsubscribe: [] };
  }
}

class FakeWebSocket implements WebSocketLike {
  readyState = CONNECTING;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  private readonly subjects = new Set<string>();
  private stopListening: (() => void) | null = null;

  constructor(
    readonly url: string,
    private readonly gateway: FakePushGateway,
  ) {
    queueMicrotask(() => this.connect());
  }

  private connect(): void {
    if (this.readyState !== CONNECTING) return;
    if (this.gateway.refusing()) {
      this.readyState = CLOSED;
      this.gateway.record('refused');
      this.onerror?.({ type: 'error' });
      this.onclose?.({ type: 'close', code: 1006, reason: '', wasClean: false });
      return;
    }
    this.readyState = OPEN;
    this.stopListening = this.gateway.listen(this);
    this.gateway.record('open');
    this.onopen?.({ type: 'open' });
  }

  wants(subject: string): boolean {
    return this.readyState === OPEN && this.subjects.has(subject);
  }

  /** A frame reaching the page now. */
  receive(data: string): void {
    if (this.readyState === OPEN) this.onmessage?.({ data });
  }

  send(data: string): void {
    if (this.readyState === CONNECTING) throw new Error('InvalidStateError: still connecting');
    if (this.readyState !== OPEN) return; // the DOM drops what is sent on a closing or closed socket
    const { subscribe, unsubscribe } = subjectsOf(data);
    for (const subject of subscribe) this.subjects.add(subject);
    for (const subject of unsubscribe) this.subjects.delete(subject);
  }

  close(): void {
    if (this.readyState === CLOSED) return;
    this.shut();
    this.gateway.record('closed');
    queueMicrotask(() => this.onclose?.({ type: 'close', code: 1000, reason: '', wasClean: true }));
  }

  /** The server side went away: the page hears an unclean close. */
  drop(): void {
    if (this.readyState !== OPEN) return;
    this.shut();
    this.gateway.record('dropped');
    queueMicrotask(() => this.onclose?.({ type: 'close', code: 1006, reason: '', wasClean: false }));
  }

  private shut(): void {
    this.readyState = CLOSED;
    this.stopListening?.();
    this.stopListening = null;
  }
}

export class FakePushGateway {
  /** `new WebSocket(url)` for the page: a socket to this gateway. */
  readonly WebSocket: WebSocketClass;
  private readonly open = new Set<FakeWebSocket>();
  private refusingUntil = Number.NEGATIVE_INFINITY;
  private readonly watchers = new Set<(event: SocketEvent, time: number) => void>();

  constructor(private readonly options: PushGatewayOptions) {
    const gateway = this;
    this.WebSocket = class extends FakeWebSocket {
      constructor(url: string) {
        super(url, gateway);
      }
    };
  }

  /** Hears what every socket does, with the page's time; returns its removal. */
  watch(listener: (event: SocketEvent, time: number) => void): () => void {
    this.watchers.add(listener);
    return () => this.watchers.delete(listener);
  }

  refusing(): boolean {
    return this.options.online?.() === false || this.options.clock.now() < this.refusingUntil;
  }

  /** Drops every open socket, and refuses new ones for `refuseMs`. */
  drop(refuseMs = 0): void {
    this.refusingUntil = Math.max(this.refusingUntil, this.options.clock.now() + refuseMs);
    for (const socket of [...this.open]) socket.drop();
  }

  record(event: SocketEvent): void {
    for (const watcher of this.watchers) watcher(event, this.options.clock.now());
  }

  /** An open socket starts hearing the server's pushes on its subjects. */
  listen(socket: FakeWebSocket): () => void {
    this.open.add(socket);
    const { clock } = this.options;
    const stop = this.options.server().onPush(
      (message) => {
        if (!socket.wants(message.subject)) return;
        const fate = this.options.frameFate?.(message.subject) ?? DELIVER;
        const data = JSON.stringify(message);
        const deliver = () => socket.receive(data);
        const send =
          fate.kind === 'lose'
            ? () => this.drop(fate.refuseMs)
            : fate.kind === 'dup'
              ? () => {
                  deliver();
                  deliver();
                }
              : deliver;
        // The frame (or the drop) happens at the server's time, which may be ahead of the page's clock.
        const wait = Math.max(0, this.options.server().now() - clock.now()) + (fate.kind === 'delay' ? fate.ms : 0);
        if (wait === 0) queueMicrotask(send);
        else clock.setTimeout(send, wait);
      },
      { wants: (subject) => socket.wants(subject) },
    );
    return () => {
      this.open.delete(socket);
      stop();
    };
  }
}
