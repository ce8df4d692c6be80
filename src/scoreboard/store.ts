// The client's scoreboard: a normalized, versioned store of leagues and events (DESIGN.md).
// Match data lives here as data: Maps keyed by id plus a version counter. Applying a feed
// mutates Map entries and stamps every changed event or league with the new store version, so
// a row re-renders only when its own version moves. Event and league objects are immutable
// values: a change replaces the entry with a new object, an unchanged entry keeps its identity.
//
// Ordering (an older update never overwrites a newer value): see feed-ordinal.ts. Every field
// remembers the ordinal of the feed that last wrote it; a write with a lower ordinal is skipped.
import { EDITION } from '../domain/edition';
import type { EventRecord, LeagueRecord, ListFeed, MovedEvent } from '../protocol/list-feed-types';
import { parseCollapsedCookie, serializeCollapsedCookie, storedCollapsed, withCollapsed } from './collapsed-cookie';
import { dayWindow, inDayWindow } from './day-window';
import { compareEventsS426, type EventComparator, type LeagueComparator, leagueComparator } from './event-order';
import { feedOrdinal, isNotOlder } from './feed-ordinal';
import { type HighlightEnd, HighlightEnds } from './highlight-ends';
import { highlightKind, highlightLifetime } from './highlights';
import { needsLeagueReload } from './league-reload';
import type { ScoreboardEvent, ScoreboardLeague, ScoreboardSnapshot } from './types';

/** Data scopes the page swaps between (S3-65, S4-9). */
export type ScopeName = 'default' | 'mygames';
export type FeedApplyKind = 'full' | 'update' | 'repair' | 'odds' | 'moved';

const LIVE = 2; // S3-35 stage type live

/** An event whose stage type (AB) changed; the live marker listens to these (S4-11). */
export interface StageChange {
  readonly id: string;
  readonly previous: number | undefined;
  readonly current: number | undefined;
}

/** One shown event's fields before and after an update or repair (collected on request). */
export interface FieldChange {
  readonly before: StoredEventFields;
  readonly after: StoredEventFields;
}

export interface ApplyResult {
  /** Events whose values changed. */
  readonly changed: number;
  /** Rows skipped because the event is not held (S4-7). */
  readonly unknown: number;
  /** Rows dropped by the removal rules of S4-8 (full feeds only). */
  readonly removed: number;
  readonly stageChanges: readonly StageChange[];
  /** Leagues reloaded and re-sorted (S4-12). */
  readonly resortedLeagues: readonly string[];
  /** The shown scope's changed events, while `collectFieldChanges(true)`; empty otherwise. */
  readonly fieldChanges: readonly FieldChange[];
}

export interface FullApplyOptions {
  /** Scope the feed loads into; default 'default'. */
  readonly scope?: ScopeName;
  /** Selected day offset for the S4-8 day rule; default 0. */
  readonly day?: number;
  readonly timezoneHour?: number;
  /** Add to the scope instead of replacing it (My Games loads several sports and days). */
  readonly merge?: boolean;
  /** Keeps only the events this accepts (My Games membership). */
  readonly include?: (event: EventRecord) => boolean;
  /** A country page is shown: the collapsed cookie is not applied (S4-13); S4-12 re-sorts secondary leagues. */
  readonly countryPage?: boolean;
}

export interface ScoreboardOptions {
  /** Our clock for highlight lifetimes, epoch ms. */
  readonly now?: () => number;
  /** Server time for the S4-8 day window, epoch ms; default `now`. */
  readonly serverNow?: () => number;
  readonly compareEvents?: EventComparator;
  readonly compareLeagues?: LeagueComparator;
  /** S4-12 "top" league (pinned by the visitor); default: ZD is `t`. */
  readonly isTopLeague?: (league: ScoreboardLeague) => boolean;
  /** Stored value of the fsdc_expand_collapse_league cookie (S4-13). */
  readonly collapsedCookie?: string | null;
}

export interface Scoreboard {
  /** Store version; increases on every change. */
  readonly version: number;
  readonly activeScope: ScopeName;
  apply(kind: FeedApplyKind, feed: ListFeed, options?: FullApplyOptions): ApplyResult;
  applyFull(feed: ListFeed, options?: FullApplyOptions): ApplyResult;
  /** Update feed: merges the changed keys of held events; `ST÷repair` rows are applied as repair. */
  applyUpdate(feed: ListFeed): ApplyResult;
  /** Repair feed: resets the values of held events, never creates events (protocol.md §6.3). */
  applyRepair(feed: ListFeed): ApplyResult;
  applyOdds(feed: ListFeed): ApplyResult;
  applyMoved(moved: readonly MovedEvent[], ordinal?: number | null): ApplyResult;
  /** Shows another scope (S4-9). */
  setScope(scope: ScopeName): void;
  clearScope(scope: ScopeName): void;
  /** S4-11: the keep-live delay ran out; the mark stays only while the event is still live. */
  clearLiveMark(id: string): boolean;
  /** Ends highlights whose lifetime ran out (S9-4); returns how many ended. */
  expireHighlights(): number;
  /** Whether any highlight is still pending, in any scope. */
  hasHighlights(): boolean;
  /** When the first pending highlight ends (epoch ms, our clock); Infinity when none is pending. */
  nextHighlightEnd(): number;
  /** Sets a league collapsed or shown and returns the cookie value to store (S4-13). */
  setCollapsed(leagueId: string, collapsed: boolean): string;
  toggleCollapsed(leagueId: string): string;
  /** Bumps the version so views redraw (live tab reload, S4-11). */
  touch(): void;
  /** Whether update and repair applies report the shown scope's changed fields (live sounds read them). */
  collectFieldChanges(on: boolean): void;
  getEvent(id: string, scope?: ScopeName): ScoreboardEvent | undefined;
  getLeague(id: string, scope?: ScopeName): ScoreboardLeague | undefined;
  /** The active scope. The Maps are live views; compare versions, not Map identity. */
  snapshot(): ScoreboardSnapshot;
  subscribe(listener: () => void): () => void;
}

/** Per-event ordering memory (see feed-ordinal.ts). */
interface FieldOrdinals {
  /** Ordinal of the full or repair feed that last wrote the whole row. */
  base: number | null;
  /** Fields written later by newer feeds, or deleted by them. */
  fields: Map<string, number> | null;
}

type Highlight = ScoreboardEvent['highlight'];

/**
 * An event as the store holds it. `fields` is the parsed record itself (never mutated: a change
 * replaces it), so loading a feed copies nothing. The ScoreboardEvent a reader sees is built on
 * first read and cached until the row changes, so unchanged rows keep their identity.
 */
class Row {
  view: ScoreboardEvent | null = null;
  constructor(
    public fields: EventFieldsRow,
    public version: number,
    public liveMarked: boolean,
    public highlight: Highlight,
    public ordinals: FieldOrdinals,
  ) {}
}

function viewOf(row: Row): ScoreboardEvent {
  if (row.view === null) {
    row.view = Object.assign({}, row.fields, {
      version: row.version,
      liveMarked: row.liveMarked,
      highlight: row.highlight,
    }) as ScoreboardEvent;
  }
  return row.view;
}

/** The snapshot's events: a read-only Map view over the rows that builds each event on first read. */
class EventsView implements ReadonlyMap<string, ScoreboardEvent> {
  constructor(private readonly rows: Map<string, Row>) {}
  get size(): number {
    return this.rows.size;
  }
  get(id: string): ScoreboardEvent | undefined {
    const row = this.rows.get(id);
    return row ? viewOf(row) : undefined;
  }
  has(id: string): boolean {
    return this.rows.has(id);
  }
  keys(): MapIterator<string> {
    return this.rows.keys();
  }
  *values(): MapIterator<ScoreboardEvent> {
    for (const row of this.rows.values()) yield viewOf(row);
  }
  *entries(): MapIterator<[string, ScoreboardEvent]> {
    for (const [id, row] of this.rows) yield [id, viewOf(row)];
  }
  [Symbol.iterator](): MapIterator<[string, ScoreboardEvent]> {
    return this.entries();
  }
  forEach(callback: (value: ScoreboardEvent, key: string, map: ReadonlyMap<string, ScoreboardEvent>) => void): void {
    for (const [id, row] of this.rows) callback(viewOf(row), id, this);
  }
}

class Scope {
  readonly leagues = new Map<string, ScoreboardLeague>();
  readonly rows = new Map<string, Row>();
  readonly events = new EventsView(this.rows);
  readonly highlighted = new Set<string>();
  leagueOrder: readonly string[] = [];
  sportId: number | null = null;
  countryPage = false;
  constructor(readonly name: ScopeName) {}
}

type MutableEvent = Record<string, unknown>;

const IDENTITY_KEYS = new Set(['id', 'sportId', 'leagueId', 'version', 'liveMarked', 'highlight']);

function fieldOrdinal(ordinals: FieldOrdinals, field: string): number | undefined {
  const own = ordinals.fields?.get(field);
  if (own !== undefined) return own;
  return ordinals.base ?? undefined;
}

function isValidEvent(record: EventRecord): boolean {
  return (
    typeof record.id === 'string' &&
    record.id.length > 0 &&
    record.leagueId !== null &&
    typeof record.startTime === 'number' &&
    Number.isFinite(record.startTime)
  );
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameLeagueFields(a: ScoreboardLeague, b: LeagueRecord): boolean {
  for (const key in b) {
    if ((a as unknown as MutableEvent)[key] !== (b as unknown as MutableEvent)[key]) return false;
  }
  for (const key in a) {
    if (key === 'version' || key === 'eventIds' || key === 'collapsed') continue;
    if (!(key in b)) return false;
  }
  return true;
}

/** Same fields (an empty string and a missing field both mean "no value"). */
function sameFields(a: object, b: object): boolean {
  const x = a as MutableEvent;
  const y = b as MutableEvent;
  for (const key in x) if (x[key] !== y[key] && !(x[key] === '' && y[key] === undefined)) return false;
  for (const key in y) if (!(key in x) && y[key] !== '' && y[key] !== undefined) return false;
  return true;
}

const NO_FIELD_CHANGES: readonly FieldChange[] = [];
const NO_RESULT: ApplyResult = {
  changed: 0,
  unknown: 0,
  removed: 0,
  stageChanges: [],
  resortedLeagues: [],
  fieldChanges: NO_FIELD_CHANGES,
};

export function createScoreboard(options: ScoreboardOptions = {}): Scoreboard {
  const now = options.now ?? Date.now;
  const serverNow = options.serverNow ?? now;
  const compareEvents = options.compareEvents ?? compareEventsS426;
  const isTopLeague = options.isTopLeague ?? ((league: ScoreboardLeague) => league.type === 't');
  const orderLeagues = options.compareLeagues ?? leagueComparator(isTopLeague); // S4-26 top leagues first
  let collapsedCookie: Map<string, string> = parseCollapsedCookie(options.collapsedCookie);
  const scopes = new Map<ScopeName, Scope>([
    ['default', new Scope('default')],
    ['mygames', new Scope('mygames')],
  ]);
  /** When highlights end, earliest first (S9-4). */
  const highlightEnds = new HighlightEnds<Scope>();
  /** A heap entry is current while its row still shows that very highlight. */
  const currentEnd = (entry: HighlightEnd<Scope>) =>
    entry.scope.highlighted.has(entry.id) && entry.scope.rows.get(entry.id)?.highlight?.until === entry.until;

  let active: ScopeName = 'default';
  let version = 0;
  let listVersion = 0; // see ScoreboardSnapshot.listVersion
  let cached: ScoreboardSnapshot | null = null;
  const listeners = new Set<() => void>();

  function scopeOf(name: ScopeName = active): Scope {
    return scopes.get(name)!;
  }

  function notify(): void {
    cached = null;
    for (const listener of [...listeners]) listener();
  }

  function sortedEventIds(scope: Scope, ids: readonly string[]): string[] {
    const records: EventRecord[] = [];
    for (const id of ids) {
      const row = scope.rows.get(id);
      if (row) records.push(row.fields as EventRecord);
    }
    records.sort(compareEvents);
    return records.map((record) => record.id);
  }

  function reorderLeagues(scope: Scope): void {
    const order = [...scope.leagues.values()].sort(orderLeagues).map((league) => league.id);
    if (!sameIds(order, scope.leagueOrder)) scope.leagueOrder = order;
  }

  // ---- full feed ---------------------------------------------------------------------------

  function applyFull(feed: ListFeed, opts: FullApplyOptions = {}): ApplyResult {
    const scope = scopeOf(opts.scope ?? 'default');
    const next = version + 1;
    const ordinal = feedOrdinal(feed);
    const myGames = scope.name === 'mygames';
    const window = dayWindow(serverNow(), opts.day ?? 0, opts.timezoneHour ?? EDITION.timezoneHour);
    scope.countryPage = opts.countryPage ?? false;
    if (feed.sport !== null) scope.sportId = feed.sport;

    // Leagues of this feed; an event under a league the feed did not name is invalid (S4-8).
    const feedLeagues = new Map<string, LeagueRecord>();
    for (const league of feed.leagues) if (league.id !== null) feedLeagues.set(league.id, league);

    const members = new Map<string, string[]>();
    const seen = new Set<string>();
    const stageChanges: StageChange[] = [];
    let changed = 0;
    let removed = 0;
    for (const record of feed.events) {
      if (!isValidEvent(record) || !feedLeagues.has(record.leagueId!)) {
        removed++; // S4-8: invalid event or invalid league
        continue;
      }
      // S4-8: on the initial feed (not My Games) an event outside the selected day goes unless live.
      if (!myGames && record.stageType !== LIVE && !inDayWindow(window, record.startTime!)) {
        removed++;
        continue;
      }
      if (opts.include && !opts.include(record)) continue;
      if (seen.has(record.id)) continue;
      seen.add(record.id);
      const row = scope.rows.get(record.id);
      if (!row) {
        // A new row (the common case of a load): the parsed record is kept as it is.
        scope.rows.set(
          record.id,
          new Row(record, next, record.stageType === LIVE, null, { base: ordinal, fields: null }),
        );
        changed++;
      } else {
        const previous = row.fields.stageType;
        if (reloadRow(row, record, ordinal, next)) {
          changed++;
          if (previous !== row.fields.stageType) {
            stageChanges.push({ id: record.id, previous, current: row.fields.stageType });
          }
        }
      }
      const list = members.get(record.leagueId!);
      if (list) list.push(record.id);
      else members.set(record.leagueId!, [record.id]);
    }

    // Leagues: held ones merge, others are dropped unless merging.
    let leaguesChanged = false;
    if (!opts.merge) {
      for (const id of [...scope.rows.keys()]) {
        if (!seen.has(id)) {
          scope.rows.delete(id);
          scope.highlighted.delete(id);
          changed++;
        }
      }
      for (const id of [...scope.leagues.keys()]) {
        if (!members.has(id)) {
          scope.leagues.delete(id);
          leaguesChanged = true;
        }
      }
    }
    for (const [leagueId, ids] of members) {
      const record = feedLeagues.get(leagueId)!;
      const before = scope.leagues.get(leagueId);
      const allIds = opts.merge && before ? [...new Set([...before.eventIds, ...ids])] : ids;
      const eventIds = sortedEventIds(scope, allIds);
      const collapsed = initialCollapsed(record, before, scope.countryPage);
      if (
        before &&
        sameLeagueFields(before, record) &&
        before.collapsed === collapsed &&
        sameIds(before.eventIds, eventIds)
      ) {
        continue;
      }
      scope.leagues.set(leagueId, { ...record, id: leagueId, version: next, eventIds, collapsed });
      leaguesChanged = true;
    }
    if (leaguesChanged) reorderLeagues(scope);
    if (changed > 0 || leaguesChanged) {
      version = next;
      listVersion = next;
      notify();
    }
    return { changed, unknown: 0, removed, stageChanges, resortedLeagues: [], fieldChanges: NO_FIELD_CHANGES };
  }

  /** S4-13 (no country page): the cookie decides; otherwise keep the visitor's choice, else ZD `c` is collapsed. */
  function initialCollapsed(record: LeagueRecord, before: ScoreboardLeague | undefined, countryPage: boolean): boolean {
    if (!countryPage && record.id !== null) {
      const stored = storedCollapsed(collapsedCookie, record.id);
      if (stored !== undefined) return stored;
    }
    if (before) return before.collapsed;
    return record.type === 'c'; // the reference client shows a league when ZD != 'c'
  }

  /** A full row over a row we hold, keeping fields a newer feed already wrote; true when it changed. */
  function reloadRow(row: Row, record: EventRecord, ordinal: number | null, next: number): boolean {
    const previous = row.ordinals;
    // The row we hold is newer than this feed as a whole: keep it.
    if (ordinal !== null && previous.base !== null && previous.base > ordinal) return false;
    let fields: MutableEvent = record as unknown as MutableEvent;
    let newer: Map<string, number> | null = null;
    if (ordinal !== null && previous.fields) {
      // Fields a newer feed wrote (or deleted) than this full feed stay as they are.
      const old = row.fields as unknown as MutableEvent;
      for (const [key, kept] of previous.fields) {
        if (kept <= ordinal) continue;
        if (fields === (record as unknown as MutableEvent)) fields = { ...fields };
        if (old[key] === undefined) delete fields[key];
        else fields[key] = old[key];
        newer ??= new Map();
        newer.set(key, kept);
      }
    }
    row.ordinals = { base: ordinal, fields: newer };
    const stageType = fields.stageType as number | undefined;
    const liveMarked = stageType === LIVE || row.liveMarked;
    if (sameFields(row.fields, fields) && liveMarked === row.liveMarked) return false;
    row.fields = fields as unknown as EventFieldsRow;
    row.liveMarked = liveMarked;
    row.version = next;
    row.view = null;
    return true;
  }

  // ---- update, repair, odds, moved ---------------------------------------------------------

  type RowMode = 'update' | 'repair' | 'odds';

  interface Pending {
    changed: number;
    unknown: number;
    stageChanges: StageChange[];
    /** A stage, live mark or rank changed: the list's shape moved. */
    shape: boolean;
    reported: Set<string>;
    resort: Map<Scope, Set<string>>;
    fieldChanges: FieldChange[] | null;
  }

  function mergeRow(
    scope: Scope,
    record: EventFieldsRow,
    ordinal: number | null,
    mode: RowMode,
    pending: Pending,
    next: number,
  ): boolean {
    const row = scope.rows.get(record.id);
    if (!row) return false;
    const ordinals = row.ordinals;
    const old = row.fields as unknown as MutableEvent;
    let changes: MutableEvent | null = null;
    const removals: string[] = [];
    const written: string[] = [];
    for (const key in record) {
      if (IDENTITY_KEYS.has(key)) continue;
      if (!isNotOlder(ordinal, fieldOrdinal(ordinals, key))) continue; // an older write never wins
      written.push(key);
      const field = (record as unknown as MutableEvent)[key];
      if (field === '' || field === undefined) {
        if (key in old) removals.push(key);
      } else if (old[key] !== field) {
        changes ??= {};
        changes[key] = field;
      }
    }
    if (mode === 'repair') {
      // A repair row carries the full values: fields it leaves out are gone, unless newer.
      for (const key in old) {
        if (IDENTITY_KEYS.has(key) || key in record) continue;
        if (!isNotOlder(ordinal, fieldOrdinal(ordinals, key))) continue;
        removals.push(key);
        written.push(key);
      }
    }
    if (ordinal !== null) {
      if (mode === 'repair') {
        const keep = new Map<string, number>();
        for (const [key, kept] of ordinals.fields ?? []) if (kept > ordinal) keep.set(key, kept);
        ordinals.base = ordinal;
        ordinals.fields = keep.size > 0 ? keep : null;
      } else {
        ordinals.fields ??= new Map();
        for (const key of written) ordinals.fields.set(key, ordinal);
      }
    }
    if (!changes && removals.length === 0) return false;
    const value: MutableEvent = { ...old, ...changes };
    for (const key of removals) delete value[key];
    const before = row.fields;
    const after = value as unknown as EventFieldsRow;
    row.fields = after;
    if (pending.fieldChanges && scope.name === active) pending.fieldChanges.push({ before, after });
    row.version = next;
    row.view = null;
    if (after.stageType === LIVE && !row.liveMarked) {
      row.liveMarked = true;
      pending.shape = true;
    }
    if (before.stageType !== after.stageType || before.rank !== after.rank) pending.shape = true;
    if (mode !== 'odds') {
      const kind = highlightKind(before, after);
      if (kind) {
        const until = now() + highlightLifetime(kind);
        row.highlight = { kind, until };
        scope.highlighted.add(record.id);
        highlightEnds.add({ until, id: record.id, scope });
      }
    }
    pending.changed++;
    if (before.stageType !== after.stageType && !pending.reported.has(record.id)) {
      pending.reported.add(record.id);
      pending.stageChanges.push({ id: record.id, previous: before.stageType, current: after.stageType });
    }
    const startTimeChanged = before.startTime !== after.startTime;
    const orderChanged = before.rank !== after.rank;
    const leagueId = (before as EventRecord).leagueId;
    if ((startTimeChanged || orderChanged) && leagueId) {
      const league = scope.leagues.get(leagueId);
      if (
        league &&
        needsLeagueReload(
          league,
          { startTimeChanged, orderChanged },
          { top: isTopLeague(league), countryPage: scope.countryPage, myGames: scope.name === 'mygames' },
        )
      ) {
        const set = pending.resort.get(scope);
        if (set) set.add(league.id);
        else pending.resort.set(scope, new Set([league.id]));
      }
    }
    return true;
  }

  function applyRows(
    rows: readonly EventFieldsRow[],
    ordinal: number | null,
    mode: RowMode,
    pending: Pending,
    next: number,
  ): void {
    for (const record of rows) {
      let held = false;
      for (const scope of scopes.values()) {
        if (scope.rows.has(record.id)) {
          held = true;
          mergeRow(scope, record, ordinal, mode, pending, next);
        }
      }
      if (!held) pending.unknown++; // S4-7: unknown events are ignored
    }
  }

  function finish(pending: Pending, next: number): ApplyResult {
    const resortedLeagues: string[] = [];
    for (const [scope, ids] of pending.resort) {
      for (const id of ids) {
        const league = scope.leagues.get(id)!;
        const eventIds = sortedEventIds(scope, league.eventIds);
        if (sameIds(eventIds, league.eventIds)) continue;
        scope.leagues.set(id, { ...league, eventIds, version: next });
        resortedLeagues.push(id);
      }
    }
    if (pending.changed > 0 || resortedLeagues.length > 0) {
      version = next;
      if (pending.shape || resortedLeagues.length > 0) listVersion = next;
      notify();
    }
    return {
      changed: pending.changed,
      unknown: pending.unknown,
      removed: 0,
      stageChanges: pending.stageChanges,
      resortedLeagues,
      fieldChanges: pending.fieldChanges ?? NO_FIELD_CHANGES,
    };
  }

  let collectingChanges = false;
  function newPending(): Pending {
    return {
      changed: 0,
      unknown: 0,
      stageChanges: [],
      shape: false,
      reported: new Set(),
      resort: new Map(),
      fieldChanges: collectingChanges ? [] : null,
    };
  }

  function applyUpdate(feed: ListFeed): ApplyResult {
    const next = version + 1;
    const pending = newPending();
    const ordinal = feedOrdinal(feed);
    applyRows(feed.events, ordinal, 'update', pending, next);
    applyRows(feed.repair, ordinal, 'repair', pending, next);
    applyMovedRows(feed.moved, ordinal, pending, next);
    return finish(pending, next);
  }

  function applyRepair(feed: ListFeed): ApplyResult {
    const next = version + 1;
    const pending = newPending();
    const ordinal = feedOrdinal(feed);
    applyRows(feed.events, ordinal, 'repair', pending, next);
    applyRows(feed.repair, ordinal, 'repair', pending, next);
    applyMovedRows(feed.moved, ordinal, pending, next);
    return finish(pending, next);
  }

  function applyOdds(feed: ListFeed): ApplyResult {
    const next = version + 1;
    const pending = newPending();
    applyRows(feed.events, feedOrdinal(feed), 'odds', pending, next);
    return finish(pending, next);
  }

  function applyMovedRows(moved: readonly MovedEvent[], ordinal: number | null, pending: Pending, next: number): void {
    if (moved.length === 0) return;
    const rows: EventFieldsRow[] = [];
    for (const move of moved) {
      const row: { id: string; startTime?: number; endTime?: number } = { id: move.id };
      if (move.startTime !== null) row.startTime = move.startTime;
      if (move.endTime !== null) row.endTime = move.endTime;
      rows.push(row);
    }
    applyRows(rows, ordinal, 'update', pending, next);
  }

  function applyMoved(moved: readonly MovedEvent[], ordinal: number | null = null): ApplyResult {
    const next = version + 1;
    const pending = newPending();
    applyMovedRows(moved, ordinal, pending, next);
    return finish(pending, next);
  }

  function apply(kind: FeedApplyKind, feed: ListFeed, opts?: FullApplyOptions): ApplyResult {
    switch (kind) {
      case 'full':
        return applyFull(feed, opts);
      case 'update':
        return applyUpdate(feed);
      case 'repair':
        return applyRepair(feed);
      case 'odds':
        return applyOdds(feed);
      case 'moved':
        return applyMoved(feed.moved, feedOrdinal(feed));
      default:
        return NO_RESULT;
    }
  }

  // ---- marks, highlights, collapse ---------------------------------------------------------

  function clearLiveMark(id: string): boolean {
    const next = version + 1;
    let changed = false;
    for (const scope of scopes.values()) {
      const row = scope.rows.get(id);
      if (row?.liveMarked && row.fields.stageType !== LIVE) {
        row.liveMarked = false;
        row.version = next;
        row.view = null;
        changed = true;
      }
    }
    if (changed) {
      version = next;
      listVersion = next;
      notify();
    }
    return changed;
  }

  function hasHighlights(): boolean {
    for (const scope of scopes.values()) if (scope.highlighted.size > 0) return true;
    return false;
  }

  function nextHighlightEnd(): number {
    return highlightEnds.first(currentEnd);
  }

  function expireHighlights(): number {
    const time = now();
    const next = version + 1;
    let ended = 0;
    for (const scope of scopes.values()) {
      for (const id of [...scope.highlighted]) {
        const row = scope.rows.get(id);
        if (!row?.highlight) {
          scope.highlighted.delete(id);
          continue;
        }
        if (row.highlight.until > time) continue;
        row.highlight = null;
        row.version = next;
        row.view = null;
        scope.highlighted.delete(id);
        ended++;
      }
    }
    if (ended > 0) {
      version = next;
      notify();
    }
    return ended;
  }

  function setCollapsed(leagueId: string, collapsed: boolean): string {
    collapsedCookie = withCollapsed(collapsedCookie, leagueId, collapsed);
    const next = version + 1;
    let changed = false;
    for (const scope of scopes.values()) {
      const league = scope.leagues.get(leagueId);
      if (league && league.collapsed !== collapsed) {
        scope.leagues.set(leagueId, { ...league, collapsed, version: next });
        changed = true;
      }
    }
    if (changed) {
      version = next;
      listVersion = next;
      notify();
    }
    return serializeCollapsedCookie(collapsedCookie);
  }

  return {
    get version() {
      return version;
    },
    get activeScope() {
      return active;
    },
    apply,
    applyFull,
    applyUpdate,
    applyRepair,
    applyOdds,
    applyMoved,
    setScope(scope) {
      if (scope === active) return;
      active = scope;
      version += 1;
      listVersion = version;
      notify();
    },
    clearScope(name) {
      const scope = scopeOf(name);
      if (scope.rows.size === 0 && scope.leagues.size === 0) return;
      scope.rows.clear();
      scope.leagues.clear();
      scope.highlighted.clear();
      scope.leagueOrder = [];
      version += 1;
      listVersion = version;
      notify();
    },
    clearLiveMark,
    expireHighlights,
    hasHighlights,
    nextHighlightEnd,
    setCollapsed,
    toggleCollapsed(leagueId) {
      const league = scopeOf().leagues.get(leagueId);
      return setCollapsed(leagueId, !(league?.collapsed ?? false));
    },
    touch() {
      version += 1;
      listVersion = version;
      notify();
    },
    collectFieldChanges(on) {
      collectingChanges = on;
    },
    getEvent(id, scope) {
      return scopeOf(scope).events.get(id);
    },
    getLeague(id, scope) {
      return scopeOf(scope).leagues.get(id);
    },
    snapshot() {
      if (cached && cached.version === version) return cached;
      const scope = scopeOf();
      cached = {
        version,
        listVersion,
        sportId: scope.sportId,
        leagueOrder: scope.leagueOrder,
        leagues: scope.leagues,
        events: scope.events,
      };
      return cached;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** A row as update merging sees it: an id plus any event fields. */
type EventFieldsRow = Omit<EventRecord, 'sportId' | 'leagueId'> & Partial<Pick<EventRecord, 'sportId' | 'leagueId'>>;
/** An event's fields as the store holds them (the parsed feed record). */
export type StoredEventFields = EventFieldsRow;
