// Server time for live minutes (S7-18, S7-21, S7-22): the offset between the server's clock and
// ours, learnt from the Date header of feed answers or the sys feed's utime.

export interface ServerClock {
  /** True once an answer told us the server time; until then requests send X-utime: 1 (S7-18). */
  readonly known: boolean;
  /** Server time now, epoch ms (our clock while unknown). */
  now(): number;
  /** Records a server time reading taken at our clock's `localNow` (default: now). */
  observe(serverTimeMs: number, localNow?: number): void;
  readonly offsetMs: number;
}

/** `localNow`: our clock, epoch ms, from the composition root (the browser's, or a simulated one). */
export function createServerClock(localNow: () => number): ServerClock {
  let offset = 0;
  let known = false;
  return {
    get known() {
      return known;
    },
    get offsetMs() {
      return offset;
    },
    now: () => localNow() + offset,
    observe(serverTimeMs, at = localNow()) {
      if (!Number.isFinite(serverTimeMs)) return;
      offset = serverTimeMs - at;
      known = true;
    },
  };
}

/**
 * Reads a Date header: an HTTP date (`Tue, 01 Sep 2026 10:00:00 GMT`), or epoch seconds or
 * milliseconds as digits. Returns epoch ms, or null when it does not read as a time.
 */
export function readDateHeader(value: string | undefined): number | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) {
    const n = Number(text);
    return n < 1e11 ? n * 1000 : n;
  }
  const parsed = Date.parse(text);
  return Number.isNaN(parsed) ? null : parsed;
}
