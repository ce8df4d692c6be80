// Feed serving over loopback, our server against nginx serving the very same bytes. The body is the running world's
// football day list (f_, seed 1, every sport, ~1.2 MB; the real recorded one is 1.1 MB) and an update feed (u_) for
// a client a minute behind. Each is asked for as a browser asks (`accept-encoding: gzip, deflate, br, zstd`), with
// gzip only and with no accept-encoding, at 100 connections (the browser-like day list at 1,000 too), and revalidated
// with If-None-Match. nginx (Debian's, one worker, sendfile, brotli_static and gzip_static) serves the bodies our
// server sent, written to files. For each run: requests per second, server CPU per request (process.cpuUsage of our
// server over IPC; /proc/<pid>/stat of nginx's master and worker) and the load generator's own CPU.
//
// The load generator is Debian's wrk (C, one thread): a Node generator would be the bottleneck on small answers.
// Both servers are warmed alike before measuring; each pair is measured alternately ROUNDS times, the best kept per
// side. Targets: browser-like day list ≥ 0.8× nginx's requests per second and ≤ 1.5× its CPU per request; update
// feed ≥ 0.8× nginx's requests per second.
//
// This file also holds our server's child: run with BENCH_ROLE=feed-server it builds the world the way
// `scores serve` does at a fixed instant, holds it there (a still world: the same bytes for both servers), starts the
// gateway, writes the bodies it sends in each coding to BENCH_DIR for nginx and reports over IPC.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { runWrk, type WrkResult } from './http-load';
import { startNginx } from './nginx';

const SELF = fileURLToPath(import.meta.url);
const FSIGN = 'SW9D1eZo';
const SEED = 1;
const START = Date.UTC(2026, 8, 2, 12, 0, 0); // a Wednesday afternoon in Almaty: a full football day
const UPDATE_BEHIND_MS = 60_000; // the update feed's client is a minute behind
const FULL_FEED = 'f_1_0_5_kk_1';
const UPDATE_FEED = 'u_1_1';
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5); // per measurement
const WARMUP_S = 2;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2); // each pair measured alternately, the best kept per side
const RSS_SAMPLE_MS = 250;
const LIVE_SPEED = 5;
const LIVE_TICK_MS = 250; // as world-server.ts ticks
const SETTLE_MS = 3000;

interface ChildReady {
  readonly type: 'ready';
  readonly port: number;
  readonly updateSignature: string;
  readonly sizes: Record<string, number>;
  readonly matches: number;
}

interface ChildStats {
  readonly type: 'stats';
  readonly id: number;
  readonly rss: number;
  readonly memory: Record<string, number>;
  readonly cpuMs: number;
  readonly cache: Record<string, number>;
}

// ---------------------------------------------------------------------------------------------
// Child: the feed server over the simulated world, held at START.

function getRaw(
  url: string,
  headers: Record<string, string>,
): Promise<{ headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function runFeedServer(dir: string): Promise<void> {
  const { startWorldServer } = await import('../server/world-server');
  const { createWorldFeedSource } = await import('../server/world-feed-source');
  const { buildSimulation } = await import('../sim/simulation');
  const { parseListFeed } = await import('../src/protocol/list-feed');
  let now = START - UPDATE_BEHIND_MS;
  const simulation = await buildSimulation({ seed: SEED, startTime: now, keepLog: false });
  const epoch = 'bench';
  const refresh = { start: now, raised: new Map<number, number>() };
  // The update feed's client read the day list a minute ago (signatures depend only on the epoch and version).
  const then = createWorldFeedSource(simulation, { now: () => now, epoch, refresh });
  const behind = await then.fetch({ feed: FULL_FEED, headers: {} });
  const updateSignature = parseListFeed(behind.body).signature ?? '';
  then.close();
  now = START;
  // The server `scores serve` runs (its feed fast path included), over this world held at START.
  const server = await startWorldServer({
    port: 0,
    host: '127.0.0.1',
    seed: SEED,
    speed: 1,
    startTime: START,
    staticDir: null,
    world: { build: async () => ({ simulation, epoch, refresh }), now: () => now },
  });
  const app = server.app;
  const port = Number(new URL(server.url).port);
  // nginx gets exactly the bytes this server sends, in each coding.
  const sizes: Record<string, number> = {};
  for (const [name, feed, extra] of [
    ['full', FULL_FEED, {}],
    ['update', UPDATE_FEED, { 'x-signature': updateSignature }],
  ] as const) {
    for (const coding of ['identity', 'br', 'gzip'] as const) {
      const { headers, body } = await getRaw(`http://127.0.0.1:${port}/47/x/feed/${feed}`, {
        'x-fsign': FSIGN,
        'accept-encoding': coding,
        ...extra,
      });
      const sent = (headers['content-encoding'] as string | undefined) ?? 'identity';
      if (sent !== coding) continue; // too small to compress: nginx has no such file either
      const file = coding === 'identity' ? name : `${name}.${coding === 'br' ? 'br' : 'gz'}`;
      writeFileSync(join(dir, file), body);
      sizes[file] = body.length;
    }
  }
  // The live run: the world moves on at LIVE_SPEED× real time, as under `scores serve --speed`, so the day list
  // changes every few hundred milliseconds and each version is compressed anew.
  let ticker: NodeJS.Timeout | null = null;
  process.on('message', (message: { type: string; id: number; gc?: boolean }) => {
    if (message.type === 'live') {
      ticker = setInterval(() => {
        now += LIVE_TICK_MS * LIVE_SPEED;
        simulation.advanceTo(now);
      }, LIVE_TICK_MS);
      return;
    }
    if (message.type === 'still') {
      if (ticker) clearInterval(ticker);
      ticker = null;
      return;
    }
    if (message.type !== 'stats') return;
    if (message.gc) (globalThis as { gc?: () => void }).gc?.();
    const cpu = process.cpuUsage();
    const stats: ChildStats = {
      type: 'stats',
      id: message.id,
      rss: process.memoryUsage().rss,
      memory: Object.fromEntries(Object.entries(process.memoryUsage()).map(([k, v]) => [k, Math.round(v / 1048576)])),
      cpuMs: (cpu.user + cpu.system) / 1000,
      cache: { ...app.compressedBodies.stats(), fastPathAnswers: server.fastPath?.answered() ?? 0 },
    };
    process.send?.(stats);
  });
  const ready: ChildReady = { type: 'ready', port, updateSignature, sizes, matches: simulation.state.matches.size };
  process.send?.(ready);
}

// ---------------------------------------------------------------------------------------------
// ---------------------------------------------------------------------------------------------
// Parent: our server's child, nginx, wrk.

function startChild(dir: string): Promise<{ child: ChildProcess; ready: ChildReady }> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', SELF], {
    env: { ...process.env, BENCH_ROLE: 'feed-server', BENCH_DIR: dir },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('feed server child did not start')), 120_000);
    const onMessage = (message: { type: string }) => {
      if (message.type !== 'ready') return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve({ child, ready: message as ChildReady });
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`feed server child exited (${code})`)));
  });
}

let statsId = 0;
function childStats(child: ChildProcess, gc = false): Promise<ChildStats> {
  const id = ++statsId;
  return new Promise((resolve) => {
    const onMessage = (message: ChildStats) => {
      if (message.type !== 'stats' || message.id !== id) return;
      child.off('message', onMessage);
      resolve(message);
    };
    child.on('message', onMessage);
    child.send({ type: 'stats', id, gc });
  });
}

/** Brotli quality and gzip level against size and time, on the body itself (the figures behind the chosen ones). */
function compressionLevels(body: Buffer): Record<string, { bytes: number; ms: number }> {
  const time = (f: () => Buffer, times: number) => {
    let best = Number.POSITIVE_INFINITY;
    let bytes = 0;
    for (let i = 0; i < times; i++) {
      const began = performance.now();
      bytes = f().length;
      best = Math.min(best, performance.now() - began);
    }
    return { bytes, ms: Math.round(best * 10) / 10 };
  };
  const figures: Record<string, { bytes: number; ms: number }> = {};
  for (const quality of [3, 4, 5, 6, 8, 11]) {
    figures[`br${quality}`] = time(
      () =>
        brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: quality,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
      quality === 11 ? 1 : 3,
    );
  }
  for (const level of [1, 6, 9]) figures[`gzip${level}`] = time(() => gzipSync(body, { level }), 3);
  return figures;
}

interface Run extends WrkResult {
  /** The server's CPU over the run, in cores. */
  readonly serverCores: number;
  /** The server's CPU per answered request, in ms. */
  readonly serverCpuMsPerRequest: number;
}

type Side = 'ours' | 'nginx';

interface Pair {
  readonly name: string;
  readonly connections: number;
  /** Path and headers per side. */
  readonly ours: { readonly path: string; readonly headers: Record<string, string> };
  readonly nginx: { readonly path: string; readonly headers: Record<string, string> };
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const GZIP = { 'accept-encoding': 'gzip' };

function round(value: number, places = 2): number {
  const f = 10 ** places;
  return Math.round(value * f) / f;
}

/** The ETag a server gives `path` with `headers` (for the revalidation runs). */
async function etagOf(port: number, path: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(`http://127.0.0.1:${port}${path}`, { headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(String(res.headers.etag ?? '')));
    });
    req.on('error', reject);
    req.end();
  });
}

export default async function feedServing(): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), 'feed-bench-'));
  const root = join(dir, 'www');
  mkdirSync(root);
  const { child, ready } = await startChild(root);
  const nginx = await startNginx(dir, root, '/full');
  const loadBefore = loadavg()[0];
  const cpu: Record<Side, () => Promise<number>> = {
    ours: async () => (await childStats(child)).cpuMs,
    nginx: async () => nginx.cpuMs(),
  };
  const port: Record<Side, number> = { ours: ready.port, nginx: nginx.port };
  const load = async (
    side: Side,
    path: string,
    headers: Record<string, string>,
    connections: number,
    seconds: number,
  ) => {
    const before = await cpu[side]();
    const result = await runWrk({ port: port[side], path, headers, connections, durationMs: seconds * 1000 });
    const serverMs = (await cpu[side]()) - before;
    return {
      ...result,
      serverCores: round(serverMs / result.wallMs),
      serverCpuMsPerRequest: result.requests > 0 ? round(serverMs / result.requests, 4) : Number.NaN,
    } satisfies Run;
  };
  let peakRss = 0;
  const sampler = setInterval(() => {
    childStats(child).then((s) => {
      peakRss = Math.max(peakRss, s.rss);
    });
  }, RSS_SAMPLE_MS);
  try {
    const feed = (name: string) => `/47/x/feed/${name}`;
    const ours = (name: string, extra: Record<string, string> = {}) => ({
      path: feed(name),
      headers: { 'x-fsign': FSIGN, ...extra },
    });
    const update = { 'x-signature': ready.updateSignature };
    const idle = await childStats(child);
    // Both warmed up the same way (JIT, caches, compressed bodies, page cache), not counted.
    for (const headers of [BROWSER, GZIP, {}]) {
      await load('ours', feed(FULL_FEED), { 'x-fsign': FSIGN, ...headers }, 100, WARMUP_S);
      await load('nginx', '/full', headers, 100, WARMUP_S);
    }
    await load('ours', feed(UPDATE_FEED), { 'x-fsign': FSIGN, ...update, ...BROWSER }, 100, WARMUP_S);
    await load('nginx', '/update', BROWSER, 100, WARMUP_S);
    const warm = await childStats(child);
    peakRss = warm.rss;

    const oursTag = await etagOf(ready.port, feed(FULL_FEED), { 'x-fsign': FSIGN, ...BROWSER });
    const nginxTag = await etagOf(nginx.port, '/full', BROWSER);
    const pairs: Pair[] = [
      {
        name: 'dayList browser @100',
        connections: 100,
        ours: ours(FULL_FEED, BROWSER),
        nginx: { path: '/full', headers: BROWSER },
      },
      {
        name: 'dayList browser @1000',
        connections: 1000,
        ours: ours(FULL_FEED, BROWSER),
        nginx: { path: '/full', headers: BROWSER },
      },
      {
        name: 'dayList gzip @100',
        connections: 100,
        ours: ours(FULL_FEED, GZIP),
        nginx: { path: '/full', headers: GZIP },
      },
      { name: 'dayList none @100', connections: 100, ours: ours(FULL_FEED), nginx: { path: '/full', headers: {} } },
      {
        name: 'updateFeed browser @100',
        connections: 100,
        ours: ours(UPDATE_FEED, { ...update, ...BROWSER }),
        nginx: { path: '/update', headers: BROWSER },
      },
      {
        name: 'dayList revalidated (304) @100',
        connections: 100,
        ours: ours(FULL_FEED, { ...BROWSER, 'if-none-match': oursTag }),
        nginx: { path: '/full', headers: { ...BROWSER, 'if-none-match': nginxTag } },
      },
    ];

    const runs: Record<string, unknown> = {};
    const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null; // a quick look at some pairs
    let generatorPeak = 0;
    for (const pair of pairs) {
      if (only && !only.test(pair.name)) continue;
      let best: Record<Side, Run | null> = { ours: null, nginx: null };
      for (let r = 0; r < ROUNDS; r++) {
        const n = await load('nginx', pair.nginx.path, pair.nginx.headers, pair.connections, DURATION_S);
        const o = await load('ours', pair.ours.path, pair.ours.headers, pair.connections, DURATION_S);
        best = {
          ours: !best.ours || o.requestsPerSecond > best.ours.requestsPerSecond ? o : best.ours,
          nginx: !best.nginx || n.requestsPerSecond > best.nginx.requestsPerSecond ? n : best.nginx,
        };
        generatorPeak = Math.max(generatorPeak, o.generatorCores, n.generatorCores);
      }
      const o = best.ours as Run;
      const n = best.nginx as Run;
      runs[pair.name] = {
        rpsVsNginx: round(o.requestsPerSecond / Math.max(1, n.requestsPerSecond)),
        cpuPerRequestVsNginx: round(o.serverCpuMsPerRequest / n.serverCpuMsPerRequest),
        // A generator near one full core may be what limits the faster side.
        generatorNearSaturation: Math.max(o.generatorCores, n.generatorCores) >= 0.9,
        ours: o,
        nginx: n,
      };
    }
    // Ours alone (nginx has nothing to compare): the world moving, the day list changing under load.
    let live: Record<string, unknown> | null = null;
    if (!only || only.test('liveWorld')) {
      const before = await childStats(child);
      child.send({ type: 'live' });
      const run = await load('ours', feed(FULL_FEED), { 'x-fsign': FSIGN, ...BROWSER }, 100, DURATION_S);
      child.send({ type: 'still' });
      const end = await childStats(child);
      live = {
        worldSpeed: LIVE_SPEED,
        ...run,
        versionsCompressed: end.cache.compressions - before.cache.compressions,
        answeredUncompressedQueueFull: end.cache.queueFull - before.cache.queueFull,
      };
    }
    const after = await childStats(child);
    clearInterval(sampler);
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const settled = await childStats(child, true); // after a full garbage collection: what is really kept
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    const fullBody = readFileSync(join(root, 'full'));
    const target = (name: string) => runs[name] as { rpsVsNginx: number; cpuPerRequestVsNginx: number } | undefined;
    const browser = target('dayList browser @100');
    const updateRun = target('updateFeed browser @100');
    return {
      body: {
        world: `seed ${SEED}, every sport, held at ${new Date(START).toISOString()} (${ready.matches} events)`,
        feed: FULL_FEED,
        bytes: ready.sizes,
      },
      runs,
      targets: {
        dayListBrowserRps: { target: '>= 0.8x nginx', value: browser?.rpsVsNginx ?? null },
        dayListBrowserCpuPerRequest: { target: '<= 1.5x nginx', value: browser?.cpuPerRequestVsNginx ?? null },
        updateFeedRps: { target: '>= 0.8x nginx', value: updateRun?.rpsVsNginx ?? null },
      },
      liveWorldBrowserAt100: live,
      rssMB: {
        idleBeforeLoad: mb(idle.rss),
        afterWarmUp: mb(warm.rss),
        peakUnderLoad: mb(peakRss),
        afterRuns: mb(after.rss),
        afterFullGc: mb(settled.rss),
        afterFullGcBreakdown: settled.memory,
      },
      compressedBodies: settled.cache,
      compressionLevels: compressionLevels(fullBody),
      nginx: {
        version: nginx.version,
        brotliStatic: nginx.brotliStatic,
        note: nginx.brotliStatic
          ? 'nginx sends full.br and full.gz (brotli_static, gzip_static)'
          : 'no brotli_static module packaged: nginx answers br requests with full.gz',
      },
      loadGenerator: { tool: 'wrk (Debian), 1 thread', peakCores: generatorPeak },
      machine: {
        cores: availableParallelism(),
        loadAverageBefore: round(loadBefore, 1),
        loadAverageAfter: round(loadavg()[0], 1),
        note: 'server, nginx and wrk share these cores with whatever else the machine runs; figures move with the load',
      },
      setup: `${DURATION_S} s per run after ${WARMUP_S} s warm-ups per coding, best of ${ROUNDS} alternating; one Node process vs one nginx worker; 127.0.0.1`,
    };
  } finally {
    clearInterval(sampler);
    nginx.stop();
    if (child.pid !== undefined) process.kill(child.pid, 'SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_ROLE === 'feed-server' && process.env.BENCH_DIR) {
  await runFeedServer(process.env.BENCH_DIR);
}
