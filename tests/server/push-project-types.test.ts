// Push for every project type a subscriber names (S7-23 u_<sport>_<project type>, sys_<project type>): a client
// built for another edition's addresses (project type 2) hears the same updates on its own subjects.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildServer } from '../../server/app';
import { createWorldFeedSource } from '../../server/world-feed-source';
import type { Fact } from '../../sim/facts';
import type { WorldState } from '../../sim/world/state';
import { changeMatch, FakeSimulation, soccerWorld, T0 } from './world-fixture';

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

async function start() {
  const sim = new FakeSimulation(soccerWorld());
  // sys_ with every push: no interval to wait for.
  const source = createWorldFeedSource(sim, { now: () => T0, sysPushIntervalMs: 0 });
  app = await buildServer({ feedSource: source, staticDir: null, push: { heartbeatMs: 0 } });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { sim, server: app, wsUrl: `${url.replace('http', 'ws')}/push` };
}

function goal(state: WorldState, version: number, homeScore: number): [WorldState, Fact[]] {
  const live = state.matches.get('LiveKz01')!;
  const next = changeMatch(live, { homeScore }, version);
  return [
    { ...state, version, matches: new Map(state.matches).set(next.id, next) },
    [{ seq: version, time: T0, type: 'ScoreChanged', matchId: 'LiveKz01', score: { homeScore } }],
  ];
}

async function listen(url: string, subjects: string[]) {
  const frames: { subject?: string; body?: string }[] = [];
  const ws = new WebSocket(url);
  ws.on('message', (data) => frames.push(JSON.parse(String(data))));
  await new Promise((resolve) => ws.once('open', resolve));
  ws.send(JSON.stringify({ subscribe: subjects }));
  return { ws, frames };
}

const until = async (condition: () => boolean, what: string) => {
  const end = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('push for every project type (S7-23)', () => {
  it('S7-23: a subscriber of u_1_2 and sys_2 hears the update the edition’s u_1_1 hears, and sys_ for its type', async () => {
    const { sim, server, wsUrl } = await start();
    const other = await listen(wsUrl, ['u_1_2', 'sys_2']);
    const own = await listen(wsUrl, ['u_1_1']);
    await until(
      () => server.pushBroker.subscriberCount('u_1_2') === 1 && server.pushBroker.subscriberCount('u_1_1') === 1,
      'the subscriptions',
    );
    sim.apply(...goal(sim.state, 10, 3));
    const on = (frames: typeof other.frames, subject: string) => frames.filter((f) => f.subject === subject);
    await until(() => on(other.frames, 'u_1_2').length === 1 && on(own.frames, 'u_1_1').length === 1, 'the updates');
    expect(on(other.frames, 'u_1_2')[0]!.body).toBe(on(own.frames, 'u_1_1')[0]!.body);
    expect(on(other.frames, 'u_1_2')[0]!.body).toContain('AA÷LiveKz01');
    await until(() => on(other.frames, 'sys_2').length === 1, 'sys_2');
    expect(on(own.frames, 'sys_2')).toEqual([]);
    other.ws.close();
    own.ws.close();
  });

  it('S7-23: with nobody on another project type nothing is rendered or pushed for it', async () => {
    const { sim, server, wsUrl } = await start();
    const own = await listen(wsUrl, ['u_1_1']);
    await until(() => server.pushBroker.subscriberCount('u_1_1') === 1, 'the subscription');
    // Every subject the world source hands the broker.
    const published: string[] = [];
    const broker = server.pushBroker as { publish: (subject: string, body: string) => void };
    const publish = broker.publish.bind(broker);
    broker.publish = (subject, body) => {
      published.push(subject);
      publish(subject, body);
    };
    sim.apply(...goal(sim.state, 10, 3));
    await until(() => own.frames.some((f) => f.subject === 'u_1_1'), 'the edition’s update');
    expect(published).toContain('u_1_1');
    expect(published.filter((subject) => /^(u_\d+|sys)_2$/.test(subject))).toEqual([]);
    own.ws.close();
  });
});
