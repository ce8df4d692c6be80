// The country a league belongs to, as the address of its country page names it (S2-15): shared by the list
// (web/ui/list/country.ts), which groups leagues and links countries, and the server, which answers a country
// page 404 when no league of the sport names that country.
import type { LeagueFields } from '../protocol/keys';

type LeagueNaming = Pick<LeagueFields, 'url' | 'countryName' | 'categoryName' | 'name'>;

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** 'ENGLAND: Premier League' → 'ENGLAND' (protocol.md §3.2: "COUNTRY: League - Stage"). */
export function countryPartOfName(name: string | undefined): string | undefined {
  if (!name) return undefined;
  const colon = name.indexOf(':');
  return colon > 0 ? name.slice(0, colon).trim() : undefined;
}

/** The league's country slug: the second segment of its template url (ZL), else its country name. */
export function countrySlugOf(league: LeagueNaming): string {
  const segments = (league.url ?? '').split('/').filter(Boolean);
  if (segments.length >= 2) return segments[1];
  const name = league.countryName ?? league.categoryName ?? countryPartOfName(league.name);
  return slugify(name ?? '') || 'world';
}
