// What the client machines ask the network for (a FeedCall) and what comes back (a FeedAnswer).
// Machines speak in calls; the feed client turns a call into a feed name and headers, fetches
// it, reads status, headers and server time, and parses list feeds, so no machine does I/O or
// string building.
import type { ListFeed } from '../protocol/list-feed-types';
import type { SysFeed } from './sys-feed';

export type FeedCall =
  /** S7-2 full day list. */
  | { readonly kind: 'full'; readonly sport: number; readonly day: number }
  /** S7-3 repair list. */
  | { readonly kind: 'repair'; readonly sport: number }
  /** S7-4 update feed; `signature` is the last update signature, sent as X-Signature (S7-19). */
  | { readonly kind: 'update'; readonly sport: number; readonly signature: string | null }
  /** S7-6 system feed. */
  | { readonly kind: 'sys' }
  /** S7-11 odds for the day list. */
  | { readonly kind: 'odds'; readonly sport: number; readonly day: number };

export type FeedCallKind = FeedCall['kind'];

export interface FeedAnswer {
  readonly call: FeedCall;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** S4-6: 304, 204, 1223 or an empty body mean no new data. */
  readonly noData: boolean;
  /** The parsed list feed, for list calls with data; null otherwise. */
  readonly feed: ListFeed | null;
  /** S4-5: a list body with data that did not parse into a feed. */
  readonly parseFailed: boolean;
  /** System feed values, for sys calls with data. */
  readonly sys: SysFeed | null;
  /** Server time read from this answer (Date header or sys utime), epoch ms, or null. */
  readonly serverTime: number | null;
}

export type FeedFetcher = (call: FeedCall) => Promise<FeedAnswer>;

/** S8-1: statuses accepted as an answer; any other is retried. */
export const ACCEPTED_STATUSES: ReadonlySet<number> = new Set([200, 304, 204, 1223, 0]);
/** S4-6: statuses that mean "no new data". */
export const NO_DATA_STATUSES: ReadonlySet<number> = new Set([304, 204, 1223]);

export function isAcceptedStatus(status: number): boolean {
  return ACCEPTED_STATUSES.has(status);
}
