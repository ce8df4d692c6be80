// The feed engine: the feed cycle, its feed-request children and the live marker wired to one
// scoreboard and one feed client. The browser, the CLI and tests all start the page this way.
//
//   const engine = createFeedEngine({ source, sport: 1 }).start();   // in-process FeedSource
//   const engine = createFeedEngine({ transport: httpTransport({ origin }), sport: 1, push }).start();
//   engine.scoreboard.subscribe(() => render(engine.scoreboard.snapshot()));
//   engine.send({ type: 'day.select', day: -1 });
//
// UI events (FeedEngineEvent): day.select, tab.select, myGames.changed, league.toggleCollapsed,
// page.visibility, page.online, reload (see machines/feed-cycle.ts).
import { type Actor, createActor, fromCallback, fromPromise } from 'xstate';
import type { FeedAnswer, FeedCall, FeedFetcher } from '../src/net/feed-call';
import { createFeedClient, type FeedClient, isFailedParse } from '../src/net/feed-client';
import type { FeedPage } from '../src/net/feed-names';
import type { PageSignals } from '../src/net/page-signals';
import { type PushChannel, sourcePush } from '../src/net/push-client';
import type { SysFeed } from '../src/net/sys-feed';
import { type FeedTransport, sourceTransport } from '../src/net/transport';
import type { FeedSource } from '../src/protocol/feed-source';
import { parseListFeed } from '../src/protocol/list-feed';
import type { ListFeed } from '../src/protocol/list-feed-types';
import type { EventComparator } from '../src/scoreboard/event-order';
import { type ApplyResult, createScoreboard, type FieldChange, type Scoreboard } from '../src/scoreboard/store';
import type { ScoreboardLeague } from '../src/scoreboard/types';
import {
  type FeedCycleEvent,
  type FeedTab,
  feedCycleMachine,
  type MyGamesNeed,
  HIGHLIGHT_TICK_MS,
  PARSE_RETRY_MIN_MS,
  PARSE_RETRY_SPAN_MS,
} from './feed-cycle';
import { feedRequestMachine } from './feed-request';
import { type LiveMarkerEvent, liveMarkerMachine } from './live-marker';

/** XState's clock: SimulatedClock in tests and the CLI. */
export interface EngineClock {
  setTimeout(fn: (...args: unknown[]) => void, timeout: number): unknown;
  clearTimeout(id: unknown): void;
  now?(): number;
}

export interface FeedEngineOptions {
  /** In-process source (CLI, tests): feeds through sourceTransport, push through source.onPush. */
  readonly source?: FeedSource;
  /** Or a transport (HTTP). */
  readonly transport?: FeedTransport;
  /** Or a ready fetcher (replaces the feed client entirely). */
  readonly fetcher?: FeedFetcher;
  readonly sport: number;
  readonly day?: number;
  readonly tab?: FeedTab;
  readonly page?: FeedPage;
  readonly clock?: EngineClock;
  /** Our clock, epoch ms; default clock.now() or Date.now(). */
  readonly now?: () => number;
  /** Push channel; default sourcePush(source) when a source is given; null for none. */
  readonly push?: PushChannel | null;
  /** Random source for the S4-5 retry delay. */
  readonly random?: () => number;
  readonly collapsedCookie?: { read(): string | null; write(value: string): void };
  readonly keepLiveMs?: number;
  readonly myGames?: { readonly needs: readonly MyGamesNeed[]; readonly ids: readonly string[] };
  readonly pageSignals?: PageSignals;
  readonly compareEvents?: EventComparator;
  readonly isTopLeague?: (league: ScoreboardLeague) => boolean;
  readonly onSys?: (sys: SysFeed) => void;
  readonly onLiveTabReload?: () => void;
  readonly log?: (message: string) => void;
}

/** Events the UI may send. */
export type FeedEngineEvent = Extract<
  FeedCycleEvent,
  {
    type:
      | 'day.select'
      | 'tab.select'
      | 'myGames.changed'
      | 'league.toggleCollapsed'
      | 'page.online'
      | 'page.visibility'
      | 'reload';
  }
>;

/**
 * Hears the shown events an update or repair feed changed, with their fields before and after (live
 * sounds compare them). Called from inside the engine's step: do the work later. Full feeds are
 * not reported.
 */
export type ApplyListener = (changes: readonly FieldChange[]) => void;

export interface FeedEngine {
  readonly actor: Actor<typeof feedCycleMachine>;
  readonly liveMarker: Actor<typeof liveMarkerMachine>;
  readonly scoreboard: Scoreboard;
  /** The feed client (null when a fetcher was given). */
  readonly client: FeedClient | null;
  /** Server time, epoch ms. */
  serverNow(): number;
  send(event: FeedEngineEvent): void;
  /** Adds a listener of what update and repair feeds change; returns its removal. */
  watchApplies(listener: ApplyListener): () => void;
  start(): FeedEngine;
  stop(): void;
}

/** A push body as an update feed; null when it does not parse (S8-2: logged only). */
export function parsePushBody(body: string): ListFeed | null {
  const feed = parseListFeed(body);
  return isFailedParse(feed) ? null : feed;
}

export function createFeedEngine(options: FeedEngineOptions): FeedEngine {
  const clock = options.clock;
  const now = options.now ?? (clock?.now ? () => clock.now!() : Date.now);
  const log = options.log ?? (() => {});
  let client: FeedClient | null = null;
  let fetcher: FeedFetcher;
  if (options.fetcher) fetcher = options.fetcher;
  else {
    const transport = options.transport ?? (options.source ? sourceTransport(options.source) : null);
    if (!transport) throw new Error('createFeedEngine needs a source, a transport or a fetcher');
    client = createFeedClient({ transport, page: options.page, now });
    fetcher = client.fetch;
  }
  const source = options.source;
  const serverNow = source ? () => source.now() : client ? () => client!.serverClock.now() : now;
  const push = options.push === undefined ? (source ? sourcePush(source) : null) : options.push;
  const random = options.random ?? Math.random;
  // XState takes `clock: undefined` as a clock without timers; left out, it uses the global ones.
  const clockOption = clock ? { clock: clock as never } : {};

  const scoreboard = createScoreboard({
    now,
    serverNow,
    compareEvents: options.compareEvents,
    isTopLeague: options.isTopLeague,
    collapsedCookie: options.collapsedCookie?.read() ?? null,
  });

  const liveMarker = createActor(
    liveMarkerMachine.provide({
      actions: {
        clearLive: (_, params) => {
          scoreboard.clearLiveMark(params.id);
        },
        refreshViews: () => scoreboard.touch(),
        reloadLiveTab: () => options.onLiveTabReload?.(),
      },
    }),
    {
      ...clockOption,
      input: { keepLiveMs: options.keepLiveMs, liveTabShown: options.tab === 'live' },
    },
  );

  // Events for the live marker are queued inside cycle actions and sent once the cycle's step is
  // done: an actor must not run another actor's transitions from inside its own actions.
  const forLiveMarker: LiveMarkerEvent[] = [];
  // S9-4: the cycle's highlights region waits for the first highlight's end. After a step that
  // applied a feed (or let the region rest), a highlight ending before that wait wakes it.
  let highlightWaitEndsAt = Number.POSITIVE_INFINITY;
  let highlightsMayMove = false;
  const forwardStages = (result: ApplyResult) => {
    highlightsMayMove = true;
    for (const change of result.stageChanges) forLiveMarker.push({ type: 'event.stageChanged', ...change });
  };
  const afterStep = () => {
    while (forLiveMarker.length > 0) liveMarker.send(forLiveMarker.shift()!);
    if (!highlightsMayMove) return;
    highlightsMayMove = false;
    if (scoreboard.nextHighlightEnd() < highlightWaitEndsAt) actor.send({ type: 'highlights.due' });
  };

  const applyListeners = new Set<ApplyListener>();
  /** Applies an update or repair feed and tells the listeners what it changed. */
  const applyWatched = (result: ApplyResult) => {
    forwardStages(result);
    if (result.fieldChanges.length === 0) return;
    for (const listener of applyListeners) listener(result.fieldChanges);
  };

  const machine = feedCycleMachine.provide({
    actors: {
      feedRequest: feedRequestMachine.provide({
        actors: { fetchFeed: fromPromise<FeedAnswer, FeedCall>(({ input }) => fetcher(input)) },
      }),
      pushSubscription: fromCallback<FeedCycleEvent, { subjects: readonly string[] }>(({ sendBack, input }) => {
        if (!push) {
          sendBack({ type: 'push.failed' });
          return () => {};
        }
        return push.subscribe(
          input.subjects,
          (message) => sendBack({ type: 'push.message', subject: message.subject, feed: parsePushBody(message.body) }),
          (status) =>
            sendBack({ type: status === 'open' ? 'push.open' : status === 'closed' ? 'push.closed' : 'push.failed' }),
        );
      }),
    },
    actions: {
      applyFull: (_, params) => {
        const ids = params.include ? new Set(params.include) : null;
        forwardStages(
          scoreboard.applyFull(params.feed, {
            scope: params.scope,
            day: params.day,
            timezoneHour: options.page?.timezoneHour,
            merge: params.merge,
            include: ids
              ? (event) => ids.has(event.id) || (event.leagueId !== null && ids.has(event.leagueId))
              : undefined,
          }),
        );
      },
      applyRepair: (_, params) => applyWatched(scoreboard.applyRepair(params.feed)),
      applyUpdate: (_, params) => applyWatched(scoreboard.applyUpdate(params.feed)),
      applyOdds: (_, params) => forwardStages(scoreboard.applyOdds(params.feed)),
      applySys: (_, params) => options.onSys?.(params.sys),
      showScope: (_, params) => scoreboard.setScope(params.scope),
      toggleCollapsed: (_, params) => {
        const value = scoreboard.toggleCollapsed(params.leagueId);
        options.collapsedCookie?.write(value);
      },
      expireHighlights: () => {
        scoreboard.expireHighlights();
      },
      highlightsResting: () => {
        highlightWaitEndsAt = Number.POSITIVE_INFINITY;
        highlightsMayMove = true;
      },
      tabShown: (_, params) => {
        forLiveMarker.push({ type: 'tab.shown', live: params.tab === 'live' });
      },
      logProblem: (_, params) => log(params.message),
    },
    guards: {
      highlightsPending: () => scoreboard.hasHighlights(),
    },
    delays: {
      highlightEnd: () => {
        const end = scoreboard.nextHighlightEnd();
        const wait = Number.isFinite(end) ? Math.max(0, end - now()) : HIGHLIGHT_TICK_MS;
        highlightWaitEndsAt = now() + wait;
        return wait;
      },
      parseRetry: () => PARSE_RETRY_MIN_MS + random() * PARSE_RETRY_SPAN_MS, // S4-5
    },
  });

  const actor = createActor(machine, {
    ...clockOption,
    input: {
      sport: options.sport,
      day: options.day,
      tab: options.tab,
      push: push !== null,
      myGames: options.myGames,
      online: options.pageSignals?.current.online,
      visible: options.pageSignals?.current.visible,
      now,
    },
  });

  let unsubscribePage: (() => void) | null = null;
  const engine: FeedEngine = {
    actor,
    liveMarker,
    scoreboard,
    client,
    serverNow,
    send: (event) => actor.send(event),
    watchApplies(listener) {
      applyListeners.add(listener);
      scoreboard.collectFieldChanges(true);
      return () => {
        applyListeners.delete(listener);
        scoreboard.collectFieldChanges(applyListeners.size > 0);
      };
    },
    start() {
      liveMarker.start();
      actor.subscribe({ next: afterStep, error: (error) => log(`feed cycle stopped: ${String(error)}`) });
      actor.start();
      if (options.pageSignals && !unsubscribePage) {
        let last = options.pageSignals.current;
        unsubscribePage = options.pageSignals.subscribe((state) => {
          if (state.online !== last.online) actor.send({ type: 'page.online', online: state.online });
          if (state.visible !== last.visible) actor.send({ type: 'page.visibility', visible: state.visible });
          last = state;
        });
      }
      return engine;
    },
    stop() {
      unsubscribePage?.();
      unsubscribePage = null;
      actor.stop();
      liveMarker.stop();
    },
  };
  return engine;
}
