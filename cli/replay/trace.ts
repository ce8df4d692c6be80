// The timeline of one match as the client saw it (`scores replay --trace <eventId>`): dated lines with the world
// version, the feed or push message that carried each change (name and version), the machines' states, the faults
// that hit the match's feeds, and the clock and score text as the page shows them.
import type { AnyActor } from 'xstate';
import { duelScoreText } from '../../src/domain/score-parts';
import { resultShows, statusText } from '../../src/domain/shown-text';
import type { ScoreboardEvent } from '../../src/scoreboard/types';
import { insaneClockText } from './invariants';

export interface TraceEntry {
  /** Virtual time, epoch ms. */
  readonly time: number;
  readonly sport: number;
  /** What changed it: `update u_1_1`, `full f_1_0_5_kk_1`, `update push`, `live mark cleared`; for a fault, the feed. */
  readonly feed: string;
  /** Fields that changed: [before, after] (null for a missing value). */
  readonly changed: Readonly<Record<string, readonly [unknown, unknown]>>;
  /** Clock (status) text the row showed right after. */
  readonly clock: string;
  /** Score text the row showed right after, `2:1` (`-:-` before it shows, S4-14). */
  readonly score?: string;
  /** World version the feed was rendered at (its signature), null when it carries none. */
  readonly feedVersion?: number | null;
  /** The client's machines right after, `feedCycle: polling · liveMarker: idle · push: open`. */
  readonly states?: string;
  /** A fault injected into this feed or push message instead of a change. */
  readonly fault?: string;
  /** The world's version at this time (the last fact folded), when the input is a world. */
  readonly worldVersion?: number | null;
}

/** The clock and score texts of a row, as the page renders them. */
export function traceTexts(
  event: ScoreboardEvent | undefined,
  serverNow: number,
): { readonly clock: string; readonly score: string } {
  if (!event) return { clock: '', score: '' };
  const sport = event.sportId ?? 0;
  const score = duelScoreText(event, sport, resultShows(event));
  const side = (total: string, detail: string) => (detail === '' ? total : `${total} (${detail})`);
  return {
    clock: statusText(event, sport, serverNow).text,
    score: `${side(score.home, score.homeDetail)}:${side(score.away, score.awayDetail)}`,
  };
}

function stateText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return String(value);
  const parts = Object.entries(value as Record<string, unknown>).map(([region, inner]) =>
    typeof inner === 'string' ? `${region}.${inner}` : `${region}.(${stateText(inner)})`,
  );
  return parts.join(', ');
}

/** The named machines' state values, one readable string. */
export function traceStates(actors: Readonly<Record<string, AnyActor>>): string {
  const parts: string[] = [];
  for (const [name, actor] of Object.entries(actors)) {
    const text = stateText(actor.getSnapshot().value);
    if (text !== '') parts.push(`${name}: ${text}`); // a machine without states (the live marker) says nothing
  }
  return parts.join(' · ');
}

/**
 * The entries of the match: its changes, and the faults that hit its sport's feeds while it was changing (from
 * its first change to its last); faults of other sports' feeds never reach it.
 */
export function matchEntries(entries: readonly TraceEntry[]): TraceEntry[] {
  const changes = entries.filter((e) => e.fault === undefined);
  const sports = new Set(changes.map((e) => e.sport));
  const first = Math.min(...changes.map((e) => e.time));
  const last = Math.max(...changes.map((e) => e.time));
  return entries.filter((e) => sports.has(e.sport) && (e.fault === undefined || (e.time >= first && e.time <= last)));
}

/** Adds the world version at each entry's time: the seq of the last fact at or before it. */
export function withWorldVersions(
  entries: readonly TraceEntry[],
  facts: readonly { readonly seq: number; readonly time: number }[] | null,
): TraceEntry[] {
  return entries.map((entry) => {
    if (!facts) return { ...entry, worldVersion: null };
    let lo = 0;
    let hi = facts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (facts[mid]!.time <= entry.time) lo = mid + 1;
      else hi = mid;
    }
    return { ...entry, worldVersion: lo === 0 ? 0 : facts[lo - 1]!.seq };
  });
}

function show(value: unknown): string {
  return value === null || value === undefined || value === '' ? '∅' : String(value);
}

function carrier(entry: TraceEntry): string {
  const version = entry.feedVersion === null || entry.feedVersion === undefined ? '' : ` v${entry.feedVersion}`;
  return `${entry.feed}${version}`;
}

/** A readable timeline, one line per change or fault, dated in ISO UTC. */
export function formatTrace(eventId: string, entries: readonly TraceEntry[]): string {
  const own = matchEntries(entries);
  if (own.length === 0) return `trace ${eventId}: the client never showed this event`;
  const lines = [`trace ${eventId} (virtual time, UTC):`];
  for (const entry of own) {
    const date = new Date(entry.time).toISOString();
    const world =
      entry.worldVersion === null || entry.worldVersion === undefined ? '' : `world v${entry.worldVersion}  `;
    if (entry.fault !== undefined) {
      lines.push(`  ${date}  ${world}fault ${entry.fault} on ${entry.feed}`);
      continue;
    }
    const changes = Object.entries(entry.changed)
      .map(([field, [a, b]]) => `${field} ${show(a)}→${show(b)}`)
      .join(', ');
    const warn = entry.clock !== '' && insaneClockText(entry.clock) ? ' (!)' : '';
    const shown = `[${entry.clock}${warn}${entry.score ? ` | ${entry.score}` : ''}]`;
    const states = entry.states ? `  {${entry.states}}` : '';
    lines.push(`  ${date}  ${world}${carrier(entry)}  ${shown}  ${changes}${states}`);
  }
  return lines.join('\n');
}

/** The same timeline as JSON lines (one object per entry, dated), for `--json --trace`. */
export function traceJsonLines(eventId: string, entries: readonly TraceEntry[]): string[] {
  return matchEntries(entries).map((entry) =>
    JSON.stringify({
      trace: eventId,
      date: new Date(entry.time).toISOString(),
      time: entry.time,
      sport: entry.sport,
      worldVersion: entry.worldVersion ?? null,
      ...(entry.fault !== undefined
        ? { fault: entry.fault, feed: entry.feed }
        : {
            feed: entry.feed,
            feedVersion: entry.feedVersion ?? null,
            states: entry.states ?? null,
            clock: entry.clock,
            score: entry.score ?? null,
            changed: entry.changed,
          }),
    }),
  );
}
