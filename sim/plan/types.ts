// What the day planner hands to the engines: competitions, participants and fixtures.
import type { LeagueState, LineupPlayer } from '../world/state';

export interface Country {
  readonly key: string;
  /** Provider country id (ZB, CA/CB). */
  readonly id: number;
  /** Kazakh name (ZY); upper-cased in league titles. */
  readonly name: string;
  readonly slug: string;
  /** ISO 3166 code (3166-1 alpha-2, or 3166-2 for the UK's nations: GB-ENG); null for a region (Europe, World). */
  readonly iso: string | null;
  /** Local UTC offset in hours, used to place kick-offs in the local afternoon and evening. */
  readonly utc: number;
  /** Faker locale for people's names; 'kk' uses the built-in Kazakh lists. */
  readonly locale: string;
  /** Cities for club names. */
  readonly cities: readonly string[];
}

export type LeagueKind = 'league' | 'cup' | 'tour' | 'race';

/** A competition template: the same league plays on many days (same league id). */
export interface Competition {
  /** Stable key (also seeds the league's ids). */
  readonly key: string;
  readonly sportId: number;
  readonly country: Country;
  /** Competition name, e.g. `Премьер-лига`. */
  readonly name: string;
  readonly kind: LeagueKind;
  /** Tournament type (S3-50): t top, p primary, s secondary, c collapsed. */
  readonly type: 't' | 'p' | 's' | 'c';
  readonly top: boolean;
  /** Teams or players taking part. */
  readonly size: number;
  /** Probability that the competition has fixtures on a given day. */
  readonly playProbability: number;
  /** Matches on a playing day (default: everyone plays, size / 2). */
  readonly perDay?: number;
  /** Local hours [from, to) in which kick-offs fall. */
  readonly kickoff: readonly [number, number];
  /** Engine-specific format key (e.g. `nba`, `bo5`, `women`). */
  readonly format: string;
  /** Real participant names when they are known (Kazakh clubs). */
  readonly names?: readonly string[];
  /** Individuals (tennis, darts …) rather than clubs. */
  readonly individuals?: boolean;
  /** Doubles pairs `A/B` (S7 quirks: doubles use `A/B`). */
  readonly doubles?: boolean;
}

export interface Participant {
  readonly id: string;
  readonly name: string;
  readonly short: string;
  readonly slug: string;
  readonly image: string;
  readonly countryId: number;
  readonly countryName: string;
  /** Relative strength, mean 0, sd ≈ 1. */
  readonly strength: number;
  /** Squad for line-ups and scorers (team sports only). */
  readonly squad: readonly LineupPlayer[];
}

export interface DuelFixture {
  readonly kind: 'duel';
  readonly id: string;
  readonly sportId: number;
  readonly competition: Competition;
  readonly league: LeagueState;
  readonly home: Participant;
  readonly away: Participant;
  /** Planned kick-off, epoch ms. */
  readonly startTime: number;
  /** Kick-off after a late move (StartTimeMoved), epoch ms. */
  readonly movedStartTime?: number;
  /** Postponed (4) or cancelled (5) instead of played. */
  readonly calledOff?: 4 | 5;
  /** A knock-out tie: no draws (extra time, penalties). */
  readonly knockout: boolean;
  readonly round: string;
  /** Seed of this match's engine run. */
  readonly seed: number;
}

export interface RaceFixture {
  readonly kind: 'race';
  readonly id: string;
  readonly sportId: number;
  readonly competition: Competition;
  readonly league: LeagueState;
  /** One row per participant (S3-33): row id and participant. */
  readonly entries: readonly { readonly matchId: string; readonly participant: Participant }[];
  readonly startTime: number;
  /** Round / stage number within the event (golf round, cycling stage, ski-jumping …). */
  readonly round: number;
  readonly seed: number;
}

export type Fixture = DuelFixture | RaceFixture;

export interface DayPlan {
  /** Days since the epoch in the local timezone. */
  readonly dayIndex: number;
  readonly leagues: readonly LeagueState[];
  readonly fixtures: readonly Fixture[];
}
