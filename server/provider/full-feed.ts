// Full day list f_<sport>_<day>_<tz>_<lang>_<pt> (S7-2, protocol.md §2): the SA row, each league's
// ZA row followed by its AA rows, QA rows for moved events that left the day, and the A2 and A1 trailer.
import { type FeedRow, serializeRows } from '../../src/protocol/codec';
import type { LeagueState, MatchState, WorldState } from '../../sim/world/state';
import { dayWindow, inWindow } from './day-window';
import { feedBodyFromText } from './feed-body';
import { fullEventRowText, leagueRowText, movedRow, sportRow } from './rows';
import { compareMatches } from './sport-version';

export interface DayListQuery {
  readonly sportId: number;
  readonly dayOffset: number;
  readonly timezoneHour: number;
  /** Server time (epoch ms) that defines "today". */
  readonly now: number;
  readonly signature: string;
  /**
   * A2: the sport's refresh utime. Sent in the day list too, so a client knows the server's refresh
   * time from its first load and a later, higher A2 (a restarted server, a changed calendar) reloads it.
   */
  readonly refreshUtime?: number;
}

/** Moved events older than this many days either side of the listed day are not repeated. */
const MOVED_REACH_DAYS = 7;

/** Leagues first by the top flag (S4-26), then by sort key, then by name. */
export function compareLeagues(a: LeagueState, b: LeagueState): number {
  if (a.top !== b.top) return a.top ? -1 : 1;
  const ka = a.sortKey ?? a.name ?? '';
  const kb = b.sortKey ?? b.name ?? '';
  if (ka !== kb) return ka < kb ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Start time of a match for the day cut (AD, else ADE). */
export function matchStart(match: MatchState): number | undefined {
  return match.fields.startTime ?? match.fields.eventStartTime;
}

/** Matches of a sport on the requested local day, grouped by league in display order. */
export function dayMatchesByLeague(world: WorldState, query: Omit<DayListQuery, 'signature'>) {
  const window = dayWindow(query.now, query.dayOffset, query.timezoneHour);
  const byLeague = new Map<string, MatchState[]>();
  for (const match of world.matches.values()) {
    if (match.sportId !== query.sportId) continue;
    const start = matchStart(match);
    if (start === undefined || !inWindow(window, start)) continue;
    let list = byLeague.get(match.leagueId);
    if (!list) {
      list = [];
      byLeague.set(match.leagueId, list);
    }
    list.push(match);
  }
  const leagues: { league: LeagueState; matches: MatchState[] }[] = [];
  for (const [leagueId, matches] of byLeague) {
    const league = world.leagues.get(leagueId);
    if (!league) continue;
    matches.sort(compareMatches);
    leagues.push({ league, matches });
  }
  leagues.sort((a, b) => compareLeagues(a.league, b.league));
  return { window, leagues };
}

export function renderDayList(world: WorldState, query: DayListQuery): string {
  return feedBodyFromText(dayListPart(world, query), { signature: query.signature, refreshUtime: query.refreshUtime });
}

/**
 * One sport's rows of a day list, without the trailer: the SA row, each league's ZA row and its AA
 * rows, then QA rows for the sport's events that were moved and now start outside this day
 * (protocol.md §6.4). A group's list (fp_) is its children's parts in a row.
 */
export function dayListPart(world: WorldState, query: Omit<DayListQuery, 'signature' | 'refreshUtime'>): string {
  const { window, leagues } = dayMatchesByLeague(world, query);
  const parts: string[] = [serializeRows([sportRow(query.sportId)])];
  for (const { league, matches } of leagues) {
    parts.push(leagueRowText(league));
    for (const match of matches) parts.push(fullEventRowText(match));
  }
  const rows: FeedRow[] = [];
  const reach = MOVED_REACH_DAYS * 86_400;
  for (const id of world.moved.keys()) {
    const match = world.matches.get(id);
    if (!match || match.sportId !== query.sportId) continue;
    const start = matchStart(match);
    if (start === undefined || inWindow(window, start)) continue;
    if (start < window.start - reach || start >= window.end + reach) continue;
    rows.push(movedRow(match));
  }
  parts.push(serializeRows(rows));
  return parts.join('');
}
