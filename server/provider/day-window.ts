// The calendar day a full feed covers (S7-2, protocol.md §2): `<day>` is an offset from today and
// `<tz>` the client's UTC offset in whole hours, which cuts the day. A match belongs to day d when
// its start time (AD, UTC seconds) falls inside that local day.

const DAY_SECONDS = 86_400;

/** The local day number (days since the epoch in the tz) of a UTC second. */
export function localDayNumber(utcSeconds: number, timezoneHour: number): number {
  return Math.floor((utcSeconds + timezoneHour * 3600) / DAY_SECONDS);
}

export interface DayWindow {
  /** First UTC second of the local day. */
  readonly start: number;
  /** First UTC second after it. */
  readonly end: number;
}

/** The UTC span of local day `today + dayOffset`, where today is the local day of `nowMs`. */
export function dayWindow(nowMs: number, dayOffset: number, timezoneHour: number): DayWindow {
  const day = localDayNumber(Math.floor(nowMs / 1000), timezoneHour) + dayOffset;
  const start = day * DAY_SECONDS - timezoneHour * 3600;
  return { start, end: start + DAY_SECONDS };
}

export function inWindow(window: DayWindow, utcSeconds: number): boolean {
  return utcSeconds >= window.start && utcSeconds < window.end;
}
