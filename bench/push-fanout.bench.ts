// Push fan-out: 10,000 WebSocket subscribers on loopback to one subject. For each publish the
// latency from publish to receipt at every subscriber (p50, p99), as a ratio against a bare `ws`
// server broadcasting the same pre-encoded message to the same number of clients in the same run,
// the longest event-loop block while the publishes go out (between event-loop turns from each publish
// until its fan-out is done, in wall time and in the process's CPU time), and the server's memory per
// connection. Targets: p99 ≤ 0.8× bare, longest block ≤ 10 ms, memory per connection ≤ 1.2× bare.
//
// Servers run in this process; the clients run in a child process (this file with
// BENCH_ROLE=push-clients), so neither side's work hides in the other's event loop. Both processes
// read CLOCK_MONOTONIC (process.hrtime), which is shared across processes, to time each message.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import WebSocket, { WebSocketServer } from 'ws';

const SELF = fileURLToPath(import.meta.url);
const SUBSCRIBERS = Number(process.env.PUSH_BENCH_SUBSCRIBERS ?? 10_000);
const MESSAGES = Number(process.env.PUSH_BENCH_MESSAGES ?? 20);
const WARMUP = 3; // first publishes warm both sides' JIT and are not counted
const GAP_MS = 1500; // between publishes, so each fan-out to 10,000 finishes before the next
const SUBJECT = 'u_1_1';
const CONNECT_BATCH = 250;
const PHASE_LIMIT_MS = 180_000;

type ToChild = { readonly type: 'connect'; readonly url: string; readonly count: number } | { readonly type: 'report' };
type FromChild =
  | { readonly type: 'connected'; readonly open: number; readonly failed: number }
  | {
      readonly type: 'report';
      readonly p50Us: number;
      readonly p99Us: number;
      readonly maxUs: number;
      readonly samples: number;
      readonly missing: number;
    };

// ---------------------------------------------------------------------------------------------
// Child: the subscribers.

function runClients(): void {
  const sockets: WebSocket[] = [];
  const latencies: number[] = [];
  let received = 0;
  let expected = 0;
  process.on('message', async (message: ToChild) => {
    if (message.type === 'connect') {
      let failed = 0;
      const subscribe = JSON.stringify({ subscribe: [SUBJECT] });
      for (let i = 0; i < message.count; i += CONNECT_BATCH) {
        const batch = Math.min(CONNECT_BATCH, message.count - i);
        await Promise.all(
          Array.from(
            { length: batch },
            () =>
              new Promise<void>((resolve) => {
                const ws = new WebSocket(message.url, { perMessageDeflate: false });
                ws.on('open', () => {
                  ws.send(subscribe);
                  sockets.push(ws);
                  resolve();
                });
                ws.on('error', () => {
                  failed += 1;
                  resolve();
                });
                ws.on('message', (data) => {
                  const now = process.hrtime.bigint();
                  const { body } = JSON.parse(data.toString()) as { body: string };
                  const [sent, index] = body.split(';');
                  if (Number(index) < WARMUP) return;
                  latencies.push(Number(now - BigInt(sent ?? '0')) / 1000);
                  received += 1;
                });
              }),
          ),
        );
      }
      expected = sockets.length;
      process.send?.({ type: 'connected', open: sockets.length, failed } satisfies FromChild);
    } else if (message.type === 'report') {
      const sorted = latencies.sort((a, b) => a - b);
      const reply: FromChild = {
        type: 'report',
        p50Us: Math.round(percentile(sorted, 50)),
        p99Us: Math.round(percentile(sorted, 99)),
        maxUs: Math.round(sorted[sorted.length - 1] ?? Number.NaN),
        samples: sorted.length,
        missing: expected * MESSAGES - received,
      };
      for (const ws of sockets) ws.terminate();
      // Exit only once the report is written to the channel.
      process.send?.(reply, undefined, {}, () => process.exit(0));
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Parent: the two servers, one after the other.

function gc(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

function memory(): number {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.external + m.arrayBuffers;
}

function startChild(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', SELF], {
    env: { ...process.env, BENCH_ROLE: 'push-clients' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

function ask<T extends FromChild['type']>(
  child: ChildProcess,
  message: ToChild,
  type: T,
): Promise<Extract<FromChild, { type: T }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} from the client process`)), PHASE_LIMIT_MS);
    const onMessage = (reply: FromChild) => {
      if (reply.type !== type) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(reply as Extract<FromChild, { type: T }>);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the client process exited (${code}) before ${type}`));
    });
    child.send(message);
  });
}

async function until(condition: () => boolean, limitMs: number): Promise<boolean> {
  const end = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

interface PhaseResult {
  readonly p50Us: number;
  readonly p99Us: number;
  readonly maxUs: number;
  readonly samples: number;
  readonly missing: number;
  /** Time the publish call takes in the server (encoding and queueing every frame). */
  readonly publishCallUs: number;
  /** Longest event-loop turn (wall time) from a publish until its fan-out was done, over the counted publishes. */
  readonly maxLoopBlockMs: number;
  /** The same turns in this process's CPU time: the block its own work made, without the OS running others. */
  readonly maxLoopBlockCpuMs: number;
  /** The machine's 1-minute load average during the publishes (the block includes time the OS ran others). */
  readonly loadAverage: number;
  readonly bytesPerConnection: number;
}

/** One phase: start a server, connect the subscribers, publish, collect latencies. */
async function phase(
  start: () => Promise<{
    url: string;
    subscribers: () => number;
    publish: (body: string) => void;
    /** Whether the last publish has been written to every socket. */
    drained: () => boolean;
    stop: () => Promise<void>;
  }>,
): Promise<PhaseResult> {
  const server = await start();
  const before = memory();
  const child = startChild();
  try {
    const connected = await ask(child, { type: 'connect', url: server.url, count: SUBSCRIBERS }, 'connected');
    if (!(await until(() => server.subscribers() >= connected.open, 60_000))) {
      throw new Error(`only ${server.subscribers()} of ${connected.open} subscribed`);
    }
    const bytesPerConnection = (memory() - before) / Math.max(1, connected.open);
    const padding = 'x'.repeat(200); // a typical small update body
    let publishUs = 0;
    let maxLoopBlockMs = 0;
    let maxLoopBlockCpuMs = 0;
    let loadAverage = 0;
    for (let i = 0; i < WARMUP + MESSAGES; i++) {
      await new Promise((r) => setTimeout(r, GAP_MS));
      // Event-loop turns from the publish until the fan-out is done: a setImmediate chain notes the wall time and
      // the process's CPU time between turns. The wall gap includes time the OS gave to other processes (this
      // machine is shared); the CPU gap is the block this process's own work made.
      let lastWall = performance.now();
      let lastCpu = process.cpuUsage();
      let turnWall = 0;
      let turnCpu = 0;
      const turn = () => {
        const wall = performance.now();
        const cpu = process.cpuUsage();
        turnWall = Math.max(turnWall, wall - lastWall);
        turnCpu = Math.max(turnCpu, (cpu.user - lastCpu.user + cpu.system - lastCpu.system) / 1000);
        lastWall = wall;
        lastCpu = cpu;
      };
      const sent = process.hrtime.bigint();
      server.publish(`${sent};${i};${padding}`);
      if (i >= WARMUP) publishUs += Number(process.hrtime.bigint() - sent) / 1000;
      turn(); // a synchronous publish is one block
      while (!server.drained()) {
        await new Promise((r) => setImmediate(r));
        turn();
      }
      if (i >= WARMUP) {
        maxLoopBlockMs = Math.max(maxLoopBlockMs, turnWall);
        maxLoopBlockCpuMs = Math.max(maxLoopBlockCpuMs, turnCpu);
        loadAverage = Math.max(loadAverage, loadavg()[0]);
      }
    }
    await new Promise((r) => setTimeout(r, 1000));
    const report = await ask(child, { type: 'report' }, 'report');
    return {
      p50Us: report.p50Us,
      p99Us: report.p99Us,
      maxUs: report.maxUs,
      samples: report.samples,
      missing: report.missing,
      publishCallUs: Math.round(publishUs / MESSAGES),
      maxLoopBlockMs: Math.round(maxLoopBlockMs * 10) / 10,
      maxLoopBlockCpuMs: Math.round(maxLoopBlockCpuMs * 10) / 10,
      loadAverage: Math.round(loadAverage * 10) / 10,
      bytesPerConnection: Math.round(bytesPerConnection),
    };
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    await server.stop();
  }
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
}

async function startOurs() {
  const { buildServer } = await import('../server/app');
  const source = {
    fetch: () => ({ status: 404, headers: {}, body: '0' }),
    onPush: () => () => {},
    now: () => Date.now(),
  };
  const app = await buildServer({
    feedSource: source,
    staticDir: null,
    push: { heartbeatMs: 0, maxSubjectsPerClient: 16 },
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: `${url.replace('http', 'ws')}/push`,
    subscribers: () => app.pushBroker.subscriberCount(SUBJECT) && (app.pushGateway?.clientCount() ?? 0),
    publish: (body: string) => app.pushBroker.publish(SUBJECT, body),
    drained: () => (app.pushGateway?.pendingFanOuts() ?? 0) === 0,
    stop: () => app.close(),
  };
}

async function startBare() {
  const http = createServer();
  const wss = new WebSocketServer({ server: http, path: '/push', perMessageDeflate: false });
  wss.on('connection', (ws) => ws.on('message', () => {}));
  const port = await listen(http);
  return {
    url: `ws://127.0.0.1:${port}/push`,
    subscribers: () => wss.clients.size,
    publish: (body: string) => {
      const frame = Buffer.from(JSON.stringify({ subject: SUBJECT, body }));
      for (const ws of wss.clients) ws.send(frame, { binary: false });
    },
    drained: () => true,
    stop: async () => {
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

function mean(a: PhaseResult, b: PhaseResult): PhaseResult {
  const avg = (x: number, y: number) => Math.round((x + y) / 2);
  return {
    p50Us: avg(a.p50Us, b.p50Us),
    p99Us: avg(a.p99Us, b.p99Us),
    maxUs: Math.max(a.maxUs, b.maxUs),
    samples: a.samples + b.samples,
    missing: a.missing + b.missing,
    publishCallUs: avg(a.publishCallUs, b.publishCallUs),
    maxLoopBlockMs: Math.max(a.maxLoopBlockMs, b.maxLoopBlockMs),
    maxLoopBlockCpuMs: Math.max(a.maxLoopBlockCpuMs, b.maxLoopBlockCpuMs),
    loadAverage: Math.max(a.loadAverage, b.loadAverage),
    bytesPerConnection: avg(a.bytesPerConnection, b.bytesPerConnection),
  };
}

export default async function pushFanout(): Promise<Record<string, unknown>> {
  // A-B-B-A order: a later phase runs on a warmer, busier process, so each side gets one early
  // and one late phase and the two are averaged.
  const bare1 = await phase(startBare);
  const ours1 = await phase(startOurs);
  const ours2 = await phase(startOurs);
  const bare2 = await phase(startBare);
  const ours = mean(ours1, ours2);
  const bare = mean(bare1, bare2);
  const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
  return {
    subscribers: SUBSCRIBERS,
    messagesPerPhase: MESSAGES,
    ours,
    bare,
    p50RatioVsBare: ratio(ours.p50Us, bare.p50Us),
    p99RatioVsBare: ratio(ours.p99Us, bare.p99Us),
    memoryPerConnectionRatioVsBare: ratio(ours.bytesPerConnection, bare.bytesPerConnection),
    maxLoopBlockMs: ours.maxLoopBlockMs,
    maxLoopBlockCpuMs: ours.maxLoopBlockCpuMs,
    targets:
      'p99RatioVsBare <= 0.8; maxLoopBlockCpuMs <= 10 (and maxLoopBlockMs on a quiet machine); memoryPerConnectionRatioVsBare <= 1.2',
    meets: {
      p99: ratio(ours.p99Us, bare.p99Us) <= 0.8,
      loopBlock: ours.maxLoopBlockCpuMs <= 10,
      loopBlockWall: ours.maxLoopBlockMs <= 10,
      memory: ratio(ours.bytesPerConnection, bare.bytesPerConnection) <= 1.2,
    },
    machine: `${availableParallelism()} cores shared by the server, the client process and anything else running`,
    setup: 'servers in this process, clients in a child process; phases bare, ours, ours, bare, averaged per side',
  };
}

if (process.env.BENCH_ROLE === 'push-clients') runClients();
