// The one process that writes the world (`scores world --nats <url>`): it holds the writer lease, runs the
// simulation in real time × speed and appends every new fact to the stream. A writer that starts after
// another one died regenerates the same day from the shared config (the simulation is deterministic per seed
// and start) and appends only the facts after the stream's last one: nothing lost, nothing twice.
import { connect } from '@nats-io/transport-node';
import type { ObjectStore } from '@nats-io/obj';
import type { Fact } from '../../sim/facts';
import { buildSimulation, type Simulation } from '../../sim/simulation';
import { appendFacts, type FactStream, openFactStream, readFacts, streamHead } from './fact-stream';
import { StreamWorld } from './stream-world';
import { loadSnapshot, snapshotStore, storeSnapshot } from './world-snapshot';
import { agreeOnConfig, virtualNow, type WorldConfig, worldBucket, worldKey } from './world-config';
import { holdWriterLease, leaseBucket } from './writer-lease';

export interface WorldWriterOptions {
  readonly natsUrl: string;
  /** The config this writer proposes; the one already in NATS wins. */
  readonly config: WorldConfig;
  /** Names this writer in the lease. */
  readonly id: string;
  readonly realNow?: () => number;
  readonly tickMs?: number;
  /** A snapshot of the folded world every this many facts (0: none), for edges that start late in the day. */
  readonly snapshotEvery?: number;
  readonly log?: (line: string) => void;
}

export interface WorldWriter {
  /** The config in force. */
  readonly config: WorldConfig;
  /** Settles when this writer holds the lease and has caught the stream up to virtual now. */
  readonly writing: Promise<void>;
  /** Settles with the reason when the writer stopped on its own (lease lost, stream moved, NATS gone). */
  readonly failed: Promise<Error>;
  /** Last fact sequence in the stream as this writer knows it. */
  lastFact(): number;
  stop(): Promise<void>;
}

const DEFAULT_TICK_MS = 250;
/** Virtual time played per step while a starting writer catches up with now. */
const CATCH_UP_STEP_MS = 10 * 60_000;
/** About a third of an all-sports day's facts at the start: late edges fold at most that much of the stream. */
export const DEFAULT_SNAPSHOT_EVERY = 50_000;

export async function startWorldWriter(options: WorldWriterOptions): Promise<WorldWriter> {
  const log = options.log ?? (() => {});
  const realNow = options.realNow ?? Date.now;
  const nc = await connect({ servers: options.natsUrl, name: `world-writer ${options.id}` });
  const stream = await openFactStream(nc);
  const config = await agreeOnConfig(await worldBucket(nc), options.config);
  const lease = holdWriterLease(await leaseBucket(nc), options.id);
  let fail!: (error: Error) => void;
  const failed = new Promise<Error>((resolve) => {
    fail = resolve;
  });
  let stopped = false;
  let simulation: Simulation | null = null;
  let timer: NodeJS.Timeout | null = null;
  let streamSeq = 0;
  let factSeq = 0;
  // Facts wait here between the simulation and the stream; one append runs at a time, in order.
  let queue: Fact[] = [];
  let appending: Promise<void> = Promise.resolve();
  const stopWith = (error: Error) => {
    if (stopped) return;
    stopped = true;
    if (timer) clearInterval(timer);
    log(`world writer ${options.id} stopped: ${error.message}`);
    fail(error);
  };
  const flush = () => {
    appending = appending.then(async () => {
      if (stopped || queue.length === 0) return;
      const facts = queue;
      queue = [];
      try {
        streamSeq = await appendFacts(stream, facts, streamSeq, (batch, seq) => mirror?.receive(batch, seq));
        factSeq = facts[facts.length - 1]!.seq;
      } catch (error) {
        stopWith(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      await snapshotIfDue();
    });
    return appending;
  };
  // The writer's own fold of what it appended, message by message as edges read them, for snapshots.
  const snapshotEvery = options.snapshotEvery ?? DEFAULT_SNAPSHOT_EVERY;
  let mirror: StreamWorld | null = null;
  let snapshotAt = 0;
  const snapshots = snapshotEvery > 0 ? await snapshotStore(nc) : null;
  const snapshotIfDue = async () => {
    if (!mirror || !snapshots || mirror.lastSeq - snapshotAt < snapshotEvery) return;
    snapshotAt = mirror.lastSeq;
    try {
      const bytes = await storeSnapshot(snapshots, mirror.snapshot(worldKey(config)));
      log(`world writer ${options.id}: snapshot at fact ${snapshotAt} (${Math.round(bytes / 1024)} KB)`);
    } catch (error) {
      // A missing snapshot only makes late edges fold more of the stream.
      log(`world writer ${options.id}: snapshot failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  void lease.lost.then(stopWith);

  const writing = (async () => {
    await lease.acquired;
    if (stopped) return;
    if (snapshots) mirror = await foldStream(stream, snapshots, worldKey(config));
    snapshotAt = mirror?.lastSeq ?? 0;
    const head = await streamHead(stream);
    streamSeq = head.streamSeq;
    factSeq = head.factSeq;
    log(`world writer ${options.id} holds the lease; the stream ends at fact ${factSeq}`);
    const after = head.factSeq;
    simulation = await buildSimulation({
      seed: config.seed,
      startTime: config.startTime,
      sports: config.sports,
      keepLog: false,
      onBatch: (facts) => {
        for (const fact of facts) if (fact.seq > after) queue.push(fact);
      },
    });
    // Up to now in steps that let the lease renew between them (a writer that starts late has hours to play).
    for (let at = simulation.time; at < virtualNow(config, realNow()); at += CATCH_UP_STEP_MS) {
      simulation.advanceTo(Math.min(at + CATCH_UP_STEP_MS, virtualNow(config, realNow())));
      await new Promise((resolve) => setImmediate(resolve));
    }
    await flush();
    const tick = () => {
      if (stopped || !simulation) return;
      simulation.advanceTo(virtualNow(config, realNow()));
      void flush();
    };
    timer = setInterval(tick, options.tickMs ?? DEFAULT_TICK_MS);
  })();
  writing.catch((error: unknown) => stopWith(error instanceof Error ? error : new Error(String(error))));

  return {
    config,
    writing,
    failed,
    lastFact: () => factSeq,
    async stop() {
      if (timer) clearInterval(timer);
      await appending;
      stopped = true;
      await lease.release();
      await nc.close();
    },
  };
}

/** The stream folded as an edge folds it (from the newest snapshot of this world), keeping its refresh times. */
async function foldStream(stream: FactStream, store: ObjectStore, world: string): Promise<StreamWorld> {
  const snapshot = await loadSnapshot(store);
  const fold = new StreamWorld(snapshot?.world === world ? snapshot : undefined, true);
  const reader = await readFacts(stream, (batch, seq) => fold.receive(batch, seq), fold.streamSeq);
  await reader.caughtUp;
  await reader.stop();
  return fold;
}
