// The world's fact log on NATS JetStream (issue #22 item 1), against a real nats-server on loopback:
// one writer at a time, a restarted writer continues the same day, and an edge's fold is the world.
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendFacts, openFactStream, streamHead } from '../../server/cluster/fact-stream';
import { startEdgeWorld } from '../../server/cluster/stream-world';
import type { WorldConfig } from '../../server/cluster/world-config';
import { startWorldWriter } from '../../server/cluster/world-writer';
import type { Fact } from '../../sim/facts';
import { foldFacts } from '../../sim/fold';
import { createSimulation } from '../../sim/simulation';
import type { WorldState } from '../../sim/world/state';
import { type NatsServer, startNatsServer } from './support/nats-server';
import { streamFacts } from './support/stream-facts';

const START = Date.UTC(2026, 10, 25, 12);
/** Two sports keep each world small; 600× makes a real second ten virtual minutes. */
const config = (realStart: number): WorldConfig => ({
  seed: 5,
  startTime: START,
  realStart,
  speed: 600,
  sports: [4, 12],
});

const until = async (check: () => boolean | Promise<boolean>, ms = 30_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('the fact log on NATS JetStream', () => {
  let nats: NatsServer;
  beforeAll(async () => {
    nats = await startNatsServer();
  });
  afterAll(async () => {
    await nats?.stop();
  });

  it('a writer appends the day; the next writer continues it with no fact lost or written twice', async () => {
    const realStart = Date.now();
    const first = await startWorldWriter({ natsUrl: nats.url, config: config(realStart), id: 'w1' });
    await first.writing;
    await until(() => first.lastFact() > 0);
    // A second writer waits: the first holds the lease.
    const second = await startWorldWriter({ natsUrl: nats.url, config: config(realStart + 99_999), id: 'w2' });
    expect(second.config.realStart).toBe(realStart);
    let secondWriting = false;
    void second.writing.then(() => {
      secondWriting = true;
    });
    await new Promise((r) => setTimeout(r, 1_000));
    expect(secondWriting).toBe(false);
    // The first one stops mid-day and hands the lease over (tests/cluster/cluster.test.ts kills one instead).
    const died = first.lastFact();
    await first.stop();
    await second.writing;
    await until(() => second.lastFact() > died + 10);
    await second.stop();

    const facts = await streamFacts(nats.url);
    expect(facts.map((f) => f.seq)).toEqual(facts.map((_, i) => i + 1));
    // The same day as one uninterrupted simulation of the same config.
    const reference = createSimulation({ seed: 5, startTime: START, sports: [4, 12] });
    reference.advanceTo(facts[facts.length - 1]!.time);
    const expected = reference.facts.slice(0, facts.length);
    expect(facts.length).toBeGreaterThan(died);
    expect(facts).toEqual(expected);
  }, 60_000);

  it('a writer whose stream moved under it is refused', async () => {
    const nc = await connect({ servers: nats.url });
    const stream = await openFactStream(nc);
    const head = await streamHead(stream);
    const next = head.factSeq + 1;
    const fact = { seq: next, time: START, type: 'MatchesArchived', matchIds: [], leagueIds: [] } as unknown as Fact;
    await expect(appendFacts(stream, [fact], head.streamSeq - 1)).rejects.toThrow(/wrong last sequence/);
    expect((await streamHead(stream)).factSeq).toBe(head.factSeq);
    await nc.close();
  });

  it('an edge catches up from the stream and folds the same world, then follows new facts', async () => {
    const writer = await startWorldWriter({ natsUrl: nats.url, config: config(Date.now()), id: 'w3' });
    await writer.writing;
    const edge = await startEdgeWorld({ natsUrl: nats.url, name: 'e1' });
    const { simulation: world } = await edge.ready;
    const caughtUpAt = edge.world.lastSeq;
    expect(caughtUpAt).toBeGreaterThan(0);
    let told = 0;
    world.onFacts((facts) => {
      told += facts.length;
    });
    await until(() => edge.world.lastSeq > caughtUpAt + 5 && writer.lastFact() >= edge.world.lastSeq);
    await writer.stop();
    await until(async () => edge.world.lastSeq === (await streamFacts(nats.url)).length);
    expect(told).toBe(edge.world.lastSeq - caughtUpAt);
    expect(edge.world.gaps).toBe(0);
    const truth = foldFacts(await streamFacts(nats.url));
    const plain = (state: WorldState) => ({ ...state, matches: new Map(state.matches) });
    expect(plain(edge.world.state)).toEqual(plain(truth));
    await edge.stop();
  }, 60_000);
  it('a writer stores snapshots; an edge that starts late folds the newest one plus the tail into the same world and refresh times', async () => {
    const fresh = await startNatsServer();
    try {
      const writer = await startWorldWriter({
        natsUrl: fresh.url,
        config: config(Date.now()),
        id: 'w4',
        snapshotEvery: 5_000,
      });
      await writer.writing;
      await until(() => writer.lastFact() > 0);
      // The first snapshot is taken with the day's first facts; the tail is what comes after.
      const first = writer.lastFact();
      await until(() => writer.lastFact() > first + 20);
      await writer.stop();
      const full = await startEdgeWorld({ natsUrl: fresh.url, name: 'from-start', useSnapshots: false });
      const late = await startEdgeWorld({ natsUrl: fresh.url, name: 'late' });
      const [a, b] = await Promise.all([full.ready, late.ready]);
      expect(full.world.startedAt).toBe(0);
      expect(late.world.startedAt).toBeGreaterThan(0);
      expect(late.world.startedAt).toBeLessThan(late.world.lastSeq);
      expect(late.world.lastSeq).toBe(full.world.lastSeq);
      const plain = (state: WorldState) => ({ ...state, matches: new Map(state.matches) });
      expect(plain(late.world.state)).toEqual(plain(full.world.state));
      expect(b.refresh).toEqual(a.refresh);
      await full.stop();
      await late.stop();
    } finally {
      await fresh.stop();
    }
  }, 120_000);
});
