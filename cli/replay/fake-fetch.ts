// A `fetch` for the replayed site's network: GET {origin}/{projectId}/x/feed/<name> is answered by a function
// of the feed request (the replayed server behind the network's faults), as the HTTP server would: status,
// lower-case headers, the body, and a Date header of the server's time to the second (server/app.ts), from
// which the page's server clock learns the time (S7-21). A refused request rejects with a TypeError, as the
// browser's fetch does on a network failure.
import { FEED_PATH_PREFIX, type FetchLike, type FetchResponseLike } from '../../src/net/transport';
import type { FeedRequest, FeedResponse } from '../../src/protocol/feed-source';

/** The origin the replayed pages fetch from (nothing listens there: the fake answers). */
export const REPLAY_ORIGIN = 'http://replay.invalid';

export interface FakeFetchOptions {
  /** The answer to a feed request; a rejection is a network failure. */
  readonly answer: (request: FeedRequest) => Promise<FeedResponse>;
  /** The server's clock, epoch ms, for the Date header. */
  readonly serverNow: () => number;
}

/** The feed request a URL and its headers ask for, or null for a URL that names no feed. */
export function feedRequestOf(url: string, headers: Readonly<Record<string, string>>): FeedRequest | null {
  // The path after the origin (scheme://host), without a query; cheaper than new URL() per request.
  const host = url.indexOf('://');
  const slash = host < 0 ? -1 : url.indexOf('/', host + 3);
  if (slash < 0) return null;
  const query = url.indexOf('?', slash);
  const path = query < 0 ? url.slice(slash) : url.slice(slash, query);
  const at = path.indexOf(FEED_PATH_PREFIX);
  if (at < 0) return null;
  const projectId = Number(path.slice(1).split('/')[0]);
  const feed = decodeURIComponent(path.slice(at + FEED_PATH_PREFIX.length));
  const lower: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) lower[name.toLowerCase()] = value;
  return { feed, headers: lower, ...(Number.isInteger(projectId) ? { projectId } : {}) };
}

const NOT_FOUND: FeedResponse = Object.freeze({ status: 404, headers: Object.freeze({}), body: '' });

function responseOf(response: FeedResponse, serverNow: number): FetchResponseLike {
  const headers = new Map<string, string>(Object.entries(response.headers));
  if (!headers.has('date')) headers.set('date', new Date(Math.floor(serverNow / 1000) * 1000).toUTCString());
  const body = response.status === 304 ? '' : response.body;
  return {
    status: response.status,
    headers: {
      get: (name) => headers.get(name.toLowerCase()) ?? null,
      forEach: (callback) => {
        for (const [name, value] of headers) callback(value, name);
      },
    },
    text: async () => body,
  };
}

export function fakeFetch(options: FakeFetchOptions): FetchLike {
  return async (url, init) => {
    const request = feedRequestOf(url, init.headers);
    // Stamped when the server renders it: a delayed answer carries its older time.
    const renderedAt = options.serverNow();
    const response = request ? await options.answer(request) : NOT_FOUND;
    return responseOf(response, renderedAt);
  };
}
