// The first list's feeds start before the page's first render: a sport page opened from its address opens its list
// session at once, and the page's own first request for that list (SportPage, after React's first commit) gets that
// session instead of a new one. The first render takes 100 ms or more on a loaded machine; the repair and day list
// feeds (S4-1) are on their way meanwhile (first score row about 55 ms sooner, bench/pages.bench.ts).
import { sitePageAt } from '../../src/routes/site-routes';
import { parseReloadMarker } from '../ui/list/reload-marker';
import type { FeedGateway, ListRequest, ListSession } from '../ui/store/feed-gateway';

/** The list the page at this address shows first, when it is a sport's list of today (the common first view). */
export function firstListAt(pathname: string, hash: string): ListRequest | null {
  const page = sitePageAt(pathname);
  if (page === null || (page.page !== 'sport' && page.page !== 'country')) return null;
  // A reload marker for another day (S2-30) asks that day's list: left to the page.
  const day = parseReloadMarker(hash)?.day ?? 0;
  return day === 0 ? { sportId: page.sport.id, day: 0 } : null;
}

/**
 * A gateway whose first list session for `first` is opened now. The page's first openList gets it when it asks for
 * the same sport and day; any other first request closes it and opens what was asked.
 */
export function withEarlyList(gateway: FeedGateway, first: ListRequest | null): FeedGateway {
  let held: ListSession | null = first ? gateway.openList(first) : null;
  return {
    ...gateway,
    openList(request) {
      const early = held;
      held = null;
      if (early && first && request.sportId === first.sportId && request.day === first.day) return early;
      early?.close();
      return gateway.openList(request);
    },
  };
}
