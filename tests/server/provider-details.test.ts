// Provider rendering of detail feeds (S7-15, protocol.md §4): core, version hashes, summary,
// statistics, line-ups, head-to-head and odds comparison, read back with the generic row parser.
import { describe, expect, it } from 'vitest';
import { type FeedRow, parseRows } from '../../src/protocol/codec';
import type { Incident, MatchState, WorldState } from '../../sim/world/state';
import { renderCore } from '../../server/provider/detail/core';
import { parseCore } from '../../web/ui/match/detail-mappers';
import { renderHashes } from '../../server/provider/detail/hashes';
import { renderHeadToHead } from '../../server/provider/detail/head-to-head';
import { renderLineups } from '../../server/provider/detail/lineups';
import { formatOdd, renderOddsComparison } from '../../server/provider/detail/odds-comparison';
import { renderStats } from '../../server/provider/detail/stats';
import { renderSummary } from '../../server/provider/detail/summary';
import { league, match, T0_S, world } from './world-fixture';

const value = (row: FeedRow | undefined, key: string) => row?.find(([k]) => k === key)?.[1];
const values = (row: FeedRow | undefined, key: string) => (row ?? []).filter(([k]) => k === key).map(([, v]) => v);

const goal = (id: string, side: 1 | 2, minute: string, period: number, home: number, away: number): Incident => ({
  id,
  side,
  type: 3,
  minute,
  period,
  player: `Player ${id}`,
  homeScore: home,
  awayScore: away,
  secondPlayer: `Assist ${id}`,
});

function liveMatch(extra: Partial<MatchState> = {}): MatchState {
  return match(
    'LiveKz01',
    '1_kzPL0001',
    1,
    {
      startTime: T0_S - 3600,
      stageType: 2,
      stage: 13,
      home: 'Қайрат',
      away: 'Астана',
      homeScore: 2,
      awayScore: 1,
      periodStartTime: T0_S - 600,
    },
    4,
    extra,
  );
}

describe('detail feeds (S7-15)', () => {
  it('S7-15 dc_ event core carries stage, times, scores and the tabs the match has', () => {
    const m = liveMatch({
      stats: [{ period: 0, lines: [{ id: 12, home: '55%', away: '45%' }] }],
      odds: [],
    });
    const row = parseRows(renderCore(m, true))[1];
    expect(value(row, 'DA')).toBe('2');
    expect(value(row, 'DB')).toBe('13');
    expect(value(row, 'DC')).toBe(String(T0_S - 3600));
    expect(value(row, 'DD')).toBe(String(T0_S - 600));
    expect([value(row, 'DE'), value(row, 'DF')]).toEqual(['2', '1']);
    expect(value(row, 'DX')).toBe('ST,HH');
    expect(row?.[row.length - 1]).toEqual(['A1', '']);
  });

  it('S2-33 S7-15 dc_ starts with the sport (SA row) and names both sides, so a bare match link needs no list', () => {
    const hockey = match('HockKz01', '4_kzHL0001', 4, {
      startTime: T0_S - 86_400,
      stageType: 3,
      stage: 3,
      home: 'Барыс',
      away: 'Металлург',
      homeShort: 'БАР',
      awayShort: 'МЕТ',
      homeParticipantId: 'Pbarys01',
      awayParticipantId: 'Pmetal01',
      homeScore: 3,
      awayScore: 2,
    });
    const rows = parseRows(renderCore(hockey, true));
    expect(rows[0]).toEqual([['SA', '4']]);
    const core = rows[1];
    expect([value(core, 'AE'), value(core, 'AF')]).toEqual(['Барыс', 'Металлург']);
    expect([value(core, 'WM'), value(core, 'WN')]).toEqual(['БАР', 'МЕТ']);
    expect([value(core, 'PX'), value(core, 'PY')]).toEqual(['Pbarys01', 'Pmetal01']);
    expect([value(core, 'DE'), value(core, 'DF')]).toEqual(['3', '2']);
    // The client's parser reads the same values back.
    const parsed = parseCore(renderCore(hockey, true));
    expect(parsed).toMatchObject({ sportId: 4, home: 'Барыс', away: 'Металлург', homeScore: 3, awayScore: 2 });
  });

  it('S7-15 df_su_ period rows (Kazakh labels, points per period) each followed by its incidents', () => {
    const cancelled: Incident = { ...goal('c', 2, "50'", 2, 2, 2), cancelled: true };
    const m = liveMatch({
      incidents: [
        goal('a', 1, "15'", 1, 1, 0),
        { id: 'y', side: 2, type: 1, minute: "45+2'", period: 1, player: 'Booked P.' },
        goal('b', 1, "60'", 2, 2, 0),
        cancelled,
        goal('d', 2, "70'", 2, 2, 1),
      ],
    });
    const rows = parseRows(renderSummary(m));
    const periods = rows.filter((r) => r[0]?.[0] === 'AC');
    expect(periods).toEqual([
      [
        ['AC', '1-тайм'],
        ['IG', '1'],
        ['IH', '0'],
      ],
      [
        ['AC', '2-тайм'],
        ['IG', '1'],
        ['IH', '1'],
      ],
    ]);
    const incidents = rows.filter((r) => r[0]?.[0] === 'III');
    expect(incidents.map((r) => value(r, 'III'))).toEqual(['a', 'y', 'b', 'd']);
    const first = incidents[0];
    expect(values(first, 'IE')).toEqual(['3', '8']);
    expect(values(first, 'IF')).toEqual(['Player a', 'Assist a']);
    expect(values(first, 'IK')).toEqual(['Гол', 'Голдық пас']);
    expect([value(first, 'INX'), value(first, 'IOX')]).toEqual(['1', '0']);
    expect(value(incidents[1], 'ID')).toBe('2');
    // Incidents sit after their own period row.
    const index = (id: string) => rows.findIndex((r) => value(r, 'III') === id);
    const secondHalf = rows.findIndex((r) => value(r, 'AC') === '2-тайм');
    expect(index('y')).toBeLessThan(secondHalf);
    expect(index('b')).toBeGreaterThan(secondHalf);
  });

  it('S7-15 df_st_ statistics: SE period, SF group, SD/SG/SH/SI rows with Kazakh labels', () => {
    const m = liveMatch({
      stats: [
        {
          period: 1,
          lines: [
            { id: 13, home: '3', away: '1' },
            { id: 12, home: '60%', away: '40%' },
          ],
        },
        { period: 0, lines: [{ id: 12, home: '55%', away: '45%' }] },
      ],
    });
    const rows = parseRows(renderStats(m));
    expect(rows.slice(0, 3).map((r) => r[0]?.[0])).toEqual(['SE', 'SF', 'SD']);
    expect(rows.at(-1)?.[0]?.[0]).toBe('A1');
    expect(rows.filter((r) => r[0]?.[0] === 'SE').map((r) => value(r, 'SE'))).toEqual(['Матч', '1-тайм']);
    expect(rows[2]).toEqual([
      ['SD', '12'],
      ['SG', 'Доппен иелік ету'],
      ['SH', '55%'],
      ['SI', '45%'],
    ]);
    const firstHalf = rows.slice(rows.findIndex((r) => value(r, 'SE') === '1-тайм'));
    expect(firstHalf.find((r) => value(r, 'SD') === '13')).toEqual([
      ['SD', '13'],
      ['SG', 'Қақпаға соққылар'],
      ['SH', '3'],
      ['SI', '1'],
    ]);
  });

  it('S7-15 df_li_ line-ups: team, starters and substitutes with numbers and positions', () => {
    const m = liveMatch({
      lineups: {
        home: [
          { name: 'Keeper K.', number: 1, position: 'GK', starter: true },
          { name: 'Bench B.', number: 12, position: 'DF', starter: false },
        ],
        away: [{ name: 'Away A.', number: 9, position: 'FW', starter: true }],
      },
    });
    const rows = parseRows(renderLineups(m));
    expect(rows.map((r) => r[0]?.[0])).toEqual(['LA', 'LB', 'LP', 'LB', 'LP', 'LA', 'LB', 'LP', 'A1']);
    expect(rows[0]).toEqual([
      ['LA', '1'],
      ['LN', 'Қайрат'],
    ]);
    expect(rows[2]).toEqual([
      ['LP', 'Keeper K.'],
      ['LJ', '1'],
      ['LO', 'GK'],
    ]);
    expect(value(rows[3], 'LB')).toBe('2');
  });

  it('S7-15 df_od_ odds comparison writes open[u|d]current per outcome', () => {
    expect(formatOdd(2.1, 1.95)).toBe('2.1[d]1.95');
    expect(formatOdd(1.5, 1.7)).toBe('1.5[u]1.7');
    expect(formatOdd(1.5, 1.5)).toBe('1.5');
    const m = liveMatch({
      odds: [
        { bookmakerId: 16, bookmakerName: 'bet365', opening: [2.1, 3.2, 3.5], current: [1.95, 3.4, 3.5], active: true },
      ],
    });
    const rows = parseRows(renderOddsComparison(m, null));
    expect(rows.map((r) => r[0]?.[0])).toEqual(['OA', 'OB', 'OE', 'A1']);
    expect(rows[2]).toEqual([
      ['OE', '16'],
      ['OD', 'bet365'],
      ['XA', '2.1[d]1.95'],
      ['XB', '3.2[u]3.4'],
      ['XC', '3.5'],
      ['OG', '1'],
    ]);
  });

  it('S7-15 g_ hashes move only for the section that changed', () => {
    const m = liveMatch();
    const bodies = (x: MatchState) => ({
      core: renderCore(x, true),
      summary: renderSummary(x),
      lineups: renderLineups(x),
      stats: renderStats(x),
      odds: renderOddsComparison(x, null),
    });
    const before = parseRows(renderHashes(bodies(m)))[0];
    const withGoal = { ...m, incidents: [goal('a', 1, "15'", 1, 1, 0)] };
    const after = parseRows(renderHashes(bodies(withGoal)))[0];
    for (const row of [before, after]) for (const [, v] of row ?? []) expect(v).toMatch(/^[0-9a-f]{32}$/);
    expect(value(after, 'CA')).toBe(value(before, 'CA'));
    expect(value(after, 'CE')).toBe(value(before, 'CE'));
    expect(value(after, 'CD')).not.toBe(value(before, 'CD'));
    expect(value(after, 'A1')).not.toBe(value(before, 'A1'));
  });

  it("S7-15 df_hh_ head-to-head from the world's past results of both teams", () => {
    const kz = league('1_kzPL0001', 1, 'ҚАЗАҚСТАН: Премьер-лига');
    const current = match('Current1', kz.id, 1, {
      startTime: T0_S,
      stageType: 1,
      home: 'Қайрат',
      away: 'Астана',
      homeParticipantId: 'kairat01',
      awayParticipantId: 'astana01',
    });
    const past = (id: string, days: number, home: string, away: string, h: number, a: number, extra = {}) =>
      match(id, kz.id, 1, {
        startTime: T0_S - days * 86_400,
        stageType: 3,
        stage: 3,
        home: home === 'kairat01' ? 'Қайрат' : home === 'astana01' ? 'Астана' : home,
        away: away === 'kairat01' ? 'Қайрат' : away === 'astana01' ? 'Астана' : away,
        homeParticipantId: home,
        awayParticipantId: away,
        homeScore: h,
        awayScore: a,
        ...extra,
      });
    const state: WorldState = world(
      [kz],
      [
        current,
        past('Meet0001', 3, 'kairat01', 'astana01', 2, 1),
        past('KaOnly01', 7, 'tobol001', 'kairat01', 1, 1),
        past('AsOnly01', 5, 'astana01', 'ordab001', 3, 3, {
          stage: 11,
          homeFullTime: 3,
          awayFullTime: 3,
          homePenalties: 4,
          awayPenalties: 2,
          homeScore: 4,
          winner: 1,
          fullTimeWinner: 0,
        }),
        past('Postpone', 2, 'kairat01', 'astana01', 0, 0, { stage: 4 }),
      ],
    );
    const rows = parseRows(renderHeadToHead(state, current));
    const sections: Record<string, FeedRow[]> = {};
    let section = '';
    for (const row of rows) {
      if (row[0]?.[0] === 'KB') section = row[0][1];
      else if (row[0]?.[0] === 'KC') sections[section] = [...(sections[section] ?? []), row];
    }
    expect(Object.keys(sections)).toEqual(['Соңғы матчтар: Қайрат', 'Соңғы матчтар: Астана', 'Бетпе-бет кездесулер']);
    const ids = (name: string) => (sections[name] ?? []).map((r) => value(r, 'KP'));
    // The world's own results come first; older ones (past-results.ts) fill up to S9-6's 10 and 5.
    expect(ids('Соңғы матчтар: Қайрат').slice(0, 2)).toEqual(['Meet0001', 'KaOnly01']);
    expect(ids('Соңғы матчтар: Астана').slice(0, 2)).toEqual(['Meet0001', 'AsOnly01']);
    expect(ids('Бетпе-бет кездесулер')[0]).toBe('Meet0001');
    expect(ids('Бетпе-бет кездесулер')).toHaveLength(5);
    const firstDay = Math.floor((T0_S - 7 * 86_400) / 86_400) * 86_400;
    for (const row of (sections['Соңғы матчтар: Қайрат'] ?? []).slice(2)) {
      expect(Number(value(row, 'KC'))).toBeLessThan(firstDay);
    }
    const kairatRows = sections['Соңғы матчтар: Қайрат'] ?? [];
    expect([value(kairatRows[0], 'WIS'), value(kairatRows[0], 'KS'), value(kairatRows[0], 'KL')]).toEqual([
      'w',
      'home',
      '2:1',
    ]);
    expect(value(kairatRows[0], 'KJ')).toBe('*Қайрат');
    expect([value(kairatRows[1], 'WIS'), value(kairatRows[1], 'KS')]).toEqual(['d', 'away']);
    const shootout = (sections['Соңғы матчтар: Астана'] ?? [])[1];
    expect(value(shootout, 'WIS')).toBe('wo');
    expect(value(shootout, 'KM')).toBe('(3:3)');
    expect([value(shootout, 'RPA'), value(shootout, 'RPB')]).toEqual(['4', '2']);
  });
});
