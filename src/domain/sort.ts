// The event sort key (S4-26): a concatenation of fixed-width parts, so comparing keys as strings compares
// the parts in order. Ties are broken by event id, which makes the order total and stable.

/** S4-26 time offset: descending time parts count down from it; a missing time sorts last. */
export const TIME_OFFSET = 5_555_555_555;
/** S4-26 start-time offset: descending start times count down from it; a missing start sorts last. */
export const START_TIME_OFFSET = 9_999_999_999;
/** S4-26 label base: a league at position i sorts as 1000 + i … */
export const LABEL_BASE = 1000;
/** … and an event without a known league position as 9999. */
export const LABEL_FALLBACK = 9999;
const RANK_WIDTH = 4; // S4-26 rank padded to 4 digits
const RANK_MISSING = 9999; // unranked participants after ranked ones
const NAME_WIDTH = 10; // S4-26 names padded to 10 characters
const HORSE_RACING_WIDTH = 15; // S4-26 horse racing country and template padded to 15
const HORSE_RACING = 35;
const TIME_WIDTH = 10;

export interface SortableEvent {
  readonly id: string;
  readonly sportId: number;
  /** AD, epoch seconds. */
  readonly startTime?: number;
  /** Race or ranking position (no-duel sports). */
  readonly rank?: number;
  readonly home?: string;
  readonly away?: string;
  /** Position of the event's league in the page's league order. */
  readonly labelIndex?: number;
  /** The event's league is a top league (S3-50 type t, or pinned). */
  readonly topLeague?: boolean;
  /** Horse racing: meeting country and template (competition) names. */
  readonly countryName?: string;
  readonly templateName?: string;
}

export type TimeOrder = 'asc' | 'desc';

export interface SortContext {
  /** Participant pages drop the top-league flag (S4-26). */
  readonly participantPage?: boolean;
  /** Order the list by time ahead of leagues (sortByTime, S3-62; result and fixture lists). */
  readonly byTime?: boolean;
  /** Direction of time order (S4-26); ascending unless the page lists results. */
  readonly timeOrder?: TimeOrder;
}

/** S4-26: result lists run newest first; everything else runs in kick-off order. */
export function timeOrderForPage(page: { readonly results: boolean }): TimeOrder {
  return page.results ? 'desc' : 'asc';
}

const clampInt = (n: number, min: number, max: number): number => Math.min(max, Math.max(min, Math.floor(n)));
const validTime = (t: number | undefined): t is number => typeof t === 'number' && Number.isFinite(t) && t >= 0;
const padNum = (n: number, width: number): string => String(n).padStart(width, '0');
const padText = (s: string | undefined, width: number): string => (s ?? '').slice(0, width).padEnd(width, ' ');

function timePart(t: number | undefined, offset: number, order: TimeOrder): string {
  if (!validTime(t)) return padNum(offset, TIME_WIDTH);
  const v = clampInt(t, 0, offset);
  return padNum(order === 'desc' ? offset - v : v, TIME_WIDTH);
}

/** The parts of the S4-26 key in order; every part has a fixed width within a sport and context. */
export function sortKeyParts(event: SortableEvent, context: SortContext = {}): string[] {
  const order = context.timeOrder ?? 'asc';
  const sport = padNum(clampInt(Number.isFinite(event.sportId) ? event.sportId : 999, 0, 999), 3);
  const top = context.participantPage ? '' : event.topLeague ? 'a' : 'b';
  const horse =
    event.sportId === HORSE_RACING
      ? padText(event.countryName, HORSE_RACING_WIDTH) + padText(event.templateName, HORSE_RACING_WIDTH)
      : '';
  const time = context.byTime ? timePart(event.startTime, TIME_OFFSET, order) : '';
  const labelIndex = event.labelIndex;
  const label =
    typeof labelIndex === 'number' && Number.isFinite(labelIndex) && labelIndex >= 0
      ? padNum(LABEL_BASE + clampInt(labelIndex, 0, LABEL_FALLBACK - LABEL_BASE - 1), 4)
      : String(LABEL_FALLBACK);
  const rank =
    typeof event.rank === 'number' && Number.isFinite(event.rank) && event.rank > 0
      ? padNum(clampInt(event.rank, 1, RANK_MISSING), RANK_WIDTH)
      : String(RANK_MISSING);
  const start = timePart(event.startTime, START_TIME_OFFSET, order);
  const names = padText(event.home, NAME_WIDTH) + padText(event.away, NAME_WIDTH);
  return [sport, top, horse, time, label, rank, start, names];
}

/** S4-26: sport; top flag; horse racing country and template; time; label; rank; start time; names. */
export function sortKey(event: SortableEvent, context: SortContext = {}): string {
  return sortKeyParts(event, context).join('');
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** A total order: the S4-26 key, then the event id. */
export function compareEvents(a: SortableEvent, b: SortableEvent, context: SortContext = {}): number {
  return cmp(sortKey(a, context), sortKey(b, context)) || cmp(a.id, b.id);
}

/** Sorts a copy of the events, building each key once. */
export function sortEvents<T extends SortableEvent>(events: readonly T[], context: SortContext = {}): T[] {
  const keyed = events.map((e) => ({ e, k: sortKey(e, context) }));
  keyed.sort((x, y) => cmp(x.k, y.k) || cmp(x.e.id, y.e.id));
  return keyed.map((x) => x.e);
}
