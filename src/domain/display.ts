// Small display rules of list rows (S4-25): gap sign, winter-sport distance, golf ties, start-time text.
import { dayOffset, formatKind } from './datetime';

/**
 * S4-25: a gap shows a '+' prefix when it is positive and the rank is not 1. Gaps come as numbers or text
 * ('12.4', '1:02.3', '+1 lap'); text already signed, or not a positive amount, is shown as given.
 */
export function formatGap(gap: string | number | undefined | null, rank: number | undefined | null): string {
  if (gap === undefined || gap === null) return '';
  const text = typeof gap === 'number' ? (Number.isFinite(gap) ? String(gap) : '') : gap.trim();
  if (text === '' || text.startsWith('+') || text.startsWith('-')) return text;
  if (rank === 1) return text;
  return gapIsPositive(text) ? `+${text}` : text;
}

/** A gap like '12.4', '1:02.3' or '2 laps' is positive when its leading amount is above 0. */
function gapIsPositive(text: string): boolean {
  const lead = /^(\d+(?:[.,]\d+)?)(?::(\d+(?:[.,]\d+)?))*/.exec(text);
  if (!lead) return false;
  return /[1-9]/.test(lead[0]);
}

/**
 * S4-25: winter-sport distance in km, shown for the live leader only (rank 1 while live); '' otherwise.
 * The distance is in metres (the `distance` field, RD).
 */
export function winterDistanceText(
  distanceMetres: number | undefined,
  rank: number | undefined,
  isLive: boolean,
): string {
  if (!isLive || rank !== 1) return '';
  if (typeof distanceMetres !== 'number' || !Number.isFinite(distanceMetres) || distanceMetres < 0) return '';
  const km = Math.round(distanceMetres / 100) / 10;
  return `${km.toFixed(1)} км`;
}

/** S4-25: golf rank with a 'T' prefix when the position is shared. */
export function golfRankText(rank: number | undefined, tied: boolean): string {
  if (typeof rank !== 'number' || !Number.isFinite(rank) || rank <= 0) return '';
  return tied ? `T${rank}` : String(rank);
}

/** S4-25: golf rank texts for a leaderboard, marking every rank that more than one player holds. */
export function golfRankTexts(ranks: ReadonlyArray<number | undefined>): string[] {
  const counts = new Map<number, number>();
  for (const r of ranks) if (typeof r === 'number') counts.set(r, (counts.get(r) ?? 0) + 1);
  return ranks.map((r) => golfRankText(r, typeof r === 'number' && (counts.get(r) ?? 0) > 1));
}

/**
 * S4-25: a row's start time: time only when it starts today in the visitor's zone, otherwise date and time.
 * 24-hour style 'H:i' / 'd.m. H:i'; US style 'h:i A' / 'M d, h:i A'.
 */
export function startTimeText(startTimeSec: number, nowMs: number, timeZone: string, us = false): string {
  if (!Number.isFinite(startTimeSec) || startTimeSec <= 0) return '';
  const today = dayOffset(startTimeSec, nowMs, timeZone) === 0;
  return formatKind(startTimeSec, timeZone, today ? 'tv' : 'kickoff', us);
}
