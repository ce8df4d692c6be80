// The site's pages, in one table the browser router (web/ui/SiteRoutes.tsx) and the HTTP server
// (server/page-status.ts) both read, so an address the client shows as a page is the address the
// server answers 200, and every other one is a 404 (the client shows the not-found page).
// Plain TypeScript: no React, DOM or Node here.
import { EDITION } from '../domain/edition';
import { type Sport, sportBySlug } from '../domain/sports';

const P = EDITION.routePrefix; // S2-1: every sport section sits under /kz/

/** The My Games page (page kind myfs_page, S2-12); no sport is named my-games, so it cannot hide one. */
export const MY_GAMES_PATH = `${P}/my-games`;

/** The page a route shows: `pattern` is react-router's (`:name` is one path segment), matched case-sensitively. */
export interface SiteRouteDef {
  readonly page: SiteRouteName;
  readonly pattern: string;
}

export type SiteRouteName = 'home' | 'mobile' | 'account' | 'myGames' | 'match' | 'sport' | 'country';

/** Static segments before dynamic ones where both could match, as react-router ranks them. */
export const SITE_ROUTES: readonly SiteRouteDef[] = Object.freeze([
  { page: 'home', pattern: '/' }, // redirects to the home sport
  { page: 'home', pattern: P },
  { page: 'mobile', pattern: '/mobile' }, // S2-9: the mobile promo page
  { page: 'account', pattern: `${P}/account/verify` }, // emailed links (docs/api.md): the dialog over the home sport
  { page: 'account', pattern: `${P}/account/reset` },
  { page: 'myGames', pattern: MY_GAMES_PATH }, // S2-12 myfs_page: My Games, My Teams, My Leagues
  { page: 'match', pattern: `${P}/match/:eventId` }, // S2-33
  { page: 'sport', pattern: `${P}/:sportSlug` }, // S2-2…S2-6
  { page: 'country', pattern: `${P}/:sportSlug/:countrySlug` }, // S2-15
]);

/**
 * The days whose lists make a country known (S2-29: the date selector's 7 days, today first): a country page is
 * a page when one of them has a league of that country, and 404 otherwise (`/kz/tennis/rankings/`).
 */
export const COUNTRY_PAGE_DAYS: readonly number[] = Object.freeze([0, -1, 1, -2, 2, -3, 3]);

/** The sport `/` and /kz/ lead to. */
export const HOME_SPORT_SLUG = 'football';

export function sportPagePath(slug: string): string {
  return `${P}/${slug}/`;
}

/** A page whose parameters name something the site has. */
export type SitePage =
  | { readonly page: 'home' }
  | { readonly page: 'mobile' }
  | { readonly page: 'account' }
  | { readonly page: 'myGames' }
  | { readonly page: 'match'; readonly eventId: string }
  | { readonly page: 'sport'; readonly sport: Sport }
  | { readonly page: 'country'; readonly sport: Sport; readonly countrySlug: string };

const EVENT_ID = /^[A-Za-z0-9]{8}$/; // provider event ids: 8 letters and digits
// Country slugs are league template segments (`/football/england/…`) or slugified country names: lower-case
// letters and digits in words joined by single hyphens.
const COUNTRY_SLUG = /^[\p{Ll}\p{Lo}\p{N}]+(?:-[\p{Ll}\p{Lo}\p{N}]+)*$/u;

type Params = Readonly<Record<string, string | undefined>>;

/** The page a matched route shows, or null when its parameters name nothing (an unknown sport, a malformed id). */
export function resolveSitePage(page: SiteRouteName, params: Params): SitePage | null {
  switch (page) {
    case 'home':
    case 'mobile':
    case 'account':
    case 'myGames':
      return { page };
    case 'match': {
      const eventId = params.eventId ?? '';
      return EVENT_ID.test(eventId) ? { page, eventId } : null;
    }
    case 'sport':
    case 'country': {
      const sport = sportBySlug(params.sportSlug ?? '');
      if (!sport) return null;
      if (page === 'sport') return { page, sport };
      const countrySlug = params.countrySlug ?? '';
      return COUNTRY_SLUG.test(countrySlug) ? { page, sport, countrySlug } : null;
    }
  }
}

/** Path segments, percent-decoded; null when one does not decode or is empty inside the path (`/kz//x`). */
function segmentsOf(pathname: string): string[] | null {
  const parts = pathname.split('/');
  // A leading slash gives an empty first part; one trailing slash is the same address without it.
  const inner = parts.slice(1, parts.at(-1) === '' ? -1 : undefined);
  const segments: string[] = [];
  for (const part of inner) {
    if (part === '') return null;
    try {
      segments.push(decodeURIComponent(part));
    } catch {
      return null;
    }
  }
  return segments;
}

function matchPattern(pattern: string, segments: readonly string[]): Params | null {
  const wanted = pattern.split('/').filter(Boolean);
  if (wanted.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < wanted.length; i++) {
    if (wanted[i].startsWith(':')) params[wanted[i].slice(1)] = segments[i];
    else if (wanted[i] !== segments[i]) return null;
  }
  return params;
}

/** The page at an address path (no query), or null when the site has no such page. */
export function sitePageAt(pathname: string): SitePage | null {
  const segments = segmentsOf(pathname);
  if (segments === null) return null;
  for (const route of SITE_ROUTES) {
    const params = matchPattern(route.pattern, segments);
    if (params !== null) return resolveSitePage(route.page, params);
  }
  return null;
}
