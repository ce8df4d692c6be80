// The feed fast path: the common feed request, a GET of a feed name with the right x-fsign, answered 200 from a body
// whose bytes in the asked coding are already cached (./compressed-bodies.ts), or 304 (the client's ETag or update
// signature is current), is written straight to Node's response: the headers are one array captured once from the
// Fastify route's own answer, so such a request costs a lookup and a write instead of Fastify's routing, hooks and
// reply objects (about 30 µs a request, 5x nginx's, on the small update feeds). Everything else (other methods,
// other paths, X-GeoIP, a body still being compressed, any other status) goes to Fastify as before, so the answers
// do not change: tests/server/feed-fast-path.test.ts compares the two byte for byte.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { FeedResponse, FeedSource } from '../../src/protocol/feed-source';
import { acceptedCodings } from './accept-encoding';
import type { CompressedBodies, EncodedBody } from './compressed-bodies';
import { COMPRESS_THRESHOLD, matchingTag } from './compression';

// A7-21: /{projectId}/x/feed/{feed}; names are letters, digits and `_` (no escapes to decode). Longer names than
// the router takes (maxParamLength 200) are left to it.
const FEED_URL = /^\/(\d{1,9})\/x\/feed\/([\w-]{1,200})$/;
/** Headers of the answer that depend on the request or the body, not captured. */
const PER_ANSWER = new Set([
  'date',
  'etag',
  'content-length',
  'content-encoding',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);
const SUFFIX: Readonly<Record<EncodedBody['coding'], string>> = { identity: '', br: '-br', gzip: '-gz' };

export interface FeedFastPathOptions {
  /** The feed source the Fastify route answers from; only synchronous answers take the fast path. */
  readonly source: FeedSource;
  /** The x-fsign value feeds require (S7-1). */
  readonly signature: string;
  /** A feed the source answers 200, asked once through Fastify to capture the route's headers. */
  readonly probeFeed: string;
}

export interface FeedFastPath {
  /** Requests answered without Fastify since install. */
  answered(): number;
  /** Gives the server's requests back to Fastify alone. */
  uninstall(): void;
}

/**
 * Puts the fast path in front of `app`'s request handler. Returns null (and changes nothing) when the probe's answer
 * is not a plain 200 the fast path could reproduce.
 */
export async function installFeedFastPath(
  app: FastifyInstance,
  options: FeedFastPathOptions,
): Promise<FeedFastPath | null> {
  const { source, signature } = options;
  const bodies: CompressedBodies = app.compressedBodies;
  const probeUrl = `/47/x/feed/${options.probeFeed}`;
  const probe = await source.fetch({ feed: options.probeFeed, headers: {}, projectId: 47 });
  const answer = await app.inject({ method: 'GET', url: probeUrl, headers: { 'x-fsign': signature } });
  if (probe.status !== 200 || answer.statusCode !== 200) return null;
  // The headers every 200 feed answer of the source carries (one frozen object), and those Fastify adds to them.
  const sourceHeaders = probe.headers;
  const fixed: string[] = [];
  for (const [name, value] of Object.entries(answer.headers)) {
    if (PER_ANSWER.has(name) || value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) fixed.push(name, String(one));
  }
  const notModifiedFixed: string[] = [];
  for (let i = 0; i < fixed.length; i += 2) {
    if (fixed[i] !== 'content-type') notModifiedFixed.push(fixed[i], fixed[i + 1]);
  }

  let dateSecond = -1;
  let dateText = '';
  const serverDate = () => {
    const second = Math.floor(source.now() / 1000);
    if (second !== dateSecond) {
      dateSecond = second;
      dateText = new Date(second * 1000).toUTCString();
    }
    return dateText;
  };

  const send = (res: ServerResponse, status: number, head: readonly string[], extra: string[], body?: Buffer) => {
    res.writeHead(status, head.length === 0 ? extra : [...head, ...extra]);
    res.end(body);
  };

  /** Writes the answer and returns true, or returns false having written nothing. */
  const tryAnswer = (request: IncomingMessage, res: ServerResponse): boolean => {
    if (request.method !== 'GET') return false;
    const url = request.url;
    if (url === undefined) return false;
    const match = FEED_URL.exec(url);
    if (!match) return false;
    const headers = request.headers;
    if (headers['x-fsign'] !== signature || headers['x-geoip'] !== undefined || headers.upgrade !== undefined) {
      return false;
    }
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
    // A name the source does not serve is answered with other headers than a feed's: it goes to Fastify below.
    const feed = match[2];
    const response: FeedResponse | Promise<FeedResponse> = source.fetch({
      feed,
      headers: headers as Record<string, string | undefined>,
      projectId: Number(match[1]),
    });
    if (response instanceof Promise) {
      // Answered once by Fastify instead; the source's answer is not needed twice.
      response.catch(() => {});
      return false;
    }
    if (response.headers !== sourceHeaders) return false;
    if (response.status !== 200) return false;
    const body = response.body;
    const small = body.length < COMPRESS_THRESHOLD && Buffer.byteLength(body) < COMPRESS_THRESHOLD;
    if (small) return false; // small bodies are hashed per answer: Fastify's path does that
    const tag = bodies.tag(body);
    const matched = matchingTag(headers['if-none-match'], tag);
    if (matched !== null) {
      send(res, 304, notModifiedFixed, ['date', serverDate(), 'etag', matched]);
      return true;
    }
    const encoded = bodies.encode(body, acceptedCodings(headers['accept-encoding']));
    if (encoded instanceof Promise) return false; // being compressed: Fastify waits for it
    const extra = ['date', serverDate(), 'etag', `"${tag}${SUFFIX[encoded.coding]}"`];
    if (encoded.coding !== 'identity') extra.push('content-encoding', encoded.coding);
    extra.push('content-length', String(encoded.bytes.length));
    send(res, 200, fixed, extra, encoded.bytes);
    return true;
  };

  const server: Server = app.server;
  const fastify = server.listeners('request') as ((request: IncomingMessage, res: ServerResponse) => void)[];
  if (fastify.length !== 1) return null;
  const [handler] = fastify;
  let answered = 0;
  const front = (request: IncomingMessage, res: ServerResponse) => {
    let done = false;
    try {
      done = tryAnswer(request, res);
    } catch {
      done = res.headersSent; // a fault before writing: Fastify answers (and logs) as it would have
    }
    if (done) answered += 1;
    else handler(request, res);
  };
  server.off('request', handler);
  server.on('request', front);
  return {
    answered: () => answered,
    uninstall() {
      if (!server.listeners('request').includes(front)) return;
      server.off('request', front);
      server.on('request', handler);
    },
  };
}
