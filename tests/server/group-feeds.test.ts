// Group sports over loopback HTTP (S3-2, S7-2): motorsport (31) and winter sports (37) serve their
// day lists as fp_ feeds with their children's events; their update and repair feeds are their
// children's too; f_ of a group and fp_ of any other sport are no feeds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childSports } from '../../src/domain/sports';
import { parseRows } from '../../src/protocol/codec';
import type { PushMessage } from '../../src/protocol/feed-source';
import { parseListFeed } from '../../src/protocol/list-feed';
import { startWorldServer, type WorldServer } from '../../server/world-server';

const START = Date.UTC(2026, 8, 2, 12, 0, 0); // 17:00 in Almaty (+5)
const FSIGN = { 'x-fsign': 'SW9D1eZo' };
const GROUPS = [31, 37];
let real = 1_000_000;
let server: WorldServer;

beforeAll(async () => {
  server = await startWorldServer({
    port: 0,
    host: '127.0.0.1',
    seed: 7,
    speed: 60,
    startTime: START,
    sports: GROUPS,
    pastDays: 0,
    futureDays: 1,
    staticDir: null,
    realNow: () => real,
    tickMs: 60_000, // the test ticks by hand
  });
});

afterAll(async () => {
  await server?.stop();
});

const feed = (name: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/47/x/feed/${name}`, { headers: { ...FSIGN, ...headers } });

async function list(name: string) {
  const response = await feed(name);
  expect(response.status, name).toBe(200);
  return parseListFeed(await response.text());
}

const children = (group: number) => childSports(group).map((s) => s.id);
const sorted = (ids: Iterable<string>) => [...ids].sort();

describe('group sports (S7-2)', () => {
  for (const group of GROUPS) {
    it(`S7-2 S3-2: fp_${group} answers 200 with exactly its children's events of the day, each under its child's SA`, async () => {
      for (const day of [0, 1]) {
        const parsed = await list(`fp_${group}_${day}_5_kk_1`);
        expect(parsed.events.length, `day ${day}`).toBeGreaterThan(0);
        // The same events, leagues and fields as the children's own day lists.
        const own = await Promise.all(children(group).map((child) => list(`f_${child}_${day}_5_kk_1`)));
        expect(sorted(parsed.events.map((e) => e.id))).toEqual(sorted(own.flatMap((f) => f.events.map((e) => e.id))));
        expect(sorted(parsed.leagues.map((l) => l.id ?? ''))).toEqual(
          sorted(own.flatMap((f) => f.leagues.map((l) => l.id ?? ''))),
        );
        const byId = new Map(own.flatMap((f) => f.events).map((e) => [e.id, e]));
        for (const event of parsed.events) {
          expect(children(group)).toContain(event.sportId);
          expect(event).toEqual(byId.get(event.id));
          // The world agrees on the sport of every event.
          expect(server.simulation.state.matches.get(event.id)?.sportId).toBe(event.sportId);
        }
        expect(parsed.signature).toMatch(/^[0-9a-f]{32}$/);
        expect(parsed.refreshUtime).not.toBeNull();
      }
    });
  }

  it('S7-2: the day offset and timezone hour cut the group list like the children’s lists', async () => {
    const today = await list('fp_37_0_-5_kk_1');
    const own = await Promise.all(children(37).map((child) => list(`f_${child}_0_-5_kk_1`)));
    expect(sorted(today.events.map((e) => e.id))).toEqual(sorted(own.flatMap((f) => f.events.map((e) => e.id))));
    const tomorrow = await list('fp_37_1_5_kk_1');
    const todayKz = await list('fp_37_0_5_kk_1');
    expect(tomorrow.events.some((e) => todayKz.events.some((t) => t.id === e.id))).toBe(false);
  });

  it('S7-2 S8-1: f_ of a group sport, fp_ of any other sport and malformed fp_ names answer 404 with body 0', async () => {
    for (const name of [
      'f_31_0_5_kk_1',
      'f_37_0_5_kk_1',
      'fp_32_0_5_kk_1',
      'fp_1_0_5_kk_1',
      'fp_99_0_5_kk_1',
      'fp_31_0_5_kk',
      'fp_31_x_5_kk_1',
      'fp_31_0_99_kk_1',
    ]) {
      const response = await feed(name);
      expect(response.status, name).toBe(404);
      expect(await response.text()).toBe('0');
    }
  });

  it('S7-11: fo_37 answers with its children’s odds lists in turn, each under its child’s SA', async () => {
    const response = await feed('fo_37_0_5_kk_1_0');
    expect(response.status).toBe(200);
    const body = await response.text();
    const sports = parseRows(body).filter((row) => row[0]?.[0] === 'SA');
    expect(sports.map((row) => Number(row[0]?.[1]))).toEqual(children(37));
    const odds = parseListFeed(body);
    const own = await Promise.all(children(37).map((child) => list(`fo_${child}_0_5_kk_1_0`)));
    expect(odds.events).toEqual(own.flatMap((f) => f.events));
  });

  it('S7-3: r_31 carries the live events of its children in the repair form', async () => {
    const parsed = await list('r_31_1');
    const live = [...server.simulation.state.matches.values()].filter(
      (m) => children(31).includes(m.sportId) && m.fields.stageType === 2,
    );
    expect(live.length).toBeGreaterThan(0);
    expect(sorted(parsed.repair.map((e) => e.id))).toEqual(sorted(live.map((m) => m.id)));
  });

  it('S7-4 S7-19: the fp_37 signature gets 304 on u_37 while nothing changed, then the children’s changes', async () => {
    const before = await list('fp_37_0_5_kk_1');
    const signature = before.signature ?? '';
    expect((await feed('u_37_1', { 'x-signature': signature })).status).toBe(304);
    real += 30_000; // thirty real seconds at ×60 = thirty virtual minutes
    server.tick();
    const update = await feed('u_37_1', { 'x-signature': signature });
    expect(update.status).toBe(200);
    const parsed = parseListFeed(await update.text());
    expect(parsed.events.length).toBeGreaterThan(0);
    for (const event of parsed.events) expect(children(37)).toContain(event.sportId);
    // The update brings the client to the group's new signature: asked again with it, nothing is new.
    expect(parsed.signature).not.toBe(signature);
    expect((await feed('u_37_1', { 'x-signature': parsed.signature ?? '' })).status).toBe(304);
    expect((await list('fp_37_0_5_kk_1')).signature).toBe(parsed.signature);
  });

  it('S7-23: u_31_1 and u_37_1 are pushed with their children’s changes whenever a child’s u_ is', async () => {
    const seen = new Set<number>();
    // Virtual ten minutes per tick until both groups had changes (motorsport can rest for an hour).
    for (let step = 0; step < 36 && seen.size < GROUPS.length; step++) {
      const messages: PushMessage[] = [];
      const stop = server.source.onPush((m) => messages.push(m));
      try {
        real += 10_000;
        server.tick();
      } finally {
        stop();
      }
      const eventIds = (subject: string) =>
        sorted(
          messages.filter((m) => m.subject === subject).flatMap((m) => parseListFeed(m.body).events.map((e) => e.id)),
        );
      for (const group of GROUPS) {
        const own = sorted(children(group).flatMap((child) => eventIds(`u_${child}_1`)));
        expect(eventIds(`u_${group}_1`), `u_${group}_1 at step ${step}`).toEqual(own);
        if (own.length > 0) seen.add(group);
      }
    }
    expect([...seen].sort()).toEqual(GROUPS);
  });
});
