// World state: a pure fold of the fact log (DESIGN.md). Match data is kept in the feed's own
// vocabulary (EventFields), so rendering a feed is a lookup, and each field remembers the world
// version that last changed it, so an update feed can send only what changed since a version.
import type { EventFieldName, EventFields, LeagueFields } from '../../src/protocol/keys';

export interface LeagueState extends LeagueFields {
  /** `<sport>_<stageId>` */
  readonly id: string;
  readonly sportId: number;
  /** Day offset the league's matches fall on is per match; top leagues sort first (S4-26). */
  readonly top: boolean;
}

export interface Incident {
  readonly id: string;
  /** 1 home, 2 away (S3-34). */
  readonly side: 1 | 2;
  /** Incident type id (protocol.md §4.3: 1 yellow, 2 red, 3 goal, 6/7 substitution, 8 assist, 10 penalty …). */
  readonly type: number;
  /** Minute text as shown, e.g. `45+1'`. */
  readonly minute: string;
  /** Period label index (1 first half / period / set …). */
  readonly period: number;
  readonly player: string;
  /** Score after a scoring incident. */
  readonly homeScore?: number;
  readonly awayScore?: number;
  /** A second player (assist, substitution in). */
  readonly secondPlayer?: string;
  /** True when the incident was retracted (VAR). */
  readonly cancelled?: boolean;
}

export interface StatLine {
  /** df_st_ SD id (protocol.md §4.4). */
  readonly id: number;
  readonly home: string;
  readonly away: string;
}

export interface StatPeriod {
  /** 0 match, 1 first half/period, 2 second … */
  readonly period: number;
  readonly lines: readonly StatLine[];
}

export interface LineupPlayer {
  readonly name: string;
  readonly number: number;
  readonly position: string;
  readonly starter: boolean;
}

export interface BookmakerOdds {
  readonly bookmakerId: number;
  readonly bookmakerName: string;
  /** Outcomes in order 1, X, 2 (two-way markets leave draw undefined). */
  readonly opening: readonly (number | undefined)[];
  readonly current: readonly (number | undefined)[];
  readonly active: boolean;
}

export interface MatchState {
  /** Feed event id (8-char base62). */
  readonly id: string;
  readonly sportId: number;
  readonly leagueId: string;
  /** Everything a list row shows, keyed as in the feed (src/protocol/keys.ts). */
  readonly fields: EventFields;
  /** World version that last changed each field (for update feeds). */
  readonly fieldVersions: Readonly<Partial<Record<EventFieldName, number>>>;
  /** Highest version among fieldVersions. */
  readonly version: number;
  readonly incidents: readonly Incident[];
  readonly stats: readonly StatPeriod[];
  readonly lineups: { readonly home: readonly LineupPlayer[]; readonly away: readonly LineupPlayer[] };
  readonly odds: readonly BookmakerOdds[];
  /** Version of the detail content (incidents, stats, lineups, odds), for g_ hashes. */
  readonly detailVersion: number;
}

export interface WorldState {
  /** Increases with every fact folded in. */
  readonly version: number;
  /** Virtual time of the last fact, epoch milliseconds. */
  readonly time: number;
  readonly leagues: ReadonlyMap<string, LeagueState>;
  readonly matches: ReadonlyMap<string, MatchState>;
  /** Version at which each match last had its start time moved (QA rows). */
  readonly moved: ReadonlyMap<string, number>;
}
