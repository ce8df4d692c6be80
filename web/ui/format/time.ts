// Dates and times as the page shows them (S2-50, S4-25, S9-13), in the visitor's own time zone and
// correct across daylight-saving changes (src/domain/datetime.ts works through Intl). Kazakhstan's
// zone stands in when the browser names none.
import { dayStartForOffset, formatDate, isValidTimeZone, utcOffsetMinutes } from '../../../src/domain/datetime';
import { startTimeText as domainStartTimeText } from '../../../src/domain/display';
import { kk } from '../../../src/i18n/kk';

const FALLBACK_TIME_ZONE = 'Asia/Almaty';

export function visitorTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isValidTimeZone(zone) ? zone : FALLBACK_TIME_ZONE;
  } catch {
    return FALLBACK_TIME_ZONE;
  }
}

/** The zone every date on the page is shown in. */
export const PAGE_TIME_ZONE = visitorTimeZone();

/** S7-1: the feeds' timezone placeholder, the visitor's UTC offset in whole hours now. */
export function pageTimezoneHour(nowMs: number, timeZone: string = PAGE_TIME_ZONE): number {
  return Math.round(utcOffsetMinutes(nowMs / 1000, timeZone) / 60);
}

function capitalized(text: string): string {
  return text.charAt(0).toLocaleUpperCase('kk') + text.slice(1);
}

/** S4-25: today's start times show the time only; other days add 'd.m.'. */
export function startTimeText(startSec: number, nowMs: number, timeZone: string = PAGE_TIME_ZONE): string {
  return domainStartTimeText(startSec, nowMs, timeZone);
}

/** The date selector's label for a day offset: Бүгін / Кеше / Ертең, or 'Дс 24.11.'. */
export function dayOffsetLabel(offset: number, nowMs: number, timeZone: string = PAGE_TIME_ZONE): string {
  if (offset === 0) return kk.dates.today;
  if (offset === -1) return kk.dates.yesterday;
  if (offset === 1) return kk.dates.tomorrow;
  return capitalized(formatDate(dayStartForOffset(offset, nowMs, timeZone), timeZone, 'D d.m.'));
}

/** The heading of the day `offset` days from today: 'Дүйсенбі, 24 қараша'. */
export function longDate(offset: number, nowMs: number, timeZone: string = PAGE_TIME_ZONE): string {
  return capitalized(formatDate(dayStartForOffset(offset, nowMs, timeZone), timeZone, 'l, j F'));
}

/** S9-13: d.m.Y H:i */
export function fullDateTime(startSec: number, timeZone: string = PAGE_TIME_ZONE): string {
  return formatDate(startSec, timeZone, 'd.m.Y H:i');
}
