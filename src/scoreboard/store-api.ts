// The store's public face: what createScoreboard returns, its options and what an apply reports.
// store.ts re-exports all of it; the UI, the machines and the CLI import it from there.
import type { EventRecord, ListFeed, MovedEvent } from '../protocol/list-feed-types';
import type { EventComparator, LeagueComparator } from './event-order';
import type { EventFieldsRow } from './row';
import type { ScoreboardEvent, ScoreboardLeague, ScoreboardSnapshot } from './types';

/** Data scopes the page swaps between (S3-65, S4-9). */
export type ScopeName = 'default' | 'mygames';
export type FeedApplyKind = 'full' | 'update' | 'repair' | 'odds' | 'moved';

/** An event whose stage type (AB) changed; the live marker listens to these (S4-11). */
export interface StageChange {
  readonly id: string;
  readonly previous: number | undefined;
  readonly current: number | undefined;
}

/** One shown event's fields before and after an update or repair (collected on request). */
export interface FieldChange {
  readonly before: StoredEventFields;
  readonly after: StoredEventFields;
}

export interface ApplyResult {
  /** Events whose values changed. */
  readonly changed: number;
  /** Rows skipped because the event is not held (S4-7). */
  readonly unknown: number;
  /** Rows dropped by the removal rules of S4-8 (full feeds only). */
  readonly removed: number;
  readonly stageChanges: readonly StageChange[];
  /** Leagues reloaded and re-sorted (S4-12). */
  readonly resortedLeagues: readonly string[];
  /** The shown scope's changed events, while `collectFieldChanges(true)`; empty otherwise. */
  readonly fieldChanges: readonly FieldChange[];
}

export interface FullApplyOptions {
  /** Scope the feed loads into; default 'default'. */
  readonly scope?: ScopeName;
  /** Selected day offset for the S4-8 day rule; default 0. */
  readonly day?: number;
  readonly timezoneHour?: number;
  /** Add to the scope instead of replacing it (My Games loads several sports and days). */
  readonly merge?: boolean;
  /** Keeps only the events this accepts (My Games membership). */
  readonly include?: (event: EventRecord) => boolean;
  /** A country page is shown: the collapsed cookie is not applied (S4-13); S4-12 re-sorts secondary leagues. */
  readonly countryPage?: boolean;
}

export interface ScoreboardOptions {
  /** Our clock for highlight lifetimes, epoch ms (the composition root's, or a simulated one). */
  readonly now: () => number;
  /** Server time for the S4-8 day window, epoch ms; default `now`. */
  readonly serverNow?: () => number;
  readonly compareEvents?: EventComparator;
  readonly compareLeagues?: LeagueComparator;
  /** S4-12 "top" league (pinned by the visitor); default: ZD is `t`. */
  readonly isTopLeague?: (league: ScoreboardLeague) => boolean;
  /** Stored value of the fsdc_expand_collapse_league cookie (S4-13). */
  readonly collapsedCookie?: string | null;
}

export interface Scoreboard {
  /** Store version; increases on every change. */
  readonly version: number;
  readonly activeScope: ScopeName;
  apply(kind: FeedApplyKind, feed: ListFeed, options?: FullApplyOptions): ApplyResult;
  applyFull(feed: ListFeed, options?: FullApplyOptions): ApplyResult;
  /** Update feed: merges the changed keys of held events; `ST÷repair` rows are applied as repair. */
  applyUpdate(feed: ListFeed): ApplyResult;
  /** Repair feed: resets the values of held events, never creates events (protocol.md §6.3). */
  applyRepair(feed: ListFeed): ApplyResult;
  applyOdds(feed: ListFeed): ApplyResult;
  applyMoved(moved: readonly MovedEvent[], ordinal?: number | null): ApplyResult;
  /** Shows another scope (S4-9). */
  setScope(scope: ScopeName): void;
  clearScope(scope: ScopeName): void;
  /** S4-11: the keep-live delay ran out; the mark stays only while the event is still live. */
  clearLiveMark(id: string): boolean;
  /** Ends highlights whose lifetime ran out (S9-4); returns how many ended. */
  expireHighlights(): number;
  /** Whether any highlight is still pending, in any scope. */
  hasHighlights(): boolean;
  /** When the first pending highlight ends (epoch ms, our clock); Infinity when none is pending. */
  nextHighlightEnd(): number;
  /** Sets a league collapsed or shown and returns the cookie value to store (S4-13). */
  setCollapsed(leagueId: string, collapsed: boolean): string;
  toggleCollapsed(leagueId: string): string;
  /** Bumps the version so views redraw (live tab reload, S4-11). */
  touch(): void;
  /** Whether update and repair applies report the shown scope's changed fields (live sounds read them). */
  collectFieldChanges(on: boolean): void;
  getEvent(id: string, scope?: ScopeName): ScoreboardEvent | undefined;
  getLeague(id: string, scope?: ScopeName): ScoreboardLeague | undefined;
  /** The active scope. The Maps are live views; compare versions, not Map identity. */
  snapshot(): ScoreboardSnapshot;
  subscribe(listener: () => void): () => void;
}

/** An event's fields as the store holds them (the parsed feed record). */
export type StoredEventFields = EventFieldsRow;

/** The field changes an apply reports when none are collected. */
export const NO_FIELD_CHANGES: readonly FieldChange[] = [];
