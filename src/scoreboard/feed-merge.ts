// Update, repair, odds and moved feeds: their rows go through the one merge (merge.ts) in every scope
// that holds the event, and one batch per apply collects what to report: changed and unknown rows,
// stage changes, the shown scope's field changes, and the leagues to re-sort (S4-12).
import type { EventRecord, ListFeed, MovedEvent } from '../protocol/list-feed-types';
import type { StoreOrdering } from './event-order';
import { feedOrdinal } from './feed-ordinal';
import { needsLeagueReload } from './league-reload';
import { liveMarkAfter } from './live-marks';
import { type MergeRule, mergeRow, REPAIR, UPDATE } from './merge';
import type { EventFieldsRow, Row } from './row';
import type { RowHighlights } from './row-highlights';
import { type Scope, type Scopes, sameIds } from './scope';
import { type ApplyResult, type FieldChange, NO_FIELD_CHANGES, type StageChange } from './store-api';
import type { Versions } from './versions';

export interface MergeParts {
  readonly scopes: Scopes;
  readonly versions: Versions;
  readonly highlights: RowHighlights;
  readonly ordering: StoreOrdering;
}

export class FeedMerger {
  /** Whether applies report the shown scope's changed fields (live sounds read them). */
  collectFieldChanges = false;

  constructor(private readonly parts: MergeParts) {}

  /**
   * Merges the feed's event rows by `rule`. With `blocks` (update and repair feeds), the rows of its
   * `ST÷repair` block follow as repair rows and its moved rows as update rows, at the same ordinal.
   */
  apply(feed: ListFeed, rule: MergeRule, blocks: boolean): ApplyResult {
    const batch = new MergeBatch(this.parts, this.collectFieldChanges);
    const ordinal = feedOrdinal(feed);
    batch.rows(feed.events, ordinal, rule);
    if (blocks) {
      batch.rows(feed.repair, ordinal, REPAIR);
      batch.moved(feed.moved, ordinal);
    }
    return batch.finish();
  }

  applyMoved(moved: readonly MovedEvent[], ordinal: number | null): ApplyResult {
    const batch = new MergeBatch(this.parts, this.collectFieldChanges);
    batch.moved(moved, ordinal);
    return batch.finish();
  }
}

/** One apply: merges rows at one new store version and collects what to report. */
class MergeBatch {
  private readonly scopes: readonly Scope[];
  private readonly next: number;
  private changed = 0;
  private unknown = 0;
  private readonly stageChanges: StageChange[] = [];
  /** Events whose stage change is reported (an event held in both scopes is reported once). */
  private readonly reported = new Set<string>();
  /** A stage, live mark or rank changed: the list's shape moved. */
  private shape = false;
  /** Leagues to re-sort (S4-12), by scope. */
  private readonly resort = new Map<Scope, Set<string>>();
  private readonly fieldChanges: FieldChange[] | null;

  constructor(
    private readonly parts: MergeParts,
    collectFieldChanges: boolean,
  ) {
    this.scopes = parts.scopes.all;
    this.next = parts.versions.next;
    this.fieldChanges = collectFieldChanges ? [] : null;
  }

  rows(records: readonly EventFieldsRow[], ordinal: number | null, rule: MergeRule): void {
    for (const record of records) {
      let held = false;
      for (const scope of this.scopes) {
        const row = scope.rows.get(record.id);
        if (row) {
          held = true;
          this.merge(scope, row, record, ordinal, rule);
        }
      }
      if (!held) this.unknown++; // S4-7: unknown events are ignored
    }
  }

  /** Moved events (QA) as update rows of their new start and end times. */
  moved(moved: readonly MovedEvent[], ordinal: number | null): void {
    if (moved.length === 0) return;
    const rows: EventFieldsRow[] = [];
    for (const move of moved) {
      const row: { id: string; startTime?: number; endTime?: number } = { id: move.id };
      if (move.startTime !== null) row.startTime = move.startTime;
      if (move.endTime !== null) row.endTime = move.endTime;
      rows.push(row);
    }
    this.rows(rows, ordinal, UPDATE);
  }

  finish(): ApplyResult {
    const resortedLeagues: string[] = [];
    for (const [scope, ids] of this.resort) {
      for (const id of ids) {
        const league = scope.leagues.get(id)!;
        const eventIds = scope.sortedEventIds(league.eventIds, this.parts.ordering.events);
        if (sameIds(eventIds, league.eventIds)) continue;
        scope.leagues.set(id, { ...league, eventIds, version: this.next });
        resortedLeagues.push(id);
      }
    }
    if (this.changed > 0 || resortedLeagues.length > 0) {
      this.parts.versions.commit(this.next, this.shape || resortedLeagues.length > 0);
    }
    return {
      changed: this.changed,
      unknown: this.unknown,
      removed: 0,
      stageChanges: this.stageChanges,
      resortedLeagues,
      fieldChanges: this.fieldChanges ?? NO_FIELD_CHANGES,
    };
  }

  private merge(scope: Scope, row: Row, record: EventFieldsRow, ordinal: number | null, rule: MergeRule): void {
    const before = row.fields;
    const after = mergeRow(row, record, ordinal, rule.wholeRow);
    if (after === null) return;
    row.fields = after;
    row.stamp(this.next);
    this.changed++;
    if (this.fieldChanges && this.parts.scopes.shows(scope)) this.fieldChanges.push({ before, after });
    const marked = liveMarkAfter(row.liveMarked, after.stageType);
    if (marked !== row.liveMarked) {
      row.liveMarked = marked;
      this.shape = true;
    }
    if (rule.highlights) this.parts.highlights.start(scope, row, before, after);
    if (before.stageType !== after.stageType) this.stageChanged(after.id, before.stageType, after.stageType);
    const startTimeChanged = before.startTime !== after.startTime;
    const orderChanged = before.rank !== after.rank;
    if (orderChanged) this.shape = true;
    if (startTimeChanged || orderChanged)
      this.orderMoved(scope, (before as EventRecord).leagueId, startTimeChanged, orderChanged);
  }

  private stageChanged(id: string, previous: number | undefined, current: number | undefined): void {
    this.shape = true;
    if (this.reported.has(id)) return;
    this.reported.add(id);
    this.stageChanges.push({ id, previous, current });
  }

  /** S4-12: a changed start time (or rank) re-sorts the event's league when the league's kind asks for it. */
  private orderMoved(scope: Scope, leagueId: string | null, startTimeChanged: boolean, orderChanged: boolean): void {
    const league = leagueId ? scope.leagues.get(leagueId) : undefined;
    if (!league) return;
    const context = {
      top: this.parts.ordering.isTopLeague(league),
      countryPage: scope.countryPage,
      myGames: scope.name === 'mygames',
    };
    if (!needsLeagueReload(league, { startTimeChanged, orderChanged }, context)) return;
    const ids = this.resort.get(scope);
    if (ids) ids.add(league.id);
    else this.resort.set(scope, new Set([league.id]));
  }
}
