// Feed answers as stored bytes over real HTTP (server/http/compression.ts, server/world-feed/responses.ts): each
// version has a strong ETag per coding, If-None-Match naming it is answered 304 (S4-6: the client takes 304 as no
// new data) with the validator, Cache-Control, Vary and the server's Date (S7-21), a new version gets a new tag, and
// answers marked no-store carry none.
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fact } from '../../sim/facts';
import type { WorldState } from '../../sim/world/state';
import { buildServer } from '../../server/app';
import { matchingTag } from '../../server/http/compression';
import { createWorldFeedSource } from '../../server/world-feed-source';
import { changeMatch, FakeSimulation, soccerWorld, T0 } from './world-fixture';

const FSIGN = { 'x-fsign': 'SW9D1eZo' };
const DAY_LIST = '/47/x/feed/f_1_0_5_kk_1';
const API_TEXT = 'private answer '.repeat(200);

interface Raw {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(raw: Raw): string {
  const coding = raw.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(raw.body).toString();
  if (coding === 'gzip') return gunzipSync(raw.body).toString();
  return raw.body.toString();
}

function goalWorld(state: WorldState, version: number, homeScore: number): WorldState {
  const live = state.matches.get('LiveKz01');
  if (!live) throw new Error('fixture');
  const next = changeMatch(live, { homeScore }, version);
  return { ...state, version, matches: new Map(state.matches).set(next.id, next) };
}

const goal = (seq: number, homeScore: number): Fact => ({
  seq,
  time: T0,
  type: 'ScoreChanged',
  matchId: 'LiveKz01',
  score: { homeScore },
});

let app: FastifyInstance;
let base: string;
const sim = new FakeSimulation(soccerWorld());

beforeAll(async () => {
  app = await buildServer({
    feedSource: createWorldFeedSource(sim, { now: () => T0 }),
    staticDir: null,
    push: false,
    extraPlugins: [
      async (scope) => {
        scope.get('/v3/private', async (_request, reply) =>
          reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(API_TEXT),
        );
      },
    ],
  });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app?.close();
});

describe('feed validators over HTTP', () => {
  it('S4-6: a day list has a strong ETag per coding; If-None-Match naming it gets 304 with no body', async () => {
    const identity = await get(DAY_LIST, FSIGN);
    const br = await get(DAY_LIST, { ...FSIGN, 'accept-encoding': 'br' });
    const gzip = await get(DAY_LIST, { ...FSIGN, 'accept-encoding': 'gzip' });
    expect([identity.status, br.status, gzip.status]).toEqual([200, 200, 200]);
    const tag = String(identity.headers.etag);
    expect(tag).toMatch(/^"[\w-]{22}"$/);
    expect(br.headers.etag).toBe(`${tag.slice(0, -1)}-br"`);
    expect(gzip.headers.etag).toBe(`${tag.slice(0, -1)}-gz"`);
    expect(decoded(br)).toBe(identity.body.toString());
    expect(decoded(gzip)).toBe(identity.body.toString());
    for (const answer of [identity, br, gzip]) {
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers.vary).toBe('Accept-Encoding');
    }

    const again = await get(DAY_LIST, { ...FSIGN, 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(br.headers.etag);
    expect(again.headers['cache-control']).toBe('no-cache');
    expect(again.headers.vary).toBe('Accept-Encoding');
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.headers['content-length']).toBeUndefined();
    // S7-21: the revalidated answer still carries the server's time.
    expect(again.headers.date).toBe(new Date(T0).toUTCString());
  });

  it('S4-6: If-None-Match as a list, weak or * matches; another tag gets the body', async () => {
    const first = await get(DAY_LIST, FSIGN);
    const tag = String(first.headers.etag);
    const listed = await get(DAY_LIST, { ...FSIGN, 'if-none-match': `"other", W/${tag}` });
    expect(listed.status).toBe(304);
    expect(listed.headers.etag).toBe(tag);
    expect((await get(DAY_LIST, { ...FSIGN, 'if-none-match': '*' })).status).toBe(304);
    const other = await get(DAY_LIST, { ...FSIGN, 'if-none-match': '"AAAAAAAAAAAAAAAAAAAAAA"' });
    expect(other.status).toBe(200);
    expect(other.body.equals(first.body)).toBe(true);
  });

  it('S4-6: a new version of the feed has a new tag; the old tag gets 200 with the new body', async () => {
    const before = await get(DAY_LIST, { ...FSIGN, 'accept-encoding': 'gzip' });
    sim.apply(goalWorld(sim.state, 10, 3), [goal(10, 3)]);
    const after = await get(DAY_LIST, {
      ...FSIGN,
      'accept-encoding': 'gzip',
      'if-none-match': String(before.headers.etag),
    });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(decoded(after)).not.toBe(decoded(before));
    const current = await get(DAY_LIST, {
      ...FSIGN,
      'accept-encoding': 'gzip',
      'if-none-match': String(after.headers.etag),
    });
    expect(current.status).toBe(304);
  });

  it('S4-6: HEAD has the same validator as GET and revalidates alike', async () => {
    const got = await get(DAY_LIST, FSIGN);
    const head = await get(DAY_LIST, FSIGN, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe(got.headers.etag);
    expect((await get(DAY_LIST, { ...FSIGN, 'if-none-match': String(got.headers.etag) }, 'HEAD')).status).toBe(304);
  });

  it('S7-19: small feeds (an update) are validated too, and a refused request has no ETag', async () => {
    const update = await get('/47/x/feed/u_1_1', FSIGN);
    expect(update.status).toBe(200);
    expect(update.body.length).toBeLessThan(1024);
    expect(String(update.headers.etag)).toMatch(/^"[\w-]{22}"$/);
    const revalidated = await get('/47/x/feed/u_1_1', { ...FSIGN, 'if-none-match': String(update.headers.etag) });
    expect(revalidated.status).toBe(304);
    // S8-1: an unknown event is 404 `0`, with nothing to revalidate.
    const unknown = await get('/47/x/feed/df_su_1_NoSuch01', FSIGN);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.etag).toBeUndefined();
    expect((await get(DAY_LIST)).headers.etag).toBeUndefined(); // 401 without x-fsign
  });

  it('answers marked no-store get no ETag and are never answered 304', async () => {
    const first = await get('/v3/private', { 'accept-encoding': 'gzip' });
    expect(first.headers.etag).toBeUndefined();
    expect(decoded(first)).toBe(API_TEXT);
    expect((await get('/v3/private', { 'if-none-match': '*' })).status).toBe(200);
  });
});

describe('If-None-Match matching', () => {
  it('S4-6: any coding of the body matches, weakly; other tags and malformed items do not', () => {
    expect(matchingTag('"abc"', 'abc')).toBe('"abc"');
    expect(matchingTag('"abc-br"', 'abc')).toBe('"abc-br"');
    expect(matchingTag('W/"abc-gz"', 'abc')).toBe('"abc-gz"');
    expect(matchingTag(' "x" ,  "abc" ', 'abc')).toBe('"abc"');
    expect(matchingTag('*', 'abc')).toBe('"abc"');
    expect(matchingTag('"abcd"', 'abc')).toBeNull();
    expect(matchingTag('"abc-zz"', 'abc')).toBeNull();
    expect(matchingTag('abc', 'abc')).toBeNull();
    expect(matchingTag('"', 'abc')).toBeNull();
    expect(matchingTag(undefined, 'abc')).toBeNull();
  });
});
