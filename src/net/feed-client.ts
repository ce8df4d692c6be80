// The feed client: turns a FeedCall into a feed request with the optional headers of S7-16…S7-20,
// sends it through a transport, and reads the answer: status, headers, body, server time from the
// Date header (A7-21) or the sys utime, geo headers, and the parsed list feed.
import { EDITION } from '../domain/edition';
import { isEmptyFeedBody } from '../protocol/codec';
import { parseListFeed } from '../protocol/list-feed';
import type { ListFeed } from '../protocol/list-feed-types';
import { type FeedAnswer, type FeedCall, type FeedFetcher, NO_DATA_STATUSES } from './feed-call';
import { DEFAULT_FEED_PAGE, type FeedPage, feedNameFor } from './feed-names';
import { type GeoLocation, readGeoHeaders } from './geo';
import { createServerClock, readDateHeader, type ServerClock } from './server-clock';
import { parseSysFeed } from './sys-feed';
import type { FeedTransport } from './transport';

export interface FeedClientOptions {
  readonly transport: FeedTransport;
  readonly page?: FeedPage;
  /** x-fsign value (protocol.md §7). */
  readonly feedSignature?: string;
  readonly serverClock?: ServerClock;
  /** Our clock, epoch ms (read by the server clock made when none is given). */
  readonly now: () => number;
  readonly parse?: (body: string) => ListFeed;
  /** S7-20: send X-BenchmarkRequest. */
  readonly benchmark?: boolean;
  /** A geo location already known (A4-10): no X-GeoIP then. */
  readonly geo?: GeoLocation | null;
}

export interface FeedClient {
  readonly fetch: FeedFetcher;
  readonly serverClock: ServerClock;
  /** The visitor's geo location once an answer carried it. */
  readonly geo: GeoLocation | null;
  /** The request headers a call would be sent with now. */
  headersFor(call: FeedCall): Record<string, string>;
}

/** A list body that gave nothing recognisable: no sport, rows or signature (S4-5 failed parse). */
export function isFailedParse(feed: ListFeed): boolean {
  return (
    !feed.empty &&
    feed.signature === null &&
    feed.sport === null &&
    feed.events.length === 0 &&
    feed.leagues.length === 0 &&
    feed.repair.length === 0 &&
    feed.moved.length === 0
  );
}

export function createFeedClient(options: FeedClientOptions): FeedClient {
  const page = options.page ?? DEFAULT_FEED_PAGE;
  const serverClock = options.serverClock ?? createServerClock(options.now);
  const parse = options.parse ?? parseListFeed;
  const fsign = options.feedSignature ?? EDITION.feedSignature;
  let geo: GeoLocation | null = options.geo ?? null;

  function headersFor(call: FeedCall): Record<string, string> {
    const headers: Record<string, string> = { 'x-fsign': fsign };
    if (geo === null) headers['x-geoip'] = '1'; // S7-17
    if (!serverClock.known) headers['x-utime'] = '1'; // S7-18
    if (call.kind === 'update' && call.signature) headers['x-signature'] = call.signature; // S7-19
    if (options.benchmark) headers['x-benchmarkrequest'] = '1'; // S7-20
    return headers;
  }

  async function fetchCall(call: FeedCall): Promise<FeedAnswer> {
    const response = await options.transport({ feed: feedNameFor(call, page), headers: headersFor(call) });
    const headers = response.headers ?? {};
    const body = typeof response.body === 'string' ? response.body : '';
    const status = response.status;
    const answerGeo = readGeoHeaders(headers);
    if (answerGeo) geo = answerGeo;
    let serverTime = readDateHeader(headers.date);
    const noData = NO_DATA_STATUSES.has(status) || isEmptyFeedBody(body); // S4-6, S5-7
    let feed: ListFeed | null = null;
    let parseFailed = false;
    let sys = null;
    if (!noData && (status === 200 || status === 0)) {
      if (call.kind === 'sys') {
        sys = parseSysFeed(body);
        if (sys.utime !== null) serverTime = sys.utime * 1000;
      } else {
        feed = parse(body);
        parseFailed = isFailedParse(feed);
        if (parseFailed) feed = null;
      }
    }
    if (serverTime !== null) serverClock.observe(serverTime);
    return { call, status, headers, body, noData, feed, parseFailed, sys, serverTime };
  }

  return {
    fetch: fetchCall,
    serverClock,
    get geo() {
      return geo;
    },
    headersFor,
  };
}
