// Collapsed leagues (S4-13): the visitor's choices, kept in the fsdc_expand_collapse_league cookie
// (collapsed-cookie.ts), decide on load whether a league shows; toggling one updates every scope.
import type { LeagueRecord } from '../protocol/list-feed-types';
import { parseCollapsedCookie, serializeCollapsedCookie, storedCollapsed, withCollapsed } from './collapsed-cookie';
import type { Scopes } from './scope';
import type { ScoreboardLeague } from './types';
import type { Versions } from './versions';

export class CollapsedLeagues {
  private cookie: Map<string, string>;

  constructor(
    cookie: string | null | undefined,
    private readonly scopes: Scopes,
    private readonly versions: Versions,
  ) {
    this.cookie = parseCollapsedCookie(cookie);
  }

  /** S4-13 (no country page): the cookie decides; otherwise keep the visitor's choice, else ZD `c` is collapsed. */
  initial(record: LeagueRecord, before: ScoreboardLeague | undefined, countryPage: boolean): boolean {
    if (!countryPage && record.id !== null) {
      const stored = storedCollapsed(this.cookie, record.id);
      if (stored !== undefined) return stored;
    }
    if (before) return before.collapsed;
    return record.type === 'c'; // the reference client shows a league when ZD != 'c'
  }

  /** Sets a league collapsed or shown in every scope and returns the cookie value to store. */
  set(leagueId: string, collapsed: boolean): string {
    this.cookie = withCollapsed(this.cookie, leagueId, collapsed);
    const next = this.versions.next;
    let changed = false;
    for (const scope of this.scopes.all) {
      const league = scope.leagues.get(leagueId);
      if (league && league.collapsed !== collapsed) {
        scope.leagues.set(leagueId, { ...league, collapsed, version: next });
        changed = true;
      }
    }
    if (changed) this.versions.commit(next, true);
    return serializeCollapsedCookie(this.cookie);
  }

  /** Flips the league as the shown scope has it. */
  toggle(leagueId: string): string {
    const league = this.scopes.get().leagues.get(leagueId);
    return this.set(leagueId, !(league?.collapsed ?? false));
  }
}
