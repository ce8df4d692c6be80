// Match detail (S2-33…S2-35, S7-15, S7-23, S9-4, protocol.md §4.2): the open match page's data. It loads the
// event core (dc_, which also names the sport and the teams) and the open tab's detail feed, then polls the
// version hashes (g_) every 5 s (S9-4 game sync). The core is fetched again when CA moves, the open tab when
// its own hash moves; a push message on games_kk_<id> (S7-23) polls at once.
//
//   core:  loading ──answer──▶ idle ──core.reload──▶ loading
//   tab:   loading ──answer──▶ idle ──tab.reload──▶ loading;   tab.select (another tab) ──▶ loading
//   sync:  starting ──core and tab loaded──▶ polling ──g_ answer──▶ waiting ──5 s or push──▶ polling
//
// A reload asked while that fetch is running fetches once more when it answers (the running answer may
// predate the change); a push during a poll polls once more. Nothing here does I/O or reads a clock: the
// fetch (`fetchDetail`, fromPromise) and the push subscription (`pushSubscription`, fromCallback) are
// provided from outside, and the 5 s wait is an XState delay, so the actor system's clock drives it
// (SimulatedClock in tests and in the CLI replay). Stopping the actor cancels the wait and both effects.
//
// A root actor spawns it as its child 'matchDetail' with a plain input ({ eventId, tab }).
import { type ActorRefFrom, and, assign, enqueueActions, fromCallback, fromPromise, setup, stateIn } from 'xstate';
import { EDITION } from '../src/domain/edition';
import { type MatchCore, type MatchHashes, parseCore, parseHashes } from '../src/protocol/detail-core';

export const GAME_SYNC_MS = 5_000; // S9-4: game 5 s

export type MatchTab = 'summary' | 'stats' | 'lineups' | 'h2h' | 'odds';

/** Feed prefix of each tab (S7-15) and the hash that versions it (g_: CD summary+line-ups, CE stats, CF odds). */
export const TAB_FEED: Readonly<Record<MatchTab, { prefix: string; hash: keyof MatchHashes | null }>> = {
  summary: { prefix: 'df_su', hash: 'CD' },
  stats: { prefix: 'df_st', hash: 'CE' },
  lineups: { prefix: 'df_li', hash: 'CD' },
  h2h: { prefix: 'df_hh', hash: null },
  odds: { prefix: 'df_od', hash: 'CF' },
};

export function pushSubject(eventId: string): string {
  return `games_${EDITION.language}_${eventId}`; // S7-23: games_ plus language and event id
}

/** A detail feed of the event: keyed by project type and event id, whatever the sport (protocol.md §4). */
export function detailFeed(prefix: string, eventId: string): string {
  return `${prefix}_${EDITION.projectType}_${eventId}`;
}

export interface MatchDetailInput {
  readonly eventId: string;
  /** The tab open first; summary when not given. */
  readonly tab?: MatchTab;
}

/** What `fetchDetail` is asked for: one feed by name (dc_1_<id>, df_su_1_<id>, g_1_<id> …). */
export interface DetailFetchInput {
  readonly feed: string;
}

/** What `pushSubscription` is asked for: the event's push subject (games_kk_<id>). */
export interface DetailPushInput {
  readonly subject: string;
}

export interface MatchDetailContext {
  readonly eventId: string;
  readonly tab: MatchTab;
  readonly core: MatchCore | null;
  /** The core could not be had and none was had before (the page says "not found"). */
  readonly coreFailed: boolean;
  /** Raw body of the open tab, or null while it loads; '' when the feed had nothing. */
  readonly tabBody: string | null;
  /** The last g_ hashes read (protocol.md §4.2). */
  readonly hashes: MatchHashes | null;
  readonly coreAgain: boolean;
  readonly tabAgain: boolean;
  readonly pollAgain: boolean;
}

export type MatchDetailEvent =
  /** The user opened another tab. */
  | { readonly type: 'tab.select'; readonly tab: MatchTab }
  /** A push message arrived on games_kk_<id> (sent back by `pushSubscription`). */
  | { readonly type: 'push.message' }
  /** Raised by a poll: CA moved (or no hashes could be read). */
  | { readonly type: 'core.reload' }
  /** Raised by a poll: the open tab's hash moved (or no hashes could be read). */
  | { readonly type: 'tab.reload' };

/** A body answered, or null when the feed could not be had (a failed fetch counts as null). */
const answered = (output: unknown): string | null => (typeof output === 'string' ? output : null);

export const matchDetailMachine = setup({
  types: {
    context: {} as MatchDetailContext,
    events: {} as MatchDetailEvent,
    input: {} as MatchDetailInput,
  },
  actors: {
    // Provided by the caller: the gateway's detail fetch (HTTP in the browser, a FeedSource in the CLI).
    fetchDetail: fromPromise<string | null, DetailFetchInput>(async () => {
      throw new Error('fetchDetail not provided');
    }),
    // Provided by the caller when push is available: sends back { type: 'push.message' } per message.
    pushSubscription: fromCallback<MatchDetailEvent, DetailPushInput>(() => {}),
  },
  actions: {
    applyCore: assign(({ context }, params: { body: string | null }) => {
      const core = params.body === null ? null : parseCore(params.body);
      return core ? { core, coreFailed: false } : { coreFailed: context.core === null };
    }),
    applyTab: assign((_, params: { body: string | null }) => ({ tabBody: params.body ?? '' })),
    // protocol.md §4.2: fetch a detail feed again only when its hash moved. No hashes: refresh both.
    applyHashes: enqueueActions(({ context, enqueue }, params: { body: string | null }) => {
      const next = params.body === null ? null : parseHashes(params.body);
      if (!next) {
        enqueue.raise({ type: 'core.reload' });
        enqueue.raise({ type: 'tab.reload' });
        return;
      }
      const before = context.hashes;
      enqueue.assign({ hashes: next });
      if (!before || before.CA !== next.CA) enqueue.raise({ type: 'core.reload' });
      const tabHash = TAB_FEED[context.tab].hash;
      if (before && tabHash && before[tabHash] !== next[tabHash]) enqueue.raise({ type: 'tab.reload' });
    }),
    selectTab: assign(({ event }) => (event.type === 'tab.select' ? { tab: event.tab, tabBody: null } : {})),
  },
  guards: {
    loaded: and([stateIn({ core: 'idle' }), stateIn({ tab: 'idle' })]),
    coreAgain: ({ context }) => context.coreAgain,
    tabAgain: ({ context }) => context.tabAgain,
    pollAgain: ({ context }) => context.pollAgain,
    otherTab: ({ context, event }) => event.type === 'tab.select' && event.tab !== context.tab,
  },
  delays: {
    gameSync: GAME_SYNC_MS, // S9-4
  },
}).createMachine({
  id: 'matchDetail',
  type: 'parallel',
  context: ({ input }) => ({
    eventId: input.eventId,
    tab: input.tab ?? 'summary',
    core: null,
    coreFailed: false,
    tabBody: null,
    hashes: null,
    coreAgain: false,
    tabAgain: false,
    pollAgain: false,
  }),
  // S7-23: push on games_kk_<id>, while the page is open.
  invoke: { src: 'pushSubscription', input: ({ context }) => ({ subject: pushSubject(context.eventId) }) },
  states: {
    core: {
      initial: 'loading',
      states: {
        loading: {
          entry: assign({ coreAgain: false }),
          invoke: {
            src: 'fetchDetail',
            input: ({ context }) => ({ feed: detailFeed('dc', context.eventId) }),
            onDone: {
              target: 'idle',
              actions: { type: 'applyCore', params: ({ event }) => ({ body: answered(event.output) }) },
            },
            onError: { target: 'idle', actions: { type: 'applyCore', params: { body: null } } },
          },
          on: { 'core.reload': { actions: assign({ coreAgain: true }) } },
        },
        idle: {
          always: { guard: 'coreAgain', target: 'loading' },
          on: { 'core.reload': 'loading' },
        },
      },
    },
    tab: {
      initial: 'loading',
      // The tab.select transitions sit on the region's states: one on the region would re-enter the whole
      // parallel machine (its domain is the root), restarting the core and the poll.
      states: {
        loading: {
          entry: assign({ tabAgain: false }),
          invoke: {
            src: 'fetchDetail',
            input: ({ context }) => ({ feed: detailFeed(TAB_FEED[context.tab].prefix, context.eventId) }),
            onDone: {
              target: 'idle',
              actions: { type: 'applyTab', params: ({ event }) => ({ body: answered(event.output) }) },
            },
            onError: { target: 'idle', actions: { type: 'applyTab', params: { body: null } } },
          },
          on: {
            'tab.reload': { actions: assign({ tabAgain: true }) },
            'tab.select': { guard: 'otherTab', target: 'loading', reenter: true, actions: 'selectTab' },
          },
        },
        idle: {
          always: { guard: 'tabAgain', target: 'loading' },
          on: {
            'tab.reload': 'loading',
            'tab.select': { guard: 'otherTab', target: 'loading', actions: 'selectTab' },
          },
        },
      },
    },
    sync: {
      initial: 'starting',
      states: {
        // The first poll follows the first core and tab answers.
        starting: { always: { guard: 'loaded', target: 'polling' } },
        polling: {
          entry: assign({ pollAgain: false }),
          invoke: {
            src: 'fetchDetail',
            input: ({ context }) => ({ feed: detailFeed('g', context.eventId) }),
            onDone: {
              target: 'waiting',
              actions: { type: 'applyHashes', params: ({ event }) => ({ body: answered(event.output) }) },
            },
            onError: { target: 'waiting', actions: { type: 'applyHashes', params: { body: null } } },
          },
          on: { 'push.message': { actions: assign({ pollAgain: true }) } },
        },
        // S9-4: the next poll 5 s later; S7-23: a push message polls at once.
        waiting: {
          always: { guard: 'pollAgain', target: 'polling' },
          after: { gameSync: 'polling' },
          on: { 'push.message': 'polling' },
        },
      },
    },
  },
});

export type MatchDetailRef = ActorRefFrom<typeof matchDetailMachine>;

/** The match detail's effects as plain functions, as a runtime (browser gateway, CLI, test) has them. */
export interface MatchDetailEffects {
  /** A detail feed's body by name, or null when it could not be had. */
  readonly fetchDetail: (feed: string) => Promise<string | null>;
  /** Push on a subject; calls back per message and returns how to stop. Absent: no push (polling only). */
  readonly subscribePush?: (subject: string, onMessage: () => void) => () => void;
}

/** The machine with a runtime's effects: what a root actor spawns as 'matchDetail'. */
export function provideMatchDetail(effects: MatchDetailEffects) {
  return matchDetailMachine.provide({
    actors: {
      fetchDetail: fromPromise<string | null, DetailFetchInput>(({ input }) => effects.fetchDetail(input.feed)),
      pushSubscription: fromCallback<MatchDetailEvent, DetailPushInput>(({ input, sendBack }) =>
        effects.subscribePush?.(input.subject, () => sendBack({ type: 'push.message' })),
      ),
    },
  });
}
