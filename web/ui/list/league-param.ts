// The league chosen in the left menu is kept in the address as `league=<leagueId>` on the country
// page (beside `cat=`, S2-27). Why an address at all: a reload comes back to the league and the
// address can be shared; why a query parameter: the fragment is the reload marker's (S2-30). The
// page applies it once, when the list first has that league (machines/league-jump.ts).
export const LEAGUE_PARAM = 'league';

const LEAGUE_ID = /^[A-Za-z0-9_-]{1,64}$/; // feed league ids: <sport>_<stage id>

/** The address's league, or null when absent or not shaped like a league id (ignored). */
export function leagueFromSearch(params: URLSearchParams): string | null {
  const value = params.get(LEAGUE_PARAM);
  return value !== null && LEAGUE_ID.test(value) ? value : null;
}

/** The search string with `league=` set to this league, every other parameter kept. */
export function searchWithLeague(search: string, leagueId: string): string {
  const params = new URLSearchParams(search);
  params.set(LEAGUE_PARAM, leagueId);
  return `?${params.toString()}`;
}
