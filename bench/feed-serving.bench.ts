// Feed serving over loopback: requests per second for a full day list (f_) and an update feed
// (u_) from our Fastify gateway, as a ratio against nginx serving the same bytes as static files
// in the same run. Target: ≥ 0.5× nginx. The server runs in a child process (as nginx does), the
// load generator (autocannon) in this one, so each side has its own core.
//
// This file also holds that child: run with BENCH_ROLE=feed-server it starts the gateway on a
// synthetic football day, writes the two bodies to BENCH_DIR and reports its port over IPC.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const SELF = fileURLToPath(import.meta.url);
const FSIGN = 'SW9D1eZo';
const DURATION_S = 5; // per measurement
const CONNECTIONS = 32;
const ROUNDS = 2; // each pair measured twice, alternating, and the best kept per side

interface AutocannonResult {
  readonly requests: { readonly average: number };
  readonly throughput: { readonly average: number };
  readonly non2xx: number;
  readonly errors: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}) => Promise<AutocannonResult>;

interface ChildReady {
  readonly port: number;
  readonly updateSignature: string;
  readonly fullBytes: number;
  readonly updateBytes: number;
}

// ---------------------------------------------------------------------------------------------
// Child: the feed server on a synthetic day (360 football matches in 40 leagues).

async function runFeedServer(dir: string): Promise<void> {
  const { buildServer } = await import('../server/app');
  const { createWorldFeedSource } = await import('../server/world-feed-source');
  const { encodeSignature } = await import('../server/provider/signature');
  const { world, now } = syntheticDay();
  const simulation = { state: world, onFacts: () => () => {} };
  const source = createWorldFeedSource(simulation, { now: () => now, epoch: 'bench' });
  const app = await buildServer({ feedSource: source, staticDir: null, push: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  // A client 60 versions behind: the update carries the changes of the last 60 facts.
  const updateSignature = encodeSignature(world.version - 60, 'bench:1');
  const full = await source.fetch({ feed: 'f_1_0_5_kk_1', headers: {} });
  const update = await source.fetch({ feed: 'u_1_1', headers: { 'x-signature': updateSignature } });
  writeFileSync(join(dir, 'full'), full.body);
  writeFileSync(join(dir, 'update'), update.body);
  const ready: ChildReady = {
    port,
    updateSignature,
    fullBytes: Buffer.byteLength(full.body),
    updateBytes: Buffer.byteLength(update.body),
  };
  process.send?.(ready);
}

function syntheticDay() {
  const now = Date.UTC(2026, 8, 2, 12, 0, 0);
  const nowS = now / 1000;
  const leagues = new Map();
  const matches = new Map();
  let version = 0;
  const tv = JSON.stringify({
    1: [{ TVI: 1, BU: '/tv/qazsport/', BN: 'Qazsport', BAF: 0 }],
    2: [
      { BU: '/bookmaker/16/?from=live-streaming&sport=1', IU: 'https://example.invalid/b/16.png', BN: 'bet', BI: 16 },
    ],
  });
  for (let l = 0; l < 40; l++) {
    const id = `1_lg${String(l).padStart(6, '0')}`;
    leagues.set(id, {
      id,
      sportId: 1,
      top: l < 4,
      name: `ЕЛ ${l}: Лига ${l}`,
      templateId: `tp${String(l).padStart(6, '0')}`,
      countryId: 100 + l,
      countryName: `Ел ${l}`,
      stageId: `lg${String(l).padStart(6, '0')}`,
      type: 'p',
      tournamentId: `tn${String(l).padStart(6, '0')}`,
      sourceType: 0,
      hasLiveTable: 0,
      standingsType: 1,
      templateKey: `${100 + l}_tp${l}`,
      sportStageType: 2,
      url: `/football/country-${l}/league-${l}/`,
      image: `img${l}.png`,
      sortKey: `0${String(l).padStart(3, '0')}Country${l}`,
      categoryName: `Ел ${l}`,
    });
    for (let m = 0; m < 9; m++) {
      version += 1;
      const mid = `M${String(l).padStart(3, '0')}x${String(m).padStart(3, '0')}`;
      const live = m < 3;
      const fields = {
        startTime: nowS - 3 * 3600 + m * 1800,
        eventStartTime: nowS - 3 * 3600 + m * 1800,
        stageType: live ? 2 : m < 5 ? 3 : 1,
        stageTypeFromStage: live ? 2 : m < 5 ? 3 : 1,
        stage: live ? 13 : m < 5 ? 3 : 1,
        home: `Үй командасы ${l}-${m}`,
        away: `Қонақ командасы ${l}-${m}`,
        sortParticipant: `Үй командасы ${l}-${m}`,
        homeFirstName: `Үй командасы ${l}-${m}`,
        awayFirstName: `Қонақ командасы ${l}-${m}`,
        homeShort: 'ҮЙК',
        awayShort: 'ҚОН',
        homeSlug: `home-${l}-${m}`,
        awaySlug: `away-${l}-${m}`,
        homeParticipantId: `ph${l}x${m}`,
        awayParticipantId: `pa${l}x${m}`,
        homeEventParticipantId: `eh${l}x${m}`,
        awayEventParticipantId: `ea${l}x${m}`,
        homeImage: `h${l}${m}.png`,
        awayImage: `a${l}${m}.png`,
        ...(m < 5 ? { homeScore: m % 3, awayScore: (m + 1) % 2, homePart2: 0, awayPart2: 0 } : {}),
        ...(live ? { live: 'y', periodStartTime: nowS - 900 } : {}),
        broadcast: m % 3 === 0 ? tv : undefined,
        hasLiveBetting: 'y',
        hasLiveCentre: 1,
        hasLineups: 1,
        sourceType: 0,
        gameTime: -1,
        homeGoalUnderReview: 0,
        awayGoalUnderReview: 0,
        liveBookmakers: '28|991|454|49|623|592|965|591|1183',
        odds1: 1.9,
        oddsX: 3.4,
        odds2: 4.1,
      };
      const fieldVersions: Record<string, number> = {};
      for (const key of Object.keys(fields)) fieldVersions[key] = version;
      matches.set(mid, {
        id: mid,
        sportId: 1,
        leagueId: id,
        fields,
        fieldVersions,
        version,
        incidents: [],
        stats: [],
        lineups: { home: [], away: [] },
        odds: [],
        detailVersion: 0,
      });
    }
  }
  // The last 60 versions are score changes on live matches.
  const liveIds = [...matches.values()].filter((m) => m.fields.stageType === 2).map((m) => m.id);
  for (let i = 0; i < 60; i++) {
    version += 1;
    const m = matches.get(liveIds[i % liveIds.length]);
    m.fields = { ...m.fields, homeScore: (m.fields.homeScore ?? 0) + 1 };
    m.fieldVersions = { ...m.fieldVersions, homeScore: version };
    m.version = version;
  }
  return { world: { version, time: now, leagues, matches, moved: new Map() }, now };
}

// ---------------------------------------------------------------------------------------------
// Parent: nginx, the child server, autocannon.

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
  if (existsSync(path)) return path;
  if (process.getuid?.() === 0) {
    execFileSync('apt-get', ['install', '-y', 'nginx'], { stdio: 'ignore', timeout: 300_000 });
    if (existsSync(path)) return path;
  }
  throw new Error('nginx is not installed (apt-get install -y nginx)');
}

async function startNginx(dir: string): Promise<{ port: number; stop: () => void }> {
  const nginx = findNginx();
  const port = await freePort();
  const conf = join(dir, 'nginx.conf');
  // One worker, like our one Node process; static files from memory-friendly sendfile.
  writeFileSync(
    conf,
    `worker_processes 1;
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
      const response = await fetch(`http://127.0.0.1:${port}/update`);
      if (response.ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    port,
    stop: () => {
      if (child.pid !== undefined) process.kill(child.pid, 'SIGTERM');
    },
  };
}

function startChild(dir: string): Promise<{ child: ChildProcess; ready: ChildReady }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SELF], {
    env: { ...process.env, BENCH_ROLE: 'feed-server', BENCH_DIR: dir },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('feed server child did not start')), 60_000);
    child.once('message', (ready) => {
      clearTimeout(timer);
      resolve({ child, ready: ready as ChildReady });
    });
    child.once('exit', (code) => reject(new Error(`feed server child exited (${code})`)));
  });
}

async function measure(url: string, headers?: Record<string, string>): Promise<number> {
  const autocannon = require('autocannon') as Autocannon;
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx and ${result.errors} errors`);
  }
  return result.requests.average;
}

export default async function feedServing(): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), 'feed-bench-'));
  const { child, ready } = await startChild(dir);
  const nginx = await startNginx(dir);
  try {
    const ours = `http://127.0.0.1:${ready.port}/47/x/feed`;
    const theirs = `http://127.0.0.1:${nginx.port}`;
    const fullHeaders = { 'x-fsign': FSIGN };
    const updateHeaders = { 'x-fsign': FSIGN, 'x-signature': ready.updateSignature };
    // Warm-up (JIT, caches) for both, not counted.
    await measure(`${ours}/f_1_0_5_kk_1`, fullHeaders).catch(() => 0);
    const best = { oursFull: 0, nginxFull: 0, oursUpdate: 0, nginxUpdate: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      best.nginxFull = Math.max(best.nginxFull, await measure(`${theirs}/full`));
      best.oursFull = Math.max(best.oursFull, await measure(`${ours}/f_1_0_5_kk_1`, fullHeaders));
      best.oursUpdate = Math.max(best.oursUpdate, await measure(`${ours}/u_1_1`, updateHeaders));
      best.nginxUpdate = Math.max(best.nginxUpdate, await measure(`${theirs}/update`));
    }
    const round2 = (x: number) => Math.round(x * 100) / 100;
    return {
      fullDayList: {
        bytes: ready.fullBytes,
        oursRequestsPerSecond: Math.round(best.oursFull),
        nginxRequestsPerSecond: Math.round(best.nginxFull),
        ratioVsNginx: round2(best.oursFull / best.nginxFull),
      },
      updateFeed: {
        bytes: ready.updateBytes,
        oursRequestsPerSecond: Math.round(best.oursUpdate),
        nginxRequestsPerSecond: Math.round(best.nginxUpdate),
        ratioVsNginx: round2(best.oursUpdate / best.nginxUpdate),
      },
      target: 'ratioVsNginx >= 0.5',
      setup: `${CONNECTIONS} connections, ${DURATION_S} s per run, best of ${ROUNDS}; one Node process vs one nginx worker`,
    };
  } finally {
    nginx.stop();
    if (child.pid !== undefined) process.kill(child.pid, 'SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_ROLE === 'feed-server' && process.env.BENCH_DIR) {
  await runFeedServer(process.env.BENCH_DIR);
}
