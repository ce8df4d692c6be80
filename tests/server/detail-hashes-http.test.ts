// g_ and the detail feeds it versions, over loopback through a live match (protocol.md §1, §4.2; S7-15):
// each detail feed closes with the md5 of its content in A1, equal to its section's hash in g_ (CA dc_,
// CD df_su_ and df_li_, CE df_st_, CF df_od_), so a client that polls g_ and fetches a tab when its hash
// moves fetches it exactly when it changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRows } from '../../src/protocol/codec';
import { startWorldServer, type WorldServer } from '../../server/world-server';

const START = Date.UTC(2026, 8, 2, 15, 0, 0);
const FSIGN = { 'x-fsign': 'SW9D1eZo' };
const SECTIONS = { CA: ['dc'], CD: ['df_su', 'df_li'], CE: ['df_st'], CF: ['df_od'] } as const;
type Section = keyof typeof SECTIONS;

let real = 0;
let server: WorldServer;

beforeAll(async () => {
  server = await startWorldServer({
    port: 0,
    host: '127.0.0.1',
    seed: 11,
    speed: 60,
    startTime: START,
    sports: [1],
    pastDays: 0,
    futureDays: 0,
    staticDir: null,
    realNow: () => real,
    tickMs: 3_600_000, // ticked by hand
  });
});

afterAll(async () => {
  await server?.stop();
});

const feed = async (name: string, projectId = 47) =>
  (await fetch(`${server.url}/${projectId}/x/feed/${name}`, { headers: FSIGN })).text();
const cells = (body: string) => Object.fromEntries(parseRows(body).flat());
const content = (body: string) => body.replace(/A1÷[0-9a-f]*¬~$/, '');

describe('detail hashes (protocol.md §4.2)', () => {
  it('S7-15: polling g_ through a live match, each tab is fetched exactly when its hash moved, and carries that hash in A1', async () => {
    const live = [...server.simulation.state.matches.values()].find(
      (m) => m.fields.stageType === 2 && m.fields.stage === 12 && m.lineups.home.length > 0,
    );
    expect(live).toBeDefined();
    const id = live?.id ?? '';
    const signature = (body: string) => /A1÷([0-9a-f]*)¬~$/.exec(body)?.[1];
    const seen = new Map<string, string>(); // per project and section: the contents last fetched
    const moves = { CA: 0, CD: 0, CE: 0, CF: 0 };
    let previous: Record<string, Record<string, string>> = {};
    for (let minute = 0; minute < 40; minute++) {
      const now: Record<string, Record<string, string>> = {};
      for (const project of [47, 2]) {
        const hashes = cells(await feed(`g_1_${id}`, project));
        now[project] = hashes;
        for (const section of Object.keys(SECTIONS) as Section[]) {
          const bodies = await Promise.all(SECTIONS[section].map((prefix) => feed(`${prefix}_1_${id}`, project)));
          for (const body of bodies) expect(signature(body)).toBe(hashes[section]);
          const joined = bodies.map(content).join('');
          const key = `${project}|${section}`;
          if (minute > 0) {
            const moved = hashes[section] !== previous[project]?.[section];
            expect(moved, `${key} at minute ${minute}`).toBe(seen.get(key) !== joined);
            if (moved && project === 47) moves[section] += 1;
          }
          seen.set(key, joined);
        }
      }
      previous = now;
      real += 1000; // one virtual minute
      server.tick();
    }
    expect(moves.CA).toBeGreaterThan(0);
    expect(moves.CD + moves.CE).toBeGreaterThan(0);
  });
});
