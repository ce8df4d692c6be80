// Every sport's engine plays by its rules: live matches in every sport, legal final scores, stage
// codes of the spec, score parts within each sport's count, and scores that only go down through
// an explicit correction.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Fact } from '../../sim/facts';
import { generateDay } from '../../sim/generate-day';
import { EVENT_SPORTS } from '../../sim/plan/day-plan';
import { sportById } from '../../src/domain/sports';
import { type FinalRow, finalRows, num } from './support';

let facts: Fact[] = [];
let rows = new Map<string, FinalRow>();
const leagueKind = new Map<string, string>();

beforeAll(() => {
  facts = generateDay({ seed: 2026, date: '2026-03-14' });
  rows = finalRows(facts);
  for (const f of facts)
    if (f.type === 'LeagueCreated') leagueKind.set(f.league.id, f.league.standingsType === 2 ? 'cup' : 'league');
});

const matchIdOf = (row: FinalRow): string => [...rows.entries()].find(([, r]) => r === row)?.[0] ?? '';

const finished = (sportId: number) => [...rows.values()].filter((r) => r.sportId === sportId && r.finished);

/** Games per set (parts) for set sports. */
const setsOf = (row: FinalRow, max: number) => {
  const out: [number, number][] = [];
  for (let i = 1; i <= max; i++) {
    if (row.fields[`homePart${i}`] === undefined) break;
    out.push([num(row, `homePart${i}`), num(row, `awayPart${i}`)]);
  }
  return out;
};

describe('a generated day', () => {
  it('holds 5,000+ events with football the most', () => {
    const bySport = new Map<number, number>();
    for (const r of rows.values()) bySport.set(r.sportId, (bySport.get(r.sportId) ?? 0) + 1);
    expect(rows.size).toBeGreaterThanOrEqual(5000);
    const football = bySport.get(1) ?? 0;
    for (const [sport, n] of bySport) if (sport !== 1) expect(n).toBeLessThan(football);
  });

  it('S3-1 S3-3 every sport with events of its own has live play (groups 31 and 37 gather their children)', () => {
    const live = new Set<number>();
    const sportOfLeague = new Map<string, number>();
    for (const f of facts) {
      if (f.type === 'LeagueCreated') sportOfLeague.set(f.league.id, f.league.sportId);
      if (f.type === 'MatchStarted') live.add(rows.get(f.matchId)!.sportId);
      if (f.type === 'RaceStageChanged' && f.stageType === 2) live.add(sportOfLeague.get(f.leagueId)!);
    }
    expect(EVENT_SPORTS).toHaveLength(38);
    for (const sport of EVENT_SPORTS) expect(live.has(sport), `sport ${sport} has live play`).toBe(true);
  });

  it('scores never go backwards except in an explicit correction (VAR)', () => {
    const last = new Map<string, [number, number]>();
    let corrections = 0;
    for (const f of facts) {
      if (f.type !== 'ScoreChanged' && f.type !== 'MatchStarted') continue;
      const { homeScore, awayScore } = f.score;
      if (homeScore === undefined || awayScore === undefined) continue;
      const before = last.get(f.matchId) ?? [0, 0];
      const wentDown = homeScore < before[0] || awayScore < before[1];
      if (wentDown) {
        expect(f.type === 'ScoreChanged' && f.correction === true, `score went down in fact ${f.seq}`).toBe(true);
        corrections++;
      }
      last.set(f.matchId, [homeScore, awayScore]);
    }
    expect(corrections).toBeGreaterThan(0); // VAR retracts a goal now and then
    const cancelled = facts.filter((f) => f.type === 'IncidentCancelled').length;
    expect(cancelled).toBe(corrections);
  });

  it('S3-9…S3-21 score parts never exceed the sport’s part count; zero-part sports have none', () => {
    for (const row of rows.values()) {
      const parts = sportById(row.sportId)!.parts;
      for (const key of Object.keys(row.fields)) {
        const m = /^(home|away)Part(\d+)$/.exec(key);
        if (m) expect(Number(m[2]), `sport ${row.sportId} ${key}`).toBeLessThanOrEqual(parts);
      }
    }
  });

  it('S3-35 S3-36 stage codes: soccer halves 12/38/13, hockey periods 14–16, quarters 22–25, sets 17–21, innings 26–35, golf rounds 65–68', () => {
    const stagesBySport = new Map<number, Set<number>>();
    const sportOfLeague = new Map<string, number>();
    for (const f of facts) {
      if (f.type === 'LeagueCreated') sportOfLeague.set(f.league.id, f.league.sportId);
      let sport: number | undefined;
      let stage: number | undefined;
      if (f.type === 'MatchStarted' || f.type === 'StageChanged' || f.type === 'MatchFinished') {
        sport = rows.get(f.matchId)?.sportId;
        stage = f.stage;
      } else if (f.type === 'RaceStageChanged') {
        sport = sportOfLeague.get(f.leagueId);
        stage = f.stage;
      }
      if (sport === undefined || stage === undefined) continue;
      if (!stagesBySport.has(sport)) stagesBySport.set(sport, new Set());
      stagesBySport.get(sport)!.add(stage);
    }
    const has = (sport: number, codes: number[]) => {
      for (const c of codes) expect(stagesBySport.get(sport)?.has(c), `sport ${sport} stage ${c}`).toBe(true);
    };
    has(1, [12, 38, 13, 3]);
    has(4, [14, 15, 16, 3]);
    has(3, [22, 23, 38, 24, 25]);
    has(2, [17, 18]);
    has(12, [17, 18, 19]);
    has(6, [26, 27, 28, 29, 30, 31, 32, 33, 34]);
    const golf = stagesBySport.get(23)!;
    expect([...golf].some((s) => s >= 65 && s <= 68)).toBe(true);
    for (const [sport, codes] of stagesBySport) {
      for (const c of codes) expect(c, `sport ${sport} stage ${c} is a known code`).toBeGreaterThan(0);
    }
  });

  it('S3-10 tennis: sets are legal (6–0…6–4, 7–5, 7–6 with a tie-break) and the winner took 2 of 3 or 3 of 5', () => {
    const matches = finished(2).filter((r) => r.finalStage === 3);
    expect(matches.length).toBeGreaterThan(100);
    for (const r of matches) {
      const sets = setsOf(r, 5);
      let home = 0;
      let away = 0;
      sets.forEach(([h, a], i) => {
        const [w, l] = h > a ? [h, a] : [a, h];
        const legal = (w === 6 && l <= 4) || (w === 7 && (l === 5 || l === 6));
        expect(legal, `set ${h}-${a}`).toBe(true);
        if (w === 7 && l === 6) {
          const tb = [num(r, `homeTiebreak${i + 1}`), num(r, `awayTiebreak${i + 1}`)];
          expect(Math.max(...tb)).toBeGreaterThanOrEqual(7);
          expect(Math.abs(tb[0]! - tb[1]!)).toBeGreaterThanOrEqual(2);
        }
        if (h > a) home++;
        else away++;
      });
      expect([home, away]).toEqual([num(r, 'homeScore'), num(r, 'awayScore')]);
      expect([2, 3]).toContain(Math.max(home, away));
      expect(r.winner).toBe(home > away ? 1 : 2);
    }
  });

  it('S3-15 S3-17 S3-18 rally sets: volleyball to 25 (fifth 15), beach volleyball 21/15, table tennis 11, badminton 21 (cap 30), all by two', () => {
    const rules: Record<number, { points: number; last: number; lastIndex: number; cap: number }> = {
      12: { points: 25, last: 15, lastIndex: 5, cap: 0 },
      17: { points: 21, last: 15, lastIndex: 3, cap: 0 },
      25: { points: 11, last: 11, lastIndex: 7, cap: 0 },
      21: { points: 21, last: 21, lastIndex: 3, cap: 30 },
    };
    for (const [sport, rule] of Object.entries(rules)) {
      const matches = finished(Number(sport));
      expect(matches.length).toBeGreaterThan(10);
      for (const r of matches) {
        const sets = setsOf(r, 7);
        sets.forEach(([h, a], i) => {
          const target = i + 1 === rule.lastIndex ? rule.last : rule.points;
          const [w, l] = h > a ? [h, a] : [a, h];
          const byTwo = w >= target && w - l >= 2 && (w === target || w - l === 2);
          const capped = rule.cap > 0 && w === rule.cap && l === rule.cap - 1;
          expect(byTwo || capped, `sport ${sport} set ${h}-${a}`).toBe(true);
        });
        const won = sets.filter(([h, a]) => h > a).length;
        expect(won).toBe(num(r, 'homeScore'));
      }
    }
  });

  it('S3-11 basketball, S3-12 hockey: no draws; basketball quarters and overtime add up to the score', () => {
    for (const r of finished(3)) {
      expect(num(r, 'homeScore')).not.toBe(num(r, 'awayScore'));
      let home = 0;
      let away = 0;
      for (let i = 1; i <= 5; i++) {
        home += num(r, `homePart${i}`);
        away += num(r, `awayPart${i}`);
      }
      expect([home, away]).toEqual([num(r, 'homeScore'), num(r, 'awayScore')]);
    }
    for (const r of finished(4)) expect(num(r, 'homeScore')).not.toBe(num(r, 'awayScore'));
  });

  it('soccer: draws only in league matches; cup ties are settled by extra time (10) or penalties (11)', () => {
    let leagueDraws = 0;
    for (const r of finished(1)) {
      const draw = num(r, 'homeScore') === num(r, 'awayScore');
      const cup = leagueKind.get(r.leagueId) === 'cup';
      if (cup) {
        expect(r.winner).not.toBe(0);
        if (draw) {
          expect(r.finalStage).toBe(11);
          expect(num(r, 'homePenalties')).not.toBe(num(r, 'awayPenalties'));
        }
      } else if (draw) {
        leagueDraws++;
        expect(r.winner).toBe(0);
        expect(r.finalStage).toBe(3);
      }
    }
    expect(leagueDraws).toBeGreaterThan(0);
  });

  it('S3-14 baseball: nine innings at least; no draws; extra innings in part 10', () => {
    for (const r of finished(6)) {
      expect(num(r, 'homeScore')).not.toBe(num(r, 'awayScore'));
      expect(r.fields.awayPart9).toBeDefined();
    }
  });

  it('S3-14 S3-5 cricket: runs with wickets (0–10) and overs within the format, wickets in each side’s first innings, and a result line by runs or wickets', () => {
    const notices = new Map<string, string>();
    for (const f of facts) if (f.type === 'MatchFinished' && f.infoNotice) notices.set(f.matchId, f.infoNotice);
    const games = finished(13);
    expect(games.length).toBeGreaterThan(0);
    for (const r of games) {
      for (const side of ['home', 'away'] as const) {
        const wickets = num(r, `${side}Wickets`);
        expect(wickets).toBeGreaterThanOrEqual(0);
        expect(wickets).toBeLessThanOrEqual(10);
        const overs = String(r.fields[`${side}Overs`]);
        expect(overs).toMatch(/^\d+(\.[1-5])?$/);
        expect(Number.parseFloat(overs)).toBeLessThanOrEqual(50);
        expect(r.fields[`${side}Part1`]).toBe(r.fields[`${side}Score`]);
      }
      const home = num(r, 'homeScore');
      const away = num(r, 'awayScore');
      const notice = notices.get(matchIdOf(r)) ?? '';
      if (home === away) {
        expect(notice).toBe('Тең ойын');
        continue;
      }
      const winner = home > away ? 'home' : 'away';
      expect(notice.startsWith(String(r.fields[winner]))).toBe(true);
      const byRuns = /(\d+) ранмен жеңді$/.exec(notice);
      const byWickets = /(\d+) уикетпен жеңді$/.exec(notice);
      if (byRuns) expect(Number(byRuns[1])).toBe(Math.abs(home - away));
      else expect(Number(byWickets?.[1])).toBe(10 - num(r, `${winner}Wickets`));
    }
    const wickets = facts.filter(
      (f) => f.type === 'IncidentAdded' && rows.get(f.matchId)?.sportId === 13 && f.incident.type === 30,
    );
    expect(wickets.length).toBeGreaterThan(0);
    for (const f of wickets) {
      if (f.type !== 'IncidentAdded') continue;
      expect(f.incident.period).toBe(1);
      expect(f.incident.player).not.toBe('Боулер');
    }
  });

  it('S4-22 darts on sets: the row says so (WL) and the legs of the set in play stay below three', () => {
    // A day when the set-play championship has matches.
    const dartsDay = generateDay({ seed: 2026, date: '2026-03-16', sports: [14] });
    const dartsRows = finalRows(dartsDay);
    const onSets = [...dartsRows.entries()].filter(([, r]) => r.sportId === 14 && r.fields.playingOnSets === '1');
    expect(onSets.length).toBeGreaterThan(0);
    const ids = new Set(onSets.map(([id]) => id));
    let legs = 0;
    for (const f of dartsDay) {
      if (f.type !== 'ScoreChanged' || !ids.has(f.matchId) || f.score.homeLegs === undefined) continue;
      legs++;
      expect(f.score.homeLegs).toBeLessThan(3);
      expect(f.score.awayLegs).toBeLessThan(3);
    }
    expect(legs).toBeGreaterThan(0);
  });

  it('S3-5 baseball outs run 0…3 per half-inning; american football hands the ball over (WC)', () => {
    const outs = facts.filter(
      (f) => f.type === 'ScoreChanged' && rows.get(f.matchId)?.sportId === 6 && f.score.outs !== undefined,
    );
    expect(outs.length).toBeGreaterThan(0);
    for (const f of outs) if (f.type === 'ScoreChanged') expect([0, 1, 2, 3]).toContain(f.score.outs);
    const ball = facts.filter((f) => f.type === 'ServiceChanged' && rows.get(f.matchId)?.sportId === 5);
    expect(new Set(ball.map((f) => (f.type === 'ServiceChanged' ? f.service : 0)))).toEqual(new Set([1, 2]));
  });

  it('no-duel rows: one row per participant, away empty, ranks from 1 (S3-33)', () => {
    const raceRows = [...rows.values()].filter((r) => sportById(r.sportId)!.noDuel);
    expect(raceRows.length).toBeGreaterThan(500);
    for (const r of raceRows) expect(r.fields.away).toBe('');
    const ranked = facts
      .filter((f) => f.type === 'RaceStandingsChanged')
      .flatMap((f) => (f.type === 'RaceStandingsChanged' ? f.rows : []));
    expect(ranked.some((row) => row.fields.rank === 1)).toBe(true);
    expect(ranked.every((row) => row.fields.rank === undefined || row.fields.rank >= 1)).toBe(true);
  });

  it('S3-30 odds from five bookmakers: opened before kick-off, prices move with the score', () => {
    const lastHome = new Map<string, number>();
    const goalPending = new Map<string, number>();
    const score = new Map<string, [number, number]>();
    let moved = 0;
    let agreed = 0;
    for (const f of facts) {
      if (f.type === 'OddsMoved') {
        expect(new Set(f.odds.map((o) => o.bookmakerId)).size).toBe(5);
        const price = f.odds[0]!.current[0]!;
        const before = goalPending.get(f.matchId);
        if (before !== undefined) {
          moved++;
          if (price <= before) agreed++;
          goalPending.delete(f.matchId);
        }
        lastHome.set(f.matchId, price);
      }
      if ((f.type === 'ScoreChanged' || f.type === 'MatchStarted') && rows.get(f.matchId)?.sportId === 1) {
        const { homeScore, awayScore } = f.score;
        if (homeScore === undefined || awayScore === undefined) continue;
        const before = score.get(f.matchId) ?? [0, 0];
        const prev = lastHome.get(f.matchId);
        // A home goal (home up, away unchanged) should shorten the home price.
        if (
          f.type === 'ScoreChanged' &&
          !f.correction &&
          homeScore > before[0] &&
          awayScore === before[1] &&
          prev !== undefined
        ) {
          goalPending.set(f.matchId, prev);
        }
        score.set(f.matchId, [homeScore, awayScore]);
      }
    }
    expect(moved).toBeGreaterThan(100);
    expect(agreed / moved).toBeGreaterThan(0.9);
    // Every played soccer match had prices before kick-off.
    const opened = new Set<string>();
    const started = new Set<string>();
    for (const f of facts) {
      if (f.type === 'OddsMoved' && !started.has(f.matchId)) opened.add(f.matchId);
      if (f.type === 'MatchStarted') started.add(f.matchId);
    }
    for (const id of started) if (rows.get(id)!.sportId === 1) expect(opened.has(id)).toBe(true);
  });

  it('soccer line-ups (11 starters, bench) come before kick-off; statistics carry df_st ids per half', () => {
    const lineups = new Map<string, number>();
    for (const f of facts) {
      if (f.type === 'LineupsAnnounced') {
        expect(f.home.filter((p) => p.starter)).toHaveLength(
          rows.get(f.matchId)!.sportId === 1 ? 11 : f.home.filter((p) => p.starter).length,
        );
        lineups.set(f.matchId, f.time);
      }
      if (f.type === 'MatchStarted' && lineups.has(f.matchId))
        expect(lineups.get(f.matchId)!).toBeLessThanOrEqual(f.time);
    }
    expect(lineups.size).toBeGreaterThan(500);
    const stats = facts.filter((f) => f.type === 'StatsChanged');
    const last = stats[stats.length - 1];
    expect(last?.type).toBe('StatsChanged');
    if (last?.type !== 'StatsChanged') return;
    const ids = new Set(last.stats[0]!.lines.map((l) => l.id));
    for (const id of [12, 13, 14, 16, 21, 23]) expect(ids.has(id)).toBe(true);
    expect(last.stats.map((p) => p.period)).toEqual([0, 1, 2]);
  });
});
