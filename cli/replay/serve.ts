// `scores replay <file> --serve [--port <n>] [--host <h>]`: the real site (feeds, push, accounts, the built client)
// over a replayed day instead of the live simulation. The replay clock is the timeline machine
// (machines/replay-timeline.ts), run here on the server's timers; the world follows it (server/replay/replay-world.ts)
// and the page's timeline bar moves it through the control API (server/replay/control-routes.ts).
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { type Actor, type ActorOptions, createActor } from 'xstate';
import {
  REPLAY_MAX_SPEED,
  REPLAY_MIN_SPEED,
  type ReplayTimelineInput,
  replayTimelineMachine,
} from '../../machines/replay-timeline';
import { accountExtraPlugin } from '../../server/account/plugin';
import { buildServer, DEFAULT_STATIC_DIR, type ExtraPlugin } from '../../server/app';
import { buildClient, clientState } from '../../server/client-build';
import {
  type ControlResult,
  type ReplayCommand,
  type ReplayController,
  type ReplayState,
  replayRoutes,
} from '../../server/replay/control-routes';
import { createReplayWorld, type ReplayWorld } from '../../server/replay/replay-world';
import type { Fact } from '../../sim/facts';
import { EDITION } from '../../src/domain/edition';
import { loadReplayInput } from './input';
import { fail } from './options';

export const DEFAULT_REPLAY_PORT = 3000;
export const DEFAULT_REPLAY_HOST = '127.0.0.1';
const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface ReplayServeOptions {
  readonly port: number;
  readonly host?: string;
  /** Built client folder; default dist/. null serves the fallback page only. */
  readonly staticDir?: string | null;
  /** Where the replay clock starts (default the log's first fact) and how fast it plays. */
  readonly position?: number;
  readonly speed?: number;
  /** The timeline's clock (default the server's timers; tests give a simulated one). */
  readonly clock?: ActorOptions<typeof replayTimelineMachine>['clock'];
  readonly extraPlugins?: readonly ExtraPlugin[];
}

export interface ReplayServe extends ReplayController {
  readonly url: string;
  readonly app: FastifyInstance;
  readonly world: ReplayWorld;
  stop(): Promise<void>;
}

type TimelineActor = Actor<typeof replayTimelineMachine>;

function controllerOf(world: ReplayWorld, timeline: TimelineActor, lastRebuild: () => number | null): ReplayController {
  const state = (): ReplayState => {
    const snapshot = timeline.getSnapshot();
    const { start, end, position, speed } = snapshot.context;
    return {
      replay: true,
      start,
      end,
      position,
      playing: snapshot.matches('playing'),
      speed,
      minSpeed: REPLAY_MIN_SPEED,
      maxSpeed: REPLAY_MAX_SPEED,
      generation: world.generation,
      lastRebuildMs: lastRebuild(),
    };
  };
  const jump = (time: number | null, what: string): ControlResult => {
    if (time === null) return { status: 409, error: `no ${what} after this moment` };
    timeline.send({ type: 'jump', time });
    return state();
  };
  return {
    state,
    control(command: ReplayCommand): ControlResult {
      const { position } = timeline.getSnapshot().context;
      switch (command.action) {
        case 'play':
        case 'pause':
          timeline.send({ type: command.action });
          return state();
        case 'speed':
          timeline.send({ type: 'speed', speed: command.speed });
          return state();
        case 'seek':
          timeline.send({ type: 'seek', time: command.time });
          return state();
        case 'step':
          return jump(world.nextFactTime(position), 'fact');
        case 'nextEvent':
          if (!world.hasMatch(command.matchId))
            return { status: 404, error: `no match ${command.matchId} in this day` };
          return jump(world.nextMatchEventTime(command.matchId, position), `event of ${command.matchId}`);
      }
    },
  };
}

/** Serves the site over a replayed fact log; resolves once it listens. */
export async function startReplayServe(facts: readonly Fact[], options: ReplayServeOptions): Promise<ReplayServe> {
  const world = createReplayWorld(facts);
  let lastRebuildMs: number | null = null;
  const machine = replayTimelineMachine.provide({
    actions: {
      moveWorld: (_, { position }) => {
        const move = world.moveTo(position);
        if (move.rebuilt) lastRebuildMs = Math.round(move.ms);
      },
    },
  });
  const input: ReplayTimelineInput = {
    start: world.start,
    end: world.end,
    position: options.position,
    speed: options.speed,
  };
  const timeline = createActor(machine, options.clock ? { input, clock: options.clock } : { input });
  timeline.start();
  const controller = controllerOf(world, timeline, () => lastRebuildMs);
  const app = await buildServer({
    feedSource: world.source,
    staticDir: options.staticDir,
    extraPlugins: [replayRoutes(controller), ...(options.extraPlugins ?? [])],
  });
  let url: string;
  try {
    url = await app.listen({ port: options.port, host: options.host ?? DEFAULT_REPLAY_HOST });
  } catch (error) {
    timeline.stop();
    world.close();
    await app.close();
    throw error;
  }
  return {
    ...controller,
    url,
    app,
    world,
    async stop() {
      timeline.stop();
      await app.close();
      world.close();
    },
  };
}

export interface ServeCommandOptions {
  readonly port?: string;
  readonly host?: string;
  readonly build?: boolean;
}

function parsePort(text: string | undefined): number | string {
  if (text === undefined) return DEFAULT_REPLAY_PORT;
  const port = Number(text);
  return /^\d+$/.test(text) && port <= 65_535 ? port : `invalid port '${text}'`;
}

/** The `--serve` action: runs until SIGINT or SIGTERM. */
export async function serveReplay(file: string, options: ServeCommandOptions): Promise<void> {
  const port = parsePort(options.port);
  if (typeof port === 'string') return fail('replay', port);
  let badLines = 0;
  const input = await loadReplayInput(file, () => {
    badLines++;
  });
  if (typeof input === 'string') return fail('replay', input);
  if (input.kind !== 'facts')
    return fail('replay', `--serve replays a fact log (scores generate); ${file} is a ${input.kind}`);
  if (badLines > 0) process.stderr.write(`scores replay: skipped ${badLines} unreadable line(s) in ${file}\n`);
  if (options.build !== false) {
    const state = clientState(projectRoot, DEFAULT_STATIC_DIR);
    if (state === 'missing' || state === 'stale') {
      console.log(`scores replay: the client is ${state}; building it (vite build) …`);
      if (!(await buildClient(projectRoot))) console.warn('scores replay: the client build failed');
    }
  }
  let server: ReplayServe;
  try {
    server = await startReplayServe(input.facts, {
      port,
      host: options.host,
      // Accounts work in the replayed site too; they live only as long as the process.
      extraPlugins: [accountExtraPlugin({ dbFile: ':memory:' })],
    });
  } catch (error) {
    return fail('replay', `cannot serve: ${error instanceof Error ? error.message : String(error)}`, 1);
  }
  const { start, end } = server.world;
  console.log(`scores replay: ${server.url}${EDITION.routePrefix}/`);
  console.log(
    `  ${input.facts.length} facts from ${new Date(start).toISOString()} to ${new Date(end).toISOString()}, paused at the start`,
  );
  console.log(`  timeline bar on every page; API: GET ${server.url}/replay/state, POST ${server.url}/replay/control`);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`scores replay: ${signal}, shutting down`);
    server.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}
