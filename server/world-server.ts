// The server over a live simulated world (`scores serve`): the world runs in virtual time, which
// is real time × speed from a start instant, and is advanced on a short real-time tick; feeds and
// pushes come from it through the world FeedSource.
import type { FastifyInstance } from 'fastify';
import { createSimulation, type Simulation } from '../sim/simulation';
import { buildServer, type ExtraPlugin } from './app';
import { createWorldFeedSource, type WorldFeedSource } from './world-feed-source';

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
}

export interface WorldServer {
  readonly app: FastifyInstance;
  readonly simulation: Simulation;
  readonly source: WorldFeedSource;
  /** Base URL, e.g. http://127.0.0.1:3000 */
  readonly url: string;
  /** Virtual now, epoch ms. */
  now(): number;
  /** Advances the world to virtual now (the tick does this on its own). */
  tick(): void;
  stop(): Promise<void>;
}

const DEFAULT_TICK_MS = 250;

export async function startWorldServer(options: WorldServerOptions): Promise<WorldServer> {
  const realNow = options.realNow ?? Date.now;
  const realStart = realNow();
  const speed = Number.isFinite(options.speed) && options.speed > 0 ? options.speed : 1;
  const now = () => options.startTime + (realNow() - realStart) * speed;
  // The long-running server keeps no fact log: state is enough, and memory stays bounded.
  const simulation = createSimulation({
    seed: options.seed,
    startTime: options.startTime,
    sports: options.sports,
    pastDays: options.pastDays,
    futureDays: options.futureDays,
    keepLog: false,
  });
  const source = createWorldFeedSource(simulation, { now });
  const app = await buildServer({
    feedSource: source,
    dbFile: options.dbFile,
    staticDir: options.staticDir,
    extraPlugins: options.extraPlugins,
    logger: options.logger ?? false,
  });
  let ticking = false;
  const tick = () => {
    if (ticking) return;
    ticking = true;
    try {
      simulation.advanceTo(now());
    } catch (error) {
      app.log.error(error, 'the world could not advance');
    } finally {
      ticking = false;
    }
  };
  const timer = setInterval(tick, options.tickMs ?? DEFAULT_TICK_MS);
  timer.unref();
  let url: string;
  try {
    url = await app.listen({ port: options.port, host: options.host });
  } catch (error) {
    clearInterval(timer);
    source.close();
    await app.close();
    throw error;
  }
  return {
    app,
    simulation,
    source,
    url,
    now,
    tick,
    async stop() {
      clearInterval(timer);
      await app.close();
      source.close();
    },
  };
}
