// The flat list the virtualizer renders: league headers followed by their events, filtered by tab
// and country, with collapsed leagues reduced to their header and pinned leagues first (My Leagues).
// Keys are stable (league and event ids) so rows keep their identity when a live list reorders.
import { pinnedFirst } from '../../../src/domain/pinned-leagues';
import type { ScoreboardSnapshot } from '../../../src/scoreboard/types';
import { type CollapseMap, isLeagueCollapsed } from './collapsed-leagues';
import { countrySlugOf } from './country';
import { leagueLabelKey } from './pinned';
import { eventInTab, type ListTab, type OddsSub } from './tabs';

export type ListItem =
  | { readonly kind: 'league'; readonly key: string; readonly leagueId: string; readonly collapsed: boolean }
  | {
      readonly kind: 'event';
      readonly key: string;
      readonly eventId: string;
      readonly leagueId: string;
      /** Another participant of the race holds the same rank (golf 'T', S4-25). */
      readonly tied: boolean;
    };

export interface ListFilter {
  readonly tab: ListTab;
  readonly oddsSub: OddsSub;
  /** Country page slug, or null on the sport page. */
  readonly country: string | null;
  readonly collapsed: CollapseMap;
  /** My Games without its group view (S3-62 mygamesGroups off): one list by start time, no league headers. */
  readonly byTime?: boolean;
  /** The sport's pinned leagues by label key (S3-60): they lead the list, in feed order among themselves. */
  readonly pinned?: ReadonlySet<string>;
}

/** The feed's league order with the pinned leagues moved to the front. */
function leagueOrderOf(snapshot: ScoreboardSnapshot, pinned: ReadonlySet<string> | undefined): readonly string[] {
  if (!pinned || pinned.size === 0) return snapshot.leagueOrder;
  return pinnedFirst(snapshot.leagueOrder, (id) => {
    const league = snapshot.leagues.get(id);
    const key = league ? leagueLabelKey(league, snapshot.sportId) : null;
    return key !== null && pinned.has(key);
  });
}

export function buildListItems(snapshot: ScoreboardSnapshot, filter: ListFilter): ListItem[] {
  if (filter.byTime) return itemsByTime(snapshot, filter);
  const items: ListItem[] = [];
  const countryPage = filter.country !== null;
  for (const leagueId of leagueOrderOf(snapshot, filter.pinned)) {
    const league = snapshot.leagues.get(leagueId);
    if (!league) continue;
    if (countryPage && countrySlugOf(league) !== filter.country) continue;
    const eventIds: string[] = [];
    for (const id of league.eventIds) {
      const event = snapshot.events.get(id);
      if (event && eventInTab(filter.tab, event, league, filter.oddsSub)) eventIds.push(id);
    }
    if (eventIds.length === 0) continue;
    const collapsed = isLeagueCollapsed(league, filter.collapsed, countryPage);
    items.push({ kind: 'league', key: `L:${leagueId}`, leagueId, collapsed });
    if (collapsed) continue;
    const rankCounts = new Map<number, number>();
    for (const id of eventIds) {
      const rank = snapshot.events.get(id)?.rank;
      if (typeof rank === 'number') rankCounts.set(rank, (rankCounts.get(rank) ?? 0) + 1);
    }
    for (const eventId of eventIds) {
      const rank = snapshot.events.get(eventId)?.rank;
      const tied = typeof rank === 'number' && (rankCounts.get(rank) ?? 0) > 1;
      items.push({ kind: 'event', key: `E:${eventId}`, eventId, leagueId, tied });
    }
  }
  return items;
}

/** Every shown event in start-time order (then id), without league headers. */
function itemsByTime(snapshot: ScoreboardSnapshot, filter: ListFilter): ListItem[] {
  const shown: { eventId: string; leagueId: string; start: number }[] = [];
  for (const leagueId of snapshot.leagueOrder) {
    const league = snapshot.leagues.get(leagueId);
    if (!league || (filter.country !== null && countrySlugOf(league) !== filter.country)) continue;
    for (const id of league.eventIds) {
      const event = snapshot.events.get(id);
      if (event && eventInTab(filter.tab, event, league, filter.oddsSub))
        shown.push({ eventId: id, leagueId, start: event.startTime ?? 0 });
    }
  }
  shown.sort((a, b) => a.start - b.start || (a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0));
  return shown.map(({ eventId, leagueId }) => ({ kind: 'event', key: `E:${eventId}`, eventId, leagueId, tied: false }));
}

/**
 * `buildListItems` for one filter, kept while the snapshot's `listVersion` stays (score changes do not
 * move the list's shape): a burst of score updates costs the list nothing.
 */
export function listItemsSelector(filter: ListFilter): (snapshot: ScoreboardSnapshot) => ListItem[] {
  let builtAt: number | undefined;
  let builtFrom: ScoreboardSnapshot['events'] | null = null;
  let items: ListItem[] = [];
  return (snapshot) => {
    // The events Map is one per store scope: another store (another day) never reuses the list.
    if (snapshot.listVersion === undefined || snapshot.listVersion !== builtAt || snapshot.events !== builtFrom) {
      items = buildListItems(snapshot, filter);
      builtAt = snapshot.listVersion;
      builtFrom = snapshot.events;
    }
    return items;
  };
}

export function sameItems(a: readonly ListItem[], b: readonly ListItem[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x.key !== y.key) return false;
    if (x.kind === 'league' && y.kind === 'league' && x.collapsed !== y.collapsed) return false;
    if (x.kind === 'event' && y.kind === 'event' && x.tied !== y.tied) return false;
  }
  return true;
}
