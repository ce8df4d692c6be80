// Older results for head-to-head (S9-6: last 10 matches of each team, last 5 meetings): a weekly
// round robin before the world's first day and one meeting a season before that, each result the
// final state of a finished first-day match of the same league or sport.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderHeadToHead } from '../../server/provider/detail/head-to-head';
import { opponentIn, pastResults, teamKey } from '../../server/provider/detail/past-results';
import { createSimulation } from '../../sim/simulation';
import { SPORTS } from '../../src/domain/sports';
import type { MatchState } from '../../sim/world/state';
import { type FeedRow, parseRows } from '../../src/protocol/codec';
import { league, match, T0_S, world } from './world-fixture';

const DAY_S = 86_400;
const value = (row: FeedRow | undefined, key: string) => row?.find(([k]) => k === key)?.[1];

function sections(body: string): Record<string, FeedRow[]> {
  const out: Record<string, FeedRow[]> = {};
  let section = '';
  for (const row of parseRows(body)) {
    if (row[0]?.[0] === 'KB') {
      section = row[0][1];
      out[section] = [];
    } else if (row[0]?.[0] === 'KC') out[section]?.push(row);
  }
  return out;
}

const kz = league('1_kzPL0001', 1, 'ҚАЗАҚСТАН: Премьер-лига');
const TEAMS = ['kairat01', 'astana01', 'tobol001', 'ordab001', 'aktobe01'];

/** A league of five teams: a finished match on the world's first day and today's fixtures. */
function leagueWorld() {
  const day = (d: number) => T0_S + d * DAY_S;
  const m = (id: string, start: number, home: string, away: string, fields = {}) =>
    match(id, kz.id, 1, {
      startTime: start,
      home: `Team ${home}`,
      away: `Team ${away}`,
      homeParticipantId: home,
      awayParticipantId: away,
      ...fields,
    });
  const finished = m('Fin00001', day(-1), 'tobol001', 'ordab001', {
    stageType: 3,
    stage: 3,
    homeScore: 2,
    awayScore: 1,
    homePart1: 1,
    awayPart1: 0,
  });
  const shootout = m('Fin00002', day(-1) + 3600, 'aktobe01', 'kairat01', {
    stageType: 3,
    stage: 11,
    homeScore: 4,
    awayScore: 3,
    homeFullTime: 1,
    awayFullTime: 1,
    homePenalties: 3,
    awayPenalties: 2,
    winner: 1,
    fullTimeWinner: 0,
  });
  const today = m('Today001', day(0), 'kairat01', 'astana01', { stageType: 1 });
  const other = m('Today002', day(0), 'tobol001', 'aktobe01', { stageType: 1 });
  return {
    state: world([kz], [finished, shootout, today, other]),
    finished,
    shootout,
    today,
    other,
    firstDay: day(-1) - (day(-1) % DAY_S),
  };
}

describe('past results for head-to-head (S9-6)', () => {
  it('S9-6 the round robin pairs every team once a week and every pair once a cycle', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 24 }), fc.integer({ min: 0, max: 500 }), (size, from) => {
        const weeks = size % 2 === 0 ? size - 1 : size;
        const met = new Set<string>();
        for (let week = from; week < from + weeks; week++) {
          for (let team = 0; team < size; team++) {
            const other = opponentIn(size, team, week);
            if (other === null) continue;
            expect(other).not.toBe(team);
            expect(opponentIn(size, other, week)).toBe(team); // a week is a matching
            met.add(team < other ? `${team}-${other}` : `${other}-${team}`);
          }
        }
        expect(met.size).toBe((size * (size - 1)) / 2);
      }),
    );
  });

  it('S9-6 each team gets ten older results and the pair five meetings, all before the first day', () => {
    const { state, today, firstDay } = leagueWorld();
    const past = pastResults(state, today);
    expect(past.every((m) => (m.fields.startTime ?? 0) < firstDay)).toBe(true);
    const of = (key: string) => past.filter((m) => teamKey(m, 'home') === key || teamKey(m, 'away') === key);
    // Five teams: one bye a week, so a team plays 8 of the 10 weeks, plus its 5 season meetings.
    expect(of('id:kairat01').length).toBeGreaterThanOrEqual(10);
    expect(of('id:astana01').length).toBeGreaterThanOrEqual(10);
    const body = renderHeadToHead(state, today);
    const s = sections(body);
    expect(s['Соңғы матчтар: Team kairat01']).toHaveLength(10);
    expect(s['Соңғы матчтар: Team astana01']).toHaveLength(10);
    expect(s['Бетпе-бет кездесулер']).toHaveLength(5);
    // The world's own first-day result stays first for the team that played it.
    expect(value(s['Соңғы матчтар: Team kairat01']?.[0], 'KP')).toBe('Fin00002');
  });

  it('S9-6 a made-up result reads the same from both teams and on every request', () => {
    const { state, today, other } = leagueWorld();
    const a = pastResults(state, today);
    expect(pastResults(state, today)).toEqual(a);
    const b = new Map(pastResults(state, other).map((m) => [m.id, m]));
    const shared = a.filter((m) => b.has(m.id));
    expect(shared.length).toBeGreaterThan(0); // e.g. a week of Kairat v Tobol
    for (const m of shared) expect(b.get(m.id)).toEqual(m);
  });

  it("S9-6 a made-up result is a finished first-day match's final state with the teams put in", () => {
    const { state, today, finished, shootout } = leagueWorld();
    const scores = (m: MatchState) => {
      const { homeScore, awayScore, homePart1, awayPart1, stage, homePenalties, awayPenalties, winner } = m.fields;
      return { homeScore, awayScore, homePart1, awayPart1, stage, homePenalties, awayPenalties, winner };
    };
    const templates = [scores(finished), scores(shootout)];
    for (const m of pastResults(state, today)) {
      expect(templates).toContainEqual(scores(m));
      expect(m.fields.stageType).toBe(3);
      expect(m.leagueId).toBe(kz.id); // shown under the match's own league
      expect(m.fields.home).toBe(`Team ${m.fields.homeParticipantId}`);
      expect(m.fields.away).toBe(`Team ${m.fields.awayParticipantId}`);
      expect(TEAMS).toContain(m.fields.homeParticipantId);
    }
  });

  it("S9-6 a league without a first-day result borrows the sport's scores and keeps its own name", () => {
    const { state } = leagueWorld();
    const cup = league('1_kzCup001', 1, 'ҚАЗАҚСТАН: Кубок');
    const fixture = match('CupTie01', cup.id, 1, {
      startTime: T0_S,
      stageType: 1,
      home: 'Team kairat01',
      away: 'Team tobol001',
      homeParticipantId: 'kairat01',
      awayParticipantId: 'tobol001',
    });
    const withCup = world([kz, cup], [...state.matches.values(), fixture]);
    const past = pastResults(withCup, fixture);
    expect(past.length).toBeGreaterThan(0);
    for (const m of past) expect(m.leagueId).toBe(cup.id);
    const rows = sections(renderHeadToHead(withCup, fixture))['Бетпе-бет кездесулер'] ?? [];
    expect(rows.length).toBe(5);
    for (const row of rows) expect(value(row, 'KF')).toBe('ҚАЗАҚСТАН: Кубок');
  });

  it('S9-6 with no finished first-day match of the sport there is no made-up history', () => {
    const fixture = match('Only0001', kz.id, 1, {
      startTime: T0_S,
      stageType: 1,
      home: 'A',
      away: 'B',
      homeParticipantId: 'aaaaaaaa',
      awayParticipantId: 'bbbbbbbb',
    });
    expect(pastResults(world([kz], [fixture]), fixture)).toEqual([]);
  });

  it('S9-6 S7-15 in the simulated world every duel of the day shows ten last matches per side and five meetings', () => {
    const sim = createSimulation({ seed: 7, startTime: T0_S * 1000, futureDays: 0, keepLog: false });
    const state = sim.state;
    const firstStart = Math.min(...[...state.matches.values()].map((m) => m.fields.startTime ?? Infinity));
    const short: string[] = [];
    let checked = 0;
    for (const sport of SPORTS.filter((s) => !s.noDuel)) {
      const today = [...state.matches.values()].filter(
        (m) => m.sportId === sport.id && (m.fields.startTime ?? 0) >= firstStart + DAY_S,
      );
      for (const m of today.slice(0, 4)) {
        checked += 1;
        const counts = Object.values(sections(renderHeadToHead(state, m))).map((rows) => rows.length);
        if (counts.length !== 3 || counts[0]! < 10 || counts[1]! < 10 || counts[2]! < 5) {
          short.push(`${sport.id} ${m.id} ${counts}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(short).toEqual([]);
  });
});
