// Messages between the servers of one site over NATS (issue #22 item 2), with a real nats-server: an account's
// followed games changed on one edge reach the personal push the account holds on another edge at once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import type { NatsConnection } from '@nats-io/nats-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type AccountServiceHandle, accountExtraPlugin } from '../../server/account/plugin';
import { sha256Hex } from '../../server/account/security/tokens';
import { buildServer } from '../../server/app';
import { createNatsBroker } from '../../server/cluster/nats-broker';
import { createWorldFeedSource } from '../../server/world-feed-source';
import { parseNotification } from '../../src/domain/notification-rules';
import { lsidSubject } from '../../src/protocol/push-subjects';
import type { Fact } from '../../sim/facts';
import type { WorldState } from '../../sim/world/state';
import { changeMatch, FakeSimulation, soccerWorld, T0 } from '../server/world-fixture';
import { type NatsServer, startNatsServer } from './support/nats-server';

const NS = 'kz-scores';
const PROJECT = 47;
let nats: NatsServer;
const connections: NatsConnection[] = [];
const apps: FastifyInstance[] = [];
let dir: string;

beforeAll(async () => {
  nats = await startNatsServer();
  dir = mkdtempSync(join(tmpdir(), 'server-events-'));
});
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const nc of connections) await nc.close();
  await nats?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function natsConnection(): Promise<NatsConnection> {
  const nc = await connect({ servers: nats.url });
  connections.push(nc);
  return nc;
}

const until = async (condition: () => boolean, what: string, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('messages between servers over NATS', () => {
  it('a message published on one connection reaches the subscribers of another, until they leave', async () => {
    const a = createNatsBroker(await natsConnection());
    const b = createNatsBroker(await natsConnection());
    const heard: string[] = [];
    const leave = b.subscribe('account.data-changed', (body) => heard.push(body));
    expect(b.subscriberCount('account.data-changed')).toBe(1);
    await connections[1]!.flush();
    a.publish('account.data-changed', 'ada0001');
    await until(() => heard.length === 1, 'the message');
    leave();
    expect(b.subscriberCount('account.data-changed')).toBe(0);
    await connections[1]!.flush();
    a.publish('account.data-changed', 'bob0002');
    await connections[0]!.flush();
    await new Promise((r) => setTimeout(r, 100));
    expect(heard).toEqual(['ada0001']);
  });

  it('S7-23 A7-11: a game followed through one edge is told to the personal push held on the other edge at once', async () => {
    const sim = new FakeSimulation(soccerWorld());
    const dbFile = join(dir, 'accounts.sqlite');
    const edge = async () => {
      let handle: AccountServiceHandle | null = null;
      const app = await buildServer({
        feedSource: createWorldFeedSource(sim, { now: () => T0 }),
        staticDir: null,
        // A recheck far away: only the message between the servers can make the change heard in time.
        push: { heartbeatMs: 0, personalRecheckMs: 3_600_000 },
        serverEvents: createNatsBroker(await natsConnection()),
        extraPlugins: [
          accountExtraPlugin({
            dbFile,
            scryptLogN: 10,
            smtp: null,
            now: () => T0,
            requestLimit: null,
            onReady: (h) => {
              handle = h;
            },
          }),
        ],
      });
      apps.push(app);
      const url = await app.listen({ host: '127.0.0.1', port: 0 });
      return { app, url, handle: handle! };
    };
    const west = await edge();
    const east = await edge();
    const id = 'ada0001';
    const hash = 'ada-session-token';
    const db = west.handle.db;
    await db
      .insertInto('users')
      .values({
        id,
        namespace: NS,
        email: 'ada@example.kz',
        email_key: 'ada@example.kz',
        name: 'Ada',
        password_hash: null,
        status: 1,
        email_verified: 1,
        created_at: T0,
        updated_at: T0,
      })
      .execute();
    await db
      .insertInto('sessions')
      .values({ token_hash: sha256Hex(hash), user_id: id, created_at: T0, last_seen_at: T0 })
      .execute();
    // Her push on the east edge, following nothing yet.
    const subject = lsidSubject(id, NS);
    const frames: { subject?: string; body?: string }[] = [];
    const ws = new WebSocket(`${east.url.replace('http', 'ws')}/push`);
    ws.on('message', (data) => frames.push(JSON.parse(String(data))));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ auth: { id, hash }, subscribe: [subject] }));
    await until(() => east.app.pushBroker.subscriberCount(subject) === 1, 'her subscription');
    // She follows the live game through the west edge.
    const stored = await fetch(`${west.url}/v3/storemergeddata`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        loggedIn: { id, hash },
        key: 'data',
        dataDiff: { merge: { 'mygames.data.g_1_LiveKz01': { AD: 0, AP: 0, MG: '0', is_duel: true } }, unmerge: [] },
        project: PROJECT,
      }),
    });
    expect(await stored.json()).toMatchObject({ r: 'XY1' });
    await until(() => east.app.pushBroker.subscriberCount('u_1_1') >= 1, 'the followed sport watched on the east edge');
    await new Promise((r) => setTimeout(r, 100)); // the day lists seed what the game was
    const live = sim.state.matches.get('LiveKz01')!;
    const next: WorldState = {
      ...sim.state,
      version: 10,
      matches: new Map(sim.state.matches).set('LiveKz01', changeMatch(live, { homeScore: 3 }, 10)),
    };
    const facts: Fact[] = [{ seq: 10, time: T0, type: 'ScoreChanged', matchId: 'LiveKz01', score: { homeScore: 3 } }];
    sim.apply(next, facts);
    await until(() => frames.some((f) => f.subject === subject), 'the goal on the east edge');
    const body = frames.find((f) => f.subject === subject)!.body!;
    expect(parseNotification(body)).toMatchObject({ kind: 'goal', gameId: 'LiveKz01', score: '3-1' });
    ws.close();
  });
});
