// Feed fetch over HTTP: GET {origin}/47/x/feed/<name> with the x-fsign header (protocol.md §7, A7-21).
import { EDITION } from '../../src/domain/edition';
import { feedUrl } from '../../src/net/transport';

export interface FeedHttpAnswer {
  readonly status: number;
  readonly body: string;
  readonly date: number | null;
}

/** `origin`: the feed origin chosen at start-up (A4-9); empty for the page's own. */
export async function fetchFeed(
  name: string,
  headers: Record<string, string> = {},
  origin = '',
): Promise<FeedHttpAnswer> {
  const response = await fetch(feedUrl(origin, name), {
    headers: { 'x-fsign': EDITION.feedSignature, ...headers },
  });
  const body = response.status === 304 ? '' : await response.text();
  const dateHeader = response.headers.get('date');
  const date = dateHeader ? Date.parse(dateHeader) : Number.NaN;
  return { status: response.status, body, date: Number.isFinite(date) ? date : null };
}

/** A detail feed body, or null when the server had none (404, network failure). */
export async function fetchDetailBody(name: string, origin = ''): Promise<string | null> {
  try {
    const answer = await fetchFeed(name, {}, origin);
    return answer.status === 200 ? answer.body : null;
  } catch {
    return null;
  }
}
