// The calendar: live matches at every hour of a day in several sports, results for the past day
// and fixtures for the next seven (S2-29 date selector, S9-2 past 1 / future 7, S9-3 range 7),
// a world that keeps its calendar full across midnights, and Kazakhstan's own competitions.
import { describe, expect, it } from 'vitest';
import { generateDay } from '../../sim/generate-day';
import { localDayIndex, localDayStart, planDay } from '../../sim/plan/day-plan';
import { createSimulation } from '../../sim/simulation';

const TZ = 5;
const HOUR = 3_600_000;

describe('calendar', () => {
  it('at every hour of a generated day, matches are live in at least three sports', () => {
    const facts = generateDay({ seed: 3, date: '2026-03-15', sports: [1, 2, 3, 4, 12, 25, 36] });
    const dayStart = localDayStart(localDayIndex(Date.UTC(2026, 2, 15, 12), TZ), TZ);
    const sportOf = new Map<string, number>();
    const live = new Map<string, number>();
    let next = dayStart + HOUR;
    let hours = 0;
    const check = () => {
      const sports = new Set(live.values());
      expect(sports.size, `live sports at ${new Date(next).toISOString()}`).toBeGreaterThanOrEqual(3);
      hours++;
      next += HOUR;
    };
    for (const f of facts) {
      while (f.time > next && next <= dayStart + 24 * HOUR) check();
      if (f.type === 'MatchScheduled') sportOf.set(f.match.id, f.match.sportId);
      if (f.type === 'MatchStarted') live.set(f.matchId, sportOf.get(f.matchId)!);
      if (f.type === 'MatchFinished' || f.type === 'MatchCalledOff') live.delete(f.matchId);
    }
    expect(hours).toBe(24);
  });

  it('S2-29 S9-2 S9-3 the world holds yesterday’s results and seven days of fixtures, and keeps them across midnights', () => {
    const start = Date.UTC(2026, 2, 14, 15); // 20:00 local
    const sim = createSimulation({ seed: 8, startTime: start, sports: [4, 14], pastDays: 1, futureDays: 7 });
    const daysOf = () => {
      const days = new Map<number, { finished: number; scheduled: number }>();
      for (const m of sim.state.matches.values()) {
        const d = localDayIndex(m.fields.startTime! * 1000, TZ);
        const e = days.get(d) ?? { finished: 0, scheduled: 0 };
        if (m.fields.stageType === 3) e.finished++;
        if (m.fields.stageType === 1) e.scheduled++;
        days.set(d, e);
      }
      return days;
    };
    const today = localDayIndex(start, TZ);
    let days = daysOf();
    expect(days.get(today - 1)!.finished).toBeGreaterThan(0);
    for (let d = today + 1; d <= today + 7; d++) expect(days.get(d)?.scheduled, `day +${d - today}`).toBeGreaterThan(0);
    expect(days.has(today - 2)).toBe(false);

    // Three midnights later the range has moved with the clock.
    sim.advanceTo(start + 72 * HOUR);
    const later = today + 3;
    days = daysOf();
    expect(days.get(later - 1)!.finished).toBeGreaterThan(0);
    for (let d = later + 1; d <= later + 7; d++) expect(days.get(d)?.scheduled, `day +${d - later}`).toBeGreaterThan(0);
    expect(days.has(later - 2)).toBe(false);
    expect(sim.facts.some((f) => f.type === 'MatchesArchived')).toBe(true);
    for (let i = 1; i < sim.facts.length; i++) expect(sim.facts[i]!.time >= sim.facts[i - 1]!.time).toBe(true);
  });
});

describe('competitions', () => {
  const facts = generateDay({ seed: 4, date: '2026-03-16', sports: [1, 4, 3, 11, 12] });
  const leagues = facts.flatMap((f) => (f.type === 'LeagueCreated' ? [f.league] : []));
  const names = new Set(
    facts.flatMap((f) => (f.type === 'MatchScheduled' ? [f.match.fields.home, f.match.fields.away] : [])),
  );

  it('S3-50 leagues carry types t/p/s/c and top leagues are flagged', () => {
    const types = new Set(leagues.map((l) => l.type));
    for (const t of ['t', 'p', 's', 'c']) expect(types.has(t)).toBe(true);
    expect(leagues.some((l) => l.top)).toBe(true);
    for (const l of leagues) {
      expect(l.id).toBe(`${l.sportId}_${l.stageId}`);
      expect(l.name).toMatch(/: /);
    }
  });

  it('Kazakhstan has its own competitions with its real clubs', () => {
    // A league may rest on a given day, so look at the whole Kazakh field across a week of plans.
    const plans = Array.from({ length: 7 }, (_, i) => planDay(4, 20528 + i, TZ, [1, 4, 11]));
    const kz = new Set(plans.flatMap((p) => p.leagues.filter((l) => l.countryName === 'Қазақстан').map((l) => l.name)));
    expect(kz.has('ҚАЗАҚСТАН: Премьер-лига')).toBe(true);
    const teams = new Set(
      plans.flatMap((p) => p.fixtures.flatMap((f) => (f.kind === 'duel' ? [f.home.name, f.away.name] : []))),
    );
    for (const club of ['Қайрат', 'Астана', 'Тобыл', 'Ақтөбе', 'Ордабасы', 'Барыс'])
      expect(teams.has(club), club).toBe(true);
    expect(names.size).toBeGreaterThan(100);
  });

  it('every row has names, short names, slugs, participant ids and images for both sides', () => {
    for (const f of facts) {
      if (f.type !== 'MatchScheduled') continue;
      const x = f.match.fields;
      expect(x.home && x.away && x.homeShort && x.awayShort && x.homeSlug && x.awaySlug).toBeTruthy();
      expect(x.homeParticipantId).toMatch(/^[0-9A-Za-z]{8}$/);
      expect(x.homeImage).toMatch(/\.png$/);
      expect(f.match.id).toMatch(/^[0-9A-Za-z]{8}$/);
    }
  });
});
