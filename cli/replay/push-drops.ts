// `scores replay --push-drop <times>`: when the replayed site's push socket drops, and for how long the push
// gateway then refuses connections. A comma list of `<at>[+<for>]`, both durations from the replay's start:
// `90s`, `10m`, `1h`, `1500ms`, or a bare number of seconds. `10m` drops the socket 10 minutes in (it
// reconnects after the first back-off, 1 s); `30m+2m` drops it and refuses every reconnect for 2 minutes, so
// the waits double up to their 30 s cap (machines/push-connection.ts).

export interface PushDrop {
  /** Ms after the replay's start. */
  readonly atMs: number;
  /** Ms after `atMs` during which connecting fails at once. */
  readonly forMs: number;
}

const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

/** A duration `<n>[ms|s|m|h]` (seconds when bare) in ms, or null when it is not one. */
export function parseDuration(text: string): number | null {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (!m) return null;
  const ms = Math.round(Number(m[1]) * UNIT_MS[m[2] ?? 's']!);
  return Number.isSafeInteger(ms) ? ms : null;
}

/** The drops in time order; a string result is the error. */
export function parsePushDrops(value: string): PushDrop[] | string {
  const drops: PushDrop[] = [];
  for (const part of value.split(',')) {
    const text = part.trim();
    if (text === '') continue;
    const [at, length, extra] = text.split('+');
    const atMs = parseDuration(at ?? '');
    const forMs = length === undefined ? 0 : parseDuration(length);
    if (atMs === null || forMs === null || extra !== undefined) {
      return `bad push drop '${text}' (use <at>[+<for>], e.g. 10m or 30m+2m; units ms, s, m, h)`;
    }
    drops.push({ atMs, forMs });
  }
  if (drops.length === 0) return '--push-drop needs at least one time';
  return drops.sort((a, b) => a.atMs - b.atMs);
}
