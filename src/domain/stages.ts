// Stage types (AB) and stage codes (AC) of events (S3-35, S3-36, S3-39…S3-47) and the rules read from them.
// Pure data and functions: no React, XState, Node or DOM here.

/** S3-35 event stage type (AB). */
export const STAGE_TYPE = Object.freeze({
  SCHEDULED: 1,
  LIVE: 2,
  FINISHED: 3,
});
export type StageType = (typeof STAGE_TYPE)[keyof typeof STAGE_TYPE];

/** S3-36, S3-39…S3-47 event stage codes (AC). */
export const STAGE = Object.freeze({
  UNKNOWN: 0, // S3-36
  SCHEDULED: 1, // S3-39 blank
  LIVE: 2, // S3-39
  FINISHED: 3, // S3-39
  POSTPONED: 4, // S3-36, S3-39
  CANCELED: 5, // S3-36, S3-39
  EXTRA_TIME: 6, // S3-40 extra time or overtime
  PENALTIES: 7, // S3-40 penalties or shootout
  RETIRED: 8, // S3-40 finished after retirement
  WALKOVER: 9, // S3-40
  AFTER_EXTRA_TIME: 10, // S3-41
  AFTER_PENALTIES: 11, // S3-41
  FIRST_HALF: 12, // S3-42
  SECOND_HALF: 13, // S3-42
  FIRST_PERIOD: 14, // S3-42
  SECOND_PERIOD: 15, // S3-42
  THIRD_PERIOD: 16, // S3-42
  FIRST_SET: 17, // S3-43
  SECOND_SET: 18, // S3-43
  THIRD_SET: 19, // S3-43
  FOURTH_SET: 20, // S3-43
  FIFTH_SET: 21, // S3-43
  FIRST_QUARTER: 22, // S3-44
  SECOND_QUARTER: 23, // S3-44
  THIRD_QUARTER: 24, // S3-44
  FOURTH_QUARTER: 25, // S3-44
  FIRST_INNING: 26, // S3-44 innings 1-9: 26…34
  NINTH_INNING: 34, // S3-44
  EXTRA_INNING: 35, // S3-44
  INTERRUPTED: 36, // S3-45
  ABANDONED: 37, // S3-45
  HALF_TIME: 38, // S3-45 break
  TIME_OUT: 39, // S3-36
  FIRST_EXTRA_TIME: 40, // S3-36
  SECOND_EXTRA_TIME: 41, // S3-36
  AWAITING_UPDATE: 42, // S3-36 pending, S3-45 awaiting update
  DELAYED: 43, // S3-45
  SUSPENDED: 44, // S3-36
  TO_FINISH: 45, // S3-45 to finish later
  BREAK: 46, // S3-45
  FIRST_SET_TIEBREAK: 47, // S3-46 tennis set 1-5 tie-break: 47…51
  FIFTH_SET_TIEBREAK: 51, // S3-46
  AWARDED: 54, // S3-46 technical defeat
  SIXTH_SET: 55, // S3-43
  SEVENTH_SET: 56, // S3-43
  AFTER_DAY_1: 57, // S3-46 after day 1-5: 57…61
  AFTER_DAY_5: 61, // S3-46
  AFTER_ROUND_1: 62, // S3-46 golf, after round 1-3: 62…64
  AFTER_ROUND_3: 64, // S3-46
  ROUND_1: 65, // S3-46 rounds 1-4: 65…68
  ROUND_4: 68, // S3-46
  AFTER_EXTRA_INNINGS: 69, // S3-44
  EIGHTH_SET: 324, // S3-43 darts sets 8-13: 324…329
  THIRTEENTH_SET: 329, // S3-43
  LUNCH: 333, // S3-47 cricket
  TEA: 334, // S3-47 cricket
  MEDICAL_TIMEOUT: 335, // S3-47 tennis
  // S3-36 names these race stages without giving codes; the codes are ours (a range no S3 code uses).
  PRACTICE: 401,
  QUALIFICATION: 402,
  RACE: 403,
  HEATS: 404,
  SPECIAL_STAGE: 405,
  AFTER_STAGE: 406,
});

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Half codes (S3-42). */
export const HALF_STAGES: readonly number[] = [STAGE.FIRST_HALF, STAGE.SECOND_HALF];
/** Period codes 14-16 (S3-42). */
export const PERIOD_STAGES: readonly number[] = range(14, 16);
/** Quarter codes 22-25 (S3-44). */
export const QUARTER_STAGES: readonly number[] = range(22, 25);
/** Innings 1-9, 26-34 (S3-44). */
export const INNING_STAGES: readonly number[] = range(26, 34);
/** Sets in play order: 1-5, 6-7, then darts 8-13 (S3-43). */
export const SET_STAGES: readonly number[] = [...range(17, 21), 55, 56, ...range(324, 329)];
/** Tennis tie-break of set 1-5 (S3-46). */
export const TIEBREAK_STAGES: readonly number[] = range(47, 51);
/** After day 1-5 (S3-46). */
export const AFTER_DAY_STAGES: readonly number[] = range(57, 61);
/** Golf after round 1-3 (S3-46). */
export const AFTER_ROUND_STAGES: readonly number[] = range(62, 64);
/** Rounds 1-4 (S3-46). */
export const ROUND_STAGES: readonly number[] = range(65, 68);
/** Extra-time codes (S3-36, S3-40). */
export const EXTRA_TIME_STAGES: readonly number[] = [STAGE.EXTRA_TIME, STAGE.FIRST_EXTRA_TIME, STAGE.SECOND_EXTRA_TIME];
/** Race stages named in S3-36 (codes ours). */
export const RACE_STAGES: readonly number[] = range(401, 406);

/** Every stage code this project knows (S3-36, S3-39…S3-47). */
export const ALL_STAGES: readonly number[] = [
  ...range(0, 51),
  54,
  55,
  56,
  ...range(57, 69),
  ...range(324, 329),
  333,
  334,
  335,
  ...RACE_STAGES,
].filter((code) => code !== 52 && code !== 53);

const ALL_STAGE_SET = new Set(ALL_STAGES);
export function isKnownStage(stage: number): boolean {
  return ALL_STAGE_SET.has(stage);
}

/** Stages that end a match (used when AB is missing or disagrees). */
const FINISHED_STAGE_CODES = new Set<number>([
  STAGE.FINISHED,
  STAGE.RETIRED,
  STAGE.WALKOVER,
  STAGE.AFTER_EXTRA_TIME,
  STAGE.AFTER_PENALTIES,
  STAGE.AWARDED,
  STAGE.AFTER_EXTRA_INNINGS,
]);

/** Stages in which the clock runs (S4-18: halves, periods, quarters, extra time, live). */
const CLOCK_STAGES = new Set<number>([
  STAGE.LIVE,
  ...HALF_STAGES,
  ...PERIOD_STAGES,
  ...QUARTER_STAGES,
  ...EXTRA_TIME_STAGES,
]);

/** Stages during which play is paused: half time, breaks, lunch, tea, time out, medical (S3-45, S3-47). */
const PAUSE_STAGES = new Set<number>([
  STAGE.HALF_TIME,
  STAGE.BREAK,
  STAGE.TIME_OUT,
  STAGE.LUNCH,
  STAGE.TEA,
  STAGE.MEDICAL_TIMEOUT,
]);

/** S3-35: live when AB is 2. */
export function isLiveStage(stageType: number | undefined): boolean {
  return stageType === STAGE_TYPE.LIVE;
}

/**
 * S3-35: finished when AB is 3 (this includes postponed, canceled and awarded rows, protocol.md §5.4),
 * or, when AB is absent, when the stage code itself ends the match.
 */
export function isFinishedStage(stageType: number | undefined, stage: number | undefined): boolean {
  if (stageType === STAGE_TYPE.FINISHED) return true;
  if (stageType === STAGE_TYPE.LIVE || stageType === STAGE_TYPE.SCHEDULED) return false;
  return stage !== undefined && FINISHED_STAGE_CODES.has(stage);
}

/** S3-36: postponed (4) or canceled (5). */
export function isPostponedOrCanceled(stage: number | undefined): boolean {
  return stage === STAGE.POSTPONED || stage === STAGE.CANCELED;
}

/** S3-46: after day 1-5. */
export function isAfterDay(stage: number | undefined): boolean {
  return stage !== undefined && stage >= STAGE.AFTER_DAY_1 && stage <= STAGE.AFTER_DAY_5;
}

/** S4-15: finished, not interrupted and not after-day. */
export function isFullyFinished(stageType: number | undefined, stage: number | undefined): boolean {
  return isFinishedStage(stageType, stage) && stage !== STAGE.INTERRUPTED && !isAfterDay(stage);
}

/** S4-18: stages with a running clock (halves, periods, quarters, extra time, live). */
export function runsClock(stage: number | undefined): boolean {
  return stage !== undefined && CLOCK_STAGES.has(stage);
}

/** Play is paused (half time, break, lunch, tea, time out, medical time-out). */
export function isPauseStage(stage: number | undefined): boolean {
  return stage !== undefined && PAUSE_STAGES.has(stage);
}

/** 1-based index of a set (S3-43), or 0 when the stage is not a set. */
export function setNumber(stage: number): number {
  return SET_STAGES.indexOf(stage) + 1;
}
