// An edge's world (`scores serve --nats <url>`): the fold of the fact stream, the same fold the single
// process runs over its own simulation, so the feeds and pushes an edge renders from it are the ones a
// single process would render. It catches up from the start of the stream before it reports ready, then
// folds each new message as it arrives and tells the feed source, as a running simulation does.
import { connect } from '@nats-io/transport-node';
import type { NatsConnection } from '@nats-io/nats-core';
import type { Fact } from '../../sim/facts';
import { emptyWorld, WorldBuilder } from '../../sim/fold';
import type { Simulation } from '../../sim/simulation';
import type { Broker } from '../push/broker';
import type { BuiltWorld } from '../world-server';
import { createNatsBroker } from './nats-broker';
import type { WorldState } from '../../sim/world/state';
import { scanFacts } from '../world-feed/fact-scan';
import { type FactBatch, type FactReader, openFactStream, readFacts } from './fact-stream';
import { loadSnapshot, snapshotStore, type WorldSnapshot } from './world-snapshot';
import { virtualNow, type WorldConfig, waitForConfig, worldBucket, worldKey } from './world-config';

type Listener = (facts: readonly Fact[], state: WorldState) => void;

/** A Simulation whose facts come from the stream instead of being generated here. */
export class StreamWorld implements Simulation {
  state: WorldState;
  readonly facts: readonly Fact[] = [];
  time = 0;
  /** Last fact sequence folded, and the stream message it came in. */
  lastSeq: number;
  streamSeq: number;
  /** Facts that arrived out of sequence (none, unless the stream lost some). */
  gaps = 0;
  /** The last fact of the snapshot it started from (0: it folded the stream from its start). */
  readonly startedAt: number;
  private readonly listeners = new Set<Listener>();
  /**
   * The refresh times (A2, epoch s) each sport's lists were raised to by the facts folded, as a feed source over
   * this world would have raised them, so an edge that starts late serves the same A2. Kept until the catch-up
   * ends (then the feed source keeps them), or always for the writer's own fold (its snapshots carry them).
   */
  private raised: Map<number, number> | null;

  /** `from`: a snapshot to start from (default the empty world); `keepRefreshTimes`: the writer's fold. */
  constructor(
    from?: WorldSnapshot,
    private readonly keepRefreshTimes = false,
  ) {
    this.state = from?.state ?? emptyWorld();
    this.lastSeq = from?.lastSeq ?? 0;
    this.streamSeq = from?.streamSeq ?? 0;
    this.startedAt = this.lastSeq;
    this.raised = new Map(from?.raised);
  }

  receive(batch: FactBatch, streamSeq = this.streamSeq): void {
    this.streamSeq = Math.max(this.streamSeq, streamSeq);
    const fresh = batch.facts.filter((fact) => fact.seq > this.lastSeq);
    if (fresh.length === 0) return;
    if (fresh[0]!.seq !== this.lastSeq + 1) this.gaps++;
    this.lastSeq = fresh[fresh.length - 1]!.seq;
    const builder = new WorldBuilder(this.state);
    for (const fact of fresh) builder.apply(fact);
    this.state = builder.finish();
    if (this.raised) {
      for (const [sportId, at] of scanFacts(fresh, this.state).reshaped)
        this.raised.set(sportId, Math.max(this.raised.get(sportId) ?? 0, at));
    }
    if (this.raised && !this.keepRefreshTimes) return;
    for (const listener of this.listeners) listener(fresh, this.state);
  }

  /** The world as a snapshot: what it folded and the refresh times those facts raised. */
  snapshot(world: string): WorldSnapshot {
    const { state, lastSeq, streamSeq } = this;
    return { world, state, lastSeq, streamSeq, raised: new Map(this.raised) };
  }

  /** Ends the catch-up: from now on every message is told to the listeners. Returns the refresh times. */
  caughtUp(): ReadonlyMap<number, number> {
    const raised = this.raised ?? new Map<number, number>();
    if (!this.keepRefreshTimes) this.raised = null;
    return raised;
  }

  advanceTo(timeMs: number): readonly Fact[] {
    this.time = Math.max(this.time, timeMs);
    return [];
  }

  onFacts(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}

export interface EdgeWorld {
  readonly world: StreamWorld;
  /** The writer's config (clock and seed), read from NATS. */
  readonly config: Promise<WorldConfig>;
  /**
   * Settles when the world has folded every fact that was in the stream when it started, with the feed
   * signature salt and first A2 every edge of this world shares (a client may move between edges).
   */
  readonly ready: Promise<BuiltWorld>;
  /** Virtual now by the shared config (the real clock until the config is known). */
  now(): number;
  /** Messages between the servers of the site, over the same NATS connection. */
  readonly serverEvents: Broker;
  stop(): Promise<void>;
}

export async function startEdgeWorld(options: {
  readonly natsUrl: string;
  readonly name: string;
  readonly realNow?: () => number;
  /** Start from the newest snapshot of this world (default); false folds the whole stream. */
  readonly useSnapshots?: boolean;
}): Promise<EdgeWorld> {
  const realNow = options.realNow ?? Date.now;
  const nc: NatsConnection = await connect({ servers: options.natsUrl, name: `edge ${options.name}` });
  const abort = new AbortController();
  let world = new StreamWorld();
  let known: WorldConfig | null = null;
  let reader: FactReader | null = null;
  const config = waitForConfig(await worldBucket(nc), abort.signal).then((c) => {
    known = c;
    return c;
  });
  const ready = (async () => {
    const c = await config;
    // A late edge starts from the newest snapshot of this world, if any, and reads the stream on from it.
    const snapshot = options.useSnapshots === false ? null : await loadSnapshot(await snapshotStore(nc));
    if (snapshot && snapshot.world === worldKey(c)) world = new StreamWorld(snapshot);
    reader = await readFacts(await openFactStream(nc), (batch, seq) => world.receive(batch, seq), world.streamSeq);
    await reader.caughtUp;
    const raised = world.caughtUp();
    world.advanceTo(virtualNow(c, realNow()));
    const epoch = `cluster-${worldKey(c)}`;
    return { simulation: world, epoch, refresh: { start: c.startTime, raised } };
  })();
  ready.catch(() => {});
  return {
    get world() {
      return world;
    },
    config,
    ready,
    now: () => (known ? virtualNow(known, realNow()) : realNow()),
    serverEvents: createNatsBroker(nc),
    async stop() {
      abort.abort();
      await reader?.stop();
      await nc.close();
    },
  };
}
