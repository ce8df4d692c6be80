// One client's network under faults: a feed transport and a push channel over the current server
// (a FeedSource that a restart replaces). Every delay runs on the client's simulated clock, so a
// delayed answer arrives at a virtual time, and the same seed gives the same run.
import type { PushChannel, PushStatus } from '../../machines/push-client';
import type { FeedTransport } from '../../src/net/transport';
import type { FeedRequest, FeedResponse, FeedSource, PushMessage } from '../../src/protocol/feed-source';
import { type FaultCounter, type FaultKind, type FaultRates, pickResponseFault } from './faults';
import type { Random } from './rng';

export interface NetworkClock {
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

const MAX_DELAY_MS = 20_000;
const MIN_DELAY_MS = 1_000;
/** A held (reordered) response is released at the latest after this long, below the 30 s timeout (A9-2). */
const MAX_HOLD_MS = 15_000;
const RECONNECT_MIN_MS = 1_000;
const RECONNECT_SPAN_MS = 4_000;
const SERVICE_UNAVAILABLE: FeedResponse = Object.freeze({
  status: 503,
  headers: Object.freeze({ 'content-type': 'text/plain; charset=utf-8' }),
  body: '',
});

interface Subscription {
  readonly subjects: ReadonlySet<string>;
  readonly onMessage: (message: PushMessage) => void;
  readonly onStatus?: (status: PushStatus) => void;
  stop: (() => void) | null;
  stopped: boolean;
}

export class ClientNetwork {
  readonly transport: FeedTransport;
  readonly push: PushChannel;
  private online = true;
  private readonly armed: FaultKind[] = [];
  private readonly held: (() => void)[] = [];
  /** Stale copies to serve to the next request of a feed (dup). */
  private readonly stale = new Map<string, FeedResponse>();
  private readonly subscriptions = new Set<Subscription>();

  constructor(private readonly options: ClientNetworkOptions) {
    this.transport = (request) => this.fetch(request);
    this.push = { subscribe: (subjects, onMessage, onStatus) => this.subscribe(subjects, onMessage, onStatus) };
  }

  /** Arms a fault for the next response (or push message, for pushloss) regardless of rates. */
  arm(kind: FaultKind): void {
    this.armed.push(kind);
  }

  get isOnline(): boolean {
    return this.online;
  }

  /** Offline: requests fail at once and push is down; online again: push reconnects. */
  setOnline(online: boolean): void {
    if (online === this.online) return;
    this.online = online;
    for (const sub of this.subscriptions) {
      if (online) this.connect(sub);
      else this.disconnect(sub);
    }
  }

  /** The server restarted: push connections drop and reconnect to the new process a little later. */
  serverRestarted(): void {
    for (const sub of this.subscriptions) {
      this.disconnect(sub);
      this.options.clock.setTimeout(
        () => {
          if (this.online && !sub.stopped && sub.stop === null) this.connect(sub);
        },
        RECONNECT_MIN_MS + Math.floor(this.options.random() * RECONNECT_SPAN_MS),
      );
    }
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

  private async fetch(request: FeedRequest): Promise<FeedResponse> {
    if (!this.online) throw new Error('offline');
    const stale = this.stale.get(request.feed);
    if (stale) this.stale.delete(request.feed);
    // Rendered now, whatever happens to it on the way.
    const response = stale ?? (await this.options.server().fetch(request));
    const fault = this.responseFault();
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

  private subscribe(
    subjects: readonly string[],
    onMessage: (message: PushMessage) => void,
    onStatus?: (status: PushStatus) => void,
  ): () => void {
    const sub: Subscription = { subjects: new Set(subjects), onMessage, onStatus, stop: null, stopped: false };
    this.subscriptions.add(sub);
    if (this.online) this.connect(sub);
    else queueMicrotask(() => !sub.stopped && sub.onStatus?.('closed'));
    return () => {
      sub.stopped = true;
      sub.stop?.();
      sub.stop = null;
      this.subscriptions.delete(sub);
    };
  }

  private connect(sub: Subscription): void {
    if (sub.stopped || sub.stop) return;
    sub.stop = this.options.server().onPush(
      (message) => {
        if (!sub.stopped && sub.subjects.has(message.subject)) this.deliverPush(sub, message);
      },
      { wants: (subject) => sub.subjects.has(subject) },
    );
    queueMicrotask(() => {
      if (!sub.stopped && sub.stop) sub.onStatus?.('open');
    });
  }

  private disconnect(sub: Subscription): void {
    if (!sub.stop) return;
    sub.stop();
    sub.stop = null;
    if (!sub.stopped) sub.onStatus?.('closed');
  }

  private deliverPush(sub: Subscription, message: PushMessage): void {
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
    if (fault) this.inject(fault, message.subject);
    const send = () => {
      if (!sub.stopped && sub.stop) sub.onMessage(message);
    };
    switch (fault) {
      case 'pushloss':
        return;
      case 'dup':
        send();
        send();
        break;
      case 'delay':
        this.options.clock.setTimeout(send, this.delayMs());
        return;
      default:
        send();
    }
    this.releaseHeldSoon();
  }
}
