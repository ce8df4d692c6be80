// The rules of each timed team sport: periods and their lengths, breaks, stage codes, how points
// are scored, how a level score is settled, and published scoring averages the totals aim at.
import { HALF_STAGES, PERIOD_STAGES, QUARTER_STAGES } from './stages';

export type DrawRule = 'allowed' | 'ot-repeat' | 'ot-shootout' | 'et-penalties' | 'penalties' | 'ot-once';

export interface Scoring {
  readonly points: number;
  readonly weight: number;
  /** Incident type ids written for one such score (protocol.md §4.3: 3 goal, 206 try …). */
  readonly incidents: readonly number[];
}

export interface PeriodConfig {
  readonly periods: number;
  readonly periodMinutes: number;
  /** Real seconds per game second: above 1 for stopped-clock sports. */
  readonly realFactor: number;
  /** Added minutes at the end of each period for running clocks. */
  readonly stoppage?: readonly [number, number];
  readonly breakMinutes: number;
  readonly halfTimeAfter?: number;
  readonly halfTimeMinutes?: number;
  readonly periodStages: readonly number[];
  /** `stopped` clocks write BX each minute; `running` clocks leave BX at -1 and use AO. */
  readonly clock: 'running' | 'stopped';
  /** Mean total points in regulation (published averages). */
  readonly total: number;
  /** Log-normal spread of a match's total around the mean. */
  readonly totalSd: number;
  readonly homeShare: number;
  /** Share shift per unit of strength difference. */
  readonly spread: number;
  readonly scoring: readonly Scoring[];
  /** Score parts the sport shows (S3-9…S3-20). */
  readonly parts: number;
  readonly otPart?: number;
  readonly soPart?: number;
  readonly draw: DrawRule;
  readonly knockout: DrawRule;
  readonly otMinutes: number;
  readonly shootoutRounds: number;
  readonly shootoutP: number;
  readonly scorerIncidents: boolean;
  /** Scores sent once per game minute instead of per basket (high-scoring sports). */
  readonly aggregate: boolean;
  readonly oddsEveryMinutes: number;
}

const GOAL: readonly Scoring[] = [{ points: 1, weight: 1, incidents: [3] }];

const BASE = {
  totalSd: 0.15,
  homeShare: 0.53,
  spread: 0.06,
  otMinutes: 5,
  shootoutRounds: 5,
  shootoutP: 0.75,
  scorerIncidents: false,
  aggregate: false,
  oddsEveryMinutes: 10,
  breakMinutes: 2,
} as const;

const CONFIGS: Readonly<Record<number, PeriodConfig>> = {
  // S3-11 basketball: 4 quarters + overtime part; FIBA 4×10 (≈160), NBA 4×12 (≈225).
  3: {
    ...BASE,
    periods: 4,
    periodMinutes: 10,
    realFactor: 2.1,
    halfTimeAfter: 2,
    halfTimeMinutes: 15,
    periodStages: QUARTER_STAGES,
    clock: 'stopped',
    total: 160,
    totalSd: 0.07,
    homeShare: 0.51,
    spread: 0.03,
    scoring: [
      { points: 2, weight: 0.52, incidents: [] },
      { points: 3, weight: 0.23, incidents: [] },
      { points: 1, weight: 0.25, incidents: [] },
    ],
    parts: 5,
    otPart: 5,
    draw: 'ot-repeat',
    knockout: 'ot-repeat',
    aggregate: true,
    oddsEveryMinutes: 4,
  },
  // S3-12 hockey: 3×20, 5-minute sudden-death overtime, shootout (winner +1, protocol.md §3.3).
  4: {
    ...BASE,
    periods: 3,
    periodMinutes: 20,
    realFactor: 1.7,
    breakMinutes: 17,
    periodStages: PERIOD_STAGES,
    clock: 'stopped',
    total: 5.6,
    totalSd: 0.1,
    scoring: GOAL,
    parts: 5,
    otPart: 4,
    soPart: 5,
    draw: 'ot-shootout',
    knockout: 'ot-shootout',
    shootoutRounds: 3,
    shootoutP: 0.33,
    scorerIncidents: true,
  },
  // S3-13 american football: 4×15, ≈45 points (NFL), one 10-minute overtime.
  5: {
    ...BASE,
    periods: 4,
    periodMinutes: 15,
    realFactor: 3,
    halfTimeAfter: 2,
    halfTimeMinutes: 13,
    periodStages: QUARTER_STAGES,
    clock: 'stopped',
    total: 45,
    scoring: [
      { points: 7, weight: 0.5, incidents: [] },
      { points: 6, weight: 0.04, incidents: [] },
      { points: 8, weight: 0.02, incidents: [] },
      { points: 3, weight: 0.42, incidents: [] },
      { points: 2, weight: 0.02, incidents: [] },
    ],
    parts: 5,
    otPart: 5,
    otMinutes: 10,
    draw: 'ot-once',
    knockout: 'ot-repeat',
  },
  // S3-15 handball: 2×30, ≈55 goals.
  7: {
    ...BASE,
    periods: 2,
    periodMinutes: 30,
    realFactor: 1.1,
    halfTimeAfter: 1,
    halfTimeMinutes: 15,
    periodStages: HALF_STAGES,
    clock: 'running',
    total: 55,
    totalSd: 0.08,
    spread: 0.04,
    scoring: GOAL,
    parts: 3,
    otPart: 3,
    draw: 'allowed',
    knockout: 'et-penalties',
    aggregate: true,
    oddsEveryMinutes: 6,
  },
  // S3-10 rugby union: 2×40, ≈50 points.
  8: {
    ...BASE,
    periods: 2,
    periodMinutes: 40,
    realFactor: 1,
    stoppage: [2, 6],
    halfTimeAfter: 1,
    halfTimeMinutes: 15,
    periodStages: HALF_STAGES,
    clock: 'running',
    total: 48,
    scoring: [
      { points: 7, weight: 0.4, incidents: [206, 207] },
      { points: 5, weight: 0.22, incidents: [206] },
      { points: 3, weight: 0.36, incidents: [208] },
      { points: 3, weight: 0.02, incidents: [] },
    ],
    parts: 4,
    otPart: 3,
    otMinutes: 20,
    draw: 'allowed',
    knockout: 'et-penalties',
    scorerIncidents: true,
  },
  // S3-10 floorball: 3×20, ≈11 goals, overtime and penalty shots.
  9: {
    ...BASE,
    periods: 3,
    periodMinutes: 20,
    realFactor: 1.4,
    breakMinutes: 10,
    periodStages: PERIOD_STAGES,
    clock: 'stopped',
    total: 11,
    scoring: GOAL,
    parts: 5,
    otPart: 4,
    soPart: 5,
    otMinutes: 10,
    draw: 'ot-shootout',
    knockout: 'ot-shootout',
    shootoutP: 0.45,
    scorerIncidents: true,
  },
  // S3-12 bandy: 2×45, ≈9 goals.
  10: {
    ...BASE,
    periods: 2,
    periodMinutes: 45,
    realFactor: 1,
    stoppage: [0, 3],
    halfTimeAfter: 1,
    halfTimeMinutes: 15,
    periodStages: HALF_STAGES,
    clock: 'running',
    total: 9,
    scoring: GOAL,
    parts: 4,
    otPart: 3,
    soPart: 4,
    otMinutes: 15,
    draw: 'allowed',
    knockout: 'et-penalties',
    scorerIncidents: true,
  },
  // S3-12 futsal: 2×20 stopped clock, ≈6.5 goals.
  11: {
    ...BASE,
    periods: 2,
    periodMinutes: 20,
    realFactor: 1.6,
    halfTimeAfter: 1,
    halfTimeMinutes: 15,
    periodStages: HALF_STAGES,
    clock: 'stopped',
    total: 6.5,
    scoring: GOAL,
    parts: 4,
    otPart: 3,
    soPart: 4,
    otMinutes: 10,
    draw: 'allowed',
    knockout: 'et-penalties',
    scorerIncidents: true,
  },
  // S3-16 aussie rules: 4×20 plus time on, goals 6 and behinds 1, ≈165 points.
  18: {
    ...BASE,
    periods: 4,
    periodMinutes: 20,
    realFactor: 1.5,
    breakMinutes: 6,
    halfTimeAfter: 2,
    halfTimeMinutes: 20,
    periodStages: QUARTER_STAGES,
    clock: 'stopped',
    total: 165,
    totalSd: 0.12,
    scoring: [
      { points: 6, weight: 0.52, incidents: [] },
      { points: 1, weight: 0.48, incidents: [] },
    ],
    parts: 4,
    otPart: 4,
    draw: 'allowed',
    knockout: 'ot-repeat',
    oddsEveryMinutes: 5,
  },
  // S3-16 rugby league: 2×40, ≈42 points, golden point.
  19: {
    ...BASE,
    periods: 2,
    periodMinutes: 40,
    realFactor: 1,
    stoppage: [1, 4],
    halfTimeAfter: 1,
    halfTimeMinutes: 15,
    periodStages: HALF_STAGES,
    clock: 'running',
    total: 42,
    scoring: [
      { points: 6, weight: 0.5, incidents: [206, 207] },
      { points: 4, weight: 0.32, incidents: [206] },
      { points: 2, weight: 0.14, incidents: [208] },
      { points: 1, weight: 0.04, incidents: [] },
    ],
    parts: 4,
    otPart: 3,
    otMinutes: 10,
    draw: 'ot-once',
    knockout: 'ot-repeat',
    scorerIncidents: true,
  },
  // S3-17 water polo: 4×8 stopped clock, ≈22 goals, straight to penalties.
  22: {
    ...BASE,
    periods: 4,
    periodMinutes: 8,
    realFactor: 1.7,
    breakMinutes: 2,
    halfTimeAfter: 2,
    halfTimeMinutes: 5,
    periodStages: QUARTER_STAGES,
    clock: 'stopped',
    total: 22,
    scoring: GOAL,
    parts: 6,
    otPart: 5,
    soPart: 6,
    draw: 'penalties',
    knockout: 'penalties',
    shootoutP: 0.7,
    scorerIncidents: true,
    aggregate: false,
  },
  // S3-18 field hockey: 4×15, ≈5 goals.
  24: {
    ...BASE,
    periods: 4,
    periodMinutes: 15,
    realFactor: 1.2,
    breakMinutes: 2,
    halfTimeAfter: 2,
    halfTimeMinutes: 10,
    periodStages: QUARTER_STAGES,
    clock: 'stopped',
    total: 5,
    scoring: GOAL,
    parts: 4,
    draw: 'allowed',
    knockout: 'penalties',
    shootoutP: 0.65,
    scorerIncidents: true,
  },
  // S3-19 beach soccer: 3×12 stopped clock, ≈9 goals, extra time and penalties (no draws).
  26: {
    ...BASE,
    periods: 3,
    periodMinutes: 12,
    realFactor: 1.5,
    breakMinutes: 3,
    periodStages: PERIOD_STAGES,
    clock: 'stopped',
    total: 9,
    scoring: GOAL,
    parts: 5,
    otPart: 4,
    soPart: 5,
    otMinutes: 3,
    draw: 'et-penalties',
    knockout: 'et-penalties',
    shootoutRounds: 3,
    shootoutP: 0.7,
    scorerIncidents: true,
  },
  // S3-19 netball: 4×15, ≈110 goals.
  29: {
    ...BASE,
    periods: 4,
    periodMinutes: 15,
    realFactor: 1.2,
    breakMinutes: 3,
    halfTimeAfter: 2,
    halfTimeMinutes: 10,
    periodStages: QUARTER_STAGES,
    clock: 'stopped',
    total: 110,
    totalSd: 0.08,
    scoring: GOAL,
    parts: 5,
    otPart: 5,
    otMinutes: 7,
    draw: 'allowed',
    knockout: 'ot-repeat',
    aggregate: true,
    oddsEveryMinutes: 5,
  },
  // S3-20 kabaddi: 2×20, ≈70 points (raids, tackles, all-outs).
  42: {
    ...BASE,
    periods: 2,
    periodMinutes: 20,
    realFactor: 1.3,
    halfTimeAfter: 1,
    halfTimeMinutes: 5,
    periodStages: HALF_STAGES,
    clock: 'running',
    total: 70,
    totalSd: 0.1,
    scoring: [
      { points: 1, weight: 0.62, incidents: [] },
      { points: 2, weight: 0.3, incidents: [] },
      { points: 3, weight: 0.08, incidents: [] },
    ],
    parts: 3,
    otPart: 3,
    draw: 'allowed',
    knockout: 'ot-once',
    aggregate: true,
    oddsEveryMinutes: 5,
  },
};

/** Level adjustments by competition format. */
const FORMATS: Readonly<Record<string, Partial<PeriodConfig>>> = {
  // NBA: 4×12, ≈225 points.
  nba: { periodMinutes: 12, total: 225, realFactor: 2.4 },
  'women-basketball': { total: 140 },
  'women-handball': { total: 52 },
  sevens: { periodMinutes: 7, total: 36, halfTimeMinutes: 2, stoppage: [0, 2] },
  college: { total: 55 },
  cup: {},
};

export function periodConfigFor(sportId: number, format: string): PeriodConfig {
  const base = CONFIGS[sportId];
  if (!base) throw new Error(`No period rules for sport ${sportId}`);
  const adjust = FORMATS[format];
  return adjust ? { ...base, ...adjust } : base;
}

export const PERIOD_SPORTS: readonly number[] = Object.keys(CONFIGS).map(Number);
