// Conformance with the provider's recorded feeds (fixtures/real-feeds/): for every feed kind we serve, over
// loopback from a simulated world, the body uses the recorded feed's row types, writes the keys of each row
// type in the order the recordings agree on, and uses only keys of the key table (src/protocol/keys.ts for
// list rows, src/protocol/detail-keys.ts for the rest). Kinds without a recording are held to the key table.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FeedRow, parseRows } from '../../src/protocol/codec';
import { detectFeedBodyKind, type FeedBodyKind } from '../../src/protocol/feed-body-kind';
import { CONTROL_KEYS, DETAIL_KEYS } from '../../src/protocol/detail-keys';
import { EVENT_FIELDS, LEAGUE_FIELDS } from '../../src/protocol/keys';
import { buildSimulation, type Simulation } from '../../sim/simulation';
import type { MatchState } from '../../sim/world/state';
import { buildServer } from '../../server/app';
import { createWorldFeedSource } from '../../server/world-feed-source';

const FSIGN = { 'x-fsign': 'SW9D1eZo' };
const START = Date.UTC(2026, 8, 2, 15, 0, 0);
const REAL = join(__dirname, '../../fixtures/real-feeds');

/** Recordings per kind, by file name in fixtures/real-feeds/. */
const RECORDINGS: Readonly<Partial<Record<FeedBodyKind, readonly string[]>>> = {
  list: [
    'EliasMumo__prime-sportdata__football_day_today.txt',
    'EliasMumo__prime-sportdata__football_day_yesterday.txt',
    'EliasMumo__prime-sportdata__football_day_tomorrow.txt',
    'EliasMumo__prime-sportdata__basketball_day_today.txt',
    'EliasMumo__prime-sportdata__tennis_day_today_PREFIX.txt',
    'Lookyan__betbot__tests_test_parser_tournament_feed_2016.txt',
  ],
  summary: ['EliasMumo__prime-sportdata__summary_df_su_1_O6KrS6uP.txt'],
  'head-to-head': ['EliasMumo__prime-sportdata__h2h_df_hh_1_KxrZoe94.txt'],
  core: ['DeporS__value-bet-live-detection__dc_1_KbUrxW1T_core.txt'],
  hashes: ['Wq5881898__worldcup-monitor__tests_test_flashscore_g_1_summary_hashes.txt'],
  odds: ['Lookyan__betbot__tests_test_parser_df_dos_odds_2016.txt'],
  'current-game': ['tsenoner__TennisArc__df_mhs_between_games.txt'],
};

// Control records (SA, QA, ST, A2, A1) may appear in any kind: the recordings are slices that cut off moved
// events and the refresh time, and ours puts the sport first in dc_ so a match page opened from a bare link knows it.
const CONTROL_ROWS = new Set(CONTROL_KEYS);

let simulation: Simulation;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  simulation = await buildSimulation({ seed: 3, startTime: START, sports: [1, 2, 3], pastDays: 0, futureDays: 0 });
  app = await buildServer({ feedSource: createWorldFeedSource(simulation), staticDir: null, push: false });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const feed = async (name: string) => (await fetch(`${base}/2/x/feed/${name}`, { headers: FSIGN })).text();
const rowsOf = (body: string) => parseRows(body).filter((row) => row.length > 0);
const recorded = (files: readonly string[]) => files.flatMap((file) => rowsOf(readFileSync(join(REAL, file), 'utf8')));

/** Keys in order of first appearance. */
const keyOrder = (row: FeedRow) => [...new Set(row.map(([key]) => key))];

/** Per row type: the ordered key pairs (a before b) that some recorded row shows and none contradicts. */
function agreedOrder(rows: readonly FeedRow[]): Map<string, Set<string>> {
  const seen = new Map<string, Set<string>>();
  for (const row of rows) {
    const keys = keyOrder(row);
    const type = keys[0] ?? '';
    const pairs = seen.get(type) ?? new Set<string>();
    for (let i = 0; i < keys.length; i++) for (let j = i + 1; j < keys.length; j++) pairs.add(`${keys[i]}<${keys[j]}`);
    seen.set(type, pairs);
  }
  for (const pairs of seen.values()) {
    for (const pair of [...pairs]) {
      const [a, b] = pair.split('<');
      if (pairs.has(`${b}<${a}`)) {
        pairs.delete(pair);
        pairs.delete(`${b}<${a}`);
      }
    }
  }
  return seen;
}

const LIST_KEYS = new Set<string>(['AA', 'ZA', ...[...EVENT_FIELDS, ...LEAGUE_FIELDS].map(([, key]) => key)]);

function keyTable(kind: FeedBodyKind): Set<string> {
  const list = kind === 'list' || kind === 'update' || kind === 'repair' || kind.startsWith('odds-');
  return new Set([...CONTROL_KEYS, ...(list ? LIST_KEYS : []), ...(DETAIL_KEYS[kind] ?? [])]);
}

/** Checks one body of `kind` against the recordings and the key table; returns what breaks them. */
function conformance(kind: FeedBodyKind, body: string, files = RECORDINGS[kind] ?? []): string[] {
  const problems: string[] = [];
  const rows = rowsOf(body);
  expect(detectFeedBodyKind(rows)).toBe(kind);
  const table = keyTable(kind);
  for (const row of rows)
    for (const [key] of row) if (!table.has(key)) problems.push(`key ${key} not in the key table`);
  const real = recorded(files);
  if (real.length === 0) return problems;
  const realTypes = new Set(real.map((row) => row[0]?.[0]));
  const order = agreedOrder(real);
  for (const row of rows) {
    const type = row[0]?.[0] ?? '';
    if (!realTypes.has(type) && !CONTROL_ROWS.has(type)) problems.push(`row type ${type}`);
    const pairs = order.get(type);
    const keys = keyOrder(row);
    for (let i = 0; i < keys.length; i++)
      for (let j = i + 1; j < keys.length; j++)
        if (pairs?.has(`${keys[j]}<${keys[i]}`)) problems.push(`${type}: ${keys[i]} before ${keys[j]}`);
  }
  return [...new Set(problems)];
}

const pick = (test: (m: MatchState) => boolean, count = 5) =>
  [...simulation.state.matches.values()].filter(test).slice(0, count);

describe('conformance with the recorded feeds (fixtures/real-feeds/)', () => {
  it('S7-2: day lists of football, tennis and basketball have the recorded rows, key order and keys', async () => {
    for (const sport of [1, 2, 3]) {
      for (const language of ['en', 'kk']) {
        expect(conformance('list', await feed(`f_${sport}_0_3_${language}_2`)), `f_${sport} ${language}`).toEqual([]);
      }
    }
  });

  it('S7-15: dc_, g_, df_su_, df_hh_, df_dos_ and df_mhs_ have the recorded rows, key order and keys', async () => {
    const soccer = pick((m) => m.sportId === 1 && m.fields.stageType !== 1 && m.incidents.length > 0);
    const tennis = pick((m) => m.sportId === 2 && m.fields.stageType === 2 && m.fields.homeGamePoints !== undefined);
    expect(soccer.length).toBeGreaterThan(0);
    expect(tennis.length).toBeGreaterThan(0);
    for (const m of soccer) {
      for (const [kind, prefix] of [
        ['core', 'dc'],
        ['hashes', 'g'],
        ['summary', 'df_su'],
        ['head-to-head', 'df_hh'],
      ] as const) {
        expect(conformance(kind, await feed(`${prefix}_2_${m.id}`)), `${prefix} ${m.id}`).toEqual([]);
      }
      expect(conformance('odds', await feed(`df_dos_2_${m.id}_`)), `df_dos ${m.id}`).toEqual([]);
    }
    for (const m of tennis) expect(conformance('current-game', await feed(`df_mhs_2_${m.id}`))).toEqual([]);
  });

  it('S7-15: feeds without a recording use only keys of the key table', async () => {
    const soccer = pick((m) => m.sportId === 1 && m.stats.length > 0 && m.odds.length > 0);
    expect(soccer.length).toBeGreaterThan(0);
    for (const m of soccer) {
      expect(conformance('statistics', await feed(`df_st_2_${m.id}`))).toEqual([]);
      expect(conformance('lineups', await feed(`df_li_2_${m.id}`))).toEqual([]);
      expect(conformance('odds', await feed(`df_od_2_${m.id}`), [])).toEqual([]); // the recording is df_dos_'s
    }
    expect(conformance('sys', await feed('sys_2'))).toEqual([]);
  });

  it('S7-3 S7-4 S7-11: updates, repair and odds lists write event rows in the recorded day lists’ order', async () => {
    const lists = RECORDINGS.list ?? [];
    expect(conformance('repair', await feed('r_1_2'), lists)).toEqual([]);
    expect(conformance('odds-list', await feed('fo_1_0_3_en_2_0'), lists)).toEqual([]);
    const signature = /A1÷([0-9a-f]+)¬~$/.exec(await feed('f_1_0_3_en_2'))?.[1] ?? '';
    simulation.advanceTo(START + 5 * 60_000); // five virtual minutes of play
    const update = await (
      await fetch(`${base}/2/x/feed/u_1_2`, { headers: { ...FSIGN, 'x-signature': signature } })
    ).text();
    expect(parseRows(update).some((row) => row[0]?.[0] === 'AA')).toBe(true);
    expect(conformance('update', update, lists)).toEqual([]);
  });
});
