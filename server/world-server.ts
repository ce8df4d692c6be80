// The server over a live simulated world (`scores serve`): the world runs in virtual time, which
// is real time × speed from a start instant, and is advanced on a short real-time tick; feeds and
// pushes come from it through the world FeedSource. The server listens at once and builds the
// world in steps meanwhile: the page and its scripts load right away, feed requests wait for the
// world (a few seconds) and are then answered from it.
import type { FastifyInstance } from 'fastify';
import type { FeedRequest, FeedResponse, FeedSource, PushMessage } from '../src/protocol/feed-source';
import { buildSimulation, type Simulation } from '../sim/simulation';
import { EDITION } from '../src/domain/edition';
import { buildServer, type ExtraPlugin } from './app';
import { type FeedFastPath, installFeedFastPath } from './http/feed-fast-path';
import type { Broker } from './push/broker';
import { createWorldFeedSource, type WorldFeedSource } from './world-feed-source';
import type { RefreshFrom } from './world-feed/refresh-times';

export interface WorldServerOptions {
  readonly port: number;
  readonly host: string;
  readonly seed: number;
  /** Virtual seconds per real second. */
  readonly speed: number;
  /** Virtual start, epoch ms. */
  readonly startTime: number;
  /** Account database file, passed to the plugins as app.dbFile. */
  readonly dbFile?: string;
  readonly staticDir?: string | null;
  readonly extraPlugins?: readonly ExtraPlugin[];
  /** Sport ids to simulate; default all. */
  readonly sports?: readonly number[];
  /** Calendar range kept by the world; default the simulation's (S9-2, S9-3). */
  readonly pastDays?: number;
  readonly futureDays?: number;
  /** Real milliseconds between world advances. */
  readonly tickMs?: number;
  /** Real clock (tests inject one). */
  readonly realNow?: () => number;
  readonly logger?: boolean;
  /** Resolve only once the world is built (default true); false answers HTTP while it builds. */
  readonly waitForWorld?: boolean;
  /**
   * A world made elsewhere (an edge's fold of the cluster's fact stream) with its own virtual clock, in place
   * of a simulation built here from seed, start and speed.
   */
  readonly world?: { readonly build: () => Promise<BuiltWorld>; readonly now: () => number };
  /** Proxies whose X-Forwarded-For is believed (the load balancer in front of edges). */
  readonly trustProxy?: readonly string[];
  /** Messages between the servers of one site (default in-process). */
  readonly serverEvents?: Broker;
  /** Answer the common feed requests without Fastify (./http/feed-fast-path.ts); default true. */
  readonly feedFastPath?: boolean;
}

/** A world built elsewhere, with the signature salt and A2 refresh times every server of it shares. */
export interface BuiltWorld {
  readonly simulation: Simulation;
  readonly epoch: string;
  readonly refresh: RefreshFrom;
}

export interface WorldServer {
  readonly app: FastifyInstance;
  /** The world; reading it before `ready` has settled throws. */
  readonly simulation: Simulation;
  readonly source: WorldFeedSource;
  /** Settles when the world is built (at once when `waitForWorld` was left on). */
  readonly ready: Promise<void>;
  /** Base URL, e.g. http://127.0.0.1:3000 */
  readonly url: string;
  /** The feed fast path once installed (null while the world builds, or when off). */
  readonly fastPath: FeedFastPath | null;
  /** Virtual now, epoch ms. */
  now(): number;
  /** Advances the world to virtual now (the tick does this on its own). */
  tick(): void;
  stop(): Promise<void>;
}

const DEFAULT_TICK_MS = 250;
const CATCHING_UP: FeedResponse = Object.freeze({
  status: 503,
  headers: Object.freeze({ 'content-type': 'text/plain; charset=utf-8', 'retry-after': '1' }),
  body: '',
});

export async function startWorldServer(options: WorldServerOptions): Promise<WorldServer> {
  const realNow = options.realNow ?? Date.now;
  const realStart = realNow();
  const speed = Number.isFinite(options.speed) && options.speed > 0 ? options.speed : 1;
  const now = options.world?.now ?? (() => options.startTime + (realNow() - realStart) * speed);
  let world: { simulation: Simulation; source: WorldFeedSource } | null = null;
  let closed = false;
  // The world is built once the server listens (plugins start first, with the event loop free).
  let begin: () => void = () => {};
  const listening = new Promise<void>((resolve) => {
    begin = resolve;
  });
  // The long-running server keeps no fact log: state is enough, and memory stays bounded.
  const building = listening
    .then(
      (): Promise<BuiltWorld | Simulation> =>
        options.world
          ? options.world.build()
          : buildSimulation({
              seed: options.seed,
              startTime: options.startTime,
              sports: options.sports,
              pastDays: options.pastDays,
              futureDays: options.futureDays,
              keepLog: false,
            }),
    )
    .then((built) => {
      const { simulation, ...feeds } = 'simulation' in built ? built : { simulation: built };
      // Catch up with the real time spent building before anyone reads the world.
      simulation.advanceTo(now());
      world = { simulation, source: createWorldFeedSource(simulation, { now, ...feeds }) };
      if (closed) world.source.close();
      return world;
    });
  const pushListeners = new Set<(message: PushMessage) => void>();
  const gate: FeedSource = {
    async fetch(request: FeedRequest) {
      // An edge still catching up says so: the load balancer asks another one (a single server waits).
      if (!world && options.world) return CATCHING_UP;
      return (world ?? (await building)).source.fetch(request);
    },
    onPush(listener) {
      pushListeners.add(listener);
      return () => {
        pushListeners.delete(listener);
      };
    },
    now,
  };
  void building.then(
    (w) =>
      w.source.onPush((message) => {
        for (const listener of pushListeners) listener(message);
      }),
    () => {},
  );
  const app = await buildServer({
    feedSource: gate,
    dbFile: options.dbFile,
    staticDir: options.staticDir,
    extraPlugins: options.extraPlugins,
    logger: options.logger ?? false,
    trustProxy: options.trustProxy,
    serverEvents: options.serverEvents,
  });
  // Readiness for a load balancer and its operator: 503 until the world is built (an edge: caught up with
  // the stream), with the open push connections and the world's version.
  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const pushClients = app.pushGateway?.clientCount() ?? 0;
    if (!world) return reply.code(503).send({ ready: false, pushClients });
    return reply.send({ ready: true, pushClients, worldVersion: world.simulation.state.version });
  });
  // Once the world is built, the common feed answers bypass Fastify (same bytes and headers, less work).
  let fastPath: FeedFastPath | null = null;
  const serving = building.then(async (w) => {
    if (options.feedFastPath === false || closed) return;
    try {
      fastPath = await installFeedFastPath(app, {
        source: w.source,
        signature: EDITION.feedSignature,
        probeFeed: `sys_${EDITION.projectType}`,
      });
    } catch (error) {
      app.log.error(error, 'the feed fast path could not start; Fastify answers every feed');
    }
    if (closed) fastPath?.uninstall();
  });
  let ticking = false;
  const tick = () => {
    if (ticking || !world) return;
    ticking = true;
    try {
      world.simulation.advanceTo(now());
    } catch (error) {
      app.log.error(error, 'the world could not advance');
    } finally {
      ticking = false;
    }
  };
  const timer = setInterval(tick, options.tickMs ?? DEFAULT_TICK_MS);
  timer.unref();
  const shutdown = async () => {
    closed = true;
    clearInterval(timer);
    fastPath?.uninstall();
    await app.close();
    world?.source.close();
  };
  let url: string;
  try {
    url = await app.listen({ port: options.port, host: options.host });
    begin();
    if (options.waitForWorld !== false) await serving;
  } catch (error) {
    await shutdown();
    throw error;
  }
  const built = (): { simulation: Simulation; source: WorldFeedSource } => {
    if (!world) throw new Error('the world is still being built');
    return world;
  };
  return {
    app,
    get simulation() {
      return built().simulation;
    },
    get source() {
      return built().source;
    },
    ready: serving,
    get fastPath() {
      return fastPath;
    },
    url,
    now,
    tick,
    stop: shutdown,
  };
}
