// The feed cycle's implementations: its writes to the list's board, its guards and delays, and the
// composite actions that decide which writes an answer makes. The states that use them are in
// machines/feed-cycle.ts; the feed fetch, push, problem log and random source are provided by the
// feed engine (machines/feed/engine-machine.ts).
import { fromCallback, sendTo, setup, spawnChild } from 'xstate';
import type { FeedAnswer, FeedCall } from '../../src/net/feed-call';
import type { SysFeed } from '../../src/net/sys-feed';
import type { ListFeed } from '../../src/protocol/list-feed-types';
import type { ScopeName } from '../../src/scoreboard/store';
import { channelRequestMachine } from './channel-request';
import { answerFeed, emptyListFeed, initialPlan, refreshIsNewer, signatureAdvances, uniqueSports } from './cycle-plan';
import {
  type ApplyFullParams,
  DEFAULT_SYNC_MS,
  type FeedCycleContext,
  type FeedCycleEvent,
  type FeedCycleInput,
  type FeedTab,
  HIGHLIGHT_TICK_MS,
  type InitialLoad,
  ODDS_SYNC_MS,
  PARSE_RETRY_MIN_MS,
  PARSE_RETRY_SPAN_MS,
  REPAIR_LIMIT_MS,
  REQUEST_CHANNELS,
  STALE_AFTER_MS,
  SYSTEM_POLL_MS,
  UPDATE_SYNC_MS,
} from './cycle-types';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** S9-4: how long the highlights region waits: until the first highlight ends, or a tick when none. */
function highlightWait(context: Pick<FeedCycleContext, 'board' | 'now'>): number {
  const end = context.board.nextHighlightEnd();
  return Number.isFinite(end) ? Math.max(0, end - context.now()) : HIGHLIGHT_TICK_MS;
}

const base = setup({
  types: {
    context: {} as FeedCycleContext,
    events: {} as FeedCycleEvent,
    input: {} as FeedCycleInput,
  },
  actors: {
    feedRequest: channelRequestMachine,
    // Provided: subscribes to push subjects; sends back push.open / push.closed / push.failed / push.message.
    pushSubscription: fromCallback<FeedCycleEvent, { subjects: readonly string[] }>(({ sendBack }) => {
      sendBack({ type: 'push.failed' });
      return () => {};
    }),
  },
  actions: {
    // Writes to the list's board.
    applyFull: ({ context }, params: ApplyFullParams) => context.board.applyFull(params),
    applyRepair: ({ context }, params: { feed: ListFeed }) => context.board.applyRepair(params.feed),
    applyUpdate: ({ context }, params: { feed: ListFeed }) => context.board.applyUpdate(params.feed),
    applyOdds: ({ context }, params: { feed: ListFeed }) => context.board.applyOdds(params.feed),
    applySys: ({ context }, params: { sys: SysFeed }) => context.board.applySys(params.sys),
    showScope: ({ context }, params: { scope: ScopeName }) => context.board.showScope(params.scope),
    toggleCollapsed: ({ context }, params: { leagueId: string }) => context.board.toggleCollapsed(params.leagueId),
    expireHighlights: ({ context }) => context.board.expireHighlights(),
    // Provided by the engine.
    logProblem: (_, _params: { message: string }) => {},
  },

  guards: {
    /** Some highlight is still shown. */
    highlightsPending: ({ context }) => context.board.hasHighlights(),
    planDone: ({ context }) => context.load.index >= context.load.plan.length,
    /** S4-5: a list body with data that did not parse. */
    parseFailed: (_, answer: FeedAnswer) => answer.parseFailed,
    /** Nothing to poll (My Games with no sports). */
    nothingToPoll: ({ context }) => uniqueSports(context).length === 0,
    /** The round has calls after the one answering now. */
    roundContinues: ({ context }) => context.round.length > 1,
    // S4-3: the age of the last sync when a poll is due.
    syncStale: ({ context }) => context.now() - context.lastSyncAt >= STALE_AFTER_MS,
    syncExpired: ({ context }) => context.now() - context.lastSyncAt >= REPAIR_LIMIT_MS,
    /** A2 newer than the refresh time the page loaded with: a full reload. */
    refreshNewer: ({ context }, feed: ListFeed | null) => refreshIsNewer(feed, context.refreshUtime),
    selectsMyGames: ({ context }, { tab }: { tab: FeedTab }) => tab === 'myGames' && context.tab !== 'myGames',
    leavesMyGames: ({ context }, { tab }: { tab: FeedTab }) => tab !== 'myGames' && context.tab === 'myGames',
    showingMyGames: ({ context }) => context.tab === 'myGames',
    pushWanted: ({ context }) => context.pushEnabled && context.hasData,
    polling: ({ context }) => !context.pushOpen,
    oddsShown: ({ context }) => context.tab === 'odds',
    oddsHidden: ({ context }) => context.tab !== 'odds',
  },
  delays: {
    // S9-4: update feeds every 5 s while polling; while push is open, a check every 10 s.
    updateInterval: ({ context }) => (context.pushOpen ? DEFAULT_SYNC_MS : UPDATE_SYNC_MS),
    systemPoll: SYSTEM_POLL_MS,
    oddsSync: ODDS_SYNC_MS,
    // S9-4: until the first highlight ends.
    highlightEnd: ({ context }) => highlightWait(context),
    // S4-5: random 20–80 s; the random source is injected by providing this delay.
    parseRetry: () => PARSE_RETRY_MIN_MS + Math.random() * PARSE_RETRY_SPAN_MS,
  },
});

/** Guard parameters read from a channel's answer: the answer, and the list feed it carries. */
export const feedOfAnswer = ({ event }: { event: { answer: FeedAnswer } }) => answerFeed(event.answer);
export const answerOf = ({ event }: { event: { answer: FeedAnswer } }) => event.answer;

// Composite actions: they decide which store writes an answer makes (typed against the base actions).
export const cycleSetup = base.extend({
  actions: {
    spawnRequests: base.enqueueActions(({ context, enqueue }) => {
      for (const channel of REQUEST_CHANNELS) {
        enqueue(spawnChild('feedRequest', { id: `request.${channel}`, input: { channel, ...context.signals } }));
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

    // ---- initial channel (S4-1, S4-9) ----
    planInitialLoad: base.enqueueActions(({ context, enqueue }) => {
      const plan = initialPlan(context);
      enqueue.assign({ load: { plan, index: 0, loadedFull: false, stash: null }, hasData: false });
      enqueue({ type: 'showScope', params: { scope: context.scope } });
      // S4-9: an emptied My Games has no feed to load, and its rows must go all the same.
      if (context.scope === 'mygames' && plan.length === 0)
        enqueue({
          type: 'applyFull',
          params: { feed: emptyListFeed(context.sport), scope: 'mygames', day: 0, merge: false, include: [] },
        });
    }),
    requestPlanStep: sendTo('request.initial', ({ context }) => ({
      type: 'request' as const,
      call: context.load.plan[context.load.index].call,
    })),
    // One answer of the initial action: its store writes, then one context update that also moves
    // the plan on.
    takePlanAnswer: base.enqueueActions(({ context, enqueue, event }) => {
      if (event.type !== 'initial.loaded') return;
      const { answer } = event;
      const { load } = context;
      const step = load.plan[load.index];
      const next: Mutable<InitialLoad> = { ...load, index: load.index + 1 };
      const feed = answerFeed(answer);
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
      const loaded = feed ?? emptyListFeed(sport);
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

    // ---- update channel (S4-2, S4-3) ----
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
      if (event.type !== 'update.loaded') return;
      const { answer } = event;
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

    // ---- push (S4-2, S8-2) ----
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
    pushOpened: base.assign({ pushOpen: true }),
    pushClosed: base.assign({ pushOpen: false }),

    // ---- sys and odds channels (S4-2, S2-28, S9-5) ----
    requestSys: sendTo('request.sys', { type: 'request', call: { kind: 'sys' } }),
    takeSysAnswer: base.enqueueActions(({ enqueue, event }) => {
      if (event.type === 'sys.loaded' && event.answer.sys)
        enqueue({ type: 'applySys', params: { sys: event.answer.sys } });
    }),
    requestOdds: sendTo('request.odds', ({ context }) => ({
      type: 'request' as const,
      call: { kind: 'odds' as const, sport: context.sport, day: context.day },
    })),
    takeOddsAnswer: base.enqueueActions(({ enqueue, event }) => {
      if (event.type !== 'odds.loaded') return;
      const feed = answerFeed(event.answer);
      if (feed) enqueue({ type: 'applyOdds', params: { feed } });
    }),

    // ---- highlights (S9-4): the engine reads the wait's end to know when a new highlight is sooner ----
    noteHighlightWait: base.assign({ highlightWaitEndsAt: ({ context }) => context.now() + highlightWait(context) }),
    noteHighlightsResting: base.assign({ highlightWaitEndsAt: Number.POSITIVE_INFINITY }),

    // ---- tabs and days (S4-9); the engine tells the live marker which tab shows ----
    enterMyGames: base.assign({ tab: 'myGames', day: 0, scope: 'mygames' }), // S4-9: the date becomes today
    leaveMyGames: base.enqueueActions(({ enqueue, event }) => {
      enqueue.assign({ tab: event.type === 'tab.select' ? event.tab : 'all', scope: 'default' });
      enqueue({ type: 'showScope', params: { scope: 'default' } }); // S4-9: swap scopes back
    }),
    selectTab: base.enqueueActions(({ enqueue, event }) => {
      if (event.type === 'tab.select') enqueue.assign({ tab: event.tab });
    }),
    selectDay: base.enqueueActions(({ context, enqueue, event }) => {
      if (event.type !== 'day.select') return;
      enqueue.assign({ day: event.day, scope: 'default', tab: context.tab === 'myGames' ? 'all' : context.tab });
    }),
    noteMyGames: base.enqueueActions(({ enqueue, event }) => {
      if (event.type !== 'myGames.changed') return;
      enqueue.assign({ myGames: { needs: event.needs, ids: event.ids } });
    }),
  },
});
