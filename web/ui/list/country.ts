// Country pages (/kz/<sport>/<country>/) and the left menu group leagues by country slug.
import { countryPartOfName } from '../../../src/routes/country-slug';
import type { ScoreboardLeague } from '../../../src/scoreboard/types';

// The slug rule is shared with the server's 404 answers.
export { countryPartOfName, countrySlugOf, slugify } from '../../../src/routes/country-slug';

/** 'ENGLAND: Premier League' → 'Premier League'. */
export function leaguePartOfName(name: string | undefined): string {
  if (!name) return '';
  const colon = name.indexOf(':');
  return colon > 0 ? name.slice(colon + 1).trim() : name;
}

export function countryNameOf(league: ScoreboardLeague): string {
  return league.countryName ?? league.categoryName ?? countryPartOfName(league.name) ?? '';
}
