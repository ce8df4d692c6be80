// The live clock of a row: minute from the period start (AO) and server time, per-sport offsets and caps,
// the text a row shows, the blink indicator, reverse time and the penalty-update window (S4-18…S4-24, S9-4).
import type { EventFields } from '../protocol/keys';
import { PENALTY_WINDOW_S } from './limits';
import { isPauseStage, QUARTER_STAGES, runsClock, STAGE, STAGE_TYPE } from './stages';
import { statusLabel } from './status-labels';

const SOCCER = 1;
const BANDY = 10;
const RUGBY_UNION = 8;
const RUGBY_LEAGUE = 19;
const AUSSIE_RULES = 18;
const DARTS = 14;
const SNOOKER = 15;

/** How a stage's minute is read: minute = offset + minutes run in the period, shown up to `cap`. */
interface MinuteRule {
  /** Minutes of play before this period starts (45 for a soccer second half). */
  readonly offset: number;
  /** Last regular minute of the period; beyond it the row shows the cap. */
  readonly cap: number;
  /** Break minutes between kick-off and this period, used only when AO is missing and AD is known. */
  readonly breaks: number;
  /** Soccer and Aussie rules show '45+' beyond the cap; rugby shows the capped minute. */
  readonly plus: boolean;
}

const rule = (offset: number, cap: number, breaks: number, plus: boolean): MinuteRule => ({
  offset,
  cap,
  breaks,
  plus,
});

// S4-19 soccer and bandy: second half from 45 after a 15 min break, extra time from 90 after 30 min of breaks;
// caps 45+, 90+, 120+ (the first extra-time half stops at 105+).
const SOCCER_RULES: ReadonlyMap<number, MinuteRule> = new Map([
  [STAGE.FIRST_HALF, rule(0, 45, 0, true)],
  [STAGE.SECOND_HALF, rule(45, 90, 15, true)],
  [STAGE.EXTRA_TIME, rule(90, 120, 30, true)],
  [STAGE.FIRST_EXTRA_TIME, rule(90, 105, 30, true)],
  [STAGE.SECOND_EXTRA_TIME, rule(105, 120, 30, true)],
]);
// S4-20 rugby: halves of 40 (break 10) or, for sevens, of 7 (break 2); caps 40, 80, 7, 14.
const RUGBY_RULES: ReadonlyMap<number, MinuteRule> = new Map([
  [STAGE.FIRST_HALF, rule(0, 40, 0, false)],
  [STAGE.SECOND_HALF, rule(40, 80, 10, false)],
]);
const SEVENS_RULES: ReadonlyMap<number, MinuteRule> = new Map([
  [STAGE.FIRST_HALF, rule(0, 7, 0, false)],
  [STAGE.SECOND_HALF, rule(7, 14, 2, false)],
]);
// S4-21 Aussie rules: each quarter's clock runs from 0 and shows 20+ beyond 20; quarter breaks of 15 min.
const AUSSIE_QUARTER = 20;
const AUSSIE_BREAK = 15;
const AUSSIE_RULES_BY_STAGE: ReadonlyMap<number, MinuteRule> = new Map(
  QUARTER_STAGES.map((stage, i) => [stage, rule(0, AUSSIE_QUARTER, i * AUSSIE_BREAK + i * AUSSIE_QUARTER, true)]),
);

function minuteRule(sportId: number, stage: number, sevens: boolean): MinuteRule | undefined {
  switch (sportId) {
    case SOCCER:
    case BANDY:
      return SOCCER_RULES.get(stage);
    case RUGBY_UNION:
    case RUGBY_LEAGUE:
      return (sevens ? SEVENS_RULES : RUGBY_RULES).get(stage);
    case AUSSIE_RULES:
      return AUSSIE_RULES_BY_STAGE.get(stage);
    default:
      return undefined;
  }
}

export interface LiveMinuteInput {
  readonly sportId: number;
  readonly stage: number;
  /** AO: start of the current period, epoch seconds. */
  readonly periodStartTime?: number;
  /** Server time, epoch milliseconds (sys utime corrected by the local clock). */
  readonly serverNow: number;
  /** AD: match start, epoch seconds; used with the break lengths only when AO is missing. */
  readonly startTime?: number;
  /** Rugby sevens (S4-20). */
  readonly sevens?: boolean;
}

export interface LiveMinute {
  /** The running minute (the first minute of a match is 1), before capping. */
  readonly minute: number;
  /** The last regular minute of the period. */
  readonly cap: number;
  /** The minute ran past the cap (stoppage time). */
  readonly overCap: boolean;
  /** Past the cap the row shows '<cap>+' (soccer, bandy, Aussie rules) rather than the capped minute (rugby). */
  readonly plus: boolean;
}

const validEpoch = (t: number | undefined): t is number => typeof t === 'number' && Number.isFinite(t) && t > 0;

/**
 * S4-19…S4-21: the live minute of soccer, bandy, rugby and Aussie rules, computed from AO and server time
 * (protocol.md §3.4). Null when the sport or stage has no minute, or no usable start time is known.
 */
export function liveMinute(input: LiveMinuteInput): LiveMinute | null {
  const r = minuteRule(input.sportId, input.stage, input.sevens === true);
  if (!r || !Number.isFinite(input.serverNow)) return null;
  const nowSec = input.serverNow / 1000;
  let minute: number;
  if (validEpoch(input.periodStartTime)) {
    minute = r.offset + Math.floor(Math.max(0, nowSec - input.periodStartTime) / 60) + 1;
  } else if (validEpoch(input.startTime)) {
    // No period start: count from kick-off and take off the breaks before this period.
    minute = Math.floor(Math.max(0, nowSec - input.startTime) / 60) + 1 - r.breaks;
  } else {
    return null;
  }
  // A period never shows a minute from before it began (clock skew, a late AO).
  minute = Math.max(r.offset + 1, minute);
  return { minute, cap: r.cap, overCap: minute > r.cap, plus: r.plus };
}

function minuteText(m: LiveMinute): string {
  if (!m.overCap) return `${m.minute}'`;
  return m.plus ? `${m.cap}+` : `${m.cap}'`;
}

export interface ClockInput extends LiveMinuteInput {
  /** AB; the clock only runs while live. */
  readonly stageType?: number;
  /** BX game time in minutes for clock sports; -1 or missing means no clock. */
  readonly gameTime?: number;
  /** Current scores (darts legs, snooker frames). */
  readonly homeScore?: number;
  readonly awayScore?: number;
  /** Darts played on sets (WL); legs replace the 'set 1'/'live' text only when not (S4-22). */
  readonly playingOnSets?: boolean;
  /** Use short mobile labels. */
  readonly short?: boolean;
}

const count = (n: number | undefined): number =>
  typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;

/** Whether a sport's clock text can read the score (S4-22: the darts leg or snooker frame in play). */
export function clockReadsScore(sportId: number): boolean {
  return sportId === DARTS || sportId === SNOOKER;
}

/** S4-22: darts leg or snooker frame in play = home + away + 1. */
export function currentLegOrFrame(homeScore: number | undefined, awayScore: number | undefined): number {
  return count(homeScore) + count(awayScore) + 1;
}

/**
 * What a row shows in its clock/status cell (S4-18…S4-22): "67'", "45+", "Үзіліс", "3-ширек 8'", a darts leg
 * or snooker frame, or the stage label. Never a negative or impossible minute.
 */
export function clockText(input: ClockInput): string {
  const { sportId, stage } = input;
  const lbl = statusLabel(sportId, stage);
  const stageText = input.short ? lbl.short : lbl.name;
  if (input.stageType !== undefined && input.stageType !== STAGE_TYPE.LIVE) return stageText;
  if (isPauseStage(stage)) return stageText;

  if (sportId === DARTS && !input.playingOnSets && (stage === STAGE.LIVE || stage === STAGE.FIRST_SET)) {
    return `${currentLegOrFrame(input.homeScore, input.awayScore)}-лег`; // S4-22
  }
  if (sportId === SNOOKER && stage === STAGE.LIVE) {
    return `${currentLegOrFrame(input.homeScore, input.awayScore)}-фрейм`; // S4-22
  }

  const minute = liveMinute(input);
  if (minute) {
    const text = minuteText(minute);
    return sportId === AUSSIE_RULES ? `${stageText} ${text}` : text;
  }

  const gameTime = input.gameTime;
  if (runsClock(stage) && typeof gameTime === 'number' && Number.isFinite(gameTime) && gameTime > 0) {
    const mins = `${Math.floor(gameTime)}'`;
    return stage === STAGE.LIVE ? mins : `${stageText} ${mins}`;
  }
  return stageText;
}

/** WL set to anything but empty or '0' means the darts match is played on sets (S4-22). */
export function playsOnSets(wl: string | undefined): boolean {
  return wl !== undefined && wl.trim() !== '' && wl.trim() !== '0';
}

/** clockText for an event row as the feed carries it (AB, AC, AO, AD, BX, AG/AH, WL). */
export function clockTextForEvent(
  event: EventFields,
  sportId: number,
  serverNow: number,
  options: { readonly short?: boolean; readonly sevens?: boolean } = {},
): string {
  return clockText({
    sportId,
    stage: event.stage ?? 0,
    stageType: event.stageType,
    periodStartTime: event.periodStartTime,
    startTime: event.startTime,
    serverNow,
    gameTime: event.gameTime,
    homeScore: event.homeScore,
    awayScore: event.awayScore,
    playingOnSets: playsOnSets(event.playingOnSets),
    short: options.short,
    sevens: options.sevens,
  });
}

/** Sports whose clock blinks even without a game time (S4-18). */
const ALWAYS_BLINK_SPORTS = new Set([SOCCER, BANDY, RUGBY_LEAGUE, RUGBY_UNION, AUSSIE_RULES]);

/** S4-18: the blink indicator shows for a running-clock stage with a positive game time, or for the listed sports. */
export function showsBlink(input: { sportId: number; stage: number; gameTime?: number; stageType?: number }): boolean {
  if (input.stageType !== undefined && input.stageType !== STAGE_TYPE.LIVE) return false;
  if (!runsClock(input.stage)) return false;
  return (typeof input.gameTime === 'number' && input.gameTime > 0) || ALWAYS_BLINK_SPORTS.has(input.sportId);
}

/** Parses a stage time string 'normal:extra' in minutes (S4-23); missing or bad parts are null. */
export function parseStageTime(stageTime: string): { normal: number | null; extra: number | null } {
  const [normalText = '', extraText = ''] = String(stageTime ?? '').split(':');
  const num = (s: string): number | null => {
    if (!/^\s*\d+(\.\d+)?\s*$/.test(s)) return null;
    return Number(s);
  };
  return { normal: num(normalText), extra: num(extraText) };
}

/**
 * S4-23, S5-8: reverse (count-down) time = stage time − elapsed − 1 when elapsed ≠ 0, floored at 0.
 * `extra` picks the extra-time length of the 'normal:extra' string. Bad input gives 0.
 */
export function reverseTime(stageTime: string, elapsed: number, extra = false): number {
  const parsed = parseStageTime(stageTime);
  const total = extra ? parsed.extra : parsed.normal;
  if (total === null) return 0;
  const e = Number.isFinite(elapsed) && elapsed > 0 ? elapsed : 0;
  const left = e !== 0 ? total - e - 1 : total;
  return Math.max(0, left);
}

/** S4-24, S9-4: a penalty update applies only in the same stage and within 5 minutes of the counter time. */
export function penaltyUpdateApplies(
  stage: number,
  incidentStage: number,
  incidentTimeSec: number,
  counterTimeSec: number,
): boolean {
  if (stage !== incidentStage) return false;
  if (!Number.isFinite(incidentTimeSec) || !Number.isFinite(counterTimeSec)) return false;
  return Math.abs(counterTimeSec - incidentTimeSec) <= PENALTY_WINDOW_S;
}
