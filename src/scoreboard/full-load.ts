// Full feeds (S4-1, S4-8): load a scope's leagues and events, replacing what it held or, for My Games,
// adding to it. A new event keeps the parsed record as it is; a held one is reloaded, keeping fields
// a newer feed already wrote (feed-ordinal.ts).
import { EDITION } from '../domain/edition';
import type { EventRecord, LeagueRecord, ListFeed } from '../protocol/list-feed-types';
import type { CollapsedLeagues } from './collapsed-leagues';
import { dayWindow, inDayWindow } from './day-window';
import type { StoreOrdering } from './event-order';
import { feedOrdinal } from './feed-ordinal';
import { isLive, liveMarkAfter } from './live-marks';
import { type EventFieldsRow, type FieldMap, Row, sameFields } from './row';
import { type Scope, type Scopes, sameIds } from './scope';
import { type ApplyResult, type FullApplyOptions, NO_FIELD_CHANGES, type StageChange } from './store-api';
import type { ScoreboardLeague } from './types';
import type { Versions } from './versions';

export interface LoadParts {
  readonly scopes: Scopes;
  readonly versions: Versions;
  readonly ordering: StoreOrdering;
  readonly collapsed: CollapsedLeagues;
  /** Server time for the S4-8 day window, epoch ms. */
  readonly serverNow: () => number;
}

/** What loading the feed's events did to the scope's rows. */
interface LoadedEvents {
  /** Event ids by league, in feed order. */
  readonly members: Map<string, string[]>;
  readonly seen: Set<string>;
  readonly stageChanges: StageChange[];
  changed: number;
  removed: number;
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

function sameLeagueFields(a: ScoreboardLeague, b: LeagueRecord): boolean {
  for (const key in b) {
    if ((a as unknown as FieldMap)[key] !== (b as unknown as FieldMap)[key]) return false;
  }
  for (const key in a) {
    if (key === 'version' || key === 'eventIds' || key === 'collapsed') continue;
    if (!(key in b)) return false;
  }
  return true;
}

export function loadFull(parts: LoadParts, feed: ListFeed, opts: FullApplyOptions = {}): ApplyResult {
  const scope = parts.scopes.get(opts.scope ?? 'default');
  const next = parts.versions.next;
  scope.countryPage = opts.countryPage ?? false;
  if (feed.sport !== null) scope.sportId = feed.sport;

  // Leagues of this feed; an event under a league the feed did not name is invalid (S4-8).
  const feedLeagues = new Map<string, LeagueRecord>();
  for (const league of feed.leagues) if (league.id !== null) feedLeagues.set(league.id, league);

  const loaded = loadEvents(parts, scope, feed, feedLeagues, opts, next);
  let leaguesChanged = false;
  if (!opts.merge) {
    loaded.changed += dropUnseenRows(scope, loaded.seen);
    leaguesChanged = dropUnseenLeagues(scope, loaded.members);
  }
  if (loadLeagues(parts, scope, feedLeagues, loaded.members, opts.merge ?? false, next)) leaguesChanged = true;
  if (leaguesChanged) scope.reorderLeagues(parts.ordering.leagues);
  if (loaded.changed > 0 || leaguesChanged) parts.versions.commit(next, true);
  return {
    changed: loaded.changed,
    unknown: 0,
    removed: loaded.removed,
    stageChanges: loaded.stageChanges,
    resortedLeagues: [],
    fieldChanges: NO_FIELD_CHANGES,
  };
}

function loadEvents(
  parts: LoadParts,
  scope: Scope,
  feed: ListFeed,
  feedLeagues: ReadonlyMap<string, LeagueRecord>,
  opts: FullApplyOptions,
  next: number,
): LoadedEvents {
  const ordinal = feedOrdinal(feed);
  const myGames = scope.name === 'mygames';
  const window = dayWindow(parts.serverNow(), opts.day ?? 0, opts.timezoneHour ?? EDITION.timezoneHour);
  const loaded: LoadedEvents = { members: new Map(), seen: new Set(), stageChanges: [], changed: 0, removed: 0 };
  const { members, seen } = loaded;
  for (const record of feed.events) {
    if (!isValidEvent(record) || !feedLeagues.has(record.leagueId!)) {
      loaded.removed++; // S4-8: invalid event or invalid league
      continue;
    }
    // S4-8: on the initial feed (not My Games) an event outside the selected day goes unless live.
    if (!myGames && !isLive(record.stageType) && !inDayWindow(window, record.startTime!)) {
      loaded.removed++;
      continue;
    }
    if (opts.include && !opts.include(record)) continue;
    if (seen.has(record.id)) continue;
    seen.add(record.id);
    const row = scope.rows.get(record.id);
    if (!row) {
      // A new row (the common case of a load): the parsed record is kept as it is.
      scope.rows.set(record.id, new Row(record, next, isLive(record.stageType), null, { base: ordinal, fields: null }));
      loaded.changed++;
    } else {
      const previous = row.fields.stageType;
      if (reloadRow(row, record, ordinal, next)) {
        loaded.changed++;
        if (previous !== row.fields.stageType) {
          loaded.stageChanges.push({ id: record.id, previous, current: row.fields.stageType });
        }
      }
    }
    const list = members.get(record.leagueId!);
    if (list) list.push(record.id);
    else members.set(record.leagueId!, [record.id]);
  }
  return loaded;
}

/** A full row over a row we hold, keeping fields a newer feed already wrote; true when it changed. */
function reloadRow(row: Row, record: EventRecord, ordinal: number | null, next: number): boolean {
  const previous = row.ordinals;
  // The row we hold is newer than this feed as a whole: keep it.
  if (ordinal !== null && previous.base !== null && previous.base > ordinal) return false;
  let fields = record as unknown as FieldMap;
  let newer: Map<string, number> | null = null;
  if (ordinal !== null && previous.fields) {
    // Fields a newer feed wrote (or deleted) than this full feed stay as they are.
    const old = row.fields as unknown as FieldMap;
    for (const [key, kept] of previous.fields) {
      if (kept <= ordinal) continue;
      if (fields === (record as unknown as FieldMap)) fields = { ...fields };
      if (old[key] === undefined) delete fields[key];
      else fields[key] = old[key];
      newer ??= new Map();
      newer.set(key, kept);
    }
  }
  row.ordinals = { base: ordinal, fields: newer };
  const liveMarked = liveMarkAfter(row.liveMarked, fields.stageType as number | undefined);
  if (sameFields(row.fields, fields) && liveMarked === row.liveMarked) return false;
  row.fields = fields as unknown as EventFieldsRow;
  row.liveMarked = liveMarked;
  row.stamp(next);
  return true;
}

/** Replacing load: rows the feed did not bring go; returns how many. */
function dropUnseenRows(scope: Scope, seen: ReadonlySet<string>): number {
  let dropped = 0;
  for (const id of [...scope.rows.keys()]) {
    if (!seen.has(id)) {
      scope.rows.delete(id);
      scope.highlighted.delete(id);
      dropped++;
    }
  }
  return dropped;
}

/** Replacing load: leagues left without events go; true when any did. */
function dropUnseenLeagues(scope: Scope, members: ReadonlyMap<string, string[]>): boolean {
  let dropped = false;
  for (const id of [...scope.leagues.keys()]) {
    if (!members.has(id)) {
      scope.leagues.delete(id);
      dropped = true;
    }
  }
  return dropped;
}

/** Sets the leagues that have events in the feed, with their events in display order; true when any changed. */
function loadLeagues(
  parts: LoadParts,
  scope: Scope,
  feedLeagues: ReadonlyMap<string, LeagueRecord>,
  members: ReadonlyMap<string, string[]>,
  merge: boolean,
  next: number,
): boolean {
  let changed = false;
  for (const [leagueId, ids] of members) {
    const record = feedLeagues.get(leagueId)!;
    const before = scope.leagues.get(leagueId);
    const allIds = merge && before ? [...new Set([...before.eventIds, ...ids])] : ids;
    const eventIds = scope.sortedEventIds(allIds, parts.ordering.events);
    const collapsed = parts.collapsed.initial(record, before, scope.countryPage);
    if (
      before &&
      sameLeagueFields(before, record) &&
      before.collapsed === collapsed &&
      sameIds(before.eventIds, eventIds)
    ) {
      continue;
    }
    scope.leagues.set(leagueId, { ...record, id: leagueId, version: next, eventIds, collapsed });
    changed = true;
  }
  return changed;
}
