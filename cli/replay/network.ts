// One client's network under faults, below the site's own network code: a fake `fetch` (fake-fetch.ts) and a
// fake WebSocket gateway (fake-websocket.ts) over the current server (a FeedSource that a restart replaces).
// The page's feed clients, feed requests, push connection and server clock (machines/site-network.ts) run on
// them unchanged, so a lost answer times out in the real feed request (A9-2) and a lost connection reconnects
// on the real push back-off (S8-3). Every delay runs on the client's simulated clock, so a delayed answer
// arrives at a virtual time, and the same seed gives the same run.
import type { FetchLike } from '../../src/net/transport';
import type { WebSocketClass } from '../../machines/site-network';
import type { FeedRequest, FeedResponse, FeedSource } from '../../src/protocol/feed-source';
import { fakeFetch } from './fake-fetch';
import { FakePushGateway, type FrameFate, type SocketEvent } from './fake-websocket';
import { type FaultCounter, type FaultKind, type FaultRates, pickResponseFault } from './faults';
import type { Random } from './rng';

export interface NetworkClock {
  now(): number;
  setTimeout(fn: (...args: unknown[]) => void, timeout: number): unknown;
}

export interface FaultSwitch {
  /** Random faults on or off (the final sync runs without). */
  enabled: boolean;
  readonly rates: FaultRates;
}

export interface ClientNetworkOptions {
  readonly server: () => FeedSource;
  readonly clock: NetworkClock;
  readonly random: Random;
  readonly faults: FaultSwitch;
  readonly counter: FaultCounter;
  /** Called when a fault is injected (for the trace and the report). */
  readonly onFault?: (kind: FaultKind, what: string) => void;
}

/** What the network saw, for tests and traces: each feed request with its fault, each socket event. */
export interface NetworkWatcher {
  readonly request?: (feed: string, time: number, fault: FaultKind | null) => void;
  readonly socket?: (event: SocketEvent, time: number) => void;
}

const MAX_DELAY_MS = 20_000;
const MIN_DELAY_MS = 1_000;
/** A held (reordered) response is released at the latest after this long, below the 30 s timeout (A9-2). */
const MAX_HOLD_MS = 15_000;
/** A lost push connection: the gateway refuses new sockets for up to this long. */
const MAX_PUSH_OUTAGE_MS = 10_000;
/** A restarting server takes 1–5 s before it takes sockets again. */
const RESTART_MIN_MS = 1_000;
const RESTART_SPAN_MS = 4_000;
const SERVICE_UNAVAILABLE: FeedResponse = Object.freeze({
  status: 503,
  headers: Object.freeze({ 'content-type': 'text/plain; charset=utf-8' }),
  body: '',
});

export class ClientNetwork {
  /** The page's `fetch`. */
  readonly fetch: FetchLike;
  /** The page's `WebSocket` class. */
  readonly WebSocket: WebSocketClass;
  private readonly gateway: FakePushGateway;
  private online = true;
  private readonly armed: FaultKind[] = [];
  private readonly held: (() => void)[] = [];
  /** Stale copies to serve to the next request of a feed (dup). */
  private readonly stale = new Map<string, FeedResponse>();
  private readonly watchers = new Set<NetworkWatcher>();

  constructor(private readonly options: ClientNetworkOptions) {
    this.fetch = fakeFetch({ answer: (request) => this.answer(request), serverNow: () => options.server().now() });
    this.gateway = new FakePushGateway({
      server: options.server,
      clock: options.clock,
      frameFate: (subject) => this.frameFate(subject),
      online: () => this.online,
    });
    this.WebSocket = this.gateway.WebSocket;
    this.gateway.watch((event, time) => {
      for (const watcher of this.watchers) watcher.socket?.(event, time);
    });
  }

  /** Hears every feed request and socket event; returns its removal. */
  watch(watcher: NetworkWatcher): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  /** Arms a fault for the next response (or push message, for pushloss) regardless of rates. */
  arm(kind: FaultKind): void {
    this.armed.push(kind);
  }

  /** Drops the armed faults that have not fired yet (the final fault-free sync). */
  disarm(): void {
    this.armed.length = 0;
  }

  get isOnline(): boolean {
    return this.online;
  }

  /** Offline: requests fail at once and sockets drop and are refused; online again: push reconnects on its back-off. */
  setOnline(online: boolean): void {
    if (online === this.online) return;
    this.online = online;
    if (!online) this.gateway.drop();
  }

  /** The server restarted: its sockets drop, and the new process takes sockets 1–5 s later. */
  serverRestarted(): void {
    this.gateway.drop(RESTART_MIN_MS + Math.floor(this.options.random() * RESTART_SPAN_MS));
  }

  /** Releases every held (reordered) response now. */
  releaseHeld(): void {
    const held = this.held.splice(0);
    for (const release of held) release();
  }

  private inject(kind: FaultKind, what: string): void {
    this.options.counter.add(kind);
    this.options.onFault?.(kind, what);
  }

  private takeArmed(kinds: readonly FaultKind[]): FaultKind | null {
    const index = this.armed.findIndex((k) => kinds.includes(k));
    if (index < 0) return null;
    return this.armed.splice(index, 1)[0] ?? null;
  }

  private responseFault(): FaultKind | null {
    const armed = this.takeArmed(['drop', 'error', 'dup', 'delay', 'reorder']);
    if (armed) return armed;
    if (!this.options.faults.enabled) return null;
    return pickResponseFault(this.options.faults.rates, this.options.random());
  }

  private delayMs(): number {
    return MIN_DELAY_MS + Math.floor(this.options.random() * (MAX_DELAY_MS - MIN_DELAY_MS));
  }

  /** The server's answer to one request as it reaches the page, faults applied. */
  private async answer(request: FeedRequest): Promise<FeedResponse> {
    if (!this.online) {
      this.told(request.feed, null);
      throw new TypeError('Failed to fetch'); // what the browser's fetch says offline
    }
    const stale = this.stale.get(request.feed);
    if (stale) this.stale.delete(request.feed);
    // Rendered now, whatever happens to it on the way.
    const response = stale ?? (await this.options.server().fetch(request));
    const fault = this.responseFault();
    this.told(request.feed, fault);
    if (fault === null) {
      this.releaseHeldSoon();
      return response;
    }
    this.inject(fault, request.feed);
    switch (fault) {
      case 'drop':
        return new Promise<FeedResponse>(() => {}); // lost: the request times out (A9-2)
      case 'error':
        this.releaseHeldSoon();
        return SERVICE_UNAVAILABLE;
      case 'dup':
        this.stale.set(request.feed, response);
        this.releaseHeldSoon();
        return response;
      case 'delay':
        return new Promise((resolve) => this.options.clock.setTimeout(() => resolve(response), this.delayMs()));
      default:
        return new Promise((resolve) => this.hold(() => resolve(response)));
    }
  }

  private told(feed: string, fault: FaultKind | null): void {
    if (this.watchers.size === 0) return;
    const time = this.options.clock.now();
    for (const watcher of this.watchers) watcher.request?.(feed, time, fault);
  }

  /** Holds a delivery until something newer arrives, or MAX_HOLD_MS at most. */
  private hold(deliver: () => void): void {
    let done = false;
    const release = () => {
      if (done) return;
      done = true;
      deliver();
    };
    this.held.push(release);
    this.options.clock.setTimeout(release, MAX_HOLD_MS);
  }

  /** Held responses go after the current delivery, so they arrive out of order. */
  private releaseHeldSoon(): void {
    if (this.held.length === 0) return;
    const held = this.held.splice(0);
    queueMicrotask(() => {
      queueMicrotask(() => {
        for (const release of held) release();
      });
    });
  }

  /** A push frame's fault: pushloss drops the connection (the frame with it), dup and delay act on the frame. */
  private frameFate(subject: string): FrameFate {
    const { faults, random } = this.options;
    let fault = this.takeArmed(['pushloss']);
    if (!fault && faults.enabled) {
      const draw = random();
      const loss = faults.rates.pushloss ?? 0;
      const dup = faults.rates.dup ?? 0;
      const delay = faults.rates.delay ?? 0;
      if (draw < loss) fault = 'pushloss';
      else if (draw < loss + dup) fault = 'dup';
      else if (draw < loss + dup + delay) fault = 'delay';
    }
    if (fault) this.inject(fault, subject);
    switch (fault) {
      case 'pushloss':
        return { kind: 'lose', refuseMs: Math.floor(random() * MAX_PUSH_OUTAGE_MS) };
      case 'dup':
        this.releaseHeldSoon();
        return { kind: 'dup' };
      case 'delay':
        return { kind: 'delay', ms: this.delayMs() };
      default:
        this.releaseHeldSoon();
        return { kind: 'deliver' };
    }
  }
}
