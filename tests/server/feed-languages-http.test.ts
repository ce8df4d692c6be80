// The feeds as clients of the provider read them, over loopback: the language of the feed name honoured
// (kk default, en, ru, others en) for leagues, countries, teams, statistic labels, incident types and
// period names (S7-2, S7-15); every project id and project type (S7-1); an `Upgrade` offer on a feed
// path served as plain HTTP/1.1, and only a WebSocket upgrade on /push taken as push (S7-23).
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { parseRows } from '../../src/protocol/codec';
import { inspectFeed } from '../../src/protocol/feed-inspect';
import { parseListFeed } from '../../src/protocol/list-feed';
import type { MatchState } from '../../sim/world/state';
import { buildServer } from '../../server/app';
import { createWorldFeedSource } from '../../server/world-feed-source';
import { changeMatch, FakeSimulation, soccerWorld, T0, world } from './world-fixture';

const FSIGN = { 'x-fsign': 'SW9D1eZo' };

function detailedWorld() {
  const base = soccerWorld();
  const live = base.matches.get('LiveKz01') as MatchState;
  const detailed: MatchState = {
    ...live,
    incidents: [
      { id: 'g1', side: 1, type: 3, minute: "15'", period: 1, player: 'Құрманов М.', homeScore: 1, awayScore: 0 },
      { id: 'y1', side: 2, type: 1, minute: "50'", period: 2, player: 'Омаров Б.' },
    ],
    stats: [
      {
        period: 0,
        lines: [
          { id: 12, home: '55%', away: '45%' },
          { id: 13, home: '4', away: '2' },
        ],
      },
      { period: 1, lines: [{ id: 12, home: '60%', away: '40%' }] },
    ],
    detailVersion: 1,
  };
  return world(
    [...base.leagues.values()],
    [...base.matches.values()].map((m) => (m.id === live.id ? detailed : m)),
  );
}

let app: FastifyInstance;
let base: string;
let sim: FakeSimulation;

beforeAll(async () => {
  sim = new FakeSimulation(detailedWorld());
  const source = createWorldFeedSource(sim, { now: () => T0 });
  app = await buildServer({ feedSource: source, staticDir: null, push: { heartbeatMs: 0 } });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app.close();
});

const feed = async (path: string) => {
  const response = await fetch(`${base}${path}`, { headers: FSIGN });
  return { status: response.status, body: await response.text() };
};
const values = (body: string, key: string) =>
  parseRows(body).flatMap((row) => row.filter(([k]) => k === key).map(([, v]) => v));

describe('feed languages (S7-2, S7-15)', () => {
  it('S7-2: f_ in en names leagues, countries and teams in English; kk stays Kazakh for the site', async () => {
    const kk = parseListFeed((await feed('/47/x/feed/f_1_0_5_kk_1')).body);
    const en = parseListFeed((await feed('/47/x/feed/f_1_0_5_en_1')).body);
    expect(kk.leagues.map((l) => l.name)).toContain('ҚАЗАҚСТАН: Премьер-лига');
    expect(en.leagues.map((l) => l.name)).toEqual(['KAZAKHSTAN: Premier League', 'ENGLAND: Premier League']);
    expect(en.leagues.map((l) => l.countryName)).toEqual(['Kazakhstan', 'England']);
    const live = en.events.find((e) => e.id === 'LiveKz01');
    expect([live?.home, live?.away]).toEqual(['Kairat', 'Astana']);
    // Same events, keys and values otherwise.
    expect(en.events.map((e) => e.id)).toEqual(kk.events.map((e) => e.id));
    expect(en.events.map((e) => e.homeScore)).toEqual(kk.events.map((e) => e.homeScore));
  });

  it('S7-2: f_ in ru puts names into Russian; a language without a catalogue (es, en-uk) falls back to English', async () => {
    const ru = parseListFeed((await feed('/47/x/feed/f_1_0_5_ru-kz_1')).body);
    expect(ru.leagues.map((l) => l.name)).toEqual(['КАЗАХСТАН: Премьер-лига', 'АНГЛИЯ: Премьер-лига']);
    expect(ru.events.find((e) => e.id === 'LiveKz01')?.home).toBe('Кайрат');
    const en = (await feed('/47/x/feed/f_1_0_5_en_1')).body;
    expect((await feed('/47/x/feed/f_1_0_5_es_1')).body).toBe(en);
    expect((await feed('/47/x/feed/f_1_0_5_en-uk_1')).body).toBe(en);
  });

  it('S7-15: detail feeds speak the project’s language: statistic labels, incident types and period names', async () => {
    const en = (prefix: string) => feed(`/2/x/feed/${prefix}_1_LiveKz01`);
    const stats = (await en('df_st')).body;
    expect(values(stats, 'SE')).toEqual(['Match', '1st Half']);
    const labels = values(stats, 'SG');
    expect(labels.slice(0, 3)).toEqual(['Ball possession', 'Expected goals (xG)', 'Total shots']);
    expect(labels).toContain('Shots on target');
    expect(labels.filter((label) => /[\u0400-\u04FF]/.test(label))).toEqual([]);
    const summary = (await en('df_su')).body;
    expect(values(summary, 'AC')).toEqual(['1st Half', '2nd Half']);
    expect(values(summary, 'IK')).toEqual(['Goal', 'Yellow Card']);
    expect(values(summary, 'IF')).toEqual(['Kurmanov M.', 'Omarov B.']);
    // The site's own project keeps Kazakh.
    expect(values((await feed('/47/x/feed/df_su_1_LiveKz01')).body, 'IK')).toEqual(['Гол', 'Сары қағаз']);
    // Older names carry their language.
    expect(values((await feed('/47/x/feed/d_su_LiveKz01_ru_1')).body, 'IK')).toEqual(['Гол', 'Жёлтая карточка']);
    expect(values((await feed('/47/x/feed/d_su_LiveKz01_ru_1')).body, 'AC')).toEqual(['1-й тайм', '2-й тайм']);
  });
});

describe('parsers in every language', () => {
  it('S7-2: the site’s list parser and `scores feed parse` read the kk, en and ru day lists alike', async () => {
    const read = async (language: string) => {
      const body = (await feed(`/47/x/feed/f_1_0_5_${language}_1`)).body;
      const inspected = inspectFeed(new TextEncoder().encode(body));
      expect(inspected.kind, language).toBe('list');
      expect(inspected.warnings, language).toEqual([]);
      const list = parseListFeed(body);
      expect(inspected.leagues.map((l) => l.name)).toEqual(list.leagues.map((l) => l.name));
      return list.events.map((e) => [e.id, e.stageType, e.homeScore, e.awayScore, e.startTime]);
    };
    const kk = await read('kk');
    expect(await read('en')).toEqual(kk);
    expect(await read('ru')).toEqual(kk);
  });
});

describe('addresses (S7-1)', () => {
  it('S7-1: every project id and project type is served with the same world; malformed names still answer 404 0', async () => {
    const main = await feed('/2/x/feed/f_1_0_5_en_2');
    expect(main.status).toBe(200);
    expect(main.body).toBe((await feed('/47/x/feed/f_1_0_5_en_1')).body);
    for (const path of ['/130/x/feed/g_1_LiveKz01', '/2/x/feed/dc_2_LiveKz01', '/47/x/feed/u_1_2', '/2/x/feed/sys_2']) {
      expect((await feed(path)).status, path).toBe(200);
    }
    expect(values((await feed('/2/x/feed/sys_2')).body, 'SA')).toEqual(['2']);
    for (const path of [
      '/2/x/feed/f_1_0_5_en',
      '/2/x/feed/nonsense',
      '/2/x/feed/f_99_0_5_en_1',
      '/2/x/feed/dc_1_Unknown1',
    ]) {
      expect(await feed(path), path).toEqual({ status: 404, body: '0' });
    }
    expect((await feed('/abc/x/feed/f_1_0_5_en_1')).status).toBe(404);
  });
});

/** Raw request bytes in, everything the server answers before closing out. */
function raw(payload: string): Promise<string> {
  const { port } = new URL(base);
  return new Promise((resolve) => {
    let data = '';
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(payload));
    socket.on('data', (chunk) => {
      data += chunk.toString('utf8');
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve(data));
  });
}

describe('Upgrade offers (S7-23)', () => {
  it('S7-23: an HTTP/1.1 request offering Upgrade: h2c on a feed path gets the feed, not a 404', async () => {
    const answer = await raw(
      'GET /47/x/feed/sys_1 HTTP/1.1\r\nHost: localhost\r\nx-fsign: SW9D1eZo\r\n' +
        'Connection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('SA÷1¬mlp÷1¬');
  });

  it('S7-23: a WebSocket upgrade on a feed path is an ordinary request; on /push it is push', async () => {
    const answer = await raw(
      'GET /2/x/feed/f_1_0_5_en_1 HTTP/1.1\r\nHost: localhost\r\nx-fsign: SW9D1eZo\r\nConnection: Upgrade\r\n' +
        'Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('KAZAKHSTAN: Premier League');
    const socket = new WebSocket(`${base.replace('http', 'ws')}/push`);
    await new Promise<void>((resolve, reject) => {
      socket.on('open', () => resolve());
      socket.on('error', reject);
    });
    socket.close();
  });
});

describe('push in every language (S7-23)', () => {
  it('S7-23: games_en_<id> pushes the hashes of the English detail feeds, the very g_ body /2/ answers', async () => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/push`);
    await new Promise<void>((resolve, reject) => {
      socket.on('open', () => resolve());
      socket.on('error', reject);
    });
    const received: { subject: string; body: string }[] = [];
    socket.on('message', (data) => received.push(JSON.parse(String(data))));
    socket.send(JSON.stringify({ subscribe: ['games_en_LiveKz01'] }));
    const until = async (condition: () => boolean) => {
      for (let i = 0; i < 400 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
    };
    await until(() => app.pushBroker.subscriberCount('games_en_LiveKz01') > 0);
    const live = sim.state.matches.get('LiveKz01') as MatchState;
    const next = changeMatch(live, { homeScore: 3 }, sim.state.version + 1);
    sim.apply({ ...sim.state, version: next.version, matches: new Map(sim.state.matches).set(next.id, next) }, [
      { seq: next.version, time: T0, type: 'ScoreChanged', matchId: next.id, score: { homeScore: 3 } },
    ]);
    await until(() => received.length > 0);
    socket.close();
    expect(received.map((m) => m.subject)).toEqual(['games_en_LiveKz01']);
    expect(received[0]?.body).toBe((await feed('/2/x/feed/g_1_LiveKz01')).body);
    expect(received[0]?.body).not.toBe((await feed('/47/x/feed/g_1_LiveKz01')).body);
  });
});
