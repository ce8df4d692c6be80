// The push gateway over a real WebSocket on loopback (S7-23, S8-3): subscribe, receive an update
// when the world advances, unsubscribe; slow subscribers are dropped; bad input and abrupt
// disconnects do not hurt the server.
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { parseListFeed } from '../../src/protocol/list-feed';
import type { Fact } from '../../sim/facts';
import type { WorldState } from '../../sim/world/state';
import { buildServer } from '../../server/app';
import { createWorldFeedSource } from '../../server/world-feed-source';
import { changeMatch, FakeSimulation, soccerWorld, T0 } from './world-fixture';

let app: FastifyInstance | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

async function start(maxBufferedBytes?: number) {
  const sim = new FakeSimulation(soccerWorld());
  const source = createWorldFeedSource(sim, { now: () => T0 });
  app = await buildServer({ feedSource: source, staticDir: null, push: { maxBufferedBytes, heartbeatMs: 0 } });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { sim, url, wsUrl: `${url.replace('http', 'ws')}/push`, server: app };
}

/** Waits (bounded) until a condition holds; the gateway handles client messages asynchronously. */
async function until(condition: () => boolean, what: string, limitMs = 5000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

function goal(state: WorldState, version: number, homeScore: number): [WorldState, Fact[]] {
  const live = state.matches.get('LiveKz01');
  if (!live) throw new Error('fixture');
  const next = changeMatch(live, { homeScore }, version);
  return [
    { ...state, version, matches: new Map(state.matches).set(next.id, next) },
    [{ seq: version, time: T0, type: 'ScoreChanged', matchId: 'LiveKz01', score: { homeScore } }],
  ];
}

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** A WebSocket client written by hand on a raw socket, so a test can stop reading or vanish mid-stream. */
function rawWebSocket(url: string): Promise<Socket> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(
        'GET /push HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    socket.once('data', (chunk) => (chunk.toString().startsWith('HTTP/1.1 101') ? resolve(socket) : reject(chunk)));
    socket.on('error', () => {});
  });
}

/** A masked client text frame (RFC 6455 §5.2). */
function clientFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const mask = randomBytes(4);
  const header =
    payload.length < 126
      ? Buffer.from([0x81, 0x80 | payload.length])
      : Buffer.from([0x81, 0x80 | 126, payload.length >> 8, payload.length & 255]);
  const masked = Buffer.from(payload.map((b, i) => b ^ (mask[i % 4] ?? 0)));
  return Buffer.concat([header, mask, masked]);
}

describe('push gateway (S7-23)', () => {
  it('S7-23 subscribe to u_1_1, receive the update when the world advances, unsubscribe', async () => {
    const { sim, wsUrl, server } = await start();
    const ws = await open(wsUrl);
    const received: { subject: string; body: string }[] = [];
    ws.on('message', (data) => received.push(JSON.parse(data.toString())));
    ws.send(JSON.stringify({ subscribe: ['u_1_1', 'games_kk_LiveKz01'] }));
    await until(() => server.pushBroker.subscriberCount('u_1_1') === 1, 'subscription');

    sim.apply(...goal(sim.state, 10, 3));
    await until(() => received.length >= 2, 'two messages');
    expect(received.map((m) => m.subject)).toEqual(['u_1_1', 'games_kk_LiveKz01']);
    expect(parseListFeed(received[0]?.body ?? '').events).toEqual([
      { id: 'LiveKz01', sportId: 1, leagueId: null, homeScore: 3 },
    ]);

    ws.send(JSON.stringify({ unsubscribe: ['u_1_1'] }));
    await until(() => server.pushBroker.subscriberCount('u_1_1') === 0, 'unsubscription');
    received.length = 0;
    sim.apply(...goal(sim.state, 11, 4));
    // games_ is still subscribed: once it arrives, any u_1_1 message would have come before it.
    await until(() => received.length >= 1, 'games message');
    expect(received.map((m) => m.subject)).toEqual(['games_kk_LiveKz01']);
    ws.close();
  });

  it('S8-3 a subscriber that stops reading is dropped instead of buffered without bound', async () => {
    const { wsUrl, server } = await start(64 * 1024);
    const slow = await rawWebSocket(wsUrl);
    slow.write(clientFrame(JSON.stringify({ subscribe: ['sys_1'] })));
    await until(() => server.pushBroker.subscriberCount('sys_1') === 1, 'subscription');
    slow.pause(); // never reads again
    const closed = new Promise<void>((resolve) => slow.once('close', () => resolve()));
    const big = 'x'.repeat(256 * 1024);
    for (let i = 0; i < 400 && (server.pushGateway?.droppedSlowCount() ?? 0) === 0; i++) {
      server.pushBroker.publish('sys_1', big);
      await new Promise((r) => setImmediate(r));
    }
    expect(server.pushGateway?.droppedSlowCount()).toBe(1);
    expect(server.pushBroker.subscriberCount('sys_1')).toBe(0);
    slow.resume();
    await closed;
  });

  it('S8-2 malformed messages, oversized frames and abrupt disconnects leave the gateway serving others', async () => {
    const { wsUrl, server, sim } = await start();
    const bad = await open(wsUrl);
    bad.on('error', () => {});
    for (const text of [
      'not json',
      '[]',
      '{"subscribe": "u_1_1"}',
      '{"subscribe": [1, null, "bad subject!"]}',
      'null',
    ]) {
      bad.send(text);
    }
    bad.send(Buffer.from([1, 2, 3]), { binary: true });
    const badClosed = new Promise((resolve) => bad.once('close', resolve));
    bad.send('x'.repeat(100 * 1024)); // above the client message limit: the gateway closes it
    await badClosed;

    const vanishing = await rawWebSocket(wsUrl);
    vanishing.write(clientFrame(JSON.stringify({ subscribe: ['u_1_1'] })));
    await until(() => server.pushBroker.subscriberCount('u_1_1') === 1, 'raw subscription');
    vanishing.destroy();
    await until(() => server.pushBroker.subscriberCount('u_1_1') === 0, 'cleanup after disconnect');

    const good = await open(wsUrl);
    const received: string[] = [];
    good.on('message', (data) => received.push(JSON.parse(data.toString()).subject));
    good.send(JSON.stringify({ subscribe: ['u_1_1'] }));
    await until(() => server.pushBroker.subscriberCount('u_1_1') === 1, 'good subscription');
    sim.apply(...goal(sim.state, 10, 3));
    await until(() => received.length === 1, 'update');
    expect(received).toEqual(['u_1_1']);
    expect(server.pushGateway?.clientCount()).toBe(1);
    good.close();
  });
});
