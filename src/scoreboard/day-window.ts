// The selected day as an interval of epoch seconds, cut in the page's timezone hour (S7-1, S2-29).
const DAY_SECONDS = 86_400;
const HOUR_SECONDS = 3_600;

export interface DayWindow {
  /** Inclusive start, epoch seconds. */
  readonly start: number;
  /** Exclusive end, epoch seconds. */
  readonly end: number;
}

/** Day `day` (0 today, -1 yesterday …) around `nowMs`, for a client `timezoneHour` hours east of UTC. */
export function dayWindow(nowMs: number, day: number, timezoneHour: number): DayWindow {
  const offset = timezoneHour * HOUR_SECONDS;
  const localToday = Math.floor((Math.floor(nowMs / 1000) + offset) / DAY_SECONDS);
  const start = (localToday + day) * DAY_SECONDS - offset;
  return { start, end: start + DAY_SECONDS };
}

export function inDayWindow(window: DayWindow, startTime: number): boolean {
  return startTime >= window.start && startTime < window.end;
}
