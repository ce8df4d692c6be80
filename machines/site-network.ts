// The site's network, made once per runtime from a `fetch` and a `WebSocket` class: the list feeds' feed
// clients (transport, headers, server clock from the Date header, S7-21), detail feeds, and the socket the
// push connection (machines/push-connection.ts) runs over. The browser gives its own fetch and WebSocket
// (web/app/browser-site.ts); the CLI replay gives a fake fetch and a fake WebSocket on its simulated network
// (cli/replay/network.ts), so the same feed requests, retries, reconnects and back-off run in both.
import { EDITION } from '../src/domain/edition';
import type { FeedFetcher } from '../src/net/feed-call';
import { createFeedClient, type FeedClient } from '../src/net/feed-client';
import { DEFAULT_FEED_PAGE, type FeedPage } from '../src/net/feed-names';
import { type FeedTransport, type FetchLike, httpTransport } from '../src/net/transport';
import { type WebSocketLike, webSocketActor } from './push-client';

/** What `new WebSocket(url)` gives: the browser's class, or a fake with the same surface. */
export type WebSocketClass = new (url: string) => WebSocketLike;

export interface SiteNetworkOptions {
  readonly fetch: FetchLike;
  readonly WebSocket: WebSocketClass;
  /** The feed origin chosen at start-up (A4-9). */
  readonly origin: () => string | Promise<string>;
  /** Our clock, epoch ms (the server clock's offset is measured against it). */
  readonly now: () => number;
  /** S7-1: the visitor's time zone hour at a moment; day lists are cut at the visitor's midnight. */
  readonly timezoneHour: (now: number) => number;
  /** The feed names' language and project type; the edition's by default. */
  readonly page?: Omit<FeedPage, 'timezoneHour'>;
}

export interface SiteNetwork {
  readonly transport: FeedTransport;
  /** The feed engine's list feeds (provideSite's fetchFeed). */
  readonly fetchFeed: FeedFetcher;
  /** Server time, epoch ms, as the list feeds taught it (S7-21, S7-22). */
  serverNow(): number;
  /** A detail feed body, or null when the server had none (not 200, network failure). */
  fetchDetail(name: string): Promise<string | null>;
  /** The push connection's socket (provideSite's pushSocket). */
  readonly pushSocket: ReturnType<typeof webSocketActor>;
}

export function createSiteNetwork(options: SiteNetworkOptions): SiteNetwork {
  const transport = httpTransport({ origin: options.origin, fetch: options.fetch });
  const base = options.page ?? DEFAULT_FEED_PAGE;
  // One feed client per time zone hour, so a daylight-saving change while the page is open gets a new one.
  const clients = new Map<number, FeedClient>();
  let latest: FeedClient | null = null;
  const clientNow = (): FeedClient => {
    const timezoneHour = options.timezoneHour(options.now());
    let client = clients.get(timezoneHour);
    if (!client) {
      const page: FeedPage = { language: base.language, projectType: base.projectType, timezoneHour };
      client = createFeedClient({ transport, page, now: options.now });
      clients.set(timezoneHour, client);
    }
    latest = client;
    return client;
  };
  const WebSocketClass = options.WebSocket;
  return {
    transport,
    fetchFeed: (call) => clientNow().fetch(call),
    serverNow: () => (latest ?? clientNow()).serverClock.now(),
    async fetchDetail(name) {
      try {
        const response = await transport({ feed: name, headers: { 'x-fsign': EDITION.feedSignature } });
        return response.status === 200 ? response.body : null;
      } catch {
        return null;
      }
    },
    pushSocket: webSocketActor((url) => new WebSocketClass(url)),
  };
}
