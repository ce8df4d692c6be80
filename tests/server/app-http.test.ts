// The feed gateway over loopback with real fetch (A7-21, S7-1, S7-16…S7-21, S8-1): auth, 404 body
// `0`, Date header, geo headers, compression, 304, static client and odd input.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseListFeed } from '../../src/protocol/list-feed';
import { buildServer } from '../../server/app';
import { createWorldFeedSource } from '../../server/world-feed-source';
import { FakeSimulation, soccerWorld, T0 } from './world-fixture';

const FSIGN = { 'x-fsign': 'SW9D1eZo' };

let app: FastifyInstance;
let base: string;
let emptyDir: string;

beforeAll(async () => {
  emptyDir = mkdtempSync(join(tmpdir(), 'scores-nodist-'));
  const source = createWorldFeedSource(new FakeSimulation(soccerWorld()), { now: () => T0 + 1500 });
  app = await buildServer({
    feedSource: source,
    staticDir: emptyDir,
    push: false,
    extraPlugins: [
      async (scope) => {
        scope.get('/v3/ping', async () => ({ ok: true }));
      },
    ],
  });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app.close();
  rmSync(emptyDir, { recursive: true, force: true });
});

/** Sends raw bytes and resolves with whatever the server answers before closing (or a timeout). */
function raw(payload: string, waitMs = 2000): Promise<string> {
  const { port } = new URL(base);
  return new Promise((resolve) => {
    let data = '';
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(payload));
    const timer = setTimeout(() => socket.destroy(), waitMs);
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(data);
    });
  });
}

describe('feed gateway (A7-21)', () => {
  it('A7-21 S7-1 a feed without x-fsign, or with a wrong one, is refused with 401', async () => {
    expect((await fetch(`${base}/47/x/feed/f_1_0_5_kk_1`)).status).toBe(401);
    expect((await fetch(`${base}/47/x/feed/f_1_0_5_kk_1`, { headers: { 'x-fsign': 'nope' } })).status).toBe(401);
  });

  it('A7-21 S7-2 with x-fsign the full feed is served and parses into the world', async () => {
    const response = await fetch(`${base}/47/x/feed/f_1_0_5_kk_1`, { headers: FSIGN });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const feed = parseListFeed(await response.text());
    expect(feed.events.map((e) => e.id).sort()).toEqual(['DoneKz01', 'LaterEn1', 'LiveKz01']);
  });

  it('S8-1 unknown or malformed feed names answer 404 with body 0', async () => {
    for (const name of ['f_1', 'zzz_1_1', 'f_1_0_5_kk_1_extra', 'f_x_0_5_kk_1', `f_${'9'.repeat(150)}`, '%FF%FE']) {
      const response = await fetch(`${base}/47/x/feed/${name}`, { headers: FSIGN });
      expect([name, response.status, await response.text()]).toEqual([name, 404, '0']);
    }
  });

  it('S7-21 the Date header carries server (virtual) time', async () => {
    const response = await fetch(`${base}/47/x/feed/sys_1`, { headers: FSIGN });
    // The source's clock is T0 + 1.5 s; HTTP dates have whole seconds.
    expect(response.headers.get('date')).toBe(new Date(T0 + 1000).toUTCString());
  });

  it('S7-17 S7-21 A7-22 X-GeoIP: 1 gets the geo headers, without it none', async () => {
    const geo = await fetch(`${base}/47/x/feed/sys_1`, { headers: { ...FSIGN, 'x-geoip': '1' } });
    expect(geo.headers.get('x-geoip-country-code')).toBe('KZ');
    expect(geo.headers.get('x-geoip-city-name')).toBe('Almaty');
    expect(geo.headers.get('x-geoip-subdivision-name-0')).toBe('Almaty');
    expect(geo.headers.get('x-geoip-subdivision-code-0')).toBe('75');
    expect(geo.headers.get('x-geoip-iso-subdivision-code-0')).toBe('KZ75');
    expect(geo.headers.has('x-geoip-subdivision-name-1')).toBe(true);
    const plain = await fetch(`${base}/47/x/feed/sys_1`, { headers: FSIGN });
    expect(plain.headers.get('x-geoip-country-code')).toBeNull();
  });

  it('S7-19 u_ with the current signature in X-Signature answers 304 with an empty body', async () => {
    const full = parseListFeed(await (await fetch(`${base}/47/x/feed/f_1_0_5_kk_1`, { headers: FSIGN })).text());
    const response = await fetch(`${base}/47/x/feed/u_1_1`, {
      headers: { ...FSIGN, 'x-signature': full.signature ?? '' },
    });
    expect(response.status).toBe(304);
    expect(await response.text()).toBe('');
  });

  it('S7-1 gzip and brotli are negotiated and decode to the same body', async () => {
    const { request } = await import('node:http');
    const get = (encoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        const req = request(`${base}/47/x/feed/f_1_0_5_kk_1`, { headers: { ...FSIGN, 'accept-encoding': encoding } });
        req.on('response', (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
        });
        req.on('error', reject);
        req.end();
      });
    const identity = await get('identity');
    const gzip = await get('gzip');
    const br = await get('br');
    expect(identity.encoding).toBeUndefined();
    expect(gzip.encoding).toBe('gzip');
    expect(br.encoding).toBe('br');
    expect(gunzipSync(gzip.body).toString()).toBe(identity.body.toString());
    expect(brotliDecompressSync(br.body).toString()).toBe(identity.body.toString());
  });

  it('extra plugins are registered (the account service plugs in this way)', async () => {
    expect(await (await fetch(`${base}/v3/ping`)).json()).toEqual({ ok: true });
  });
});

describe('static client', () => {
  it('S2-1 without a built client /kz/* answers a page listing the live matches', async () => {
    const response = await fetch(`${base}/kz/football/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('npm run build');
    expect(html).toContain('Қайрат');
    expect(html).not.toContain('Тобыл'); // finished, not live
  });

  it('S2-1 with dist/ the files are served and /kz/* falls back to index.html', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'scores-dist-'));
    await mkdir(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    const server = await buildServer({
      feedSource: createWorldFeedSource(new FakeSimulation(soccerWorld()), { now: () => T0 }),
      staticDir: dist,
      push: false,
    });
    const url = await server.listen({ host: '127.0.0.1', port: 0 });
    try {
      expect(await (await fetch(`${url}/kz/football/match/abc`)).text()).toContain('<title>app</title>');
      expect(await (await fetch(`${url}/kz`)).text()).toContain('<title>app</title>');
      expect(await (await fetch(`${url}/assets/app.js`)).text()).toBe('console.log(1)');
      expect((await fetch(`${url}/nothing-here`)).status).toBe(404);
      expect((await fetch(`${url}/`, { redirect: 'manual' })).headers.get('location')).toBe('/kz/');
    } finally {
      await server.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('odd input never crashes the server (S8-2)', () => {
  it('S8-2 garbage, oversized headers, bad request lines and abrupt disconnects', async () => {
    expect(await raw('this is not http\r\n\r\n')).toMatch(/^HTTP\/1\.1 400/);
    const huge = `GET /47/x/feed/sys_1 HTTP/1.1\r\nHost: x\r\nx-fsign: SW9D1eZo\r\nx-big: ${'a'.repeat(40_000)}\r\n\r\n`;
    expect(await raw(huge)).toMatch(/^HTTP\/1\.1 431/);
    expect(
      await raw('GET /47/x/feed/sys_1 HTTP/1.1\r\nHost: x\r\nx-fsign: SW9D1eZo\r\nbad header line\r\n\r\n'),
    ).toMatch(/^HTTP\/1\.1 400/);
    // Half a request, then the socket vanishes.
    await raw('GET /47/x/feed/f_1_0_5_kk_1 HTTP/1.1\r\nHost: x\r\nx-fs', 50);
    // A body on a GET larger than the limit.
    const big = await fetch(`${base}/47/x/feed/sys_1`, {
      method: 'POST',
      headers: { ...FSIGN, 'content-type': 'application/json' },
      body: 'x'.repeat(2 * 1024 * 1024),
    }).catch(() => null);
    expect(big === null || big.status >= 400).toBe(true);
    // Still serving.
    expect((await fetch(`${base}/47/x/feed/sys_1`, { headers: FSIGN })).status).toBe(200);
  });
});
