// Typed records of list feeds (f_, u_, r_, t_ …) as the client maps them (protocol.md §3).
import type { EventFields, LeagueFields } from './keys';

/** An event row: its id, the league and sport it sits under, and the fields the row carried. */
export interface EventRecord extends EventFields {
  /** Feed event id (`AA`), e.g. `KxrZoe94`. */
  readonly id: string;
  /** Sport id from the last `SA` row, or null when none came before. */
  readonly sportId: number | null;
  /** `<sport>_<ZC>` of the last league row, or null when none came before. */
  readonly leagueId: string | null;
}

/** A league header row and the id the client keys it by (`<sport>_<ZC>`, protocol.md §3.4). */
export interface LeagueRecord extends LeagueFields {
  readonly id: string | null;
  readonly sportId: number | null;
}

/** A moved event (`QA` block: `QB` id, `QC` `newStart|end`). */
export interface MovedEvent {
  readonly id: string;
  readonly startTime: number | null;
  readonly endTime: number | null;
}

export interface ListFeed {
  /** First `SA` value, or null. */
  readonly sport: number | null;
  readonly leagues: readonly LeagueRecord[];
  /** Events in feed order; each names its league. Rows inside an `ST÷repair` block are in `repair`. */
  readonly events: readonly EventRecord[];
  readonly repair: readonly EventRecord[];
  readonly moved: readonly MovedEvent[];
  /** Trailer `A1` (md5 hex, may be empty), or null when absent. */
  readonly signature: string | null;
  /** Trailer `A2` (refresh utime), or null when absent. */
  readonly refreshUtime: number | null;
  /** True when the body counted as empty (S5-7). */
  readonly empty: boolean;
}
