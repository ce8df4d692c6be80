// The timeline of one match as the client saw it (`scores replay --trace <eventId>`).
import { insaneClockText } from './invariants';

export interface TraceEntry {
  /** Virtual time, epoch ms. */
  readonly time: number;
  readonly sport: number;
  /** What changed it: `update u_1_1`, `full f_1_0_5_kk_1`, `update push`, `live mark cleared`. */
  readonly feed: string;
  /** Fields that changed: [before, after] (null for a missing value). */
  readonly changed: Readonly<Record<string, readonly [unknown, unknown]>>;
  /** Clock text the row showed right after. */
  readonly clock: string;
}

function clockOf(time: number): string {
  return new Date(time).toISOString().slice(11, 19);
}

function show(value: unknown): string {
  return value === null || value === undefined || value === '' ? '∅' : String(value);
}

/** A readable timeline, one line per change. */
export function formatTrace(eventId: string, entries: readonly TraceEntry[]): string {
  if (entries.length === 0) return `trace ${eventId}: the client never showed this event`;
  const lines = [`trace ${eventId} (times UTC):`];
  for (const entry of entries) {
    const changes = Object.entries(entry.changed)
      .map(([field, [a, b]]) => `${field} ${show(a)}→${show(b)}`)
      .join(', ');
    const warn = entry.clock !== '' && insaneClockText(entry.clock) ? ' (!)' : '';
    lines.push(`  ${clockOf(entry.time)}  ${entry.feed.padEnd(24)}  [${entry.clock}${warn}]  ${changes}`);
  }
  return lines.join('\n');
}
