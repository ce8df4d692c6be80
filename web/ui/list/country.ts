// Country pages (/kz/<sport>/<country>/) and the left menu group leagues by country slug.
import type { ScoreboardLeague } from '../../../src/scoreboard/types';

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** The league's country slug: the second segment of its template url, else its country name. */
export function countrySlugOf(league: ScoreboardLeague): string {
  const segments = (league.url ?? '').split('/').filter(Boolean);
  if (segments.length >= 2) return segments[1];
  const name = league.countryName ?? league.categoryName ?? countryPartOfName(league.name);
  return slugify(name ?? '') || 'world';
}

/** 'ENGLAND: Premier League' → 'ENGLAND' (protocol.md §3.2: "COUNTRY: League - Stage"). */
export function countryPartOfName(name: string | undefined): string | undefined {
  if (!name) return undefined;
  const colon = name.indexOf(':');
  return colon > 0 ? name.slice(0, colon).trim() : undefined;
}

/** 'ENGLAND: Premier League' → 'Premier League'. */
export function leaguePartOfName(name: string | undefined): string {
  if (!name) return '';
  const colon = name.indexOf(':');
  return colon > 0 ? name.slice(colon + 1).trim() : name;
}

export function countryNameOf(league: ScoreboardLeague): string {
  return league.countryName ?? league.categoryName ?? countryPartOfName(league.name) ?? '';
}
