// The HTTP server: feed gateway GET /<projectId>/x/feed/:feed over a FeedSource for every project id
// (S7-1, A7-21), push gateway on /push (S7-23; only a WebSocket upgrade there is push, ./http/upgrade-routing.ts), geo headers (S7-17, S7-21), security headers (./http/security-headers.ts),
// compression from a bounded cache (./http/compression.ts), and the static client: its pages (the route table,
// ./page-status.ts) answer index.html, unknown page addresses the same index.html with 404. Extra plugins (the
// account service and others) register last.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import { EDITION } from '../src/domain/edition';
import type { FeedSource } from '../src/protocol/feed-source';
import { parseFeedName } from '../src/protocol/feed-names';
import { renderFallbackPage } from './fallback-page';
import { DEFAULT_GEO, type GeoInfo, geoHeaders } from './geo';
import type { CompressedBodies } from './http/compressed-bodies';
import { type CompressionOptions, registerCompression } from './http/compression';
import { readIndexHtml, registerSecurityHeaders, securityHeaders } from './http/security-headers';
import { routeUpgrades } from './http/upgrade-routing';
import { type PageStatus, pageStatus } from './page-status';
import { type Broker, createInProcessBroker } from './push/broker';
import { createPushGateway, type PushGateway, type PushGatewayOptions } from './push/gateway';

/** A plugin registered after the built-in routes; it receives its own encapsulated scope. */
export type ExtraPlugin = FastifyPluginAsync;

export interface BuildServerOptions {
  readonly feedSource: FeedSource;
  /** x-fsign value feeds require (S7-1); default the edition's. */
  readonly signature?: string;
  /** Geo values answered to `X-GeoIP: 1` (S7-17); default Almaty, KZ. */
  readonly geo?: Partial<GeoInfo>;
  /** Built client folder; default `<project>/dist`. null serves no files (the fallback page only). */
  readonly staticDir?: string | null;
  /** Plugins registered after the built-in routes (account API, search …). */
  readonly extraPlugins?: readonly ExtraPlugin[];
  /** Push broker; default an in-process one fed by the FeedSource's pushes. */
  readonly broker?: Broker;
  /**
   * Messages between the servers of one site (an account's data changed, …): in-process by default; an edge of a
   * cluster passes one over NATS (server/cluster/nats-broker.ts).
   */
  readonly serverEvents?: Broker;
  /** Push gateway settings; false disables the WebSocket endpoint. */
  readonly push?: Omit<PushGatewayOptions, 'broker'> | false;
  /** Account database file (`scores serve --db`), for plugins that need it. */
  readonly dbFile?: string;
  readonly logger?: FastifyServerOptions['logger'];
  /** Largest request body, bytes. */
  readonly bodyLimit?: number;
  /** Largest request header block, bytes. */
  readonly maxHeaderSize?: number;
  /** Compressed-body cache and compression limits (./http/compression.ts); defaults suit the day lists. */
  readonly compression?: CompressionOptions;
  /**
   * Proxies whose X-Forwarded-For is believed (addresses or CIDRs, e.g. the load balancer's), so request.ip is
   * the visitor's, not the proxy's; none by default: a forged header from anyone else changes nothing.
   */
  readonly trustProxy?: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The push gateway, or null when disabled. */
    readonly pushGateway: PushGateway | null;
    readonly pushBroker: Broker;
    /** Messages between the servers of one site (BuildServerOptions.serverEvents). */
    readonly serverEvents: Broker;
    /** The feeds' source (plugins read day lists from it: the personal push, S7-23). */
    readonly feedSource: FeedSource;
    /** Account database file passed to `buildServer` (`scores serve --db`). */
    readonly dbFile: string | undefined;
    /** The compressed-body cache behind every compressed answer (its stats for benchmarks and checks). */
    readonly compressedBodies: CompressedBodies;
  }
}

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_STATIC_DIR = join(projectRoot, 'dist');
// A7-21: /{projectId}{url prefix}/x/feed/{feed}; every project id is served (S7-1), the edition's is 47.
const FEED_PATH = '/:projectId(^\\d+)/x/feed/:feed';
const FEED_URL = /^\/\d+\/x\/feed\//;
const PUSH_PATH = '/push';
const SERVICE_WORKER_FILE = 'sw.js'; // vite.config.ts
const TEXT = 'text/plain; charset=utf-8';
const BODY_LIMIT = 1024 * 1024;
const MAX_HEADER_SIZE = 16 * 1024;

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const source = options.feedSource;
  const signature = options.signature ?? EDITION.feedSignature;
  const geo = geoHeaders({ ...DEFAULT_GEO, ...options.geo });
  // The policy's script hashes come from the index.html this server will send; a 404 page sends these same bytes.
  const indexHtml = readIndexHtml(options.staticDir === undefined ? DEFAULT_STATIC_DIR : options.staticDir);
  const security = securityHeaders(indexHtml);
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? BODY_LIMIT,
    routerOptions: { maxParamLength: 200 },
    http: { maxHeaderSize: options.maxHeaderSize ?? MAX_HEADER_SIZE },
    requestTimeout: 30_000,
    return503OnClosing: true,
    // Plugins may migrate a database at start (the account service on PostgreSQL, several edges at once): the
    // default 10 s is too short on a busy machine.
    pluginTimeout: 120_000,
    ...(options.trustProxy && options.trustProxy.length > 0 ? { trustProxy: [...options.trustProxy] } : {}),
    // A path that does not decode (e.g. `%FF`) under the feed prefix is an unknown feed: 404 `0`.
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode ?? 400;
      const plain = (reply as unknown as FastifyReply).headers(security.values); // no hook has run
      if (FEED_URL.test(request.url))
        return plain
          .code(status === 400 ? 404 : status)
          .type(TEXT)
          .send('0');
      return plain.code(status).type(TEXT).send(error.message);
    },
  });

  const broker = options.broker ?? createInProcessBroker();
  // games_ hashes in a language other than the edition's are rendered only while someone is subscribed.
  const editionGames = `games_${EDITION.language}_`;
  const stopPush = source.onPush((message) => broker.publish(message.subject, message.body), {
    wants: (subject) =>
      !subject.startsWith('games_') || subject.startsWith(editionGames) || broker.subscriberCount(subject) > 0,
    subjects: () => broker.subjects(),
  });
  const pushPath = (options.push ? options.push.path : undefined) ?? PUSH_PATH;
  const gateway = options.push === false ? null : createPushGateway({ ...options.push, path: pushPath, broker });
  // Only a WebSocket upgrade on the push path reaches the gateway; other upgrade offers are plain HTTP/1.1.
  const upgrades = gateway ? routeUpgrades(app.server, pushPath) : null;
  if (gateway && upgrades) gateway.attach(upgrades.push);
  app.decorate('pushGateway', gateway);
  app.decorate('pushBroker', broker);
  app.decorate('serverEvents', options.serverEvents ?? createInProcessBroker());
  app.decorate('feedSource', source);
  app.decorate('dbFile', options.dbFile);
  app.addHook('onClose', async () => {
    stopPush();
    upgrades?.stop();
    await gateway?.close();
  });

  await registerSecurityHeaders(app, security);
  // Every string body of 1 KB or more is compressed once per body and coding, from a cache bounded by bytes.
  app.decorate('compressedBodies', registerCompression(app, options.compression));

  // S7-17, S7-21: geo headers for a request that asks with X-GeoIP: 1.
  app.addHook('onSend', async (request, reply) => {
    if (firstHeader(request.headers['x-geoip']) === '1') reply.headers(geo);
  });

  // Server time in the Date header, cached per second (S7-21).
  let dateSecond = -1;
  let dateText = '';
  const serverDate = () => {
    const now = source.now();
    const second = Math.floor(now / 1000);
    if (second !== dateSecond) {
      dateSecond = second;
      dateText = new Date(second * 1000).toUTCString();
    }
    return dateText;
  };

  app.get<{ Params: { projectId: string; feed: string } }>(FEED_PATH, async (request, reply) => {
    reply.header('date', serverDate());
    if (firstHeader(request.headers['x-fsign']) !== signature) {
      return reply.code(401).type(TEXT).send('');
    }
    const feed = request.params.feed;
    if (!parseFeedName(feed)) return reply.code(404).type(TEXT).send('0');
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(request.headers)) headers[name] = firstHeader(value);
    const response = await source.fetch({ feed, headers, projectId: Number(request.params.projectId) });
    reply.code(response.status).headers(response.headers).header('date', serverDate());
    if (!response.headers['content-type']) reply.type(TEXT);
    // Feed sources hand out the same string until the feed changes; the compression hook keeps its UTF-8 and
    // compressed bytes per string, so a 1.2 MB day list is encoded and compressed once, not per request.
    return reply.send(response.status === 304 ? '' : response.body);
  });

  const staticDir = options.staticDir === undefined ? DEFAULT_STATIC_DIR : options.staticDir;
  const indexFile = staticDir === null ? null : join(staticDir, 'index.html');
  const built = indexFile !== null && existsSync(indexFile);
  if (built && staticDir !== null) {
    // preCompressed: the .br/.gz files the build writes beside each asset (vite.config.ts) are sent as they are.
    await app.register(fastifyStatic, {
      root: staticDir,
      prefix: '/',
      wildcard: true,
      index: false,
      preCompressed: true,
    });
    // The service worker is checked for updates on every visit: a cached copy would keep an old build's worker
    // (and its precache) alive (docs/ui.md, Offline).
    // Set once the file is on its way: @fastify/static sets its own Cache-Control after any earlier header.
    if (existsSync(join(staticDir, SERVICE_WORKER_FILE)))
      app.get(`/${SERVICE_WORKER_FILE}`, {
        handler: (_request, reply) => reply.sendFile(SERVICE_WORKER_FILE),
        onSend: async (_request, reply, payload) => {
          reply.header('cache-control', 'no-cache');
          return payload;
        },
      });
  }
  app.get('/', async (_request, reply) => reply.redirect(`${EDITION.routePrefix}/`));
  const sendApp = async (reply: FastifyReply, status: PageStatus) => {
    reply.type('text/html; charset=utf-8');
    if (built && indexHtml !== null) {
      // A 404 must not be answered 304 through the file's ETag: it is sent from memory, the bytes the policy hashed.
      return status === 200
        ? reply.sendFile('index.html')
        : reply.code(404).header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.code(status).send(await renderFallbackPage(source, { notFound: status === 404 }));
  };
  app.setNotFoundHandler(async (request, reply) => {
    // Static misses land here too. The route table decides: a site page gets the client (200), a page address
    // the site does not have gets the client with 404 (it shows the not-found page), anything else a plain 404.
    if (request.method === 'GET' || request.method === 'HEAD') {
      const status = await pageStatus(request.url.split('?')[0], source);
      if (status !== null) return sendApp(reply, status);
    }
    return reply.code(404).type(TEXT).send('0');
  });

  for (const plugin of options.extraPlugins ?? []) await app.register(plugin);
  return app;
}
