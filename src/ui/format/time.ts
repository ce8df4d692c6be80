// Dates and times as the page shows them (S2-50, S4-25, S9-13): 'H:i' for today's kick-offs,
// 'd.m. H:i' otherwise, in the edition's time zone. Kazakh day names come from the catalogue.
import { EDITION } from '../../domain/edition';
import { startTimeText as domainStartTimeText } from '../../domain/display';
import { kk } from '../../i18n/kk';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** Wall-clock parts of an epoch-ms instant in a fixed UTC offset. */
export function zonedParts(epochMs: number, tzHour: number = EDITION.timezoneHour) {
  const d = new Date(epochMs + tzHour * HOUR_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth(),
    day: d.getUTCDate(),
    weekday: d.getUTCDay(),
    hours: d.getUTCHours(),
    minutes: d.getUTCMinutes(),
  };
}

/** Index of the local calendar day of an instant (days since the epoch in that zone). */
export function localDayIndex(epochMs: number, tzHour: number = EDITION.timezoneHour): number {
  return Math.floor((epochMs + tzHour * HOUR_MS) / DAY_MS);
}

/** The page's time zone: the edition's fixed UTC offset (POSIX 'Etc/GMT-5' is UTC+5). */
export const PAGE_TIME_ZONE = `Etc/GMT-${EDITION.timezoneHour}`;

/** S4-25: today's start times show the time only; other days add 'd.m.'. */
export function startTimeText(startSec: number, nowMs: number): string {
  return domainStartTimeText(startSec, nowMs, PAGE_TIME_ZONE);
}

/** The date selector's label for a day offset: Бүгін / Кеше / Ертең, or 'Дс 24.11.'. */
export function dayOffsetLabel(offset: number, nowMs: number, tzHour: number = EDITION.timezoneHour): string {
  if (offset === 0) return kk.dates.today;
  if (offset === -1) return kk.dates.yesterday;
  if (offset === 1) return kk.dates.tomorrow;
  return shortDate(nowMs + offset * DAY_MS, tzHour);
}

/** 'Дс 24.11.' */
export function shortDate(epochMs: number, tzHour: number = EDITION.timezoneHour): string {
  const p = zonedParts(epochMs, tzHour);
  return `${kk.dates.weekdaysShort[p.weekday]} ${pad2(p.day)}.${pad2(p.month + 1)}.`;
}

/** 'Дүйсенбі, 24 қараша' */
export function longDate(epochMs: number, tzHour: number = EDITION.timezoneHour): string {
  const p = zonedParts(epochMs, tzHour);
  return `${kk.dates.weekdays[p.weekday]}, ${p.day} ${kk.dates.months[p.month]}`;
}

/** S9-13: d.m.Y H:i */
export function fullDateTime(startSec: number, tzHour: number = EDITION.timezoneHour): string {
  const p = zonedParts(startSec * 1000, tzHour);
  return `${pad2(p.day)}.${pad2(p.month + 1)}.${p.year} ${pad2(p.hours)}:${pad2(p.minutes)}`;
}
