// The key dictionary of list feeds (protocol.md §3): which feed key carries which field.
// One table serves both directions: the server renders world state with it and the client maps
// rows back into typed records with it. Keys marked "ours" are not identified in real feeds;
// docs/protocol.md records the choice.

/** Field kinds: 'num' values are converted to numbers (protocol.md §1 rule 7), 'str' stay text. */
export type FieldKind = 'num' | 'str';

/** Odds in list feeds (ours): current 1 / X / 2 and the previous values, as in df_od's XA/XB/XC. */
const ODDS_FIELD_KEYS = [
  ['odds1', 'XA', 'num'],
  ['oddsX', 'XB', 'num'],
  ['odds2', 'XC', 'num'],
  ['prevOdds1', 'XD', 'num'],
  ['prevOddsX', 'XE', 'num'],
  ['prevOdds2', 'XF', 'num'],
] as const satisfies ReadonlyArray<readonly [string, string, FieldKind]>;

/** Event row (`AA`) fields, in the order the server writes them. */
export const EVENT_FIELDS = [
  ['startTime', 'AD', 'num'],
  ['eventStartTime', 'ADE', 'num'],
  ['stageType', 'AB', 'num'],
  ['stageTypeFromStage', 'CR', 'num'],
  ['stage', 'AC', 'num'],
  ['home', 'AE', 'str'],
  ['away', 'AF', 'str'],
  ['sortParticipant', 'CX', 'str'],
  ['homeFirstName', 'FH', 'str'],
  ['awayFirstName', 'FK', 'str'],
  ['homeShort', 'WM', 'str'],
  ['awayShort', 'WN', 'str'],
  ['homeSlug', 'WU', 'str'],
  ['awaySlug', 'WV', 'str'],
  ['homeParticipantId', 'PX', 'str'],
  ['awayParticipantId', 'PY', 'str'],
  ['homeEventParticipantId', 'JA', 'str'],
  ['awayEventParticipantId', 'JB', 'str'],
  ['homeImage', 'OA', 'str'],
  ['awayImage', 'OB', 'str'],
  ['homeScore', 'AG', 'num'],
  ['awayScore', 'AH', 'num'],
  ['homeFullTime', 'AT', 'num'],
  ['awayFullTime', 'AU', 'num'],
  ['homeAfterExtraTime', 'REA', 'num'],
  ['awayAfterExtraTime', 'REB', 'num'],
  ['homePenalties', 'RPA', 'num'],
  ['awayPenalties', 'RPB', 'num'],
  // Score parts 1–5 (BA…BJ) are real; 6–11 (BK…BV) are ours, for baseball and pesapallo.
  ['homePart1', 'BA', 'num'],
  ['awayPart1', 'BB', 'num'],
  ['homePart2', 'BC', 'num'],
  ['awayPart2', 'BD', 'num'],
  ['homePart3', 'BE', 'num'],
  ['awayPart3', 'BF', 'num'],
  ['homePart4', 'BG', 'num'],
  ['awayPart4', 'BH', 'num'],
  ['homePart5', 'BI', 'num'],
  ['awayPart5', 'BJ', 'num'],
  ['homePart6', 'BK', 'num'],
  ['awayPart6', 'BL', 'num'],
  ['homePart7', 'BM', 'num'],
  ['awayPart7', 'BN', 'num'],
  ['homePart8', 'BO', 'num'],
  ['awayPart8', 'BP', 'num'],
  ['homePart9', 'BQ', 'num'],
  ['awayPart9', 'BR', 'num'],
  ['homePart10', 'BS', 'num'],
  ['awayPart10', 'BT', 'num'],
  ['homePart11', 'BU', 'num'],
  ['awayPart11', 'BV', 'num'],
  // Tie-break points per set (tennis): DA/DB set 1 … DI/DJ set 5.
  ['homeTiebreak1', 'DA', 'num'],
  ['awayTiebreak1', 'DB', 'num'],
  ['homeTiebreak2', 'DC', 'num'],
  ['awayTiebreak2', 'DD', 'num'],
  ['homeTiebreak3', 'DE', 'num'],
  ['awayTiebreak3', 'DF', 'num'],
  ['homeTiebreak4', 'DG', 'num'],
  ['awayTiebreak4', 'DH', 'num'],
  ['homeTiebreak5', 'DI', 'num'],
  ['awayTiebreak5', 'DJ', 'num'],
  ['winner', 'AS', 'num'],
  ['fullTimeWinner', 'AZ', 'num'],
  ['homeAdvanced', 'BY', 'num'],
  ['awayAdvanced', 'BZ', 'num'],
  ['live', 'AI', 'str'],
  ['homeRedCards', 'AJ', 'num'],
  ['awayRedCards', 'AK', 'num'],
  ['broadcast', 'AL', 'str'],
  ['infoNotice', 'AM', 'str'],
  ['hasLiveBetting', 'AN', 'str'],
  ['periodStartTime', 'AO', 'num'],
  ['endTime', 'AP', 'num'],
  ['periodUpdateTime', 'AQ', 'num'],
  ['hasLiveCentre', 'AW', 'num'],
  ['hasLineups', 'AX', 'num'],
  ['hasOdds', 'AY', 'num'],
  ['sourceType', 'BW', 'num'],
  ['gameTime', 'BX', 'num'],
  ['round', 'ER', 'str'],
  ['homeGoalUnderReview', 'GRA', 'num'],
  ['awayGoalUnderReview', 'GRB', 'num'],
  ['liveBookmakers', 'MW', 'str'],
  ['homeCountryId', 'CA', 'num'],
  ['awayCountryId', 'CB', 'num'],
  ['homeCountryName', 'FU', 'str'],
  ['awayCountryName', 'FV', 'str'],
  ['homeGamePoints', 'WA', 'str'],
  ['awayGamePoints', 'WB', 'str'],
  ['service', 'WC', 'num'],
  ['playingOnSets', 'WL', 'str'],
  // Sport state a duel row needs beyond score parts (ours): cricket wickets and overs, darts legs of the
  // set in play, outs of the half-inning in baseball and pesapallo.
  ['homeWickets', 'WKA', 'num'],
  ['awayWickets', 'WKB', 'num'],
  ['homeOvers', 'OVA', 'str'],
  ['awayOvers', 'OVB', 'str'],
  ['homeLegs', 'LGA', 'num'],
  ['awayLegs', 'LGB', 'num'],
  ['outs', 'OUT', 'num'],
  ...ODDS_FIELD_KEYS,
  // No-duel rows (ours): one row per participant of a race or meeting (S3-33).
  ['rank', 'RK', 'num'],
  ['gap', 'RG', 'str'],
  ['resultTime', 'RT', 'str'],
  ['laps', 'RL', 'num'],
  ['distance', 'RD', 'num'],
  ['points', 'RPT', 'num'],
  ['holesPlayed', 'RH', 'num'],
  ['parScore', 'RPR', 'num'],
  ['jump1', 'RJ1', 'str'],
  ['jump2', 'RJ2', 'str'],
  ['penaltyLaps', 'RPL', 'num'],
  ['missedShots', 'RMS', 'num'],
  ['participantStatus', 'RST', 'num'],
  ['stopReason', 'RSR', 'str'],
] as const satisfies ReadonlyArray<readonly [string, string, FieldKind]>;

/** League header row (`ZA`) fields (protocol.md §3.2). */
export const LEAGUE_FIELDS = [
  ['name', 'ZA', 'str'],
  ['templateId', 'ZEE', 'str'],
  ['countryId', 'ZB', 'num'],
  ['countryName', 'ZY', 'str'],
  ['stageId', 'ZC', 'str'],
  ['type', 'ZD', 'str'],
  ['tournamentId', 'ZE', 'str'],
  ['sourceType', 'ZF', 'num'],
  ['hasLiveTable', 'ZO', 'num'],
  ['standingsType', 'ZG', 'num'],
  ['templateKey', 'ZH', 'str'],
  ['sportStageType', 'ZJ', 'num'],
  ['url', 'ZL', 'str'],
  ['image', 'OAJ', 'str'],
  ['sortKey', 'ZX', 'str'],
  ['categoryName', 'ZAF', 'str'],
  ['superTemplateId', 'ZHS', 'num'],
  // No-duel leagues carry stage type, stage and start time as comma lists (protocol.md §5.1).
  ['raceStageTypes', 'AB', 'str'],
  ['raceStages', 'AC', 'str'],
  ['raceStartTimes', 'AD', 'str'],
] as const satisfies ReadonlyArray<readonly [string, string, FieldKind]>;

type FieldType<K extends FieldKind> = K extends 'num' ? number : string;
type FieldsOf<T extends ReadonlyArray<readonly [string, string, FieldKind]>> = {
  [E in T[number] as E[0]]?: FieldType<E[2]>;
};

/** Event fields as a row carries them: a full row has many, an update row only what changed. */
export type EventFields = FieldsOf<typeof EVENT_FIELDS>;
export type EventFieldName = keyof EventFields;
export type LeagueFields = FieldsOf<typeof LEAGUE_FIELDS>;
export type LeagueFieldName = keyof LeagueFields;

export type OddsFieldName = (typeof ODDS_FIELD_KEYS)[number][0];

/** An event's odds fields (S7-11): what an odds feed carries, and what a list row shows as odds. */
export const ODDS_FIELDS: readonly OddsFieldName[] = ODDS_FIELD_KEYS.map(([field]) => field);

/** Keys never number-converted in the generic conversion (protocol.md §1 rule 7). */
export const STRING_KEYS: ReadonlySet<string> = new Set(['ND', 'NG']);

/** Keys the client ignores in update rows: YA…YM (protocol.md §3.3). */
export function isIgnoredUpdateKey(key: string): boolean {
  return key.length === 2 && key[0] === 'Y' && key[1] >= 'A' && key[1] <= 'M';
}

export const EVENT_KEY_BY_FIELD: ReadonlyMap<string, string> = new Map(EVENT_FIELDS.map(([f, k]) => [f, k]));
export const EVENT_FIELD_BY_KEY: ReadonlyMap<string, readonly [EventFieldName, FieldKind]> = new Map(
  EVENT_FIELDS.map(([f, k, kind]) => [k, [f, kind] as const]),
);
export const LEAGUE_FIELD_BY_KEY: ReadonlyMap<string, readonly [LeagueFieldName, FieldKind]> = new Map(
  LEAGUE_FIELDS.map(([f, k, kind]) => [k, [f, kind] as const]),
);
