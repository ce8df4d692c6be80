// The feed cycle's vocabulary: its timings (S4-2…S4-5, S9-4, S9-5), input, context and events.
import type { FeedAnswer, FeedCall } from '../../src/net/feed-call';
import type { ListFeed } from '../../src/protocol/list-feed-types';
import type { ScopeName } from '../../src/scoreboard/store';
import type { FeedBoard } from './board';

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
  /** Our clock, epoch ms (S4-3 sync age, S9-4 highlight ends). */
  readonly now: () => number;
  /** The list's store, written by the cycle's actions. */
  readonly board: FeedBoard;
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
  /** S9-4: when the highlights region's wait ends; Infinity while it rests. */
  readonly highlightWaitEndsAt: number;
  readonly now: () => number;
  readonly board: FeedBoard;
}

/**
 * The request contexts (S4-10), one long-lived feed-request child each: the initial action, the
 * update round (update feeds, or repair feeds when the sync is stale), the sys feed and the odds feed.
 */
export const REQUEST_CHANNELS = ['initial', 'update', 'sys', 'odds'] as const;
export type RequestChannel = (typeof REQUEST_CHANNELS)[number];

/**
 * What a channel's feed request tells the cycle, one event type per channel: `<channel>.loaded`
 * (an answer with an accepted status), `<channel>.error` (a network failure being retried, S8-1)
 * and `<channel>.failed` (max attempts exceeded, S8-1).
 */
export type ChannelEvent = {
  [C in RequestChannel]:
    | { readonly type: `${C}.loaded`; readonly answer: FeedAnswer }
    | { readonly type: `${C}.error`; readonly call: FeedCall; readonly error: string }
    | { readonly type: `${C}.failed`; readonly call: FeedCall };
}[RequestChannel];

/** Events the UI may send (through the engine). */
export type FeedUiEvent =
  | { readonly type: 'day.select'; readonly day: number }
  | { readonly type: 'tab.select'; readonly tab: FeedTab }
  | { readonly type: 'myGames.changed'; readonly needs: readonly MyGamesNeed[]; readonly ids: readonly string[] }
  | { readonly type: 'league.toggleCollapsed'; readonly leagueId: string }
  | { readonly type: 'page.online'; readonly online: boolean }
  | { readonly type: 'page.visibility'; readonly visible: boolean }
  | { readonly type: 'reload' };

/** What the provided push subscription sends back. */
export type PushEvent =
  | { readonly type: 'push.open' }
  | { readonly type: 'push.closed' }
  | { readonly type: 'push.failed' }
  | { readonly type: 'push.message'; readonly subject: string; readonly feed: ListFeed | null };

export type FeedCycleEvent =
  | ChannelEvent
  | FeedUiEvent
  | PushEvent
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
