// S4-12: when a league is reloaded and re-sorted after an event changed.
import { sportById } from '../domain/sports';
import type { LeagueRecord } from '../protocol/list-feed-types';

export interface LeagueReloadContext {
  /** The league is one of the visitor's top (pinned) leagues. */
  readonly top: boolean;
  readonly countryPage: boolean;
  readonly myGames: boolean;
}

export interface EventOrderChange {
  readonly startTimeChanged: boolean;
  /** Rank changed (the order of a no-duel league). */
  readonly orderChanged: boolean;
}

/** True when a league without duels (races, meetings) holds the event (S3-3). */
export function isNoDuelLeague(league: Pick<LeagueRecord, 'sportId'>): boolean {
  return league.sportId !== null && sportById(league.sportId)?.noDuel === true;
}

/**
 * S4-12: reload and re-sort when a match's start time changed, or (for league types without
 * duel) its order changed. For secondary tournaments (ZD `s`) only if the league is top, on a
 * country page, or in My Games.
 */
export function needsLeagueReload(
  league: Pick<LeagueRecord, 'sportId' | 'type'>,
  change: EventOrderChange,
  context: LeagueReloadContext,
): boolean {
  const triggered = change.startTimeChanged || (change.orderChanged && isNoDuelLeague(league));
  if (!triggered) return false;
  if (league.type === 's') return context.top || context.countryPage || context.myGames;
  return true;
}
