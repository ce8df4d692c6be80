// One simulated visitor: the site's feed engine (feed cycle with its feed requests, live marker and
// scoreboard) for one sport, on its own SimulatedClock and its own faulty network.
import { SimulatedClock } from 'xstate';
import { createFeedEngine, type FeedEngine } from '../../machines/feed-engine';
import type { FeedTab } from '../../machines/feed-cycle';
import type { FeedFetcher } from '../../src/net/feed-call';
import { createFeedClient } from '../../src/net/feed-client';
import { type FeedPage, feedNameFor } from '../../src/net/feed-names';
import type { FeedSource } from '../../src/protocol/feed-source';
import type { ListFeed } from '../../src/protocol/list-feed-types';
import type { ScoreboardEvent } from '../../src/scoreboard/types';
import { bugMachine, type InjectableBug, injectBug } from './bugs';
import type { FaultCounter } from './faults';
import type { InvariantViolation } from './invariants';
import { ClientNetwork, type FaultSwitch } from './network';
import { ScoreboardObserver } from './observer';
import type { Random } from './rng';
import type { TraceEntry } from './trace';
import { eventClockText } from './invariants';

export interface ReplayClientOptions {
  readonly sport: number;
  readonly day: number;
  readonly page: FeedPage;
  readonly start: number;
  /** The server now (a restart replaces it). */
  readonly server: () => FeedSource;
  readonly random: Random;
  readonly faults: FaultSwitch;
  readonly counter: FaultCounter;
  readonly renderVersion: (sport: number, feed: ListFeed) => number | null;
  readonly corrected: (matchId: string, version: number | null) => boolean;
  readonly report: (violation: InvariantViolation) => void;
  readonly traceId?: string;
  readonly trace?: (entry: TraceEntry) => void;
  readonly bug?: InjectableBug | null;
}

export class ReplayClient {
  readonly sport: number;
  readonly clock = new SimulatedClock();
  readonly network: ClientNetwork;
  readonly engine: FeedEngine;
  readonly observer: ScoreboardObserver;
  /** Virtual time of the last full feed applied: the "today" of the day shown. */
  lastFullAt: number;
  private visible = true;

  constructor(readonly options: ReplayClientOptions) {
    this.sport = options.sport;
    this.clock.set(options.start);
    this.lastFullAt = options.start;
    const now = () => this.clock.now();
    this.network = new ClientNetwork({
      server: options.server,
      clock: this.clock,
      random: options.random,
      faults: options.faults,
      counter: options.counter,
    });
    const feedClient = createFeedClient({ transport: this.network.transport, page: options.page, now });
    const names = new WeakMap<ListFeed, string>();
    const fetcher: FeedFetcher = async (call) => {
      const answer = await feedClient.fetch(call);
      if (answer.feed) names.set(answer.feed, feedNameFor(call, options.page));
      return answer;
    };
    // Server time is the world's (or the capture's) virtual time.
    const serverView: FeedSource = {
      fetch: (request) => options.server().fetch(request),
      onPush: () => () => {},
      now: () => options.server().now(),
    };
    this.engine = createFeedEngine({
      source: serverView,
      fetcher,
      push: this.network.push,
      sport: options.sport,
      day: options.day,
      page: options.page,
      clock: this.clock,
      now,
      random: options.random,
      alter: bugMachine(options.bug),
    });
    if (options.bug) injectBug(this.engine.scoreboard, options.bug);
    this.observer = new ScoreboardObserver(this.engine.scoreboard, {
      sport: options.sport,
      now,
      renderVersion: (feed) => options.renderVersion(options.sport, feed),
      feedName: (feed) => names.get(feed) ?? null,
      corrected: options.corrected,
      report: options.report,
      traceId: options.traceId,
      trace: options.trace
        ? ({ event, ...entry }) =>
            options.trace!({ ...entry, clock: event ? eventClockText(event, serverView.now()) : '' })
        : undefined,
    });
    const applyFull = this.engine.scoreboard.applyFull;
    (this.engine.scoreboard as { applyFull: typeof applyFull }).applyFull = (feed, opts) => {
      this.lastFullAt = now();
      return applyFull(feed, opts);
    };
  }

  start(): this {
    this.engine.start();
    return this;
  }

  stop(): void {
    this.engine.stop();
  }

  get day(): number {
    return this.engine.actor.getSnapshot().context.day;
  }

  get tab(): FeedTab {
    return this.engine.actor.getSnapshot().context.tab;
  }

  get myGamesIds(): readonly string[] {
    return this.engine.actor.getSnapshot().context.myGames.ids;
  }

  /** Events of the scope shown. */
  shownEvents(): ReadonlyMap<string, ScoreboardEvent> {
    return this.engine.scoreboard.snapshot().events;
  }

  setOnline(online: boolean): void {
    this.network.setOnline(online);
    this.engine.send({ type: 'page.online', online });
  }

  setVisible(visible: boolean): void {
    this.visible = visible;
    this.engine.send({ type: 'page.visibility', visible });
  }

  get isVisible(): boolean {
    return this.visible;
  }
}
