// Collapsed leagues as the page applies them (S4-13). The cookie format and its S4-13 reading live
// in src/scoreboard/collapsed-cookie.ts; this adds the page rules and the cookie I/O helpers.
import {
  type CollapsedCookie,
  parseCollapsedCookie,
  serializeCollapsedCookie,
  storedCollapsed,
  withCollapsed,
} from '../../../src/scoreboard/collapsed-cookie';
import type { ScoreboardLeague } from '../../../src/scoreboard/types';

export { COLLAPSED_COOKIE_NAME } from '../../../src/scoreboard/collapsed-cookie';
export const COOKIE_MAX_AGE_S = 31_536_000; // S9-12 cookie default lifetime

export type CollapseMap = CollapsedCookie;
export const parseCollapseCookie = parseCollapsedCookie;
export const withLeagueState = withCollapsed;

export function serializeCollapseCookie(map: CollapseMap): string {
  return encodeURIComponent(serializeCollapsedCookie(map));
}

/**
 * Is the league collapsed? S4-13: on a country page the stored state is not applied; otherwise a
 * stored 'c' shows the league and any other stored value hides it. Leagues the cookie does not name
 * follow the store (a feed type 'c' league starts closed, protocol.md §3.2).
 */
export function isLeagueCollapsed(league: ScoreboardLeague, stored: CollapseMap, countryPage: boolean): boolean {
  if (countryPage) return false;
  return storedCollapsed(stored, league.id) ?? (league.collapsed || league.type === 'c');
}

export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

export function cookieAssignment(name: string, value: string, maxAgeS: number): string {
  return `${name}=${value}; Max-Age=${maxAgeS}; Path=/; SameSite=Lax`;
}
