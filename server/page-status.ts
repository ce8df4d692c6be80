// The status of a GET no route or file took: a page of the site's route table (src/routes/site-routes.ts)
// is 200; a page address the site does not have is 404 with the same client shell, so the browser shows
// its not-found page; feed, API and file addresses are not pages and keep their plain 404.
import { EDITION } from '../src/domain/edition';
import { buildFeedName } from '../src/protocol/feed-names';
import type { FeedSource } from '../src/protocol/feed-source';
import { parseListFeed } from '../src/protocol/list-feed';
import { countrySlugOf } from '../src/routes/country-slug';
import { COUNTRY_PAGE_DAYS, sitePageAt } from '../src/routes/site-routes';

export type PageStatus = 200 | 404;

// Feeds and requests (/47/…, S7-1, S2-10 /kz/x/req/), the account API (/v3/, /v5/ …), development routes and push.
const NOT_PAGES = [
  new RegExp(`^/${EDITION.projectId}/`),
  /^\/v\d+\//,
  /^\/dev\//,
  /^\/push(\/|$)/,
  new RegExp(`^${EDITION.routePrefix}/x/`),
];
// A last segment with an extension is a file (a missing /assets/app-1234.js), not a page.
const FILE = /\.[A-Za-z0-9]+$/;

/** null: not a page address (the caller answers its plain 404). */
export async function pageStatus(pathname: string, source: FeedSource): Promise<PageStatus | null> {
  if (NOT_PAGES.some((prefix) => prefix.test(pathname)) || FILE.test(pathname)) return null;
  const page = sitePageAt(pathname);
  if (page === null) return 404;
  if (page.page === 'match') return (await eventExists(page.eventId, source)) ? 200 : 404;
  if (page.page === 'country') return (await countryExists(page.sport.id, page.countrySlug, source)) ? 200 : 404;
  return 200;
}

/** The event's core feed (dc_<project type>_<id>, as the match page asks) says whether the event exists; a source that fails cannot say, so the page stands. */
async function eventExists(eventId: string, source: FeedSource): Promise<boolean> {
  try {
    const response = await source.fetch({ feed: `dc_${EDITION.projectType}_${eventId}`, headers: {} });
    return response.status !== 404;
  } catch {
    return true;
  }
}

/**
 * A country page is a page when a league of the sport's day lists (the date selector's days) names that country
 * as the list and the left menu do; a list the source cannot give does not count, and a source that gives none
 * cannot say, so the page stands.
 */
async function countryExists(sportId: number, slug: string, source: FeedSource): Promise<boolean> {
  let answered = false;
  for (const day of COUNTRY_PAGE_DAYS) {
    const feed = buildFeedName({
      kind: 'full',
      sport: sportId,
      day,
      tz: EDITION.timezoneHour,
      lang: EDITION.language,
      projectType: EDITION.projectType,
    });
    let body: string;
    try {
      const response = await source.fetch({ feed, headers: {} });
      if (response.status !== 200) continue;
      body = response.body;
    } catch {
      continue;
    }
    answered = true;
    if (parseListFeed(body).leagues.some((league) => countrySlugOf(league) === slug)) return true;
  }
  return !answered;
}
