// `scores serve` underneath: the simulated world served over loopback, its virtual clock driven by
// an injected real clock × speed (S7-2, S7-4, S7-19, S7-22).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRows } from '../../src/protocol/codec';
import { parseListFeed } from '../../src/protocol/list-feed';
import { parseStart } from '../../cli/commands/serve';
import { startWorldServer, type WorldServer } from '../../server/world-server';

const START = Date.UTC(2026, 8, 2, 12, 0, 0);
const FSIGN = { 'x-fsign': 'SW9D1eZo' };
let real = 1_000_000;
let server: WorldServer;

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
    tickMs: 60_000, // the test ticks by hand
  });
});

afterAll(async () => {
  await server?.stop();
});

const feed = (name: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/47/x/feed/${name}`, { headers: { ...FSIGN, ...headers } });

describe('world server', () => {
  it('S7-2 S7-22 serves the world at virtual time: live matches at once, sys utime is virtual now', async () => {
    const full = parseListFeed(await (await feed('f_1_0_5_kk_1')).text());
    expect(full.events.length).toBeGreaterThan(0);
    const truth = [...server.simulation.state.matches.values()].filter((m) => m.fields.stageType === 2);
    expect(full.events.filter((e) => e.stageType === 2).length).toBe(
      truth.filter((m) => full.events.some((e) => e.id === m.id)).length,
    );
    const sys = Object.fromEntries(parseRows(await (await feed('sys_1')).text())[0] ?? []);
    expect(Number(sys.utime)).toBe(Math.floor(START / 1000));
  });

  it('S7-4 S7-19 after real time × speed passes and the world ticks, u_ brings exactly the changes', async () => {
    const before = parseListFeed(await (await feed('f_1_0_5_kk_1')).text());
    const signature = before.signature ?? '';
    expect((await feed('u_1_1', { 'x-signature': signature })).status).toBe(304);
    real += 30_000; // thirty real seconds at ×60 = thirty virtual minutes
    server.tick();
    expect(server.now()).toBe(START + 30 * 60_000);
    const update = await feed('u_1_1', { 'x-signature': signature });
    expect(update.status).toBe(200);
    const parsed = parseListFeed(await update.text());
    expect(parsed.events.length).toBeGreaterThan(0);
    // Every field the update carries is the world's current value.
    for (const event of parsed.events) {
      const truth = server.simulation.state.matches.get(event.id);
      if (!truth) continue;
      for (const [key, value] of Object.entries(event)) {
        if (key === 'id' || key === 'sportId' || key === 'leagueId' || value === '') continue;
        expect(value, `${event.id}.${key}`).toEqual((truth.fields as Record<string, unknown>)[key]);
      }
    }
  });

  it('--start takes an ISO time or epoch ms, and rejects anything else', () => {
    expect(parseStart('2026-09-02T12:00:00Z')).toBe(START);
    expect(parseStart(String(START))).toBe(START);
    expect(parseStart(undefined, 42)).toBe(42);
    expect(() => parseStart('yesterday-ish')).toThrow(/invalid start/);
  });
});
