// Display order of events inside a league and of leagues on the page (S4-26), from the domain's sort
// key (src/domain/sort.ts). The store keeps events grouped by league, so the key's sport, top-league
// flag, horse-racing and label parts order the leagues, and the rest (time, rank, start time, names,
// id) orders the events inside one league.
import { type SortableEvent, type SortContext, sortKey } from '../domain/sort';
import type { EventRecord } from '../protocol/list-feed-types';
import type { ScoreboardLeague } from './types';

/** Compares event rows (a ScoreboardEvent is one too). */
export type EventComparator = (a: EventRecord, b: EventRecord) => number;
export type LeagueComparator = (a: ScoreboardLeague, b: ScoreboardLeague) => number;

function text(a: string | undefined, b: string | undefined): number {
  const x = a ?? '';
  const y = b ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
}

function sortable(record: EventRecord): SortableEvent {
  return {
    id: record.id,
    sportId: record.sportId ?? 0,
    startTime: record.startTime,
    rank: record.rank,
    home: record.home,
    away: record.away,
  };
}

/**
 * S4-26 order of events inside one league. Records never change in place (a change replaces the
 * object), so each record's key is built once and kept while the record lives.
 */
export function domainEventComparator(context: SortContext = {}): EventComparator {
  const keys = new WeakMap<EventRecord, string>();
  const keyOf = (record: EventRecord): string => {
    let key = keys.get(record);
    if (key === undefined) {
      key = sortKey(sortable(record), context);
      keys.set(record, key);
    }
    return key;
  };
  return (a, b) => text(keyOf(a), keyOf(b)) || text(a.id, b.id);
}

/** Default: the spec's ascending order (no sortByTime, S3-62). */
export const compareEventsS426: EventComparator = domainEventComparator();

/**
 * S4-26 league order: top leagues first (flag `a` before `b`; ZD `t` or pinned by the visitor), then the
 * league's own position (its sort key `ZX`, the label part), then name and id.
 */
export function leagueComparator(isTop: (league: ScoreboardLeague) => boolean): LeagueComparator {
  return (a, b) =>
    (isTop(a) ? 0 : 1) - (isTop(b) ? 0 : 1) || text(a.sortKey, b.sortKey) || text(a.name, b.name) || text(a.id, b.id);
}

export const compareLeagues: LeagueComparator = leagueComparator((league) => league.type === 't');

/** How one store orders events and leagues, and which leagues are top (S4-12, S4-26). */
export interface StoreOrdering {
  readonly events: EventComparator;
  readonly leagues: LeagueComparator;
  readonly isTopLeague: (league: ScoreboardLeague) => boolean;
}
