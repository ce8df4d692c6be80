// The personal push over a real WebSocket on loopback (S7-23 lsid_, A7-23, A6-1): the server with the account
// service pushes a logged-in visitor's followed games' goals on their own subject, only after their session
// proves who they are; someone else's subject, a subject without proof or with a dead session is refused.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createWebSocketPush, type WebSocketLike } from '../../machines/push-client';
import { parseNotification } from '../../src/domain/notification-rules';
import { lsidSubject } from '../../src/protocol/push-subjects';
import type { Fact } from '../../sim/facts';
import type { WorldState } from '../../sim/world/state';
import { type AccountServiceHandle, accountExtraPlugin } from '../../server/account/plugin';
import { sha256Hex } from '../../server/account/security/tokens';
import { buildServer } from '../../server/app';
import { createWorldFeedSource } from '../../server/world-feed-source';
import { changeMatch, FakeSimulation, soccerWorld, T0 } from './world-fixture';

const NS = 'kz-scores';
const PROJECT = 47;

let app: FastifyInstance | null = null;
let dir: string | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

interface Account {
  readonly id: string;
  readonly hash: string;
  readonly subject: string;
}

async function start(personalRecheckMs?: number) {
  dir = mkdtempSync(join(tmpdir(), 'personal-push-'));
  const sim = new FakeSimulation(soccerWorld());
  const source = createWorldFeedSource(sim, { now: () => T0 });
  let handle: AccountServiceHandle | null = null;
  app = await buildServer({
    feedSource: source,
    staticDir: null,
    push: { heartbeatMs: 0, personalRecheckMs },
    extraPlugins: [
      accountExtraPlugin({
        dbFile: join(dir, 'accounts.sqlite'),
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
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const db = handle!.db;
  /** A user with a live session, following `games` (S3-58 server form). */
  const account = async (id: string, games: readonly string[]): Promise<Account> => {
    const hash = `${id}-session-token`;
    await db
      .insertInto('users')
      .values({
        id,
        namespace: NS,
        email: `${id}@example.kz`,
        email_key: `${id}@example.kz`,
        name: id,
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
    const data = {
      mygames: { data: Object.fromEntries(games.map((g) => [g, { AD: 0, AP: 0, MG: '0', is_duel: true }])) },
    };
    await db
      .insertInto('user_data')
      .values({
        user_id: id,
        project_id: PROJECT,
        data: JSON.stringify(data),
        private_data: '{}',
        version: 1,
        updated_at: T0,
      })
      .execute();
    return { id, hash, subject: lsidSubject(id, NS) };
  };
  return { sim, url, wsUrl: `${url.replace('http', 'ws')}/push`, server: app, account, db };
}

function open(url: string): Promise<{ ws: WebSocket; frames: unknown[] }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const frames: unknown[] = [];
    ws.on('message', (data) => frames.push(JSON.parse(String(data))));
    ws.once('open', () => resolve({ ws, frames }));
    ws.once('error', reject);
  });
}

async function until(condition: () => boolean, what: string, limitMs = 5000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

function goal(state: WorldState, version: number, homeScore: number): [WorldState, Fact[]] {
  const live = state.matches.get('LiveKz01')!;
  const next = changeMatch(live, { homeScore }, version);
  return [
    { ...state, version, matches: new Map(state.matches).set(next.id, next) },
    [{ seq: version, time: T0, type: 'ScoreChanged', matchId: 'LiveKz01', score: { homeScore } }],
  ];
}

const bodiesOn = (frames: unknown[], subject: string) =>
  frames.flatMap((f) => {
    const frame = f as { subject?: string; body?: string };
    return frame.subject === subject && typeof frame.body === 'string' ? [frame.body] : [];
  });

describe('personal push (S7-23 lsid_)', () => {
  it('S7-23 A7-23: with its session’s proof an account gets its followed game’s goal on its own subject, as a notification', async () => {
    const { sim, wsUrl, server, account } = await start();
    const ada = await account('ada0001', ['g_1_LiveKz01']);
    const { ws, frames } = await open(wsUrl);
    ws.send(JSON.stringify({ auth: { id: ada.id, hash: ada.hash }, subscribe: [ada.subject] }));
    await until(() => server.pushBroker.subscriberCount(ada.subject) === 1, 'personal subscription');
    await until(() => server.pushBroker.subscriberCount('u_1_1') >= 1, 'the followed sport watched');
    await new Promise((r) => setTimeout(r, 50)); // the day lists seeded what the game was
    sim.apply(...goal(sim.state, 10, 3));
    await until(() => bodiesOn(frames, ada.subject).length === 1, 'the goal');
    const notification = parseNotification(bodiesOn(frames, ada.subject)[0]);
    expect(notification).toMatchObject({ kind: 'goal', gameId: 'LiveKz01', sportId: 1, score: '3-1', timestamp: T0 });
    expect(notification?.home).toBe('Қайрат');
    expect(notification?.label).toBe('ҚАЗАҚСТАН: Премьер-лига');
    ws.close();
  });

  it('S7-23: the page’s push client, given the account’s proof, subscribes the subject and hears the goal', async () => {
    const { sim, wsUrl, server, account } = await start();
    const ada = await account('ada0001', ['g_1_LiveKz01']);
    const push = createWebSocketPush({
      url: wsUrl,
      connect: (url) => new WebSocket(url) as unknown as WebSocketLike,
      auth: { id: ada.id, hash: ada.hash },
    });
    const bodies: string[] = [];
    const stop = push.subscribe([ada.subject], (message) => bodies.push(message.body));
    await until(() => server.pushBroker.subscriberCount('u_1_1') >= 1, 'the followed sport watched');
    await new Promise((r) => setTimeout(r, 50));
    sim.apply(...goal(sim.state, 10, 3));
    await until(() => bodies.length === 1, 'the goal');
    expect(parseNotification(bodies[0])).toMatchObject({ kind: 'goal', gameId: 'LiveKz01', score: '3-1' });
    stop();
  });

  it('S7-23: someone else’s subject is refused, even with a valid session of one’s own; so is one without proof or with a dead session', async () => {
    const { sim, wsUrl, server, account } = await start();
    const ada = await account('ada0001', ['g_1_LiveKz01']);
    const bob = await account('bob0002', ['g_1_LiveKz01']);
    const { ws, frames } = await open(wsUrl);
    // Bob's own session, Ada's subject.
    ws.send(JSON.stringify({ auth: { id: bob.id, hash: bob.hash }, subscribe: [ada.subject] }));
    await until(() => frames.some((f) => (f as { refused?: string }).refused === ada.subject), 'the refusal');
    // Ada's id with Bob's hash: not a session of hers.
    const forged = await open(wsUrl);
    forged.ws.send(JSON.stringify({ auth: { id: ada.id, hash: bob.hash }, subscribe: [ada.subject] }));
    await until(() => forged.frames.length === 1, 'the forged refusal');
    // No proof at all.
    const bare = await open(wsUrl);
    bare.ws.send(JSON.stringify({ subscribe: [ada.subject] }));
    await until(() => bare.frames.length === 1, 'the bare refusal');
    expect([forged.frames, bare.frames]).toEqual([[{ refused: ada.subject }], [{ refused: ada.subject }]]);
    expect(server.pushBroker.subscriberCount(ada.subject)).toBe(0);
    sim.apply(...goal(sim.state, 10, 3));
    await new Promise((r) => setTimeout(r, 50));
    expect(bodiesOn([...frames, ...forged.frames, ...bare.frames], ada.subject)).toEqual([]);
    for (const socket of [ws, forged.ws, bare.ws]) socket.close();
  });

  it('A6-1: a session that ended (logged out) proves nothing', async () => {
    const { wsUrl, server, account, db } = await start();
    const ada = await account('ada0001', ['g_1_LiveKz01']);
    await db.deleteFrom('sessions').where('user_id', '=', ada.id).execute();
    const { ws, frames } = await open(wsUrl);
    ws.send(JSON.stringify({ auth: { id: ada.id, hash: ada.hash }, subscribe: [ada.subject] }));
    await until(() => frames.length === 1, 'the refusal');
    expect(frames).toEqual([{ refused: ada.subject }]);
    expect(server.pushBroker.subscriberCount(ada.subject)).toBe(0);
    ws.close();
  });

  it('A6-1: a held subject whose session ends (a logout) is refused at the next check and gets nothing more', async () => {
    const { sim, wsUrl, server, account, db } = await start(50);
    const ada = await account('ada0001', ['g_1_LiveKz01']);
    const { ws, frames } = await open(wsUrl);
    ws.send(JSON.stringify({ auth: { id: ada.id, hash: ada.hash }, subscribe: [ada.subject] }));
    await until(() => server.pushBroker.subscriberCount(ada.subject) === 1, 'personal subscription');
    await new Promise((r) => setTimeout(r, 120)); // checked again while the session lives: kept
    expect(server.pushBroker.subscriberCount(ada.subject)).toBe(1);
    await db.deleteFrom('sessions').where('user_id', '=', ada.id).execute();
    await until(() => frames.some((f) => (f as { refused?: string }).refused === ada.subject), 'the refusal');
    expect(server.pushBroker.subscriberCount(ada.subject)).toBe(0);
    sim.apply(...goal(sim.state, 10, 3));
    await new Promise((r) => setTimeout(r, 50));
    expect(bodiesOn(frames, ada.subject)).toEqual([]);
    ws.close();
  });

  it('A7-11: a game followed after subscribing is pushed once the account’s data says so; a game not followed is not', async () => {
    const { sim, url, wsUrl, server, account } = await start();
    const ada = await account('ada0001', []);
    const { ws, frames } = await open(wsUrl);
    ws.send(JSON.stringify({ auth: { id: ada.id, hash: ada.hash }, subscribe: [ada.subject] }));
    await until(() => server.pushBroker.subscriberCount(ada.subject) === 1, 'personal subscription');
    sim.apply(...goal(sim.state, 10, 3));
    await new Promise((r) => setTimeout(r, 50));
    expect(bodiesOn(frames, ada.subject)).toEqual([]);
    const stored = await fetch(`${url}/v3/storemergeddata`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        loggedIn: { id: ada.id, hash: ada.hash },
        project: PROJECT,
        key: 'data',
        dataDiff: {
          merge: { mygames: { data: { g_1_LiveKz01: { AD: 0, AP: 0, MG: '0', is_duel: true } } } },
          unmerge: [],
        },
      }),
    });
    expect(await stored.json()).not.toHaveProperty('err');
    await until(() => server.pushBroker.subscriberCount('u_1_1') >= 1, 'the followed sport watched');
    await new Promise((r) => setTimeout(r, 50));
    sim.apply(...goal(sim.state, 11, 4));
    await until(() => bodiesOn(frames, ada.subject).length === 1, 'the goal');
    expect(parseNotification(bodiesOn(frames, ada.subject)[0])?.score).toBe('4-1');
    ws.close();
  });
});
