// Push fan-out through NATS (issue #22): 10,000 WebSocket subscribers of one subject spread over two edges, each
// a process folding the fact stream, against the same 10,000 on one server that is handed the fact directly, in
// the same run. Per fact: from the moment it is published (appended to JetStream, or handed to the one server)
// to its update push at every subscriber; p50 and p99 over the facts after a warm-up.
//
// Roles by BENCH_ROLE: the parent (NATS, the facts, the timing), 'fanout-edge' (a server over a stream world)
// and 'fanout-clients' (the subscribers). Every process reads CLOCK_MONOTONIC (process.hrtime), shared
// across processes, so a receipt time minus a publish time is a latency.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { connect } from '@nats-io/transport-node';
import WebSocket from 'ws';
import { appendFacts, type FactBatch, openFactStream } from '../server/cluster/fact-stream';
import { startEdgeWorld } from '../server/cluster/stream-world';
import { agreeOnConfig, worldBucket } from '../server/cluster/world-config';
import { startWorldServer } from '../server/world-server';
import type { Fact } from '../sim/facts';
import { createSimulation } from '../sim/simulation';
import { startNatsServer } from '../tests/cluster/support/nats-server';

const SELF = fileURLToPath(import.meta.url);
const SUBSCRIBERS = Number(process.env.FANOUT_BENCH_SUBSCRIBERS ?? 10_000);
const FACTS = 20;
const WARM_UP = 3;
const GAP_MS = 1_500;
const SUBJECT = 'u_1_1';
const CONNECT_BATCH = 250;
const START = Date.UTC(2026, 10, 25, 13);
const SEED = 7;

type Message =
  | { type: 'ready'; url: string }
  | { type: 'fact'; batch: FactBatch }
  | { type: 'connect'; urls: string[]; count: number; marker: string }
  | { type: 'connected'; open: number }
  | { type: 'round'; round: number }
  | { type: 'report'; publishedAt: string[] }
  | { type: 'latencies'; p50Us: number; p99Us: number; samples: number; missing: number; roundMaxMs: number[] };

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function runEdge(): Promise<void> {
  const edge = await startEdgeWorld({ natsUrl: process.env.NATS_URL!, name: 'bench-edge' });
  const server = await startWorldServer({
    port: 0,
    host: '127.0.0.1',
    seed: 0,
    speed: 1,
    startTime: 0,
    staticDir: null,
    world: { build: () => edge.ready, now: edge.now },
  });
  await server.ready;
  process.on('message', (message: Message) => {
    if (message.type === 'fact') edge.world.receive(message.batch);
  });
  process.send?.({ type: 'ready', url: server.url } satisfies Message);
}

function runClients(): void {
  const sockets: { ws: WebSocket; receipts: Map<number, bigint> }[] = [];
  let round = -1;
  let marker = '';
  process.on('message', async (message: Message) => {
    if (message.type === 'connect') {
      marker = message.marker;
      const subscribe = JSON.stringify({ subscribe: [SUBJECT] });
      for (let i = 0; i < message.count; i += CONNECT_BATCH) {
        const batch = Math.min(CONNECT_BATCH, message.count - i);
        await Promise.all(
          Array.from({ length: batch }, (_, k) => {
            const url = message.urls[(i + k) % message.urls.length]!;
            return new Promise<void>((resolve) => {
              const ws = new WebSocket(`${url.replace('http', 'ws')}/push`, { perMessageDeflate: false });
              const receipts = new Map<number, bigint>();
              ws.on('open', () => {
                ws.send(subscribe);
                sockets.push({ ws, receipts });
                resolve();
              });
              ws.on('error', () => resolve());
              ws.on('message', (data) => {
                const at = process.hrtime.bigint();
                // The fact's update push names the match: other pushes (system, heartbeats) are not it.
                if (round >= 0 && !receipts.has(round) && data.toString().includes(marker)) receipts.set(round, at);
              });
            });
          }),
        );
      }
      // Let the subscriptions land before the first fact.
      await new Promise((r) => setTimeout(r, 1_000));
      process.send?.({ type: 'connected', open: sockets.length } satisfies Message);
    } else if (message.type === 'round') {
      round = message.round;
    } else if (message.type === 'report') {
      const latencies: number[] = [];
      const roundMaxMs: number[] = [];
      let missing = 0;
      message.publishedAt.forEach((at, r) => {
        if (r < WARM_UP) return;
        let max = 0;
        for (const { receipts } of sockets) {
          const got = receipts.get(r);
          if (got === undefined) missing += 1;
          else {
            const us = Number(got - BigInt(at)) / 1000;
            latencies.push(us);
            max = Math.max(max, us);
          }
        }
        roundMaxMs.push(Math.round(max / 1000));
      });
      latencies.sort((a, b) => a - b);
      for (const { ws } of sockets) ws.terminate();
      const reply: Message = {
        type: 'latencies',
        p50Us: Math.round(percentile(latencies, 50)),
        p99Us: Math.round(percentile(latencies, 99)),
        samples: latencies.length,
        missing,
        roundMaxMs,
      };
      process.send?.(reply, undefined, {}, () => process.exit(0));
    }
  });
}

function child(role: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', SELF], {
    env: { ...process.env, ...env, BENCH_ROLE: role },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

function next<T extends Message['type']>(proc: ChildProcess, type: T): Promise<Extract<Message, { type: T }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} within 240 s`)), 240_000);
    const on = (message: Message) => {
      if (message.type !== type) return;
      clearTimeout(timer);
      proc.off('message', on);
      resolve(message as Extract<Message, { type: T }>);
    };
    proc.on('message', on);
  });
}

async function stop(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGKILL');
  await exited;
}

/** One phase: subscribers spread over `edges`, facts handed over by `publish`; latencies from the clients. */
async function phase(
  edges: readonly ChildProcess[],
  facts: readonly Fact[],
  marker: string,
  publish: (batch: FactBatch) => Promise<void>,
) {
  const urls = await Promise.all(edges.map((edge) => next(edge, 'ready').then((m) => m.url)));
  const clients = child('fanout-clients');
  clients.send({ type: 'connect', urls, count: SUBSCRIBERS, marker } satisfies Message);
  const { open } = await next(clients, 'connected');
  const publishedAt: string[] = [];
  for (let r = 0; r < facts.length; r++) {
    clients.send({ type: 'round', round: r } satisfies Message);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const fact = facts[r]!;
    publishedAt.push(process.hrtime.bigint().toString());
    await publish({ first: fact.seq, last: fact.seq, facts: [fact] });
    await new Promise((resolve) => setTimeout(resolve, GAP_MS));
  }
  clients.send({ type: 'report', publishedAt } satisfies Message);
  const result = await next(clients, 'latencies');
  await stop(clients);
  return { ...result, open };
}

export async function fanoutFigures(): Promise<Record<string, unknown>> {
  const nats = await startNatsServer();
  const procs: ChildProcess[] = [];
  try {
    const simulation = createSimulation({ seed: SEED, startTime: START, sports: [1] });
    const nc = await connect({ servers: nats.url });
    await agreeOnConfig(await worldBucket(nc), {
      seed: SEED,
      startTime: START,
      realStart: Date.now(),
      speed: 1,
      sports: [1],
    });
    const stream = await openFactStream(nc);
    let streamSeq = await appendFacts(stream, simulation.facts, 0);
    const live = [...simulation.state.matches.values()].find((m) => m.fields.stageType === 2);
    if (!live) throw new Error('no live football match at the start');
    const last = simulation.facts[simulation.facts.length - 1]!;
    const goals: Fact[] = Array.from({ length: FACTS }, (_, i) => ({
      seq: last.seq + 1 + i,
      time: last.time,
      type: 'ScoreChanged',
      matchId: live.id,
      score: { homeScore: (live.fields.homeScore ?? 0) + 1 + i },
    }));

    // Baseline: one server with every subscriber, handed each fact directly.
    const single = child('fanout-edge', { NATS_URL: nats.url });
    procs.push(single);
    const baseline = await phase([single], goals, live.id, async (batch) => {
      single.send({ type: 'fact', batch } satisfies Message);
    });
    await stop(single);

    // Subject: two edges, half the subscribers each, the fact appended to the stream.
    const edges = [child('fanout-edge', { NATS_URL: nats.url }), child('fanout-edge', { NATS_URL: nats.url })];
    procs.push(...edges);
    const subject = await phase(edges, goals, live.id, async (batch) => {
      streamSeq = await appendFacts(stream, batch.facts, streamSeq);
    });
    await nc.close();
    return {
      description:
        'publish-to-receipt of a fact’s update push at 10,000 WebSocket subscribers: two edges folding the JetStream fact log (half each) vs one server handed the fact directly',
      subscribers: SUBSCRIBERS,
      facts: FACTS - WARM_UP,
      twoEdgesThroughNats: subject,
      oneServerDirect: baseline,
      p99VsSingleProcess: Number((subject.p99Us / baseline.p99Us).toFixed(2)),
      target: '<= 1.2',
    };
  } finally {
    for (const proc of procs) await stop(proc);
    await nats.stop();
  }
}

if (process.env.BENCH_ROLE === 'fanout-edge') void runEdge();
else if (process.env.BENCH_ROLE === 'fanout-clients') runClients();
