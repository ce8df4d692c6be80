// Feed cycle (S4-1…S4-9, S8-1…S8-3, S9-4, S9-5): how a list page keeps its scoreboard in step
// with the feeds. The states are the spec's:
//
//   loading            S4-1 the initial action: the repair feed first for day 0 and −1 (S2-29),
//                      then the full feed; My Games loads the full feeds of its sports and days,
//                      then a repair feed (S4-9).
//   waitingToRetry     S4-5/S8-3 a failed parse (or S8-1 max attempts) retries the initial action
//                      after a random 20–80 s.
//   running            parallel regions:
//     updates          S4-2 periodic update feeds (every 5 s while polling, S9-4 update 5; every
//                      10 s while push is open, S9-4 default 10, to repair lost push messages);
//                      before each poll, S4-3: a sync older than 0.8 × cache time (10 s) runs the
//                      repair feed if within 0.8 × 300 s, else the page restarts with the initial feed.
//                      The age of the last sync is read from its time (context.lastSyncAt) when the
//                      poll is due: fresh, stale (8 s) or expired (240 s) only matters then, and a
//                      timer per sync would step every page's machine between polls for nothing.
//     push             S4-2 push connects when data exists; if it fails, polling takes over (S8-3).
//     system           S4-2 the sys feed every 60 s in fallback (while push is not open).
//     odds             S2-28/S9-5 the odds feed while the odds tab shows, every 60 s.
//     highlights       S9-4 highlight lifetimes: resting while nothing is highlighted; the engine
//                      sends highlights.due after a step that made one, and the region then waits
//                      for the first highlight's end (the provided highlightEnd delay) and clears it.
//
// S4-6 (304/204/1223/empty = no data), S4-7 (unknown events ignored) and S4-8 (removal rules) are
// applied by the scoreboard the provided actions write to. An update whose A2 (refresh utime) is
// newer than the one the page loaded with triggers a full reload.
//
// No I/O here: fetching happens in feed-request children (their `fetchFeed` actor is provided),
// push in the provided `pushSubscription` callback actor, and every store write in provided
// actions (applyFull, applyUpdate, applyRepair, applyOdds, applySys, showScope, toggleCollapsed,
// expireHighlights, tabShown, logProblem). machines/feed-engine.ts wires them to src/scoreboard.
//
// Events the UI may send (through the engine's `send`):
//   { type: 'day.select', day }                 date selector (−7…+7 style offsets, S2-29)
//   { type: 'tab.select', tab }                 'all' | 'live' | 'finished' | 'scheduled' | 'odds' | 'myGames'
//   { type: 'myGames.changed', needs, ids }     My Games entries changed (sports/days needed, event and league ids)
//   { type: 'league.toggleCollapsed', leagueId } collapse or expand a league (S4-13 cookie)
//   { type: 'page.visibility', visible }        document visibility (A4-11)
//   { type: 'page.online', online }             navigator online state (A4-11)
//   { type: 'reload' }                          restart with the initial feed
import { and, enqueueActions, fromCallback, sendTo, setup, spawnChild } from 'xstate';
import type { FeedAnswer, FeedCall } from '../src/net/feed-call';
import { updateSubject } from '../src/net/feed-names';
import type { SysFeed } from '../src/net/sys-feed';
import type { ListFeed } from '../src/protocol/list-feed-types';
import type { ScopeName } from '../src/scoreboard/store';
import { signatureOrdinal } from '../src/scoreboard/feed-ordinal';
import { feedRequestMachine, type FeedRequestReport } from './feed-request';

export const UPDATE_SYNC_MS = 5_000; // S9-4 sync time: update 5
export const DEFAULT_SYNC_MS = 10_000; // S9-4 sync time: default 10 (the cache time of S4-3)
export const SYSTEM_POLL_MS = 60_000; // S4-2, S9-4 system poll 60 s
export const STALE_AFTER_MS = 0.8 * DEFAULT_SYNC_MS; // S4-3 0.8 × cache time
export const REPAIR_LIMIT_MS = 0.8 * 300_000; // S4-3, S9-4 repair threshold 300 s × 0.8
export const PARSE_RETRY_MIN_MS = 20_000; // S4-5 randomized retry 20…
export const PARSE_RETRY_SPAN_MS = 60_000; // …80 s
export const ODDS_SYNC_MS = 60_000; // S9-5 prematch odds sync 60 s
export const HIGHLIGHT_TICK_MS = 1_000;
/** S2-29: days whose initial load fetches the repair feed first. */
export const REPAIR_FIRST_DAYS: ReadonlySet<number> = new Set([0, -1]);

export type FeedTab = 'all' | 'live' | 'finished' | 'scheduled' | 'odds' | 'myGames';

/** A sport and day My Games needs loaded (S4-9). */
export interface MyGamesNeed {
  readonly sport: number;
  readonly day: number;
}

export interface FeedCycleInput {
  readonly sport: number;
  readonly day?: number;
  readonly tab?: FeedTab;
  /** A push channel is configured (S4-2). */
  readonly push?: boolean;
  readonly myGames?: { readonly needs: readonly MyGamesNeed[]; readonly ids: readonly string[] };
  readonly online?: boolean;
  readonly visible?: boolean;
  /** Our clock, epoch ms (S4-3 sync age); default Date.now. */
  readonly now?: () => number;
}

/** One step of the initial action. */
export interface PlanStep {
  readonly call: FeedCall;
  readonly scope: ScopeName;
  /** Add to the scope instead of replacing it (the second and later My Games full feeds). */
  readonly merge: boolean;
}

/** My Games as the page knows it (S4-9). */
export interface MyGamesSelection {
  readonly needs: readonly MyGamesNeed[];
  /** Event and league ids. */
  readonly ids: readonly string[];
}

/** Progress of the initial action (S4-1). */
export interface InitialLoad {
  readonly plan: readonly PlanStep[];
  /** Step running now. */
  readonly index: number;
  readonly loadedFull: boolean;
  /** S4-1: the repair feed loaded before the full feed, applied right after it. */
  readonly stash: ListFeed | null;
}

/** A4-11: device online and page visible. */
export interface PageSignals {
  readonly online: boolean;
  readonly visible: boolean;
}

// Few top-level fields, grouped by what changes together: XState copies the context with
// Object.assign on every assign, and V8 makes that copy slow past about 18 properties.
export interface FeedCycleContext {
  readonly sport: number;
  readonly day: number;
  readonly tab: FeedTab;
  readonly scope: ScopeName;
  readonly myGames: MyGamesSelection;
  readonly load: InitialLoad;
  /** Last update signature per sport (X-Signature, S7-19). */
  readonly signatures: Readonly<Record<number, string | null>>;
  /** A2 the page loaded with. */
  readonly refreshUtime: number | null;
  readonly hasData: boolean;
  readonly pushEnabled: boolean;
  readonly pushOpen: boolean;
  /** Calls of the running update or repair round. */
  readonly round: readonly FeedCall[];
  readonly signals: PageSignals;
  /** S4-3: when the page last synced (a load, an update round answer or a push message). */
  readonly lastSyncAt: number;
  readonly now: () => number;
}

export type FeedCycleEvent =
  | FeedRequestReport
  | { readonly type: 'day.select'; readonly day: number }
  | { readonly type: 'tab.select'; readonly tab: FeedTab }
  | { readonly type: 'myGames.changed'; readonly needs: readonly MyGamesNeed[]; readonly ids: readonly string[] }
  | { readonly type: 'league.toggleCollapsed'; readonly leagueId: string }
  | { readonly type: 'page.online'; readonly online: boolean }
  | { readonly type: 'page.visibility'; readonly visible: boolean }
  | { readonly type: 'push.open' }
  | { readonly type: 'push.closed' }
  | { readonly type: 'push.failed' }
  | { readonly type: 'push.message'; readonly subject: string; readonly feed: ListFeed | null }
  | { readonly type: 'reload' }
  /** Sent by the engine: a highlight ends before the wait under way (or nothing is waited for). */
  | { readonly type: 'highlights.due' };

/** Parameters of the provided applyFull action. */
export interface ApplyFullParams {
  readonly feed: ListFeed;
  readonly scope: ScopeName;
  readonly day: number;
  readonly merge: boolean;
  /** My Games membership (event and league ids); null outside My Games. */
  readonly include: readonly string[] | null;
}

export const REQUEST_CHANNELS = ['initial', 'update', 'sys', 'odds'] as const;
export type RequestChannel = (typeof REQUEST_CHANNELS)[number];

type AnswerEvent = Extract<FeedCycleEvent, { type: 'feed.answer' }>;
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function uniqueSports(context: FeedCycleContext): number[] {
  if (context.scope === 'mygames') return [...new Set(context.myGames.needs.map((need) => need.sport))];
  return [context.sport];
}

/** S4-1 / S4-9: the steps of the initial action for the page the context describes. */
export function initialPlan(context: Pick<FeedCycleContext, 'scope' | 'sport' | 'day' | 'myGames'>): PlanStep[] {
  if (context.scope === 'mygames') {
    const needs = [...new Map(context.myGames.needs.map((n) => [`${n.sport}:${n.day}`, n])).values()];
    const fulls = needs.map(
      (need, i): PlanStep => ({
        call: { kind: 'full', sport: need.sport, day: need.day },
        scope: 'mygames',
        merge: i > 0,
      }),
    );
    const sports = [...new Set(needs.map((need) => need.sport))];
    // S4-9: reload feeds for the needed sports and days, then run a repair feed.
    const repairs = sports.map(
      (sport): PlanStep => ({ call: { kind: 'repair', sport }, scope: 'mygames', merge: true }),
    );
    return [...fulls, ...repairs];
  }
  const full: PlanStep = {
    call: { kind: 'full', sport: context.sport, day: context.day },
    scope: 'default',
    merge: false,
  };
  if (!REPAIR_FIRST_DAYS.has(context.day)) return [full];
  // S4-1 / S2-29: day 0 and −1 load a repair feed first.
  return [{ call: { kind: 'repair', sport: context.sport }, scope: 'default', merge: false }, full];
}

/** True when the update's signature is not older than the one we hold (see feed-ordinal.ts). */
function signatureAdvances(current: string | null | undefined, incoming: string | null): boolean {
  if (incoming === null) return false;
  const a = signatureOrdinal(current);
  const b = signatureOrdinal(incoming);
  return a === null || b === null || b >= a;
}

const base = setup({
  types: {
    context: {} as FeedCycleContext,
    events: {} as FeedCycleEvent,
    input: {} as FeedCycleInput,
  },
  actors: {
    feedRequest: feedRequestMachine,
    // Provided: subscribes to push subjects; sends back push.open / push.closed / push.failed / push.message.
    pushSubscription: fromCallback<FeedCycleEvent, { subjects: readonly string[] }>(({ sendBack }) => {
      sendBack({ type: 'push.failed' });
      return () => {};
    }),
  },
  actions: {
    // Store writes, provided by the engine.
    applyFull: (_, _params: ApplyFullParams) => {},
    applyRepair: (_, _params: { feed: ListFeed }) => {},
    applyUpdate: (_, _params: { feed: ListFeed }) => {},
    applyOdds: (_, _params: { feed: ListFeed }) => {},
    applySys: (_, _params: { sys: SysFeed }) => {},
    showScope: (_, _params: { scope: ScopeName }) => {},
    toggleCollapsed: (_, _params: { leagueId: string }) => {},
    expireHighlights: () => {},
    /** The highlights region rests: no wait is under way. */
    highlightsResting: () => {},
    tabShown: (_, _params: { tab: FeedTab }) => {},
    logProblem: (_, _params: { message: string }) => {},
  },

  guards: {
    /** Some highlight is still shown (provided by the engine from the store). */
    highlightsPending: () => false,
    planDone: ({ context }) => context.load.index >= context.load.plan.length,
    initialAnswer: ({ event }) => event.type === 'feed.answer' && event.channel === 'initial',
    initialParseFailed: ({ event }) =>
      event.type === 'feed.answer' && event.channel === 'initial' && event.answer.parseFailed,
    initialGaveUp: ({ event }) => event.type === 'feed.failed' && event.channel === 'initial',
    roundAnswer: ({ event }) => event.type === 'feed.answer' && event.channel === 'update',
    roundGaveUp: ({ event }) => event.type === 'feed.failed' && event.channel === 'update',
    /** Nothing to poll (My Games with no sports). */
    nothingToPoll: ({ context }) => uniqueSports(context).length === 0,
    /** The round has calls after the one answering now. */
    roundContinues: ({ context }) => context.round.length > 1,
    // S4-3: the age of the last sync when a poll is due.
    syncStale: ({ context }) => context.now() - context.lastSyncAt >= STALE_AFTER_MS,
    syncExpired: ({ context }) => context.now() - context.lastSyncAt >= REPAIR_LIMIT_MS,
    sysAnswer: ({ event }) => event.type === 'feed.answer' && event.channel === 'sys',
    sysGaveUp: ({ event }) => event.type === 'feed.failed' && event.channel === 'sys',
    oddsAnswer: ({ event }) => event.type === 'feed.answer' && event.channel === 'odds',
    oddsGaveUp: ({ event }) => event.type === 'feed.failed' && event.channel === 'odds',
    /** A2 newer than the refresh time the page loaded with: a full reload. */
    refreshNewer: ({ context, event }) => {
      const feed =
        event.type === 'feed.answer'
          ? event.answer.noData
            ? null
            : event.answer.feed
          : event.type === 'push.message'
            ? event.feed
            : null;
      return (
        feed !== null &&
        feed.refreshUtime !== null &&
        context.refreshUtime !== null &&
        feed.refreshUtime > context.refreshUtime
      );
    },
    selectsMyGames: ({ context, event }) =>
      event.type === 'tab.select' && event.tab === 'myGames' && context.tab !== 'myGames',
    leavesMyGames: ({ context, event }) =>
      event.type === 'tab.select' && event.tab !== 'myGames' && context.tab === 'myGames',
    showingMyGames: ({ context }) => context.tab === 'myGames',
    pushWanted: ({ context }) => context.pushEnabled && context.hasData,
    pollingFallback: ({ context }) => !context.pushOpen,
    polling: ({ context }) => !context.pushOpen,
    oddsShown: ({ context }) => context.tab === 'odds',
    oddsHidden: ({ context }) => context.tab !== 'odds',
  },
  delays: {
    // S9-4: update feeds every 5 s while polling; while push is open, a check every 10 s.
    updateInterval: ({ context }) => (context.pushOpen ? DEFAULT_SYNC_MS : UPDATE_SYNC_MS),
    systemPoll: SYSTEM_POLL_MS,
    oddsSync: ODDS_SYNC_MS,
    // Provided by the engine: until the first highlight ends. The default checks every second.
    highlightEnd: HIGHLIGHT_TICK_MS,
    // S4-5: random 20–80 s; the random source is injected by providing this delay.
    parseRetry: () => PARSE_RETRY_MIN_MS + Math.random() * PARSE_RETRY_SPAN_MS,
  },
});

// Composite actions: they decide which store writes an answer makes (typed against the base actions).
const cycle = base.extend({
  actions: {
    spawnRequests: base.enqueueActions(({ context, enqueue }) => {
      for (const channel of REQUEST_CHANNELS) {
        enqueue(
          spawnChild('feedRequest', {
            id: `request.${channel}`,
            input: { channel, ...context.signals },
          }),
        );
      }
    }),
    forwardPage: base.enqueueActions(({ context, enqueue, event }) => {
      if (event.type !== 'page.online' && event.type !== 'page.visibility') return;
      const { signals } = context;
      enqueue.assign({
        signals:
          event.type === 'page.online' ? { ...signals, online: event.online } : { ...signals, visible: event.visible },
      });
      for (const channel of REQUEST_CHANNELS) enqueue.sendTo(`request.${channel}`, event);
    }),
    abortRunning: base.enqueueActions(({ enqueue }) => {
      for (const channel of ['update', 'sys', 'odds'] as const) enqueue.sendTo(`request.${channel}`, { type: 'abort' });
    }),

    // ---- loading (S4-1, S4-9) ----
    planInitialLoad: base.enqueueActions(({ context, enqueue }) => {
      enqueue.assign({
        load: { plan: initialPlan(context), index: 0, loadedFull: false, stash: null },
        hasData: false,
      });
      enqueue({ type: 'showScope', params: { scope: context.scope } });
    }),
    requestPlanStep: sendTo('request.initial', ({ context }) => ({
      type: 'request' as const,
      call: context.load.plan[context.load.index].call,
    })),
    // One answer of the initial action: its store writes, then one context update that also moves
    // the plan on.
    takePlanAnswer: base.enqueueActions(({ context, enqueue, event }) => {
      const { answer } = event as AnswerEvent;
      const { load } = context;
      const step = load.plan[load.index];
      const next: Mutable<InitialLoad> = { ...load, index: load.index + 1 };
      const feed = answer.noData ? null : answer.feed;
      if (step.call.kind === 'repair') {
        // S4-1: a repair loaded before the full feed waits for it; after it, it applies at once.
        if (feed && !load.loadedFull) next.stash = feed;
        else if (feed) enqueue({ type: 'applyRepair', params: { feed } });
        enqueue.assign({ load: next });
        return;
      }
      if (step.call.kind !== 'full') {
        enqueue.assign({ load: next });
        return;
      }
      const sport = step.call.sport;
      const include = step.scope === 'mygames' ? context.myGames.ids : null;
      const loaded = feed ?? { ...emptyListFeed, sport };
      enqueue({
        type: 'applyFull',
        params: { feed: loaded, scope: step.scope, day: step.call.day, merge: step.merge, include },
      });
      if (load.stash) enqueue({ type: 'applyRepair', params: { feed: load.stash } });
      next.loadedFull = true;
      next.stash = null;
      enqueue.assign({
        load: next,
        hasData: context.hasData || loaded.events.length > 0,
        signatures: { ...context.signatures, [sport]: loaded.signature },
        refreshUtime: loaded.refreshUtime ?? context.refreshUtime,
      });
    }),

    // ---- updates (S4-2, S4-3) ----
    planUpdateRound: base.enqueueActions(({ context, enqueue }) => {
      enqueue.assign({
        round: uniqueSports(context).map(
          (sport): FeedCall => ({ kind: 'update', sport, signature: context.signatures[sport] ?? null }),
        ),
      });
    }),
    planRepairRound: base.enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ round: uniqueSports(context).map((sport): FeedCall => ({ kind: 'repair', sport })) });
    }),
    requestRoundCall: sendTo('request.update', ({ context }) => ({ type: 'request' as const, call: context.round[0] })),
    // One answer of the round: its store write, then one context update (each assign costs a
    // snapshot): the round moves on, the signature and A2 advance, and the page counts as synced.
    takeRoundAnswer: base.enqueueActions(({ context, enqueue, event }) => {
      const { answer } = event as AnswerEvent;
      const patch: Partial<Mutable<FeedCycleContext>> = { round: context.round.slice(1), lastSyncAt: context.now() };
      const feed = answer.noData || answer.parseFailed ? null : answer.feed;
      if (answer.parseFailed) {
        enqueue({ type: 'logProblem', params: { message: `unparseable ${answer.call.kind} feed` } }); // S8-2
      } else if (feed && answer.call.kind === 'repair') {
        // S4-4: a repair feed regenerates the page and re-syncs score highlighting.
        enqueue({ type: 'applyRepair', params: { feed } });
      } else if (feed && answer.call.kind === 'update') {
        enqueue({ type: 'applyUpdate', params: { feed } });
        const sport = answer.call.sport;
        if (signatureAdvances(context.signatures[sport], feed.signature)) {
          patch.signatures = { ...context.signatures, [sport]: feed.signature };
        }
        if (context.refreshUtime === null && feed.refreshUtime !== null) patch.refreshUtime = feed.refreshUtime;
      } // else S4-6: no new data
      enqueue.assign(patch);
    }),
    shiftRound: base.enqueueActions(({ context, enqueue }) => enqueue.assign({ round: context.round.slice(1) })),
    markSynced: base.enqueueActions(({ context, enqueue }) => enqueue.assign({ lastSyncAt: context.now() })),

    takePushMessage: base.enqueueActions(({ context, enqueue, event }) => {
      if (event.type !== 'push.message') return;
      if (!event.feed) {
        enqueue({ type: 'logProblem', params: { message: `unparseable push on ${event.subject}` } });
        return;
      }
      enqueue({ type: 'applyUpdate', params: { feed: event.feed } });
      const patch: Partial<Mutable<FeedCycleContext>> = { lastSyncAt: context.now() };
      if (context.refreshUtime === null && event.feed.refreshUtime !== null)
        patch.refreshUtime = event.feed.refreshUtime;
      enqueue.assign(patch);
    }),

    // ---- tabs and days (S4-9) ----
    enterMyGames: base.enqueueActions(({ enqueue }) => {
      enqueue.assign({ tab: 'myGames', day: 0, scope: 'mygames' }); // S4-9: the date becomes today
      enqueue({ type: 'tabShown', params: { tab: 'myGames' } });
    }),
    leaveMyGames: base.enqueueActions(({ enqueue, event }) => {
      const tab = event.type === 'tab.select' ? event.tab : 'all';
      enqueue.assign({ tab, scope: 'default' });
      enqueue({ type: 'showScope', params: { scope: 'default' } }); // S4-9: swap scopes back
      enqueue({ type: 'tabShown', params: { tab } });
    }),
    selectTab: base.enqueueActions(({ enqueue, event }) => {
      if (event.type !== 'tab.select') return;
      enqueue.assign({ tab: event.tab });
      enqueue({ type: 'tabShown', params: { tab: event.tab } });
    }),
    selectDay: base.enqueueActions(({ context, enqueue, event }) => {
      if (event.type !== 'day.select') return;
      enqueue.assign({ day: event.day, scope: 'default', tab: context.tab === 'myGames' ? 'all' : context.tab });
      if (context.tab === 'myGames') enqueue({ type: 'tabShown', params: { tab: 'all' } });
    }),
    noteMyGames: base.enqueueActions(({ enqueue, event }) => {
      if (event.type !== 'myGames.changed') return;
      enqueue.assign({ myGames: { needs: event.needs, ids: event.ids } });
    }),
  },
});

export const feedCycleMachine = cycle.createMachine({
  id: 'feedCycle',
  context: ({ input }) => ({
    sport: input.sport,
    day: input.tab === 'myGames' ? 0 : (input.day ?? 0),
    tab: input.tab ?? 'all',
    scope: input.tab === 'myGames' ? 'mygames' : 'default',
    myGames: { needs: input.myGames?.needs ?? [], ids: input.myGames?.ids ?? [] },
    load: { plan: [], index: 0, loadedFull: false, stash: null },
    signatures: {},
    refreshUtime: null,
    hasData: false,
    pushEnabled: input.push ?? false,
    pushOpen: false,
    round: [],
    signals: { online: input.online ?? true, visible: input.visible ?? true },
    lastSyncAt: 0,
    now: input.now ?? Date.now,
  }),
  entry: 'spawnRequests',
  initial: 'loading',
  on: {
    'day.select': { target: '.loading', actions: 'selectDay' },
    'tab.select': [
      { guard: 'selectsMyGames', target: '.loading', actions: 'enterMyGames' }, // S4-9
      { guard: 'leavesMyGames', target: '.loading', actions: 'leaveMyGames' }, // S4-9
      { actions: 'selectTab' },
    ],
    'myGames.changed': [
      { guard: 'showingMyGames', target: '.loading', actions: 'noteMyGames' },
      { actions: 'noteMyGames' },
    ],
    'league.toggleCollapsed': {
      actions: { type: 'toggleCollapsed', params: ({ event }) => ({ leagueId: event.leagueId }) },
    },
    'page.online': { actions: 'forwardPage' },
    'page.visibility': { actions: 'forwardPage' },
    reload: '.loading',
  },
  states: {
    // S4-1: the initial action.
    loading: {
      entry: ['abortRunning', 'planInitialLoad'],
      initial: 'next',
      states: {
        next: {
          always: [{ guard: 'planDone', target: '#feedCycle.running' }, { target: 'fetching' }],
        },
        fetching: {
          entry: 'requestPlanStep',
          on: {
            'feed.answer': [
              { guard: 'initialParseFailed', target: '#feedCycle.waitingToRetry' }, // S4-5
              { guard: 'initialAnswer', target: 'next', reenter: true, actions: 'takePlanAnswer' },
            ],
            // S8-1: max attempts on the initial action; it is retried like a failed parse.
            'feed.failed': { guard: 'initialGaveUp', target: '#feedCycle.waitingToRetry' },
          },
        },
      },
    },

    // S4-5, S8-3: a randomized retry of the initial action after 20–80 s.
    waitingToRetry: {
      after: { parseRetry: '#feedCycle.loading' },
    },

    running: {
      type: 'parallel',
      entry: 'markSynced', // the initial action just synced the page
      on: {
        'push.message': [{ guard: 'refreshNewer', target: '#feedCycle.loading' }, { actions: 'takePushMessage' }],
      },
      states: {
        updates: {
          initial: 'waiting',
          states: {
            waiting: {
              after: {
                updateInterval: [
                  { guard: 'nothingToPoll', target: 'waiting', reenter: true },
                  // S4-3 (while push is open the 10 s check is a cumulative update: the rule is for polling).
                  { guard: and(['polling', 'syncExpired']), target: '#feedCycle.loading' },
                  { guard: and(['polling', 'syncStale']), target: 'fetching', actions: 'planRepairRound' },
                  { target: 'fetching', actions: 'planUpdateRound' },
                ],
              },
            },
            // One call of the round at a time (My Games polls each of its sports).
            fetching: {
              entry: 'requestRoundCall',
              on: {
                'feed.answer': [
                  { guard: 'refreshNewer', target: '#feedCycle.loading' }, // A2 newer: full reload
                  {
                    guard: and(['roundAnswer', 'roundContinues']),
                    target: 'fetching',
                    reenter: true,
                    actions: 'takeRoundAnswer',
                  },
                  {
                    guard: 'roundAnswer',
                    target: 'waiting',
                    actions: 'takeRoundAnswer',
                  },
                ],
                'feed.failed': [
                  {
                    guard: and(['roundGaveUp', 'roundContinues']),
                    target: 'fetching',
                    reenter: true,
                    actions: 'shiftRound',
                  },
                  { guard: 'roundGaveUp', target: 'waiting', actions: 'shiftRound' },
                ],
              },
            },
          },
        },

        // S4-2: push connects when data exists; if it fails, polling takes over.
        push: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [{ guard: 'pushWanted', target: 'subscribed' }, { target: 'unavailable' }],
            },
            unavailable: {},
            subscribed: {
              invoke: {
                src: 'pushSubscription',
                input: ({ context }) => ({ subjects: uniqueSports(context).map((sport) => updateSubject(sport)) }),
              },
              initial: 'connecting',
              on: {
                'push.failed': {
                  target: 'failed',
                  actions: enqueueActions(({ enqueue }) => enqueue.assign({ pushOpen: false })),
                },
              },
              states: {
                connecting: {
                  on: {
                    'push.open': {
                      target: 'open',
                      actions: enqueueActions(({ enqueue }) => enqueue.assign({ pushOpen: true })),
                    },
                  },
                },
                open: {
                  on: {
                    'push.closed': {
                      target: 'connecting',
                      actions: enqueueActions(({ enqueue }) => enqueue.assign({ pushOpen: false })),
                    },
                  },
                },
              },
            },
            failed: {}, // S8-3: polling carries the updates
          },
          exit: enqueueActions(({ enqueue }) => enqueue.assign({ pushOpen: false })),
        },

        // S4-2: the sys feed every 60 s in fallback.
        system: {
          initial: 'waiting',
          states: {
            waiting: {
              after: {
                systemPoll: [
                  { guard: 'pollingFallback', target: 'fetching' },
                  { target: 'waiting', reenter: true },
                ],
              },
            },
            fetching: {
              entry: sendTo('request.sys', { type: 'request', call: { kind: 'sys' } }),
              on: {
                'feed.answer': {
                  guard: 'sysAnswer',
                  target: 'waiting',
                  actions: enqueueActions(({ enqueue, event }) => {
                    const sys = (event as AnswerEvent).answer.sys;
                    if (sys) enqueue({ type: 'applySys', params: { sys } });
                  }),
                },
                'feed.failed': { guard: 'sysGaveUp', target: 'waiting' },
              },
            },
          },
        },

        // S2-28, S9-5: odds load while the odds tab shows.
        odds: {
          initial: 'off',
          states: {
            off: { always: { guard: 'oddsShown', target: 'on' } },
            on: {
              always: { guard: 'oddsHidden', target: 'off' },
              initial: 'fetching',
              states: {
                fetching: {
                  entry: sendTo('request.odds', ({ context }) => ({
                    type: 'request' as const,
                    call: { kind: 'odds' as const, sport: context.sport, day: context.day },
                  })),
                  on: {
                    'feed.answer': {
                      guard: 'oddsAnswer',
                      target: 'waiting',
                      actions: enqueueActions(({ enqueue, event }) => {
                        const { answer } = event as AnswerEvent;
                        if (!answer.noData && answer.feed)
                          enqueue({ type: 'applyOdds', params: { feed: answer.feed } });
                      }),
                    },
                    'feed.failed': { guard: 'oddsGaveUp', target: 'waiting' },
                  },
                },
                waiting: { after: { oddsSync: 'fetching' } },
              },
            },
          },
        },

        // S9-4: highlight lifetimes. Highlights are made only while a step applies a feed; after
        // such a step the engine sends highlights.due when the new highlight ends before the wait
        // under way (or nothing was waited for), so the region wakes or re-aims without a tick.
        highlights: {
          initial: 'resting',
          states: {
            resting: {
              entry: 'highlightsResting',
              on: { 'highlights.due': 'waiting' },
            },
            waiting: {
              on: { 'highlights.due': { target: 'waiting', reenter: true } },
              after: { highlightEnd: 'clearing' },
            },
            // Passed through at once: the ended highlights go, then the next wait or rest.
            clearing: {
              entry: 'expireHighlights',
              always: [{ guard: 'highlightsPending', target: 'waiting' }, { target: 'resting' }],
            },
          },
        },
      },
    },
  },
});

const emptyListFeed: ListFeed = {
  sport: null,
  leagues: [],
  events: [],
  repair: [],
  moved: [],
  signature: null,
  refreshUtime: null,
  empty: true,
};

export type { FeedAnswer };
