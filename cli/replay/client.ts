// One simulated visitor: the site's feed engine (feed cycle with its feed requests, live marker and
// scoreboard) for one sport, on its own SimulatedClock, with the browser's network code (machines/site-network.ts:
// feed clients, server clock, the push connection's socket) over its own faulty network (network.ts: a fake
// fetch and WebSocket), and one push connection (machines/push-connection.ts) shared as the site's is.
import { type Actor, createActor, SimulatedClock } from 'xstate';
import { createFeedEngine, type FeedEngine } from '../../machines/feed-engine';
import type { FeedTab } from '../../machines/feed-cycle';
import { pushChannelOf } from '../../machines/push-client';
import { pushConnectionMachine } from '../../machines/push-connection';
import { createSiteNetwork } from '../../machines/site-network';
import type { FeedFetcher } from '../../src/net/feed-call';
import { type FeedPage, feedNameFor } from '../../src/net/feed-names';
import type { FeedSource } from '../../src/protocol/feed-source';
import type { ListFeed } from '../../src/protocol/list-feed-types';
import type { ScoreboardEvent } from '../../src/scoreboard/types';
import { bugMachine, type InjectableBug, injectBug } from './bugs';
import type { FaultCounter } from './faults';
import type { InvariantViolation } from './invariants';
import { REPLAY_ORIGIN } from './fake-fetch';
import { ClientNetwork, type FaultSwitch } from './network';
import { ScoreboardObserver } from './observer';
import type { Random } from './rng';
import type { TraceEntry } from './trace';
import { traceStates, traceTexts } from './trace';

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

/** The push gateway's address on the replayed network. */
export const REPLAY_PUSH_URL = 'ws://replay.invalid/push';

export class ReplayClient {
  readonly sport: number;
  readonly clock = new SimulatedClock();
  readonly network: ClientNetwork;
  /** The page's push connection (the site's 'push' child in the browser). */
  readonly push: Actor<typeof pushConnectionMachine>;
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
      // The trace lists the faults that hit this client's feeds (its sport's matches).
      onFault: options.trace
        ? (kind, what) =>
            options.trace!({ time: now(), sport: options.sport, feed: what, changed: {}, clock: '', fault: kind })
        : undefined,
    });
    const site = createSiteNetwork({
      fetch: this.network.fetch,
      WebSocket: this.network.WebSocket,
      origin: () => REPLAY_ORIGIN,
      now,
      timezoneHour: () => options.page.timezoneHour,
      page: options.page,
    });
    this.push = createActor(pushConnectionMachine.provide({ actors: { socket: site.pushSocket } }), {
      clock: this.clock,
      input: { url: REPLAY_PUSH_URL },
    });
    const names = new WeakMap<ListFeed, string>();
    const fetcher: FeedFetcher = async (call) => {
      const answer = await site.fetchFeed(call);
      if (answer.feed) names.set(answer.feed, feedNameFor(call, options.page));
      return answer;
    };
    // The engine's server time is what the list feeds' Date headers taught (S7-21), as in the browser.
    const pageServer: FeedSource = {
      fetch: () => Promise.reject(new Error('feeds go through the site network')),
      onPush: () => () => {},
      now: () => site.serverNow(),
    };
    this.engine = createFeedEngine({
      source: pageServer,
      fetcher,
      push: pushChannelOf(this.push),
      sport: options.sport,
      day: options.day,
      page: options.page,
      clock: this.clock,
      now,
      random: options.random,
      alter: bugMachine(options.bug),
    });
    if (options.bug) injectBug(this.engine.scoreboard, options.bug);
    // The version of the feed being applied, for its trace entry (the observer reads it just before).
    let appliedVersion: number | null = null;
    this.observer = new ScoreboardObserver(this.engine.scoreboard, {
      sport: options.sport,
      now,
      renderVersion: (feed) => {
        appliedVersion = options.renderVersion(options.sport, feed);
        return appliedVersion;
      },
      feedName: (feed) => names.get(feed) ?? null,
      corrected: options.corrected,
      report: options.report,
      traceId: options.traceId,
      trace: options.trace
        ? ({ event, ...entry }) =>
            options.trace!({
              ...entry,
              ...traceTexts(event, options.server().now()),
              feedVersion: entry.feed.startsWith('live mark') ? null : appliedVersion,
              states: traceStates({
                feedCycle: this.engine.actor,
                liveMarker: this.engine.liveMarker,
                push: this.push,
              }),
            })
        : undefined,
    });
    const applyFull = this.engine.scoreboard.applyFull;
    (this.engine.scoreboard as { applyFull: typeof applyFull }).applyFull = (feed, opts) => {
      this.lastFullAt = now();
      return applyFull(feed, opts);
    };
  }

  start(): this {
    this.push.start();
    this.engine.start();
    return this;
  }

  stop(): void {
    this.engine.stop();
    this.push.stop();
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
