// What the UI and the CLI read from the client's scoreboard. Match data lives as data in one
// store (Maps plus a version counter), not as one actor per match (DESIGN.md).
import type { EventRecord, LeagueRecord } from '../protocol/list-feed-types';

/** An event as the client holds it: the merged fields of every row applied so far. */
export interface ScoreboardEvent extends EventRecord {
  /** Store version at which this event last changed; rows re-render only when it moves. */
  readonly version: number;
  /** Live marker (S4-11): true while live and for time_keep_match_live after leaving live. */
  readonly liveMarked: boolean;
  /** Active score highlight, if any, and when it ends (S9-4). */
  readonly highlight: { readonly kind: 'goal' | 'correction' | 'scoresChanged'; readonly until: number } | null;
}

export interface ScoreboardLeague extends LeagueRecord {
  readonly id: string;
  readonly version: number;
  /** Event ids in display order (S4-26). */
  readonly eventIds: readonly string[];
  /** Collapsed by the visitor (S4-13). */
  readonly collapsed: boolean;
}

export interface ScoreboardSnapshot {
  /** Increases on every change. */
  readonly version: number;
  /**
   * Version at which the list's shape last changed: league order, membership or collapse, or an
   * event's stage, live mark or rank (what decides which rows a tab shows and in what order).
   * Score changes leave it alone, so views can keep their item list. Absent: unknown, rebuild.
   */
  readonly listVersion?: number;
  readonly sportId: number | null;
  /** League ids in display order (top leagues first, S4-26). */
  readonly leagueOrder: readonly string[];
  readonly leagues: ReadonlyMap<string, ScoreboardLeague>;
  readonly events: ReadonlyMap<string, ScoreboardEvent>;
}
