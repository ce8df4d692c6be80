// createFeedEngine: one list page on its own feed engine (machines/feed/engine-machine.ts), wired to
// one scoreboard and one feed client. The CLI and tests start a page this way; the browser opens its
// lists on the site root's `feedEngine` child instead (web/app/engine-session.ts).
//
//   const engine = createFeedEngine({ source, sport: 1 }).start();   // in-process FeedSource
//   const engine = createFeedEngine({ transport: httpTransport({ origin }), sport: 1, push, now }).start();
//   engine.scoreboard.subscribe(() => render(engine.scoreboard.snapshot()));
//   engine.send({ type: 'day.select', day: -1 });
//
// UI events (FeedEngineEvent): day.select, tab.select, myGames.changed, league.toggleCollapsed,
// page.visibility, page.online, reload (see machines/feed-cycle.ts).
import { type Actor, createActor } from 'xstate';
import type { FeedFetcher } from '../src/net/feed-call';
import { createFeedClient, type FeedClient } from '../src/net/feed-client';
import type { FeedPage } from '../src/net/feed-names';
import type { PageSignals } from '../src/net/page-signals';
import { type PushChannel, sourcePush } from './push-client';
import type { SysFeed } from '../src/net/sys-feed';
import { type FeedTransport, sourceTransport } from '../src/net/transport';
import type { FeedSource } from '../src/protocol/feed-source';
import type { EventComparator } from '../src/scoreboard/event-order';
import { createScoreboard, type Scoreboard } from '../src/scoreboard/store';
import type { ScoreboardLeague } from '../src/scoreboard/types';
import type { FeedTab, feedCycleMachine, FeedUiEvent, MyGamesNeed } from './feed-cycle';
import { scoreboardBoard } from './feed/board';
import { provideFeedEngine } from './feed/engine-effects';
import type { feedEngineMachine } from './feed/engine-machine';
import { type ApplyListener, feedListHandle } from './feed/list-handle';
import type { liveMarkerMachine } from './live-marker';

export { parsePushBody } from './feed/engine-effects';
export type { ApplyListener } from './feed/list-handle';

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
  /** Our clock, epoch ms; default clock.now(), or an in-process source's now(). */
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
  /** Replaces implementations of the provided engine (a test or the CLI's planted bugs); default none. */
  readonly alter?: (machine: FeedEngineMachine) => FeedEngineMachine;
}

/** The engine machine with a runtime's effects. */
export type FeedEngineMachine = ReturnType<typeof provideFeedEngine>;

/** Events the UI may send. */
export type FeedEngineEvent = FeedUiEvent;

export interface FeedEngine {
  /** The list's feed cycle. */
  readonly actor: Actor<typeof feedCycleMachine>;
  readonly liveMarker: Actor<typeof liveMarkerMachine>;
  /** The engine actor that runs and coordinates them. */
  readonly root: Actor<typeof feedEngineMachine>;
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

/** The list's id in its engine. */
const LIST = 'list';

/** Our clock: the one given, else the XState clock's, else an in-process source's (it shares ours). */
function ourClock(options: FeedEngineOptions): () => number {
  if (options.now) return options.now;
  const { clock, source } = options;
  if (clock?.now) return () => clock.now!();
  if (source) return () => source.now();
  throw new Error('createFeedEngine needs `now`, a clock with now() or an in-process source');
}

export function createFeedEngine(options: FeedEngineOptions): FeedEngine {
  const now = ourClock(options);
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

  const scoreboard = createScoreboard({
    now,
    serverNow,
    compareEvents: options.compareEvents,
    isTopLeague: options.isTopLeague,
    collapsedCookie: options.collapsedCookie?.read() ?? null,
  });
  const board = scoreboardBoard(scoreboard, {
    timezoneHour: options.page?.timezoneHour,
    collapsedCookie: options.collapsedCookie,
    onSys: options.onSys,
    onLiveTabReload: options.onLiveTabReload,
  });

  const provided = provideFeedEngine({
    fetchFeed: fetcher,
    subscribePush: push ? (subjects, onMessage, onStatus) => push.subscribe(subjects, onMessage, onStatus) : null,
    logProblem: log,
    random: options.random,
    pageSignals: options.pageSignals,
  });
  const machine = options.alter ? options.alter(provided) : provided;
  const root = createActor(machine, {
    // XState takes `clock: undefined` as a clock without timers; left out, it uses the global ones.
    ...(options.clock ? { clock: options.clock as never } : {}),
    input: {
      online: options.pageSignals?.current.online,
      visible: options.pageSignals?.current.visible,
      lists: [
        {
          id: LIST,
          sport: options.sport,
          day: options.day,
          tab: options.tab,
          myGames: options.myGames,
          push: push !== null,
          now,
          board,
          keepLiveMs: options.keepLiveMs,
        },
      ],
    },
  });
  // The list's actors exist from the engine's creation, so callers may subscribe before start.
  const list = feedListHandle(root, LIST);

  const engine: FeedEngine = {
    actor: list.cycle,
    liveMarker: list.liveMarker,
    root,
    scoreboard,
    client,
    serverNow,
    send: list.send,
    watchApplies: list.watchApplies,
    start() {
      root.subscribe({ error: (error) => log(`feed engine stopped: ${String(error)}`) });
      root.start();
      return engine;
    },
    stop() {
      root.stop();
    },
  };
  return engine;
}
