// Edge catch-up (issue #22): a fresh edge folding a whole all-sports day from the JetStream fact log, from the start
// and from a snapshot plus the tail, against folding the same facts read from a local JSONL file, in the same run.
// The day is long: every day of the calendar range published at the start, then twelve hours played.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { appendFacts, openFactStream } from '../server/cluster/fact-stream';
import { StreamWorld, startEdgeWorld } from '../server/cluster/stream-world';
import { snapshotStore, storeSnapshot, type WorldSnapshot } from '../server/cluster/world-snapshot';
import { agreeOnConfig, worldBucket, worldKey } from '../server/cluster/world-config';
import type { Fact } from '../sim/facts';
import { WorldBuilder, emptyWorld } from '../sim/fold';
import { createSimulation } from '../sim/simulation';
import { startNatsServer } from '../tests/cluster/support/nats-server';

const START = Date.UTC(2026, 10, 25, 4);
const SEED = 7;
const ROUNDS = 3;
const DAY_HOURS = 12;

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function catchUpFigures(): Promise<Record<string, unknown>> {
  // A long day: the world built at the start and played on for DAY_HOURS, as an edge starting in the evening sees it.
  const simulation = createSimulation({ seed: SEED, startTime: START });
  simulation.advanceTo(START + DAY_HOURS * 3_600_000);
  const facts: readonly Fact[] = simulation.facts;
  const dir = mkdtempSync(join(tmpdir(), 'catchup-'));
  const file = join(dir, 'day.jsonl');
  writeFileSync(file, `${facts.map((fact) => JSON.stringify(fact)).join('\n')}\n`);
  const nats = await startNatsServer();
  try {
    const nc = await connect({ servers: nats.url });
    const config = await agreeOnConfig(await worldBucket(nc), {
      seed: SEED,
      startTime: START,
      realStart: Date.now(),
      speed: 1,
    });
    const appendStart = performance.now();
    // A snapshot 90% into the day, as the writer stores one every 50,000 facts: a late edge folds it plus the tail.
    const mirror = new StreamWorld(undefined, true);
    const snapshotAfter = Math.floor(facts.length * 0.9);
    let snapshot: WorldSnapshot | null = null;
    await appendFacts(await openFactStream(nc), facts, 0, (batch, seq) => {
      mirror.receive(batch, seq);
      if (!snapshot && mirror.lastSeq >= snapshotAfter) snapshot = mirror.snapshot(worldKey(config));
    });
    const appendMs = performance.now() - appendStart;
    if (!snapshot) throw new Error('no snapshot');
    const snapshotBytes = await storeSnapshot(await snapshotStore(nc), snapshot);
    await nc.close();

    const fromFile = () => {
      const started = performance.now();
      const builder = new WorldBuilder(emptyWorld());
      for (const line of readFileSync(file, 'utf8').split('\n'))
        if (line !== '') builder.apply(JSON.parse(line) as Fact);
      const state = builder.finish();
      if (state.matches.size !== simulation.state.matches.size) throw new Error('the file fold lost matches');
      return performance.now() - started;
    };
    const fromStream = async (useSnapshots = false) => {
      const started = performance.now();
      const edge = await startEdgeWorld({ natsUrl: nats.url, name: 'bench', useSnapshots });
      const { simulation: world } = await edge.ready;
      const ms = performance.now() - started;
      if (world.state.matches.size !== simulation.state.matches.size) throw new Error('the stream fold lost matches');
      await edge.stop();
      return ms;
    };
    // Warm both alike, then alternate.
    fromFile();
    await fromStream();
    const file1: number[] = [];
    const stream1: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      if (i % 2 === 0) {
        file1.push(fromFile());
        stream1.push(await fromStream());
      } else {
        stream1.push(await fromStream());
        file1.push(fromFile());
      }
    }
    const fromSnapshot: number[] = [];
    for (let i = 0; i < ROUNDS; i++) fromSnapshot.push(await fromStream(true));
    const fileMs = median(file1);
    const streamMs = median(stream1);
    const snapshotMs = median(fromSnapshot);
    return {
      description:
        'a fresh edge folding a long day (the world built at 04:00 UTC and played 12 h) from JetStream (connect, read every message, fold, ready), and from a snapshot 90% in plus the tail, vs reading the same facts from a local JSONL file and folding them',
      facts: facts.length,
      fileBytes: readFileSync(file).length,
      messages: Math.ceil(facts.length / 500),
      appendMs: Math.round(appendMs),
      fromStreamMedianMs: Math.round(streamMs),
      fromFileMedianMs: Math.round(fileMs),
      catchUpVsLocalFold: Number((streamMs / fileMs).toFixed(2)),
      snapshotAtFact: snapshotAfter,
      snapshotBytes,
      fromSnapshotPlusTailMedianMs: Math.round(snapshotMs),
      snapshotCatchUpVsLocalFold: Number((snapshotMs / fileMs).toFixed(2)),
      target: '<= 2',
      rounds: ROUNDS,
    };
  } finally {
    await nats.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
