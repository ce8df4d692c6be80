// Compression over real HTTP (server/http/compression.ts): a body is compressed once per coding for any number of
// concurrent requests, Accept-Encoding is honoured (q=0 too), Vary and Content-Encoding are set, small bodies go
// as they are, a full compression queue answers uncompressed, and built files go pre-compressed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import type { ContentCoding } from '../../server/http/compressed-bodies';
import { createWorldFeedSource } from '../../server/world-feed-source';
import { FakeSimulation, soccerWorld, T0 } from './world-fixture';

const FSIGN = { 'x-fsign': 'SW9D1eZo' };
// One string object, as a feed source hands out until its feed changes.
const BIG = 'AA÷M001¬AD÷1767268800¬AE÷Үй командасы¬AF÷Қонақ командасы¬AG÷2¬AH÷1¬~'.repeat(4000);
const SMALL = 'x'.repeat(900);

interface Raw {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(raw: Raw): Buffer {
  const coding = raw.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(raw.body);
  if (coding === 'gzip') return gunzipSync(raw.body);
  return raw.body;
}

let dist: string;
let app: FastifyInstance;
let base: string;
const compressions: ContentCoding[] = [];

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'scores-precompressed-'));
  mkdirSync(join(dist, 'assets'));
  const script = 'console.log("built");\n'.repeat(500);
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dist, 'assets', 'app.js'), script);
  writeFileSync(join(dist, 'assets', 'app.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'assets', 'app.js.gz'), gzipSync(script));
  writeFileSync(join(dist, 'assets', 'plain.js'), script); // no pre-compressed forms
  app = await buildServer({
    feedSource: createWorldFeedSource(new FakeSimulation(soccerWorld()), { now: () => T0 }),
    staticDir: dist,
    push: false,
    compression: {
      compress: async (coding, bytes) => {
        compressions.push(coding);
        await new Promise((r) => setTimeout(r, 20)); // long enough for every concurrent request to arrive
        return coding === 'br' ? brotliCompressSync(bytes) : gzipSync(bytes);
      },
    },
    extraPlugins: [
      async (scope) => {
        scope.get('/v3/big', async (_request, reply) => reply.type('text/plain; charset=utf-8').send(BIG));
        scope.get('/v3/small', async (_request, reply) => reply.type('text/plain; charset=utf-8').send(SMALL));
        scope.get('/v3/image', async (_request, reply) => reply.type('image/png').send('p'.repeat(4096)));
      },
    ],
  });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('compression over HTTP', () => {
  it('50 concurrent requests for one body share one compression per coding, and decode to the exact bytes', async () => {
    compressions.length = 0;
    const [brs, gzips] = await Promise.all([
      Promise.all(Array.from({ length: 25 }, () => get(base, '/v3/big', { 'accept-encoding': 'br' }))),
      Promise.all(Array.from({ length: 25 }, () => get(base, '/v3/big', { 'accept-encoding': 'gzip' }))),
    ]);
    expect(compressions.sort()).toEqual(['br', 'gzip']);
    const original = Buffer.from(BIG);
    for (const raw of brs) {
      expect(raw.headers['content-encoding']).toBe('br');
      expect(decoded(raw).equals(original)).toBe(true);
    }
    for (const raw of gzips) {
      expect(raw.headers['content-encoding']).toBe('gzip');
      expect(decoded(raw).equals(original)).toBe(true);
    }
    // Later requests come from the cache.
    await get(base, '/v3/big', { 'accept-encoding': 'gzip, deflate, br' });
    expect(compressions.length).toBe(2);
  });

  it('Accept-Encoding is honoured, q=0 included; Vary and Content-Encoding are set', async () => {
    const cases: [string | undefined, string | undefined][] = [
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0.4, br;q=0.2', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
      ['identity', undefined],
      ['deflate', undefined],
      [undefined, undefined],
    ];
    const original = Buffer.from(BIG);
    for (const [accept, expected] of cases) {
      const raw = await get(base, '/v3/big', accept === undefined ? {} : { 'accept-encoding': accept });
      expect([accept, raw.status, raw.headers['content-encoding']]).toEqual([accept, 200, expected]);
      expect([accept, raw.headers.vary]).toEqual([accept, 'Accept-Encoding']);
      expect(Number(raw.headers['content-length'])).toBe(raw.body.length);
      expect(decoded(raw).equals(original)).toBe(true);
    }
  });

  it('bodies under 1 KB and types that do not compress are sent as they are', async () => {
    const small = await get(base, '/v3/small', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe(SMALL);
    const image = await get(base, '/v3/image', { 'accept-encoding': 'br, gzip' });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers.vary).toBeUndefined();
    expect(image.body.length).toBe(4096);
  });

  it('a feed is compressed with Vary and Content-Encoding', async () => {
    const identity = await get(base, '/47/x/feed/f_1_0_5_kk_1', FSIGN);
    expect(identity.body.length).toBeGreaterThan(1024);
    const br = await get(base, '/47/x/feed/f_1_0_5_kk_1', { ...FSIGN, 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(decoded(br).equals(identity.body)).toBe(true);
  });

  it('built files are sent pre-compressed when asked, with Vary; a file without .br/.gz goes as it is', async () => {
    const script = 'console.log("built");\n'.repeat(500);
    const br = await get(base, '/assets/app.js', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(decoded(br).toString()).toBe(script);
    const gzip = await get(base, '/assets/app.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip).toString()).toBe(script);
    const identity = await get(base, '/assets/app.js');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString()).toBe(script);
    const before = compressions.length;
    const plain = await get(base, '/assets/plain.js', { 'accept-encoding': 'br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(compressions.length).toBe(before); // never compressed per request
  });
});

describe('bounded compression', () => {
  it('with the queue full, a request for another body is answered at once, uncompressed', async () => {
    const held: (() => void)[] = [];
    const bodies = ['first', 'second', 'third'].map((name) => `${name}:${'feed body '.repeat(400)}`);
    const server = await buildServer({
      feedSource: createWorldFeedSource(new FakeSimulation(soccerWorld()), { now: () => T0 }),
      staticDir: null,
      push: false,
      compression: {
        maxInFlight: 1,
        maxQueued: 1,
        compress: (_coding, bytes) =>
          new Promise((resolve) => {
            held.push(() => resolve(gzipSync(bytes)));
          }),
      },
      extraPlugins: [
        async (scope) => {
          scope.get<{ Params: { n: string } }>('/v3/body/:n', async (request, reply) =>
            reply.type('text/plain; charset=utf-8').send(bodies[Number(request.params.n)]),
          );
        },
      ],
    });
    const url = await server.listen({ host: '127.0.0.1', port: 0 });
    try {
      const running = get(url, '/v3/body/0', { 'accept-encoding': 'gzip' });
      const queued = get(url, '/v3/body/1', { 'accept-encoding': 'gzip' });
      while (held.length < 1) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, 50)); // the second has arrived and waits
      const refused = await get(url, '/v3/body/2', { 'accept-encoding': 'gzip' });
      expect(refused.headers['content-encoding']).toBeUndefined();
      expect(refused.headers.vary).toBe('Accept-Encoding');
      expect(refused.body.toString()).toBe(bodies[2]);
      held[0]();
      while (held.length < 2) await new Promise((r) => setTimeout(r, 5));
      held[1]();
      const [first, second] = await Promise.all([running, queued]);
      expect(first.headers['content-encoding']).toBe('gzip');
      expect(decoded(first).toString()).toBe(bodies[0]);
      expect(second.headers['content-encoding']).toBe('gzip');
      expect(decoded(second).toString()).toBe(bodies[1]);
    } finally {
      await server.close();
    }
  });
});
