// Feed serving over loopback: requests per second for the simulated world's football day list (f_, ~1.2 MB) in br
// and gzip at 100 and 1,000 connections, uncompressed at 100, and for an update feed (u_), from our Fastify
// gateway, as a ratio against nginx serving the very same bytes as static files (gzip_static, and brotli_static
// when Debian's module is installed) in the same run. Target: ≥ 0.5× nginx, and our server's RSS after the runs
// within 1.5× of before them. Both servers are warmed up the same way before measuring.
//
// The server runs in a child process (as nginx does), the load generator in BENCH_LOAD_PROCESSES processes of its
// own (./http-load.ts; autocannon decodes every body into a string and tops out at ~90 MB/s on one core, far
// below either server on these bodies). The generator's and each server's CPU are measured on every run.
//
// This file also holds that child: run with BENCH_ROLE=feed-server it builds the world the way `scores serve` does
// (seed 1, every sport) at a fixed instant, holds it there (a still world: the same bytes for both servers), starts
// the gateway, writes the bodies it sends in each coding to BENCH_DIR for nginx and reports over IPC.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type LoadResult, startLoadGenerator } from './http-load';

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
const CONNECTION_LEVELS = [100, 1000] as const;
const IDENTITY_CONNECTIONS = 100;
const LOAD_PROCESSES = Math.max(1, Number(process.env.BENCH_LOAD_PROCESSES ?? 2));
const RSS_SAMPLE_MS = 250;
const LIVE_SPEED = 5;
const LIVE_TICK_MS = 250; // as world-server.ts ticks
const SETTLE_MS = 3000;
const NGINX_BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

type Coding = 'identity' | 'br' | 'gzip';

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
  const { buildServer } = await import('../server/app');
  const { createWorldFeedSource } = await import('../server/world-feed-source');
  const { buildSimulation } = await import('../sim/simulation');
  const { parseListFeed } = await import('../src/protocol/list-feed');
  let now = START - UPDATE_BEHIND_MS;
  const simulation = await buildSimulation({ seed: SEED, startTime: now, keepLog: false });
  const source = createWorldFeedSource(simulation, { now: () => now, epoch: 'bench' });
  // The update feed's client read the day list a minute ago.
  const behind = await source.fetch({ feed: FULL_FEED, headers: {} });
  const updateSignature = parseListFeed(behind.body).signature ?? '';
  now = START;
  simulation.advanceTo(START);
  const app = await buildServer({ feedSource: source, staticDir: null, push: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
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
      cache: { ...app.compressedBodies.stats() },
    };
    process.send?.(stats);
  });
  const ready: ChildReady = { type: 'ready', port, updateSignature, sizes, matches: simulation.state.matches.size };
  process.send?.(ready);
}

// ---------------------------------------------------------------------------------------------
// Parent: nginx, the child server, the load generator.

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function findNginx(): string {
  const path = '/usr/sbin/nginx';
  if (existsSync(path) && existsSync(NGINX_BROTLI_MODULE)) return path;
  if (process.getuid?.() === 0) {
    // Debian's brotli_static module lets nginx send the .br files as they are; without it nginx falls back to .gz.
    for (const packages of [['nginx', 'libnginx-mod-http-brotli-static'], ['nginx']]) {
      try {
        execFileSync('apt-get', ['install', '-y', ...packages], { stdio: 'ignore', timeout: 300_000 });
        break;
      } catch {}
    }
  }
  if (existsSync(path)) return path;
  throw new Error('nginx is not installed (apt-get install -y nginx libnginx-mod-http-brotli-static)');
}

/** CPU time (ms) of a process and its children, from /proc. */
function processCpuMs(pid: number): number {
  const ticks = (id: number) => {
    try {
      const fields = readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1].split(' ');
      return Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      return 0;
    }
  };
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {}
  const hz = 100; // USER_HZ on Linux
  return ((ticks(pid) + children.reduce((sum, id) => sum + ticks(id), 0)) * 1000) / hz;
}

interface Nginx {
  readonly port: number;
  readonly pid: number;
  readonly brotliStatic: boolean;
  readonly version: string;
  stop(): void;
}

async function startNginx(dir: string): Promise<Nginx> {
  const nginx = findNginx();
  const version = spawnSync(nginx, ['-v'], { encoding: 'utf8' }).stderr.trim(); // nginx -v writes to stderr
  const brotliStatic = existsSync(NGINX_BROTLI_MODULE);
  const port = await freePort();
  const conf = join(dir, 'nginx.conf');
  // One worker, like our one Node process; static files with sendfile, pre-compressed forms when asked.
  writeFileSync(
    conf,
    `${brotliStatic ? `load_module ${NGINX_BROTLI_MODULE};\n` : ''}worker_processes 1;
daemon off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'nginx-error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${dir};
  proxy_temp_path ${dir};
  fastcgi_temp_path ${dir};
  uwsgi_temp_path ${dir};
  scgi_temp_path ${dir};
  gzip_static on;
  gzip_vary on;
  ${brotliStatic ? 'brotli_static on;' : ''}
  server {
    listen 127.0.0.1:${port};
    root ${dir};
    default_type 'text/plain; charset=utf-8';
  }
}
`,
  );
  const child = spawn(nginx, ['-c', conf, '-p', dir], { stdio: 'ignore' });
  // Wait (bounded) until it answers.
  for (let i = 0; i < 100; i++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/full`);
      if (response.ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    port,
    pid: child.pid ?? 0,
    brotliStatic,
    version,
    stop: () => {
      if (child.pid !== undefined) process.kill(child.pid, 'SIGTERM');
    },
  };
}

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

interface Run extends LoadResult {
  /** The server's CPU over the run, in cores. */
  readonly serverCores: number;
}

type Load = (
  port: number,
  path: string,
  headers: Record<string, string>,
  connections: number,
  durationS: number,
  serverCpuMs: () => Promise<number>,
) => Promise<Run>;

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

export default async function feedServing(): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), 'feed-bench-'));
  const { child, ready } = await startChild(dir);
  const nginx = await startNginx(dir);
  const generator = await startLoadGenerator(LOAD_PROCESSES);
  const load: Load = async (port, path, headers, connections, durationS, serverCpuMs) => {
    const before = await serverCpuMs();
    const began = performance.now();
    const result = await generator.run({ port, path, headers, connections, durationMs: durationS * 1000 });
    const serverMs = (await serverCpuMs()) - before;
    return { ...result, serverCores: Math.round((serverMs / (performance.now() - began)) * 100) / 100 };
  };
  const ourCpu = async () => (await childStats(child)).cpuMs;
  const nginxCpu = async () => processCpuMs(nginx.pid);
  // RSS of our server, sampled while it is under load.
  let peakRss = 0;
  const sampler = setInterval(() => {
    childStats(child).then((s) => {
      peakRss = Math.max(peakRss, s.rss);
    });
  }, RSS_SAMPLE_MS);
  try {
    const ours = ready.port;
    const theirs = nginx.port;
    const feed = (name: string) => `/47/x/feed/${name}`;
    const idle = await childStats(child);
    const oursHeaders = (coding: Coding, extra: Record<string, string> = {}) => ({
      'x-fsign': FSIGN,
      'accept-encoding': coding,
      ...extra,
    });
    const update = { 'x-signature': ready.updateSignature };
    // Both warmed up the same way (JIT, caches, the compressed bodies), not counted.
    for (const coding of ['identity', 'br', 'gzip'] as const) {
      await load(ours, feed(FULL_FEED), oursHeaders(coding), 100, WARMUP_S, ourCpu);
      await load(theirs, '/full', { 'accept-encoding': coding }, 100, WARMUP_S, nginxCpu);
    }
    const warm = await childStats(child);
    peakRss = warm.rss;

    const pairs: { name: string; ours: () => Promise<Run>; nginx: () => Promise<Run> }[] = [];
    for (const connections of CONNECTION_LEVELS) {
      for (const coding of ['br', 'gzip'] as const) {
        pairs.push({
          name: `fullDayList ${coding} @${connections}`,
          ours: () => load(ours, feed(FULL_FEED), oursHeaders(coding), connections, DURATION_S, ourCpu),
          nginx: () => load(theirs, '/full', { 'accept-encoding': coding }, connections, DURATION_S, nginxCpu),
        });
      }
    }
    pairs.push({
      name: `fullDayList identity @${IDENTITY_CONNECTIONS}`,
      ours: () => load(ours, feed(FULL_FEED), oursHeaders('identity'), IDENTITY_CONNECTIONS, DURATION_S, ourCpu),
      nginx: () => load(theirs, '/full', { 'accept-encoding': 'identity' }, IDENTITY_CONNECTIONS, DURATION_S, nginxCpu),
    });
    pairs.push({
      name: `updateFeed br @${IDENTITY_CONNECTIONS}`,
      ours: () => load(ours, feed(UPDATE_FEED), oursHeaders('br', update), IDENTITY_CONNECTIONS, DURATION_S, ourCpu),
      nginx: () => load(theirs, '/update', { 'accept-encoding': 'br' }, IDENTITY_CONNECTIONS, DURATION_S, nginxCpu),
    });

    const runs: Record<string, unknown> = {};
    let worstRatio = Number.POSITIVE_INFINITY;
    let generatorPeak = 0;
    const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null; // a quick look at some pairs
    for (const pair of pairs) {
      if (only && !only.test(pair.name)) continue;
      let best: { ours: Run | null; nginx: Run | null } = { ours: null, nginx: null };
      for (let round = 0; round < ROUNDS; round++) {
        const n = await pair.nginx();
        const o = await pair.ours();
        best = {
          ours: !best.ours || o.requestsPerSecond > best.ours.requestsPerSecond ? o : best.ours,
          nginx: !best.nginx || n.requestsPerSecond > best.nginx.requestsPerSecond ? n : best.nginx,
        };
        generatorPeak = Math.max(generatorPeak, o.generatorCores, n.generatorCores);
      }
      const ratio = Math.round((best.ours!.requestsPerSecond / Math.max(1, best.nginx!.requestsPerSecond)) * 100) / 100;
      worstRatio = Math.min(worstRatio, ratio);
      runs[pair.name] = { ratioVsNginx: ratio, ours: best.ours, nginx: best.nginx };
    }
    // Ours alone (nginx has nothing to compare): the world moving, the day list changing under load.
    let live: Record<string, unknown> | null = null;
    if (!only || only.test('liveWorld')) {
      const before = await childStats(child);
      child.send({ type: 'live' });
      const run = await load(ours, feed(FULL_FEED), oursHeaders('br'), 100, DURATION_S, ourCpu);
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
    const settled = await childStats(child);
    const collected = await childStats(child, true); // after a full garbage collection: what is really kept
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    const fullBody = readFileSync(join(dir, 'full'));
    return {
      body: {
        world: `seed ${SEED}, every sport, held at ${new Date(START).toISOString()} (${ready.matches} events)`,
        feed: FULL_FEED,
        bytes: ready.sizes,
      },
      runs,
      worstRatioVsNginx: worstRatio,
      liveWorldBrAt100: live,
      rssMB: {
        idleBeforeLoad: mb(idle.rss),
        afterWarmUp: mb(warm.rss),
        peakUnderLoad: mb(peakRss),
        afterRuns: mb(after.rss),
        settled3sLater: mb(settled.rss),
        afterFullGc: mb(collected.rss),
        idleBreakdown: idle.memory,
        settledBreakdown: settled.memory,
        afterFullGcBreakdown: collected.memory,
        afterOverBefore: Math.round((after.rss / idle.rss) * 100) / 100,
      },
      compressedBodies: settled.cache,
      compressionLevels: compressionLevels(fullBody),
      nginx: {
        version: nginx.version,
        brotliStatic: nginx.brotliStatic,
        note: nginx.brotliStatic
          ? 'nginx sends full.br and full.gz (brotli_static, gzip_static)'
          : 'no brotli_static module: nginx answers br requests with full.gz',
      },
      loadGenerator: { tool: 'bench/http-load.ts', processes: LOAD_PROCESSES, peakCores: generatorPeak },
      target: 'ratioVsNginx >= 0.5; rssMB.afterRuns within 1.5x of idleBeforeLoad',
      setup: `${DURATION_S} s per run after ${WARMUP_S} s warm-ups per coding, best of ${ROUNDS} alternating; one Node process vs one nginx worker; 127.0.0.1`,
    };
  } finally {
    clearInterval(sampler);
    generator.stop();
    nginx.stop();
    if (child.pid !== undefined) process.kill(child.pid, 'SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_ROLE === 'feed-server' && process.env.BENCH_DIR) {
  await runFeedServer(process.env.BENCH_DIR);
}
