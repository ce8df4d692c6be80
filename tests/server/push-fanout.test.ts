// Push fan-out in slices (server/push/gateway.ts, S7-23): a publish is framed once and written to its subscribers a
// slice at a time, with the event loop free between slices; every subscriber gets every message, in publish order
// across subjects, and one that leaves mid-fan-out is skipped without harming the others.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildServer } from '../../server/app';

const SLICE = 5;
const CLIENTS = 40;

let app: FastifyInstance | null = null;
const clients: WebSocket[] = [];

afterEach(async () => {
  for (const ws of clients.splice(0)) ws.terminate();
  await app?.close();
  app = null;
});

async function start() {
  const source = { fetch: async () => ({ status: 404, headers: {}, body: '0' }), onPush: () => () => {}, now: () => 0 };
  app = await buildServer({ feedSource: source, staticDir: null, push: { heartbeatMs: 0, fanOutSlice: SLICE } });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { server: app, wsUrl: `${url.replace('http', 'ws')}/push` };
}

async function until(condition: () => boolean, what: string, limitMs = 10_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A subscriber on `subjects`, recording `subject:body` of each message it gets. */
async function subscriber(url: string, subjects: string[]): Promise<{ ws: WebSocket; got: string[] }> {
  const ws = new WebSocket(url);
  clients.push(ws);
  const got: string[] = [];
  ws.on('message', (data) => {
    const { subject, body } = JSON.parse(data.toString()) as { subject: string; body: string };
    got.push(`${subject}:${body}`);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ subscribe: subjects }));
  return { ws, got };
}

describe('push fan-out in slices', () => {
  it('S7-23: every subscriber gets every message in publish order, and the loop runs between slices', async () => {
    const { server, wsUrl } = await start();
    const both = await Promise.all(Array.from({ length: CLIENTS }, () => subscriber(wsUrl, ['u_1_1', 'sys_1'])));
    const updatesOnly = await Promise.all(Array.from({ length: 7 }, () => subscriber(wsUrl, ['u_1_1'])));
    await until(
      () => server.pushBroker.subscriberCount('u_1_1') === 1 && server.pushBroker.subscriberCount('sys_1') === 1,
      'the gateway to subscribe',
    );
    // Wait until the gateway holds all of them (one broker subscription per subject, so count replies instead).
    server.pushBroker.publish('sys_1', 'probe');
    await until(() => both.every((c) => c.got.length === 1), 'the probe');
    for (const c of both) c.got.length = 0;

    const published: string[] = [];
    for (let i = 0; i < 4; i++) {
      server.pushBroker.publish('u_1_1', `u${i}`);
      server.pushBroker.publish('sys_1', `s${i}`);
      published.push(`u_1_1:u${i}`, `sys_1:s${i}`);
    }
    // 47 + 40 sockets per round at 5 a slice: far from all written when publish returns.
    expect(server.pushGateway?.pendingFanOuts()).toBeGreaterThan(1);
    let pendingWhenLoopRan = -1;
    setImmediate(() => {
      pendingWhenLoopRan = server.pushGateway?.pendingFanOuts() ?? -1;
    });
    await until(() => both.every((c) => c.got.length === published.length), 'every message at every subscriber');
    await until(() => updatesOnly.every((c) => c.got.length === 4), 'the updates at update-only subscribers');
    expect(pendingWhenLoopRan).toBeGreaterThan(0);
    expect(server.pushGateway?.pendingFanOuts()).toBe(0);
    for (const c of both) expect(c.got).toEqual(published);
    for (const c of updatesOnly) expect(c.got).toEqual(['u_1_1:u0', 'u_1_1:u1', 'u_1_1:u2', 'u_1_1:u3']);
  });

  it('S7-23: one that unsubscribed gets nothing, and a connection ending mid-fan-out does not stop it', async () => {
    const { server, wsUrl } = await start();
    const subs = await Promise.all(Array.from({ length: CLIENTS }, () => subscriber(wsUrl, ['u_1_1'])));
    server.pushBroker.publish('u_1_1', 'probe');
    await until(() => subs.every((c) => c.got.length === 1), 'the probe');
    const leaving = subs[subs.length - 1];
    // Messages are handled in order: once its sys_1 subscription shows, the unsubscribe before it is done.
    leaving.ws.send(JSON.stringify({ unsubscribe: ['u_1_1'] }));
    leaving.ws.send(JSON.stringify({ subscribe: ['sys_1'] }));
    await until(() => server.pushBroker.subscriberCount('sys_1') === 1, 'the unsubscribe to arrive');
    server.pushBroker.publish('u_1_1', 'after');
    subs[0].ws.terminate(); // the connection ends while the fan-out is under way: it goes on
    await until(() => subs.slice(1, -1).every((c) => c.got.length === 2), 'the message at the others');
    expect(leaving.got).toEqual(['u_1_1:probe']);
    for (const c of subs.slice(1, -1)) expect(c.got).toEqual(['u_1_1:probe', 'u_1_1:after']);
  });
});
