// Dates and times in a visitor's IANA time zone with Intl (DST-correct), the tv/short/kickoff/event formats
// in 24-hour or US 12-hour style (S2-50, S9-13), Kazakh month and weekday names, and day offsets from
// "today" for the date selector (S2-29, S9-3). Epochs are seconds unless a name says otherwise.

/** Kazakh month names, January first. */
export const KK_MONTHS: readonly string[] = Object.freeze([
  'қаңтар',
  'ақпан',
  'наурыз',
  'сәуір',
  'мамыр',
  'маусым',
  'шілде',
  'тамыз',
  'қыркүйек',
  'қазан',
  'қараша',
  'желтоқсан',
]);
/** Short Kazakh month names (US-style 'M'). */
export const KK_MONTHS_SHORT: readonly string[] = Object.freeze([
  'қаң',
  'ақп',
  'нау',
  'сәу',
  'мам',
  'мау',
  'шіл',
  'там',
  'қыр',
  'қаз',
  'қар',
  'жел',
]);
/** Kazakh weekday names, Monday first. */
export const KK_WEEKDAYS: readonly string[] = Object.freeze([
  'дүйсенбі',
  'сейсенбі',
  'сәрсенбі',
  'бейсенбі',
  'жұма',
  'сенбі',
  'жексенбі',
]);
/** Short Kazakh weekday names, Monday first. */
export const KK_WEEKDAYS_SHORT: readonly string[] = Object.freeze(['дс', 'сс', 'ср', 'бс', 'жм', 'сб', 'жс']);

export interface ZonedParts {
  readonly year: number;
  /** 1-12 */
  readonly month: number;
  readonly day: number;
  /** 0-23 */
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  /** 1 Monday … 7 Sunday */
  readonly weekday: number;
}

const WEEKDAY_INDEX: Readonly<Record<string, number>> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
const FORMATTERS = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = FORMATTERS.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
        weekday: 'short',
      });
    } catch {
      // An unknown zone must not break a page: fall back to UTC.
      f = formatterFor('UTC');
    }
    FORMATTERS.set(timeZone, f);
  }
  return f;
}

/** True when Intl knows the zone name. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Wall-clock parts read from Intl (slow: a formatToParts call). */
function intlParts(epochSec: number, timeZone: string): ZonedParts {
  const parts = formatterFor(timeZone).formatToParts(new Date(epochSec * 1000));
  const get = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '0';
  const hour = Number(get('hour')) % 24;
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour,
    minute: Number(get('minute')),
    second: Number(get('second')),
    weekday: WEEKDAY_INDEX[get('weekday')] ?? 1,
  };
}

/**
 * A zone's UTC offset (minutes) per 15-minute slice of time. Offsets are whole quarter hours and zones change them
 * on a quarter-hour boundary, so one Intl reading serves its whole slice; the rest is UTC arithmetic. Day
 * recalculation reads thousands of dates at once (My Games), where formatToParts per date was most of the time.
 */
const OFFSET_SLICE_S = 900;
const MAX_CACHED_OFFSETS = 50_000;
const OFFSETS = new Map<string, number>();

function cachedOffsetMinutes(epochSec: number, timeZone: string): number {
  const slice = Math.floor(epochSec / OFFSET_SLICE_S);
  const key = `${timeZone}|${slice}`;
  let offset = OFFSETS.get(key);
  if (offset === undefined) {
    const start = slice * OFFSET_SLICE_S;
    const p = intlParts(start, timeZone);
    offset = Math.round((Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) / 1000 - start) / 60);
    if (OFFSETS.size >= MAX_CACHED_OFFSETS) OFFSETS.clear(); // bounded; refilled as dates are read
    OFFSETS.set(key, offset);
  }
  return offset;
}

/** Wall-clock parts of an epoch (seconds) in a time zone. Bad epochs read as 0. */
export function zonedParts(epochSec: number, timeZone: string): ZonedParts {
  const sec = Number.isFinite(epochSec) ? Math.floor(epochSec) : 0;
  const local = new Date((sec + cachedOffsetMinutes(sec, timeZone) * 60) * 1000);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
    weekday: local.getUTCDay() === 0 ? 7 : local.getUTCDay(),
  };
}

/** UTC offset of a zone at an instant, in minutes (Asia/Almaty: +300). */
export function utcOffsetMinutes(epochSec: number, timeZone: string): number {
  return cachedOffsetMinutes(Number.isFinite(epochSec) ? Math.floor(epochSec) : 0, timeZone);
}

/** Days since 1970-01-01 of a calendar date (no zone involved). */
const dayNumber = (year: number, month: number, day: number): number => Date.UTC(year, month - 1, day) / 86_400_000;

/** The first instant (epoch s) of a local calendar date; handles days whose midnight is skipped by DST. */
export function localDayStart(year: number, month: number, day: number, timeZone: string): number {
  const target = dayNumber(year, month, day);
  const naive = target * 86_400;
  let t = naive - utcOffsetMinutes(naive, timeZone) * 60;
  t = naive - utcOffsetMinutes(t, timeZone) * 60;
  const localDay = (s: number): number => {
    const p = zonedParts(s, timeZone);
    return dayNumber(p.year, p.month, p.day);
  };
  // Midnight inside a DST gap lands on the previous day or past 00:00: walk to the first instant of the day.
  for (let i = 0; i < 16 && localDay(t) < target; i++) t += 900;
  for (let i = 0; i < 16 && localDay(t - 900) === target; i++) t -= 900;
  return t;
}

/** Start of the local day holding an epoch. */
export function startOfLocalDay(epochSec: number, timeZone: string): number {
  const p = zonedParts(epochSec, timeZone);
  return localDayStart(p.year, p.month, p.day, timeZone);
}

/** Last second of the local day that is `addDays` after the day holding an epoch (S9-2 expiry date). */
export function endOfLocalDay(epochSec: number, timeZone: string, addDays = 0): number {
  const p = zonedParts(epochSec, timeZone);
  const next = new Date(Date.UTC(p.year, p.month - 1, p.day + addDays + 1));
  return localDayStart(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone) - 1;
}

/** Milliseconds from `nowMs` to the next local midnight in `timeZone` (at least 1). */
export function msUntilNextLocalDay(nowMs: number, timeZone: string): number {
  const nextDayStartMs = (endOfLocalDay(nowMs / 1000, timeZone) + 1) * 1000;
  return Math.max(1, nextDayStartMs - nowMs);
}

/** Calendar-day difference between an epoch's local date and today's (0 today, 1 tomorrow, -1 yesterday). */
export function dayOffset(epochSec: number, nowMs: number, timeZone: string): number {
  const a = zonedParts(epochSec, timeZone);
  const b = zonedParts(nowMs / 1000, timeZone);
  return dayNumber(a.year, a.month, a.day) - dayNumber(b.year, b.month, b.day);
}

/** Start (epoch s) of the local day `offset` days from today (date selector, S2-29). */
export function dayStartForOffset(offset: number, nowMs: number, timeZone: string): number {
  const p = zonedParts(nowMs / 1000, timeZone);
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day + Math.trunc(offset)));
  return localDayStart(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), timeZone);
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * Formats an epoch in a zone with PHP-style letters: d j m n Y y H G h g i s A a M F D l.
 * M/F/D/l give Kazakh names; a backslash prints the next character as is.
 */
export function formatDate(epochSec: number, timeZone: string, pattern: string): string {
  const p = zonedParts(epochSec, timeZone);
  const h12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    switch (c) {
      case '\\':
        i++;
        out += pattern[i] ?? '';
        break;
      case 'd':
        out += pad2(p.day);
        break;
      case 'j':
        out += String(p.day);
        break;
      case 'm':
        out += pad2(p.month);
        break;
      case 'n':
        out += String(p.month);
        break;
      case 'Y':
        out += String(p.year);
        break;
      case 'y':
        out += pad2(p.year % 100);
        break;
      case 'H':
        out += pad2(p.hour);
        break;
      case 'G':
        out += String(p.hour);
        break;
      case 'h':
        out += pad2(h12);
        break;
      case 'g':
        out += String(h12);
        break;
      case 'i':
        out += pad2(p.minute);
        break;
      case 's':
        out += pad2(p.second);
        break;
      case 'A':
        out += p.hour < 12 ? 'AM' : 'PM';
        break;
      case 'a':
        out += p.hour < 12 ? 'am' : 'pm';
        break;
      case 'M':
        out += KK_MONTHS_SHORT[p.month - 1];
        break;
      case 'F':
        out += KK_MONTHS[p.month - 1];
        break;
      case 'D':
        out += KK_WEEKDAYS_SHORT[p.weekday - 1];
        break;
      case 'l':
        out += KK_WEEKDAYS[p.weekday - 1];
        break;
      default:
        out += c;
    }
  }
  return out;
}

export type DateFormatKind = 'tv' | 'short' | 'kickoff' | 'event';

/** S2-50, S9-13, S4-25: the four date formats in 24-hour (d.m.Y, H:i) and US 12-hour style. */
export const DATE_FORMATS: Readonly<Record<DateFormatKind, { readonly h24: string; readonly us: string }>> =
  Object.freeze({
    tv: { h24: 'H:i', us: 'h:i A' },
    short: { h24: 'd.m.', us: 'M d' },
    kickoff: { h24: 'd.m. H:i', us: 'M d, h:i A' },
    event: { h24: 'd.m.Y H:i', us: 'M d, Y h:i A' },
  });

/** Formats an epoch in one of the S2-50 formats. */
export function formatKind(epochSec: number, timeZone: string, kind: DateFormatKind, us = false): string {
  const f = DATE_FORMATS[kind];
  return formatDate(epochSec, timeZone, us ? f.us : f.h24);
}

/** A day heading in Kazakh: 'сенбі, 15 наурыз'. */
export function dayLabelKk(epochSec: number, timeZone: string): string {
  return formatDate(epochSec, timeZone, 'l, j F');
}

/** Short date-selector text: '15.03. сб'. */
export function selectorLabelKk(epochSec: number, timeZone: string): string {
  return formatDate(epochSec, timeZone, 'd.m. D');
}
