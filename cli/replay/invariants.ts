// The invariants replay and fuzz check, each a named check (DESIGN.md: model-based tests).
//
//   converges              after a final fault-free sync, the scoreboard equals the world's truth for the
//                          day and sport shown: the same events, with the same scores, stage, stage type,
//                          parts and start time
//   older-never-overwrites an older update never overwrites a newer one
//   live-mark-expires      a live mark clears time_keep_match_live (S9-1: 180 s) after the event left live or its
//                          stage type changed (S4-11): neither sooner nor later
//   scores-monotonic       scores never go backwards except through an explicit correction (S3-27)
//   clock-text-sane        clock text never shows a negative or impossible time (S4-18…S4-22)
//   live-count             the live count equals the live events of the day shown
//
// and over time (timing-checks.ts), per page, for the world's changes to the events it holds:
//   push-latency           with push open and no fault, a change shows within the push bound (S4-2)
//   poll-latency           with push down or lost, within the polling interval plus the retry budget (S4-2, S9-4,
//                          S8-1); a fault's own delay (a lost answer's 30 s timeout, A9-2) comes first
//   stale-sync-repairs     a poll due with the sync older than 0.8 × 10 s asks for the repair feed, older than
//                          0.8 × 300 s restarts the page, else an update (S4-3); a repair answer is applied (S4-4)
//   refresh-reloads        an update or push with an A2 newer than the page's reloads the page (S7-19)
//   highlight-ends         a score highlight lasts its kind's time and ends on time (S9-4)
//
// and, with visitor events (VISITOR_INVARIANTS):
//   my-games-tab           a page on its My Games tab shows exactly the followed games of the days it covers (S4-9)
//   follow-limit           a visitor's tab never holds more games or teams than the limits (S5-2, S9-2)
//   follow-copies-agree    after the sync, a tab equals local storage (S4-31) or the account's data (A3-11)
//   pin-confirmed          a pin never stays unconfirmed after the server answered its save (S4-34)
//   pin-reverted           a toggle the server refused is put back (S4-35)
//   notification-followed  a notification shows only for a followed game, never older than the subscription
//                          (S4-40, S5-6)
import { clockTextForEvent } from '../../src/domain/clock';
import type { EventFieldName, EventFields } from '../../src/protocol/keys';
import type { ScoreboardEvent } from '../../src/scoreboard/types';

export const INVARIANTS = [
  'converges',
  'older-never-overwrites',
  'live-mark-expires',
  'scores-monotonic',
  'clock-text-sane',
  'live-count',
  'push-latency',
  'poll-latency',
  'stale-sync-repairs',
  'refresh-reloads',
  'highlight-ends',
] as const;

/** The checks of a replay with visitor events (cli/replay/visitor-checks.ts, harness.ts). */
export const VISITOR_INVARIANTS = [
  'my-games-tab',
  'follow-limit',
  'follow-copies-agree',
  'pin-confirmed',
  'pin-reverted',
  'notification-followed',
] as const;
export type InvariantName = (typeof INVARIANTS)[number] | (typeof VISITOR_INVARIANTS)[number];

export interface InvariantViolation {
  readonly check: InvariantName;
  /** Virtual time, epoch ms. */
  readonly time: number;
  readonly sport: number;
  readonly eventId?: string;
  readonly message: string;
}

/** A field where the client and the world's truth disagree ('presence' when the event itself differs). */
export interface Mismatch {
  readonly sport: number;
  readonly eventId: string;
  readonly field: string;
  readonly client: string | number | null;
  readonly world: string | number | null;
}

const PARTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;

/** What the convergence check compares: scores, stage, stage type, parts and start time. */
export const COMPARED_FIELDS: readonly EventFieldName[] = [
  'homeScore',
  'awayScore',
  'stage',
  'stageType',
  'startTime',
  ...PARTS.flatMap((n) => [`homePart${n}`, `awayPart${n}`] as EventFieldName[]),
];

/** Feed values as compared: an empty cell is a missing value. */
export function normalizeValue(value: unknown): string | number | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  return String(value);
}

/** One event against the world's fields; the mismatches in compared fields. */
export function compareEvent(
  sport: number,
  client: EventFields,
  world: EventFields,
  eventId: string,
  fields: readonly EventFieldName[] = COMPARED_FIELDS,
): Mismatch[] {
  const out: Mismatch[] = [];
  for (const field of fields) {
    const a = normalizeValue(client[field]);
    const b = normalizeValue(world[field]);
    if (a !== b) out.push({ sport, eventId, field, client: a, world: b });
  }
  return out;
}

/** `converges`: the client's events (the scope shown) against the truth, event by event. */
export function checkConvergence(
  sport: number,
  client: ReadonlyMap<string, EventFields>,
  truth: ReadonlyMap<string, EventFields>,
  /** Events whose presence may differ: moved across the day's edge after the list loaded (S4-8 applies to the initial feed only). */
  movable: (id: string) => boolean = () => false,
): Mismatch[] {
  const out: Mismatch[] = [];
  for (const [id, fields] of truth) {
    const held = client.get(id);
    if (held) out.push(...compareEvent(sport, held, fields, id));
    else if (!movable(id)) out.push({ sport, eventId: id, field: 'presence', client: null, world: 'shown' });
  }
  for (const id of client.keys()) {
    if (!truth.has(id) && !movable(id)) {
      out.push({ sport, eventId: id, field: 'presence', client: 'shown', world: null });
    }
  }
  return out;
}

/** `live-count`: the client's live-marked events against the world's live events of the day shown. */
export function checkLiveCount(
  sport: number,
  time: number,
  client: ReadonlyMap<string, Pick<ScoreboardEvent, 'liveMarked'>>,
  truth: ReadonlyMap<string, EventFields>,
): InvariantViolation | null {
  let shown = 0;
  for (const event of client.values()) if (event.liveMarked) shown++;
  let live = 0;
  for (const fields of truth.values()) if (fields.stageType === 2) live++;
  if (shown === live) return null;
  return { check: 'live-count', time, sport, message: `live count ${shown}, world has ${live} live events` };
}

const IMPOSSIBLE_MINUTE = 200;

/** `clock-text-sane`: the reason a clock text is impossible, or null when it is fine. */
export function insaneClockText(text: string): string | null {
  if (text === '') return 'empty clock text';
  if (/NaN|undefined|null|Infinity/.test(text)) return `clock text '${text}'`;
  if (/-\d/.test(text)) return `negative time in '${text}'`;
  for (const m of text.matchAll(/(\d+)'/g)) {
    if (Number(m[1]) > IMPOSSIBLE_MINUTE) return `impossible minute in '${text}'`;
  }
  return null;
}

/** The clock text a row shows for an event at server time `serverNow`. */
export function eventClockText(event: EventFields & { sportId: number | null }, serverNow: number): string {
  return clockTextForEvent(event, event.sportId ?? 0, serverNow);
}

/** How often each check was evaluated and how often it failed. */
export interface CheckCount {
  readonly check: InvariantName;
  readonly evaluated: number;
  readonly failed: number;
}

/** Counts evaluations and failures by check; a failure counts as an evaluation too. */
export class CheckTally {
  private readonly counts = new Map<InvariantName, { evaluated: number; failed: number }>();

  private entry(check: InvariantName) {
    let entry = this.counts.get(check);
    if (!entry) {
      entry = { evaluated: 0, failed: 0 };
      this.counts.set(check, entry);
    }
    return entry;
  }

  evaluated(check: InvariantName, times = 1): void {
    this.entry(check).evaluated += times;
  }

  failed(check: InvariantName): void {
    const entry = this.entry(check);
    entry.evaluated++;
    entry.failed++;
  }

  /** Every check named, in order, then any other that ran. */
  rows(names: readonly InvariantName[]): CheckCount[] {
    const all = [...names, ...[...this.counts.keys()].filter((n) => !names.includes(n))];
    return all.map((check) => ({ check, evaluated: 0, failed: 0, ...this.counts.get(check) }));
  }

  get failures(): number {
    let total = 0;
    for (const { failed } of this.counts.values()) total += failed;
    return total;
  }
}
