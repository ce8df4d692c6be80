// What the detail feeds carry, read over loopback from a simulated world as a client of the provider reads
// them (protocol.md §4.3, §4.4, §4.6, §4.7; S7-15): df_st_ with the full football set per period and
// consistent with df_su_'s incidents, commentary in ICT, df_mhs_ with the live game's points, server and
// break/set points, df_dos_ from the same odds as df_od_, and CX/WC in the list rows with the provider's
// meaning (CX the sort participant, the home name; WC the serving side).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FeedRow, parseRows } from '../../src/protocol/codec';
import { buildSimulation, type Simulation } from '../../sim/simulation';
import type { MatchState } from '../../sim/world/state';
import { buildServer } from '../../server/app';
import { createWorldFeedSource } from '../../server/world-feed-source';
import { FakeSimulation, league, match, T0_S, world } from './world-fixture';

const FSIGN = { 'x-fsign': 'SW9D1eZo' };
const START = Date.UTC(2026, 8, 2, 15, 0, 0);

let simulation: Simulation;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  simulation = await buildSimulation({ seed: 5, startTime: START, sports: [1, 2], pastDays: 0, futureDays: 0 });
  app = await buildServer({ feedSource: createWorldFeedSource(simulation), staticDir: null, push: false });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const feed = async (name: string, project = 47, at = base) =>
  (await fetch(`${at}/${project}/x/feed/${name}`, { headers: FSIGN })).text();
const value = (row: FeedRow | undefined, key: string) => row?.find(([k]) => k === key)?.[1];
const matches = (test: (m: MatchState) => boolean) => [...simulation.state.matches.values()].filter(test);

/** Per period label, per side: counts of incident types from a df_su_ body (the first IE of each row). */
function incidentCounts(summary: string): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  let period = '';
  const bump = (label: string, key: string) => {
    const counts = out.get(label) ?? new Map<string, number>();
    counts.set(key, (counts.get(key) ?? 0) + 1);
    out.set(label, counts);
  };
  for (const row of parseRows(summary)) {
    if (row[0]?.[0] === 'AC') period = row[0][1];
    if (row[0]?.[0] !== 'III') continue;
    const key = `${value(row, 'IA')}|${value(row, 'IE')}`;
    bump(period, key);
    bump('Матч', key);
  }
  return out;
}

/** Per SE period label: SD id → [home, away]. */
function statistics(body: string): Map<string, Map<string, [string, string]>> {
  const out = new Map<string, Map<string, [string, string]>>();
  let period = new Map<string, [string, string]>();
  for (const row of parseRows(body)) {
    if (row[0]?.[0] === 'SE') {
      period = new Map();
      out.set(row[0][1], period);
    }
    if (row[0]?.[0] === 'SD') period.set(row[0][1], [value(row, 'SH') ?? '', value(row, 'SI') ?? '']);
  }
  return out;
}

describe('df_st_ and df_su_ (protocol.md §4.3, §4.4)', () => {
  it('S7-15: df_st_ has the full football set per period, and agrees with the incidents of df_su_', async () => {
    const played = matches((m) => m.sportId === 1 && m.stats.length > 0).slice(0, 25);
    expect(played.length).toBeGreaterThan(5);
    for (const m of played) {
      const stats = statistics(await feed(`df_st_1_${m.id}`));
      const incidents = incidentCounts(await feed(`df_su_1_${m.id}`));
      for (const [period, lines] of stats) {
        expect(lines.size, `${m.id} ${period}`).toBeGreaterThanOrEqual(35);
        const counts = incidents.get(period) ?? new Map<string, number>();
        const of = (side: 1 | 2, type: number) => counts.get(`${side}|${type}`) ?? 0;
        const n = (id: number, side: 1 | 2) => Number(lines.get(String(id))?.[side - 1]);
        for (const side of [1, 2] as const) {
          const other = side === 1 ? 2 : 1;
          const goals = of(side, 3) + of(side, 10);
          expect(n(23, side), `${m.id} ${period} yellow cards`).toBe(of(side, 1));
          expect(n(22, side), `${m.id} ${period} red cards`).toBe(of(side, 2));
          expect(n(13, side)).toBeGreaterThanOrEqual(goals);
          expect(n(34, side)).toBe(n(13, side) + n(14, side) + n(158, side));
          expect(n(461, side) + n(463, side)).toBe(n(34, side));
          expect(n(19, side), 'saves: the other side’s shots on target that did not score').toBe(
            n(13, other) - of(other, 3) - of(other, 10),
          );
          expect(n(15, side), 'free kicks: the other side’s fouls').toBe(n(21, other));
        }
      }
    }
  });

  it('S7-15: every incident carries commentary in ICT, in the feed’s language', async () => {
    const m = matches((x) => x.sportId === 1 && x.incidents.some((i) => i.type === 3 && !i.cancelled))[0];
    expect(m).toBeDefined();
    const rows = parseRows(await feed(`df_su_1_${m?.id}`)).filter((r) => r[0]?.[0] === 'III');
    for (const row of rows)
      expect(value(row, 'ICT')?.startsWith(`${value(row, 'IK')}: ${value(row, 'IF')}`)).toBe(true);
    const goal = rows.find((r) => value(r, 'IE') === '3');
    expect(value(goal, 'ICT')).toBe(`Гол: ${value(goal, 'IF')} (${value(goal, 'INX')}:${value(goal, 'IOX')})`);
    const english = parseRows(await feed(`df_su_1_${m?.id}`, 2)).find((r) => value(r, 'IE') === '3');
    expect(value(english, 'ICT')).toBe(
      `Goal: ${value(english, 'IF')} (${value(english, 'INX')}:${value(english, 'IOX')})`,
    );
  });
});

describe('tennis: df_mhs_ and CX/WC (protocol.md §3.3, §4.7)', () => {
  it('S7-15: df_mhs_ of every live tennis match shows the list row’s game points and server', async () => {
    const live = matches((m) => m.sportId === 2 && m.fields.stageType === 2 && m.fields.homeGamePoints !== undefined);
    expect(live.length).toBeGreaterThan(0);
    for (const m of live) {
      const row = parseRows(await feed(`df_mhs_1_${m.id}`))[0] ?? [];
      expect(row.slice(0, 3)).toEqual([
        ['TS', 'GR'],
        ['PT', 'TI'],
        ['PV', 'notab'],
      ]);
      const pairs = row.map(([k, v]) => `${k}÷${v}`).join('¬');
      const cell = (side: 1 | 2) =>
        new RegExp(`TS÷SC¬PT÷PT¬PV÷${side}¬PT÷VA¬PV÷([^¬]*)(¬PT÷SRV¬PV÷1)?¬TE÷SC`).exec(pairs);
      expect(cell(1)?.[1]).toBe(m.fields.homeGamePoints);
      expect(cell(2)?.[1]).toBe(m.fields.awayGamePoints);
      expect(Boolean(cell(m.fields.service === 2 ? 2 : 1)?.[2])).toBe(true);
      expect(Boolean(cell(m.fields.service === 2 ? 1 : 2)?.[2])).toBe(false);
    }
  });

  it('S7-15: CX is the sort participant (the home name) in every row, and WC the serving side of live rows only', async () => {
    const rows = parseRows(await feed('f_2_0_5_kk_1')).filter((r) => r[0]?.[0] === 'AA');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(value(row, 'CX')).toBe(value(row, 'AE'));
      const wc = value(row, 'WC');
      if (value(row, 'AB') === '2') expect(['1', '2']).toContain(wc);
      else expect(wc ?? '').toBe('');
    }
  });

  it('S7-15: df_mhs_ flags a break point (BB) and a set point (SB), in the header of the feed’s language', async () => {
    const tennis = (id: string, fields: object) =>
      match(id, '2_atp00001', 2, {
        startTime: T0_S - 3600,
        stageType: 2,
        stage: 17,
        home: 'Nadal R.',
        away: 'Federer R.',
        homePart1: 5,
        awayPart1: 4,
        ...fields,
      });
    const state = world(
      [league('2_atp00001', 2, 'ATP - ЖЕКЕ: US Open (АҚШ), қатты корт')],
      [
        tennis('BreakPt1', { homeGamePoints: '30', awayGamePoints: '40', service: 1 }),
        tennis('SetPnt01', { homeGamePoints: 'A', awayGamePoints: '40', service: 1 }),
        tennis('Finished', { stageType: 3, stage: 3 }),
      ],
    );
    const local = await buildServer({
      feedSource: createWorldFeedSource(new FakeSimulation(state), { now: () => T0_S * 1000 }),
      staticDir: null,
      push: false,
    });
    const at = await local.listen({ host: '127.0.0.1', port: 0 });
    try {
      const flags = async (id: string) =>
        (parseRows(await feed(`df_mhs_1_${id}`, 47, at))[0] ?? [])
          .map(([k, v], i, row) => (k === 'TS' && v === 'TXS' ? row[i + 2]?.[1] : null))
          .filter(Boolean);
      expect(await flags('BreakPt1')).toEqual(['BB']);
      expect(await flags('SetPnt01')).toEqual(['SB']);
      expect(await feed('df_mhs_1_Finished', 47, at)).toBe('A1÷d41d8cd98f00b204e9800998ecf8427e¬~');
      expect(await feed('df_mhs_1_BreakPt1', 47, at)).toContain('PV÷Ағымдағы гейм¬');
      expect(await feed('df_mhs_1_BreakPt1', 2, at)).toContain('PV÷Current game¬');
    } finally {
      await local.close();
    }
  });
});

describe('df_dos_ (protocol.md §4.6)', () => {
  it('S7-15: df_dos_ serves the featured bookmaker’s odds of df_od_ in the 2016 form; the name needs its closing _', async () => {
    const m = matches((x) => x.sportId === 1 && x.odds.length > 0)[0];
    expect(m).toBeDefined();
    const id = m?.id ?? '';
    const row = parseRows(await feed(`df_dos_2_${id}_`, 2))[0] ?? [];
    expect(row.map(([k]) => k)).toEqual(['MI', 'MJ', 'MK', 'ML', 'MM']);
    const od = parseRows(await feed(`df_od_1_${id}`)).find((r) => r[0]?.[0] === 'OE');
    const current = (cell: string | undefined) => (cell ?? '').replace(/^.*\]/, '');
    const opening = (cell: string | undefined) => (cell ?? '').replace(/\[.*$/, '');
    expect(value(row, 'MI')).toBe(['XA', 'XB', 'XC'].map((k) => current(value(od, k))).join('|'));
    expect(value(row, 'MJ')).toBe(['XA', 'XB', 'XC'].map((k) => opening(value(od, k))).join('|'));
    expect(value(row, 'MM')).toBe('o_1|o_0|o_2');
    expect(await feed(`df_dos_2_${id}`, 2)).toBe('0');
  });
});
