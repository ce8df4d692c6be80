// Watches one client's scoreboard as feeds are applied: wraps its apply methods (the engine calls
// them by property) and checks, right after each write, that no older update overwrote a newer
// value and that no score went backwards without a correction. It also notes when events leave
// live (for the live-mark check), notes new score highlights (for highlight-ends), counts applied feeds and
// the checks it evaluated, and records the trace of one event.
import type { ListFeed } from '../../src/protocol/list-feed-types';
import type { ApplyResult, Scoreboard, ScopeName } from '../../src/scoreboard/store';
import type { ScoreboardEvent } from '../../src/scoreboard/types';
import { COMPARED_FIELDS, type InvariantViolation, normalizeValue } from './invariants';
import type { TraceEntry } from './trace';

export type AppliedKind = 'full' | 'update' | 'repair' | 'odds';

export interface ObserverOptions {
  readonly sport: number;
  /** Virtual time, epoch ms. */
  readonly now: () => number;
  /** The world version a feed was rendered at, or null when unknown (real feeds). */
  readonly renderVersion: (feed: ListFeed) => number | null;
  /** The feed a parsed body came from (its name), or null for push messages. */
  readonly feedName: (feed: ListFeed) => string | null;
  /** True when the world corrected this match's score (S3-27) at or before `version`. */
  readonly corrected: (matchId: string, version: number | null) => boolean;
  readonly report: (violation: InvariantViolation) => void;
  /** Event whose timeline is recorded. */
  readonly traceId?: string;
  readonly trace?: (entry: Omit<TraceEntry, 'clock'> & { event: ScoreboardEvent | undefined }) => void;
}

interface Shadow {
  readonly version: number;
  readonly value: string | number | null;
}

const SCOPES: readonly ScopeName[] = ['default', 'mygames'];
const SCORE_FIELDS = ['homeScore', 'awayScore'] as const;
const TRACE_SKIP = new Set(['version', 'highlight']);
/** S9-1 time_keep_match_live: the check's own copy, so a changed machine constant is seen. */
export const KEEP_LIVE_MS = 180_000;
/** S9-4 highlight lifetimes (s): goal 60, correction 15, scores-changed 60. */
export const HIGHLIGHT_LIFETIME_MS: Readonly<Record<NonNullable<ScoreboardEvent['highlight']>['kind'], number>> = {
  goal: 60_000,
  correction: 15_000,
  scoresChanged: 60_000,
};

/** A highlight the observer saw start, until it ends. */
export interface SeenHighlight {
  readonly scope: ScopeName;
  readonly id: string;
  readonly highlight: NonNullable<ScoreboardEvent['highlight']>;
  /** Reported as outliving its end (once). */
  reported?: boolean;
}

export class ScoreboardObserver {
  feedsApplied = 0;
  /** Evaluations of the checks made here. */
  readonly evaluations = { olderNeverOverwrites: 0, scoresMonotonic: 0, liveMarks: 0, highlights: 0 };
  /** Events that left live while marked, and when the client saw it (or saw its stage type change again). */
  readonly leftLive = new Map<string, number>();
  /** Feeds applied to the store (what a check of an answer asks after it). */
  readonly applied = new WeakSet<ListFeed>();
  /** Highlights shown, by scope and event, until they end. */
  readonly highlights = new Map<string, SeenHighlight>();
  private readonly stageTypes = new Map<string, number | undefined>();
  private readonly shadows = new Map<string, Shadow>();
  private readonly lastScores = new Map<string, number>();
  private readonly reported = new Set<string>();

  constructor(
    private readonly scoreboard: Scoreboard,
    private readonly options: ObserverOptions,
  ) {
    const target = scoreboard as unknown as Record<string, unknown>;
    const wrap = (method: 'applyFull' | 'applyUpdate' | 'applyRepair' | 'applyOdds', kind: AppliedKind) => {
      const inner = target[method] as (feed: ListFeed, options?: unknown) => ApplyResult;
      target[method] = (feed: ListFeed, opts?: unknown) => {
        const before = this.traceBefore();
        const result = inner.call(scoreboard, feed, opts);
        // A full feed loads into one scope; every other feed writes to each scope holding the event.
        const scope = kind === 'full' ? ((opts as { scope?: ScopeName } | undefined)?.scope ?? 'default') : null;
        this.afterApply(kind, feed, before, scope);
        return result;
      };
    };
    wrap('applyFull', 'full');
    wrap('applyUpdate', 'update');
    wrap('applyRepair', 'repair');
    wrap('applyOdds', 'odds');
    const clear = scoreboard.clearLiveMark.bind(scoreboard);
    target.clearLiveMark = (id: string) => {
      const before = id === options.traceId ? this.traceBefore() : undefined;
      const since = this.leftLive.get(id);
      const changed = clear(id);
      if (changed && since !== undefined) {
        // S4-11: cleared by the marker's timer, time_keep_match_live after the last change; never sooner.
        this.evaluations.liveMarks++;
        const held = options.now() - since;
        if (held < KEEP_LIVE_MS)
          this.violation(
            'live-mark-expires',
            id,
            `live mark cleared ${Math.round(held / 1000)} s after it left live (S9-1: 180 s)`,
            `early|${id}|${since}`,
          );
      }
      if (changed) this.leftLive.delete(id);
      if (changed && id === options.traceId) this.recordTrace('live mark cleared', before);
      return changed;
    };
  }

  private traceBefore(): ScoreboardEvent | undefined {
    const id = this.options.traceId;
    return id ? this.heldEvent(id) : undefined;
  }

  private heldEvent(id: string): ScoreboardEvent | undefined {
    for (const scope of SCOPES) {
      const event = this.scoreboard.getEvent(id, scope);
      if (event) return event;
    }
    return undefined;
  }

  private violation(check: InvariantViolation['check'], eventId: string, message: string, key: string): void {
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.options.report({ check, time: this.options.now(), sport: this.options.sport, eventId, message });
  }

  private afterApply(
    kind: AppliedKind,
    feed: ListFeed,
    traceBefore: ScoreboardEvent | undefined,
    scope: ScopeName | null,
  ): void {
    this.feedsApplied++;
    this.applied.add(feed);
    const version = this.options.renderVersion(feed);
    const name = this.options.feedName(feed) ?? 'push';
    for (const target of scope ? [scope] : SCOPES) {
      this.checkRows(kind, feed.events, kind === 'full' || kind === 'repair', version, name, target);
      if (kind !== 'full') this.checkRows(kind, feed.repair, true, version, name, target);
    }
    if (this.options.traceId) this.recordTrace(`${kind} ${name}`, traceBefore);
  }

  private checkRows(
    kind: AppliedKind,
    rows: ListFeed['events'],
    carriesAll: boolean,
    version: number | null,
    name: string,
    scope: ScopeName,
  ): void {
    const now = this.options.now();
    for (const row of rows) {
      const event = this.scoreboard.getEvent(row.id, scope);
      if (!event) continue;
      const fields = row as unknown as Record<string, unknown>;
      const shown = event as unknown as Record<string, unknown>;
      if (version !== null && kind !== 'odds') {
        for (const field of COMPARED_FIELDS) {
          if (!carriesAll && !(field in fields)) continue;
          this.evaluations.olderNeverOverwrites++;
          const key = `${scope}|${row.id}|${field}`;
          const value = normalizeValue(fields[field]);
          const shadow = this.shadows.get(key);
          const showing = normalizeValue(shown[field]);
          if (shadow && shadow.version > version) {
            // An older feed: it must not replace the newer value.
            if (showing !== shadow.value && showing === value) {
              this.violation(
                'older-never-overwrites',
                row.id,
                `${field} ${String(shadow.value)} (version ${shadow.version}) overwritten by ${String(value)} from ${name} (version ${version})`,
                `older|${key}|${version}`,
              );
            }
          } else {
            // The newest write of this field: after applying it, the client must show it.
            this.shadows.set(key, { version, value });
            if (showing !== value) {
              this.violation(
                'older-never-overwrites',
                row.id,
                `${field} shows ${String(showing)} after ${name} (version ${version}) wrote ${String(value)}`,
                `lost|${key}|${version}`,
              );
            }
          }
        }
      }
      for (const field of SCORE_FIELDS) {
        const key = `${scope}|${row.id}|${field}`;
        const value = event[field];
        if (typeof value !== 'number') continue;
        this.evaluations.scoresMonotonic++;
        const last = this.lastScores.get(key);
        if (last !== undefined && value < last && !this.options.corrected(row.id, version)) {
          this.violation(
            'scores-monotonic',
            row.id,
            `${field} went from ${last} to ${value} without a correction (${name})`,
            `score|${key}|${last}|${value}`,
          );
        }
        this.lastScores.set(key, value);
      }
      // S4-11: the keep-live wait starts again at each stage type change.
      const stageChanged = this.stageTypes.get(row.id) !== event.stageType;
      if (stageChanged) this.stageTypes.set(row.id, event.stageType);
      if (event.stageType === 2) this.leftLive.delete(row.id);
      else if (event.liveMarked && (stageChanged || !this.leftLive.has(row.id))) this.leftLive.set(row.id, now);
      this.noteHighlight(scope, event, now);
    }
  }

  /** A highlight that started now must last its kind's lifetime (S9-4); it is then watched until it ends. */
  private noteHighlight(scope: ScopeName, event: ScoreboardEvent, now: number): void {
    const { highlight } = event;
    if (!highlight) return;
    const key = `${scope}|${event.id}`;
    const seen = this.highlights.get(key)?.highlight;
    if (seen && seen.until === highlight.until && seen.kind === highlight.kind) return;
    this.highlights.set(key, { scope, id: event.id, highlight });
    this.evaluations.highlights++;
    const lasts = highlight.until - now;
    const want = HIGHLIGHT_LIFETIME_MS[highlight.kind];
    if (lasts !== want)
      this.violation(
        'highlight-ends',
        event.id,
        `a ${highlight.kind} highlight set to last ${lasts / 1000} s (S9-4: ${want / 1000} s)`,
        `lifetime|${key}|${highlight.until}`,
      );
  }

  private recordTrace(feed: string, before: ScoreboardEvent | undefined): void {
    const id = this.options.traceId;
    if (!id || !this.options.trace) return;
    const after = this.heldEvent(id);
    if (before === after) return;
    const changed: Record<string, [unknown, unknown]> = {};
    const a = (before ?? {}) as unknown as Record<string, unknown>;
    const b = (after ?? {}) as unknown as Record<string, unknown>;
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (TRACE_SKIP.has(key)) continue;
      const from = normalizeValue(a[key]);
      const to = normalizeValue(b[key]);
      if (from !== to) changed[key] = [from, to];
    }
    if (Object.keys(changed).length === 0) return;
    this.options.trace({ time: this.options.now(), sport: this.options.sport, feed, changed, event: after });
  }
}
