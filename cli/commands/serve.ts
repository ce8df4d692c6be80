// `scores serve`: the site (feeds, push, accounts, the built client) over a live simulated world.
// `npm start` runs it; it builds the client first when dist/ is missing or stale.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { EDITION } from '../../src/domain/edition';
import { accountExtraPlugin } from '../../server/account/plugin';
import { DEFAULT_STATIC_DIR } from '../../server/app';
import { buildClient, clientState } from '../../server/client-build';
import { startEdgeWorld } from '../../server/cluster/stream-world';
import { startWorldServer } from '../../server/world-server';

const DEFAULT_PORT = 3000;
const DEFAULT_HOST = '127.0.0.1';
const DEFAULT_SEED = 1;
const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

interface ServeOptions {
  readonly port?: string;
  readonly host: string;
  readonly seed: string;
  readonly speed: string;
  readonly start?: string;
  readonly db?: string;
  readonly build: boolean;
  readonly dev?: boolean;
  readonly nats?: string;
  readonly trustProxy?: string;
  readonly static?: string;
}

/** Printed at start in dev mode: what is open to anyone who can reach the port. */
export const DEV_MODE_WARNING =
  'scores serve: WARNING: development mode (--dev). /dev/outbox shows every mail with its codes and the local login ' +
  'provider signs in as any email. Never expose this server.';

function parsePort(text: string | undefined): number {
  const port = Number(text ?? process.env.PORT ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`invalid port '${text}'`);
  return port;
}

/** `--start`: an ISO date/time or epoch milliseconds; default now. */
export function parseStart(text: string | undefined, now = Date.now()): number {
  if (text === undefined) return now;
  const time = /^\d+$/.test(text) ? Number(text) : Date.parse(text);
  if (!Number.isFinite(time)) throw new Error(`invalid start time '${text}'`);
  return time;
}

function positive(text: string, name: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`invalid ${name} '${text}'`);
  return value;
}

async function serve(options: ServeOptions): Promise<void> {
  const port = parsePort(options.port);
  const seed = Number.isInteger(Number(options.seed)) ? Number(options.seed) : DEFAULT_SEED;
  const speed = positive(options.speed, 'speed');
  const startTime = parseStart(options.start);
  if (options.dev) console.warn(DEV_MODE_WARNING);

  if (options.build && options.static === undefined) {
    const state = clientState(projectRoot, DEFAULT_STATIC_DIR);
    if (state === 'missing' || state === 'stale') {
      console.log(`scores serve: the client is ${state}; building it (vite build) …`);
      if (!(await buildClient(projectRoot))) {
        console.warn('scores serve: the client build failed; serving the built-in status page instead');
      }
    }
  }

  // An edge of a cluster: the world is the fold of the writer's fact stream, with the writer's clock.
  const edge = options.nats ? await startEdgeWorld({ natsUrl: options.nats, name: `${options.host}:${port}` }) : null;
  const server = await startWorldServer({
    port,
    host: options.host,
    seed,
    speed,
    startTime,
    dbFile: options.db,
    extraPlugins: [accountExtraPlugin({ dev: options.dev === true })],
    // The site answers at once; feeds wait the few seconds the world takes to build.
    waitForWorld: false,
    ...(edge ? { world: { build: () => edge.ready, now: edge.now }, serverEvents: edge.serverEvents } : {}),
    trustProxy: options.trustProxy?.split(',').filter((address) => address !== ''),
    ...(options.static !== undefined ? { staticDir: resolve(options.static) } : {}),
  });
  const began = performance.now();
  console.log(`scores serve: ${server.url}${EDITION.routePrefix}/`);
  if (edge) console.log(`  edge of the world at ${options.nats}: catching up with its fact stream …`);
  else console.log(`  world seed ${seed}, start ${new Date(startTime).toISOString()}, speed ×${speed}: building …`);
  server.ready.then(
    () => {
      const live = [...server.simulation.state.matches.values()].filter((m) => m.fields.stageType === 2).length;
      const seconds = ((performance.now() - began) / 1000).toFixed(1);
      console.log(`  world ready in ${seconds} s: ${server.simulation.state.matches.size} events, ${live} live now`);
    },
    (error: unknown) => {
      console.error('scores serve: the world could not be built', error);
      process.exit(1);
    },
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) {
      // A second Ctrl-C does not wait.
      process.exit(1);
    }
    stopping = true;
    console.log(`scores serve: ${signal}, shutting down`);
    Promise.all([server.stop(), edge?.stop()]).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('Serve the site: feeds, push, accounts and the client over a live simulated world')
    .option('--port <n>', `port (default: PORT or ${DEFAULT_PORT})`)
    .option('--host <h>', 'host to listen on', DEFAULT_HOST)
    .option('--seed <n>', 'world seed (the same seed gives the same days)', String(DEFAULT_SEED))
    .option('--speed <x>', 'virtual time speed factor', '1')
    .option('--start <time>', 'virtual start (ISO time or epoch ms; default now)')
    .option('--db <file|url>', 'account database: a SQLite file or a postgres:// URL')
    .option('--no-build', 'do not build the client when dist/ is missing or stale')
    .option('--static <dir>', 'serve the client built in this folder instead of dist/ (never rebuilt)')
    .option('--dev', 'development mode: /dev/outbox and the local login provider (never expose it)')
    .option(
      '--trust-proxy <addresses>',
      'load balancers whose X-Forwarded-For is believed (comma list, e.g. 127.0.0.1)',
    )
    .option('--nats <url>', "an edge of a cluster: serve the world of this NATS server's fact stream (scores world)")
    .action((options: ServeOptions) => serve(options));
}
