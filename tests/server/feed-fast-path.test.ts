// The feed fast path (server/http/feed-fast-path.ts) under `scores serve`: the common feed answers are written
// without Fastify, and they are the answers Fastify gives, byte for byte: status, every header but the connection's,
// and body, in each coding, revalidated (304) or not, with the server's Date (S7-21); whatever it does not take
// (X-GeoIP, S7-17; HEAD; no x-fsign, S7-1; unknown names, S8-1; update signatures, S7-19) Fastify answers as before.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseListFeed } from '../../src/protocol/list-feed';
import { startWorldServer, type WorldServer } from '../../server/world-server';

const START = Date.UTC(2026, 8, 2, 12, 0, 0);
const FSIGN = { 'x-fsign': 'SW9D1eZo' };
const DAY_LIST = '/47/x/feed/f_1_0_5_kk_1';
const CONNECTION = new Set(['connection', 'keep-alive', 'transfer-encoding']);
let server: WorldServer;
let real = 1_000_000;

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Buffer;
}

function overHttp(path: string, headers: Record<string, string>, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { headers, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: comparable(res.headers), body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** The same request through Fastify alone (inject never passes the server's request listener). */
async function throughFastify(path: string, headers: Record<string, string>, method: 'GET' | 'HEAD' = 'GET') {
  const answer = await server.app.inject({ method, url: path, headers });
  return { status: answer.statusCode, headers: comparable(answer.headers), body: answer.rawPayload };
}

/** Status, headers and body compared (bodies with Buffer.equals: a deep equal walks 1.3 MB byte by byte). */
function expectSame(fast: Answer, slow: Answer): void {
  expect({ status: fast.status, headers: fast.headers }).toEqual({ status: slow.status, headers: slow.headers });
  expect(fast.body.equals(slow.body)).toBe(true);
}

function comparable(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!CONNECTION.has(name) && value !== undefined) out[name] = String(value);
  }
  return out;
}

beforeAll(async () => {
  server = await startWorldServer({
    port: 0,
    host: '127.0.0.1',
    seed: 7,
    speed: 60,
    startTime: START,
    sports: [1],
    pastDays: 0,
    futureDays: 1,
    staticDir: null,
    realNow: () => real,
    tickMs: 60_000,
  });
});

afterAll(async () => {
  await server?.stop();
});

describe('feed fast path', () => {
  it('S7-21: a day list in every coding, and its 304, are the answers Fastify gives', async () => {
    const before = await fastAnswers();
    const codings: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'gzip, deflate, br, zstd' },
      { 'accept-encoding': 'gzip' },
    ];
    for (const extra of codings) {
      const headers = { ...FSIGN, ...extra };
      const slow = await throughFastify(DAY_LIST, headers); // first: makes the compressed bytes
      const fast = await overHttp(DAY_LIST, headers);
      expectSame(fast, slow);
      expect(fast.status).toBe(200);
      expect(fast.headers.date).toBe(new Date(START).toUTCString());
      const revalidate = { ...headers, 'if-none-match': fast.headers.etag };
      const fast304 = await overHttp(DAY_LIST, revalidate);
      expect(fast304.status).toBe(304);
      expectSame(fast304, await throughFastify(DAY_LIST, revalidate));
    }
    expect((await fastAnswers()) - before).toBe(6); // all six went by the fast path
  });

  it('S7-19: an update feed for a client behind is the answer Fastify gives', async () => {
    const list = parseListFeed((await overHttp(DAY_LIST, FSIGN)).body.toString());
    real += 10_000; // ten real seconds at 60x: the world moves on and the client is behind
    server.tick();
    const headers = { ...FSIGN, 'accept-encoding': 'br', 'x-signature': list.signature ?? '' };
    const fast = await overHttp('/47/x/feed/u_1_1', headers);
    expect(fast.status).toBe(200);
    expectSame(fast, await throughFastify('/47/x/feed/u_1_1', headers));
  });

  it('S7-17 S7-1 S8-1: what the fast path leaves to Fastify is answered as before', async () => {
    const before = await fastAnswers();
    const geo = await overHttp(DAY_LIST, { ...FSIGN, 'x-geoip': '1' });
    expect(geo.status).toBe(200);
    expect(geo.headers['x-geoip-country-code']).toBe('KZ');
    expect((await overHttp(DAY_LIST, {})).status).toBe(401);
    expect((await overHttp('/47/x/feed/nonsense', FSIGN)).status).toBe(404);
    expect((await overHttp('/47/x/feed/df_su_1_NoSuch01', FSIGN)).status).toBe(404);
    const head = await overHttp(DAY_LIST, FSIGN, 'HEAD');
    expectSame(head, await throughFastify(DAY_LIST, FSIGN, 'HEAD'));
    expect((await fastAnswers()) - before).toBe(0);
  });
});

/** How many answers the fast path wrote so far, read from the server's own count. */
async function fastAnswers(): Promise<number> {
  const answered = server.fastPath?.answered();
  if (answered === undefined) throw new Error('the world server does not expose its fast path');
  return answered;
}
