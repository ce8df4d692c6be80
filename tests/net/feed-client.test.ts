import { describe, expect, it } from 'vitest';
import { createFeedClient, isFailedParse } from '../../src/net/feed-client';
import { feedNameFor } from '../../src/net/feed-names';
import { createServerClock, readDateHeader } from '../../src/net/server-clock';
import { parseSysFeed } from '../../src/net/sys-feed';
import { feedUrl, httpTransport } from '../../src/net/transport';
import type { FeedRequest, FeedResponse } from '../../src/protocol/feed-source';
import { parseListFeed } from '../../src/protocol/list-feed';

function recorder(responses: (request: FeedRequest) => FeedResponse) {
  const requests: FeedRequest[] = [];
  return {
    requests,
    transport: async (request: FeedRequest) => {
      requests.push(request);
      return responses(request);
    },
  };
}

const FULL = 'SA÷1¬~ZA÷X¬ZC÷abc¬~AA÷e1¬AD÷1788264000¬AB÷1¬~~A2÷100¬~A1÷0000000000ffffffffffffffffffffff¬~';

describe('feed names and URL', () => {
  it('S7-2…S7-6 S7-11 feed names for the calls of the feed cycle', () => {
    expect(feedNameFor({ kind: 'full', sport: 1, day: -1 })).toBe('f_1_-1_5_kk_1');
    expect(feedNameFor({ kind: 'repair', sport: 4 })).toBe('r_4_1');
    expect(feedNameFor({ kind: 'update', sport: 2, signature: 'x' })).toBe('u_2_1');
    expect(feedNameFor({ kind: 'sys' })).toBe('sys_1');
    expect(feedNameFor({ kind: 'odds', sport: 1, day: 0 })).toBe('fo_1_0_5_kk_1_0');
  });

  it('A7-21 A9-3 GET {origin}/{projectId}{prefix}/x/feed/{feed}', () => {
    expect(feedUrl('https://a.example/', 'u_1_1')).toBe('https://a.example/47/x/feed/u_1_1');
    expect(feedUrl('https://a.example', 'u_1_1', 47, '/kz')).toBe('https://a.example/47/kz/x/feed/u_1_1');
  });

  it('A7-21 the HTTP transport sends the headers and reads status, lower-case headers and text', async () => {
    const seen: { url: string; init: RequestInit | undefined }[] = [];
    const fakeFetch = (async (url: string, init?: RequestInit) => {
      seen.push({ url, init });
      return new Response('SA÷1¬~', {
        status: 200,
        headers: { Date: 'Tue, 01 Sep 2026 06:00:00 GMT', 'X-GeoIP-Country-Code': 'KZ' },
      });
    }) as unknown as typeof fetch;
    const transport = httpTransport({ origin: () => 'http://o', fetch: fakeFetch });
    const response = await transport({ feed: 'sys_1', headers: { 'x-fsign': 'SW9D1eZo', 'x-geoip': undefined } });
    expect(seen[0].url).toBe('http://o/47/x/feed/sys_1');
    expect(seen[0].init).toMatchObject({ method: 'GET', headers: { 'x-fsign': 'SW9D1eZo' } });
    expect(response).toMatchObject({ status: 200, body: 'SA÷1¬~' });
    expect(response.headers['x-geoip-country-code']).toBe('KZ');
  });
});

describe('feed client', () => {
  it('S7-16…S7-19 x-fsign always; X-GeoIP and X-utime until known; X-Signature on updates', async () => {
    let geo = false;
    const r = recorder(
      (): FeedResponse => ({
        status: 200,
        headers: geo
          ? {
              date: 'Tue, 01 Sep 2026 06:00:00 GMT',
              'x-geoip-country-code': 'kz',
              'x-geoip-iso-subdivision-code-0': 'KZ-75',
            }
          : ({} as Record<string, string>),
        body: FULL,
      }),
    );
    const client = createFeedClient({ transport: r.transport, now: () => 0 });
    await client.fetch({ kind: 'update', sport: 1, signature: 'abc' });
    expect(r.requests[0]).toEqual({
      feed: 'u_1_1',
      headers: { 'x-fsign': 'SW9D1eZo', 'x-geoip': '1', 'x-utime': '1', 'x-signature': 'abc' },
    });
    geo = true;
    await client.fetch({ kind: 'update', sport: 1, signature: null });
    await client.fetch({ kind: 'full', sport: 1, day: 0 });
    expect(r.requests[2].headers).toEqual({ 'x-fsign': 'SW9D1eZo' });
    expect(client.geo).toMatchObject({ countryCode: 'KZ', isoSubdivisionCode0: 'KZ75' }); // A3-10 hyphen removed
    expect(client.serverClock.now()).toBe(Date.UTC(2026, 8, 1, 6, 0));
  });

  it('A7-21 server time from the Date header gives the offset for live minutes', async () => {
    const local = { t: 1_000 };
    const r = recorder(() => ({ status: 200, headers: { date: String(Date.UTC(2026, 8, 1) / 1000) }, body: FULL }));
    const client = createFeedClient({ transport: r.transport, now: () => local.t });
    const answer = await client.fetch({ kind: 'full', sport: 1, day: 0 });
    expect(answer.serverTime).toBe(Date.UTC(2026, 8, 1));
    local.t += 5_000;
    expect(client.serverClock.now()).toBe(Date.UTC(2026, 8, 1) + 5_000);
  });

  it('S4-6 S5-7 no-data statuses and empty bodies are flagged, not parsed', async () => {
    for (const [status, body] of [
      [304, ''],
      [204, ''],
      [1223, ''],
      [200, '0'],
      [200, 'abc'],
    ] as const) {
      const client = createFeedClient({
        transport: recorder(() => ({ status, headers: {}, body })).transport,
        now: () => 0,
      });
      const answer = await client.fetch({ kind: 'update', sport: 1, signature: null });
      expect(answer).toMatchObject({ noData: true, feed: null, parseFailed: false });
    }
  });

  it('S4-5 a list body with nothing recognisable is a failed parse; a good body parses', async () => {
    const bad = createFeedClient({
      transport: recorder(() => ({ status: 200, headers: {}, body: '<html>oops</html>' })).transport,
      now: () => 0,
    });
    expect(await bad.fetch({ kind: 'full', sport: 1, day: 0 })).toMatchObject({ parseFailed: true, feed: null });
    const good = createFeedClient({
      transport: recorder(() => ({ status: 200, headers: {}, body: FULL })).transport,
      now: () => 0,
    });
    const answer = await good.fetch({ kind: 'full', sport: 1, day: 0 });
    expect(answer.parseFailed).toBe(false);
    expect(answer.feed!.events.map((e) => e.id)).toEqual(['e1']);
    expect(isFailedParse(parseListFeed('A1÷¬~'))).toBe(false);
  });

  it('S8-1 a status outside the accepted set is returned unparsed for the request machine to retry', async () => {
    const client = createFeedClient({
      transport: recorder(() => ({ status: 503, headers: {}, body: FULL })).transport,
      now: () => 0,
    });
    expect(await client.fetch({ kind: 'full', sport: 1, day: 0 })).toMatchObject({
      status: 503,
      feed: null,
      noData: false,
    });
  });

  it('S7-22 the sys feed gives server time, status and intervals', async () => {
    expect(parseSysFeed('SA÷1¬mlp÷2¬sst÷ok¬stu÷5¬utime÷1788362251¬~')).toEqual({
      utime: 1788362251,
      syncMultiplier: 2,
      serviceStatus: 'ok',
      updateInterval: 5,
    });
    expect(parseSysFeed('garbage')).toEqual({
      utime: null,
      syncMultiplier: null,
      serviceStatus: null,
      updateInterval: null,
    });
    const client = createFeedClient({
      transport: recorder(() => ({ status: 200, headers: {}, body: 'SA÷1¬utime÷1788362251¬~' })).transport,
      now: () => 0,
    });
    await client.fetch({ kind: 'sys' });
    expect(client.serverClock.now()).toBe(1788362251_000);
  });

  it('S7-18 server clock: unknown until observed; Date headers in HTTP, seconds or ms form', () => {
    const clock = createServerClock(() => 10);
    expect(clock.known).toBe(false);
    expect(clock.now()).toBe(10);
    clock.observe(110);
    expect(clock.known).toBe(true);
    expect(clock.offsetMs).toBe(100);
    expect(readDateHeader('Tue, 01 Sep 2026 06:00:00 GMT')).toBe(Date.UTC(2026, 8, 1, 6));
    expect(readDateHeader('1788264000')).toBe(1788264000_000);
    expect(readDateHeader('1788264000123')).toBe(1788264000123);
    expect(readDateHeader('nonsense')).toBeNull();
    expect(readDateHeader(undefined)).toBeNull();
  });
});
