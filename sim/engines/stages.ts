// Stage codes the engines write (protocol.md §5.3; S3-35 stage types, S3-36 stages). Kept local
// to the world so it does not depend on how the client labels them.
export const STAGE_TYPE = { scheduled: 1, live: 2, finished: 3 } as const; // S3-35

export const STAGE = {
  scheduled: 1, // S3-36
  live: 2,
  finished: 3,
  postponed: 4,
  cancelled: 5,
  extraTime: 6,
  penalties: 7,
  retired: 8,
  walkover: 9,
  afterExtraTime: 10,
  afterPenalties: 11,
  firstHalf: 12,
  secondHalf: 13,
  interrupted: 36,
  abandoned: 37,
  halfTime: 38,
  pause: 46,
  afterExtraInnings: 69, // S3-44
} as const;

/** Periods 1–3 (hockey, floorball), S3-42. */
export const PERIOD_STAGES = [14, 15, 16] as const;
/** Quarters 1–4, S3-44. */
export const QUARTER_STAGES = [22, 23, 24, 25] as const;
/** Halves, S3-42. */
export const HALF_STAGES = [12, 13] as const;
/** Innings 1–9, then 35 extra innings (S3-44). */
export const INNING_STAGES = [26, 27, 28, 29, 30, 31, 32, 33, 34] as const;
export const EXTRA_INNING_STAGE = 35;

/** Set n (1-based): 17–21, 55–56, then darts 324–329 (S3-43). */
export function setStage(n: number): number {
  if (n <= 5) return 16 + n;
  if (n <= 7) return 49 + n;
  return 316 + n;
}

/** Tennis tie-break in set n: 47–51 (S3-46). */
export function tiebreakStage(n: number): number {
  return 46 + n;
}

/** Golf: rounds 1–4 are 65–68, after round 1–3 are 62–64 (S3-46). */
export function golfRoundStage(n: number): number {
  return 64 + n;
}
export function afterGolfRoundStage(n: number): number {
  return 61 + n;
}
