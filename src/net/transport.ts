// How a feed request reaches whoever answers it: over HTTP (A7-21) or in-process through a
// FeedSource (the CLI and tests run the same machines against the world directly).
import { EDITION } from '../domain/edition';
import type { FeedRequest, FeedResponse, FeedSource } from '../protocol/feed-source';

export type FeedTransport = (request: FeedRequest) => Promise<FeedResponse>;

/** In-process: asks a FeedSource; a source that throws counts as a network failure. */
export function sourceTransport(source: FeedSource): FeedTransport {
  return async (request) => source.fetch(request);
}

/** A9-3: feed path prefix. */
export const FEED_PATH_PREFIX = '/x/feed/';

export interface HttpTransportOptions {
  /** Resolved origin, e.g. `https://47.example.kz`, or a function giving it (origin resolver, A4-9). */
  readonly origin: string | (() => string | Promise<string>);
  readonly projectId?: number;
  /** URL prefix between the project id and /x/feed/ (A7-21); empty for this edition. */
  readonly urlPrefix?: string;
  /** The page's fetch by default; the CLI replay gives a fake one on its simulated network. */
  readonly fetch?: FetchLike;
}

/** The part of a fetch Response the feed code reads (the browser's and Node's fit). */
export interface FetchResponseLike {
  readonly status: number;
  readonly headers: {
    get(name: string): string | null;
    forEach(callback: (value: string, name: string) => void): void;
  };
  text(): Promise<string>;
}

/** The part of `fetch` the feed code uses: a GET with headers. */
export type FetchLike = (
  url: string,
  init: { readonly method: 'GET'; readonly headers: Record<string, string> },
) => Promise<FetchResponseLike>;

/** A7-21: the URL of a feed: {origin}/{projectId}{url prefix}/x/feed/{feed}. */
export function feedUrl(origin: string, feed: string, projectId: number = EDITION.projectId, urlPrefix = ''): string {
  return `${origin.replace(/\/+$/, '')}/${projectId}${urlPrefix}${FEED_PATH_PREFIX}${feed}`;
}

/** A7-21: GET with the request headers; reads status, headers (lower-case) and body as text. */
export function httpTransport(options: HttpTransportOptions): FeedTransport {
  const doFetch: FetchLike = options.fetch ?? globalThis.fetch.bind(globalThis);
  return async (request) => {
    const origin = typeof options.origin === 'string' ? options.origin : await options.origin();
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) headers[name] = value;
    const response = await doFetch(feedUrl(origin, request.feed, options.projectId, options.urlPrefix), {
      method: 'GET',
      headers,
    });
    const answerHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      answerHeaders[name.toLowerCase()] = value;
    });
    return { status: response.status, headers: answerHeaders, body: await response.text() };
  };
}
