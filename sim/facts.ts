// The world's fact log (DESIGN.md: world state is a pure fold of an ordered log of facts).
// Every fact is plain JSON: one per line in a JSONL log (docs/stream-format.md). Facts carry the
// values after the change, never deltas, so folding is a lookup and a fact read twice is harmless.
import type { EventFields } from '../src/protocol/keys';
import type { Incident, LeagueState, LineupPlayer, StatPeriod } from './world/state';

/** Score keys a ScoreChanged fact may set (S3-27, S3-28). */
export type ScoreFieldName =
  | 'homeScore'
  | 'awayScore'
  | 'homeFullTime'
  | 'awayFullTime'
  | 'homeAfterExtraTime'
  | 'awayAfterExtraTime'
  | 'homePenalties'
  | 'awayPenalties'
  | `${'home' | 'away'}Part${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11}`
  | `${'home' | 'away'}Tiebreak${1 | 2 | 3 | 4 | 5}`
  | 'homeGamePoints'
  | 'awayGamePoints'
  | `${'home' | 'away'}${'Wickets' | 'Overs' | 'Legs'}`
  | 'outs';

export type ScorePatch = Partial<Pick<EventFields, ScoreFieldName>>;

/** Fields a race or meeting participant row carries (S3-33). */
export type RaceFieldName =
  | 'rank'
  | 'gap'
  | 'resultTime'
  | 'laps'
  | 'distance'
  | 'points'
  | 'holesPlayed'
  | 'parScore'
  | 'jump1'
  | 'jump2'
  | 'penaltyLaps'
  | 'missedShots'
  | 'participantStatus'
  | 'stopReason';

export type RaceFields = Partial<Pick<EventFields, RaceFieldName>>;

/** A bookmaker's quote in an OddsMoved fact; null marks an outcome the market lacks (two-way). */
export interface OddsQuote {
  readonly bookmakerId: number;
  readonly bookmakerName: string;
  /** Outcomes 1, X, 2. */
  readonly current: readonly (number | null)[];
  readonly active: boolean;
}

/** What MatchScheduled carries: the row as it looks before kick-off. */
export interface ScheduledMatch {
  readonly id: string;
  readonly sportId: number;
  readonly leagueId: string;
  readonly fields: EventFields;
}

export type FactBody =
  /** A league (or, for no-duel sports, a race or meeting) appears or is replaced. */
  | { readonly type: 'LeagueCreated'; readonly league: LeagueState }
  /** A fixture is published (S3-35 stage type 1). */
  | { readonly type: 'MatchScheduled'; readonly match: ScheduledMatch }
  /** The kick-off moved before it happened (QA rows). `startTime` in epoch seconds. */
  | { readonly type: 'StartTimeMoved'; readonly matchId: string; readonly startTime: number }
  | {
      readonly type: 'LineupsAnnounced';
      readonly matchId: string;
      readonly home: readonly LineupPlayer[];
      readonly away: readonly LineupPlayer[];
    }
  /** Play begins: stage type 2, first period stage, scores set to their opening values. */
  | {
      readonly type: 'MatchStarted';
      readonly matchId: string;
      readonly stage: number;
      /** Epoch seconds (AO). */
      readonly periodStartTime: number;
      /** Minutes on the clock, or -1 when the sport has none (BX). */
      readonly gameTime: number;
      readonly score: ScorePatch;
    }
  /** A new period, a break, extra time, penalties (S3-36). */
  | {
      readonly type: 'StageChanged';
      readonly matchId: string;
      readonly stage: number;
      readonly periodStartTime?: number;
      readonly gameTime?: number;
    }
  /** The game clock moved on (BX) for clock sports. */
  | { readonly type: 'GameTimeChanged'; readonly matchId: string; readonly gameTime: number }
  /** New score values; `correction` marks a score that went down (VAR) (S3-27). */
  | { readonly type: 'ScoreChanged'; readonly matchId: string; readonly score: ScorePatch; readonly correction?: true }
  /** The serving (or batting, or possessing) side (S3-5, WC). */
  | { readonly type: 'ServiceChanged'; readonly matchId: string; readonly service: 0 | 1 | 2 }
  /** A goal is being checked (GRA/GRB). */
  | { readonly type: 'GoalUnderReview'; readonly matchId: string; readonly side: 1 | 2; readonly underReview: boolean }
  | { readonly type: 'IncidentAdded'; readonly matchId: string; readonly incident: Incident }
  /** A retracted incident (VAR); any score change comes as its own ScoreChanged correction. */
  | { readonly type: 'IncidentCancelled'; readonly matchId: string; readonly incidentId: string }
  /** Red card counts after a sending-off (AJ/AK). */
  | { readonly type: 'RedCard'; readonly matchId: string; readonly home: number; readonly away: number }
  /** Whole statistics table (df_st), replacing the previous one. */
  | { readonly type: 'StatsChanged'; readonly matchId: string; readonly stats: readonly StatPeriod[] }
  /** Current prices of every bookmaker for the match's main market (1X2 or 12, S3-8). */
  | { readonly type: 'OddsMoved'; readonly matchId: string; readonly odds: readonly OddsQuote[] }
  /** The end (S3-35 stage type 3): final stage code, winner (S3-34) and end time. */
  | {
      readonly type: 'MatchFinished';
      readonly matchId: string;
      readonly stage: number;
      /** Epoch seconds (AP). */
      readonly endTime: number;
      /** 1 home, 2 away, 0 draw; absent for no-duel rows. */
      readonly winner?: 0 | 1 | 2;
      readonly fullTimeWinner?: 0 | 1 | 2;
      /** Who went through in a knock-out tie (BY/BZ). */
      readonly advanced?: 1 | 2;
      readonly infoNotice?: string;
    }
  /** Postponed (4), cancelled (5), interrupted (36) or abandoned (37): stage type 3 (protocol.md §5.4). */
  | { readonly type: 'MatchCalledOff'; readonly matchId: string; readonly stage: number; readonly infoNotice?: string }
  /** A race or meeting changes stage: the league's AB/AC/AD and every participant row follow. */
  | {
      readonly type: 'RaceStageChanged';
      readonly leagueId: string;
      readonly stageType: 1 | 2 | 3;
      readonly stage: number;
      readonly matchIds: readonly string[];
      /** Epoch seconds, the stage's start (AO on rows). */
      readonly periodStartTime?: number;
    }
  /** New standings of a race or meeting: only the rows that changed. */
  | {
      readonly type: 'RaceStandingsChanged';
      readonly leagueId: string;
      readonly rows: readonly { readonly matchId: string; readonly fields: RaceFields }[];
    }
  /** Days that left the calendar range are dropped (S9-3), keeping a long-running world bounded. */
  | { readonly type: 'MatchesArchived'; readonly matchIds: readonly string[]; readonly leagueIds: readonly string[] };

export type FactType = FactBody['type'];

/** A fact as logged: strictly increasing `seq`, non-decreasing virtual `time` (epoch ms). */
export type Fact = { readonly seq: number; readonly time: number } & FactBody;

/** A fact before it is given its place in the log. */
export interface TimedFact {
  readonly time: number;
  readonly body: FactBody;
}

export const FACT_TYPES: readonly FactType[] = [
  'LeagueCreated',
  'MatchScheduled',
  'StartTimeMoved',
  'LineupsAnnounced',
  'MatchStarted',
  'StageChanged',
  'GameTimeChanged',
  'ScoreChanged',
  'ServiceChanged',
  'GoalUnderReview',
  'IncidentAdded',
  'IncidentCancelled',
  'RedCard',
  'StatsChanged',
  'OddsMoved',
  'MatchFinished',
  'MatchCalledOff',
  'RaceStageChanged',
  'RaceStandingsChanged',
  'MatchesArchived',
];
