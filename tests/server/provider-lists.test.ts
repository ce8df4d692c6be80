// Provider rendering of list feeds: what we render must parse back (with the client's own parser)
// into exactly the world's truth.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRows } from '../../src/protocol/codec';
import { EVENT_FIELDS, LEAGUE_FIELDS } from '../../src/protocol/keys';
import { parseListFeed } from '../../src/protocol/list-feed';
import type { MatchState, WorldState } from '../../sim/world/state';
import { renderDayList } from '../../server/provider/full-feed';
import { renderOddsList, renderOddsUpdate } from '../../server/provider/odds-feeds';
import { renderRepair } from '../../server/provider/repair-feed';
import { decodeSignature, encodeSignature } from '../../server/provider/signature';
import { renderSys } from '../../server/provider/sys-feed';
import { renderUpdate } from '../../server/provider/update-feed';
import { changeMatch, league, match, soccerWorld, T0, T0_S, world } from './world-fixture';

/** The local calendar date (YYYY-MM-DD) of a UTC second at a whole-hour offset, via Date (independent of the provider). */
function localDate(utcSeconds: number, tz: number): string {
  return new Date((utcSeconds + tz * 3600) * 1000).toISOString().slice(0, 10);
}

function expectEventEqualsMatch(event: Record<string, unknown>, m: MatchState) {
  for (const [field] of EVENT_FIELDS) {
    expect(event[field], `${m.id}.${field}`).toEqual(m.fields[field]);
  }
}

describe('full day list f_ (S7-2)', () => {
  it('S7-2 SA row, league rows with every league field, each followed by its events with every field', () => {
    const state = soccerWorld();
    const body = renderDayList(state, { sportId: 1, dayOffset: 0, timezoneHour: 5, now: T0, signature: 'sig' });
    const rows = parseRows(body);
    expect(rows[0]).toEqual([['SA', '1']]);
    const feed = parseListFeed(body);
    expect(feed.sport).toBe(1);
    expect(feed.signature).toBe('sig');
    // Top league (Kazakhstan) first, then the other (S4-26).
    expect(feed.leagues.map((l) => l.id)).toEqual(['1_kzPL0001', '1_engPL001']);
    for (const parsed of feed.leagues) {
      const truth = state.leagues.get(parsed.id ?? '');
      expect(truth).toBeDefined();
      for (const [field] of LEAGUE_FIELDS) expect(parsed[field], field).toEqual(truth?.[field]);
    }
    // 23:30 UTC is already tomorrow at +5, so NightEn1 is not listed today; tennis is another sport.
    expect(feed.events.map((e) => e.id).sort()).toEqual(['DoneKz01', 'LaterEn1', 'LiveKz01']);
    for (const event of feed.events) {
      const truth = state.matches.get(event.id);
      if (!truth) throw new Error(`unknown event ${event.id}`);
      expect(event.leagueId).toBe(truth.leagueId);
      expect(event.sportId).toBe(1);
      expectEventEqualsMatch(event as unknown as Record<string, unknown>, truth);
    }
  });

  it('S7-2 S4-2 the day list carries the sport refresh utime (A2) before its signature', () => {
    const state = soccerWorld();
    const feed = parseListFeed(
      renderDayList(state, {
        sportId: 1,
        dayOffset: 0,
        timezoneHour: 5,
        now: T0,
        signature: 'sig',
        refreshUtime: 1234,
      }),
    );
    expect(feed.refreshUtime).toBe(1234);
    expect(feed.signature).toBe('sig');
  });

  it('S7-2 the timezone hour cuts the day: tomorrow at +5 is today at UTC', () => {
    const state = soccerWorld();
    const ids = (day: number, tz: number) =>
      parseListFeed(renderDayList(state, { sportId: 1, dayOffset: day, timezoneHour: tz, now: T0, signature: '' }))
        .events.map((e) => e.id)
        .sort();
    expect(ids(1, 5)).toEqual(['NightEn1']);
    expect(ids(0, 0)).toEqual(['DoneKz01', 'LaterEn1', 'LiveKz01', 'NightEn1']);
    expect(ids(-1, 5)).toEqual([]);
  });

  it('S7-2 property: every match is listed on exactly the local day of its start, for any tz (negative too) and day', () => {
    const kz = league('1_kzPL0001', 1, 'ҚАЗАҚСТАН: Премьер-лига');
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -3 * 86_400, max: 3 * 86_400 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: -12, max: 14 }),
        fc.integer({ min: -2 * 86_400, max: 2 * 86_400 }),
        (offsets, tz, nowShift) => {
          const now = T0 + nowShift * 1000;
          const matches = offsets.map((o, i) =>
            match(`M${String(i).padStart(7, '0')}`, kz.id, 1, { startTime: T0_S + o, home: `H${i}`, away: `A${i}` }),
          );
          const state = world([kz], matches, now);
          const today = Date.parse(`${localDate(Math.floor(now / 1000), tz)}T00:00:00Z`);
          for (const day of [-3, -2, -1, 0, 1, 2, 3]) {
            const listed = parseListFeed(
              renderDayList(state, { sportId: 1, dayOffset: day, timezoneHour: tz, now, signature: '' }),
            ).events.map((e) => e.id);
            const expected = matches
              .filter(
                (m) => Date.parse(`${localDate(m.fields.startTime ?? 0, tz)}T00:00:00Z`) === today + day * 86_400_000,
              )
              .map((m) => m.id);
            expect(listed.sort()).toEqual(expected.sort());
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('S7-2 QA rows name events moved out of the day with their new start', () => {
    const base = soccerWorld();
    const night = base.matches.get('NightEn1');
    if (!night) throw new Error('fixture');
    const state: WorldState = { ...base, moved: new Map([['NightEn1', 1]]) };
    const feed = parseListFeed(
      renderDayList(state, { sportId: 1, dayOffset: 0, timezoneHour: 5, now: T0, signature: '' }),
    );
    expect(feed.moved).toEqual([{ id: 'NightEn1', startTime: night.fields.startTime, endTime: null }]);
  });
});

describe('update feed u_ (S7-4, S7-19)', () => {
  const base = soccerWorld();
  const live = base.matches.get('LiveKz01');
  if (!live) throw new Error('fixture');
  // Version 5: a goal. Version 6: the clock stage moves on.
  const afterGoal = changeMatch(live, { homeScore: 3 }, 5);
  const afterStage = changeMatch(afterGoal, { stage: 6 }, 6);
  const at = (m: MatchState): WorldState => ({
    ...base,
    version: m.version,
    matches: new Map(base.matches).set(m.id, m),
  });

  it('S7-4 AA rows carry exactly the fields changed after the client version, then A2 and A1', () => {
    const state = at(afterStage);
    const since4 = parseListFeed(
      renderUpdate(state, { sportId: 1, sinceVersion: 4, refreshUtime: 111, signature: 'abc' }),
    );
    expect(since4.refreshUtime).toBe(111);
    expect(since4.signature).toBe('abc');
    expect(since4.events).toEqual([{ id: 'LiveKz01', sportId: 1, leagueId: null, homeScore: 3, stage: 6 }]);
    const since5 = parseListFeed(
      renderUpdate(state, { sportId: 1, sinceVersion: 5, refreshUtime: 111, signature: '' }),
    );
    expect(since5.events).toEqual([{ id: 'LiveKz01', sportId: 1, leagueId: null, stage: 6 }]);
    const since6 = parseListFeed(
      renderUpdate(state, { sportId: 1, sinceVersion: 6, refreshUtime: 111, signature: '' }),
    );
    expect(since6.events).toEqual([]);
  });

  it('S7-4 a field removed since the client version (live flag after the end) is sent empty', () => {
    const ended = changeMatch(afterStage, { live: undefined, stageType: 3 }, 7);
    const body = renderUpdate(at(ended), { sportId: 1, sinceVersion: 6, refreshUtime: 1, signature: '' });
    const row = parseRows(body).find((r) => r[0]?.[0] === 'AA');
    expect(row).toEqual([
      ['AA', 'LiveKz01'],
      ['AB', '3'],
      ['AI', ''],
    ]);
  });

  it('S7-19 signatures encode the version and reject another salt or garbage', () => {
    const sig = encodeSignature(42, 'w1:1');
    expect(sig).toMatch(/^[0-9a-f]{32}$/);
    expect(decodeSignature(sig, 'w1:1')).toBe(42);
    expect(decodeSignature(sig, 'w1:2')).toBeNull();
    const flipped = sig.slice(0, 31) + (sig[31] === '0' ? '1' : '0');
    expect(decodeSignature(flipped, 'w1:1')).toBeNull();
    expect(decodeSignature('not-a-signature', 'w1:1')).toBeNull();
  });
});

describe('repair, sys and odds feeds', () => {
  it('S7-3 r_ re-sends the full values of live events inside an ST÷repair block', () => {
    const state = soccerWorld();
    const feed = parseListFeed(renderRepair(state, 1, 'sig'));
    expect(feed.events).toEqual([]);
    expect(feed.repair.map((e) => e.id)).toEqual(['LiveKz01']);
    const truth = state.matches.get('LiveKz01');
    if (!truth) throw new Error('fixture');
    expectEventEqualsMatch(feed.repair[0] as unknown as Record<string, unknown>, truth);
    expect(feed.repair[0]?.leagueId).toBe('1_kzPL0001');
  });

  it('S7-22 sys_ carries mlp, sst, stu and utime (server time in seconds)', () => {
    const rows = parseRows(renderSys(1, { now: T0 + 999 }));
    expect(Object.fromEntries(rows[0] ?? [])).toEqual({ SA: '1', mlp: '1', sst: '1', stu: '5', utime: String(T0_S) });
  });

  it('S7-11 fo_ lists only the odds keys XA…XF; uo_ only odds changed since a version', () => {
    const state = soccerWorld();
    const list = parseRows(
      renderOddsList(state, { sportId: 1, dayOffset: 0, timezoneHour: 5, now: T0, signature: '' }),
    );
    const eventRows = list.filter((r) => r[0]?.[0] === 'AA');
    expect(eventRows).toEqual([
      [
        ['AA', 'LiveKz01'],
        ['XA', '1.5'],
        ['XB', '4.2'],
        ['XC', '6'],
      ],
    ]);
    const live = state.matches.get('LiveKz01');
    if (!live) throw new Error('fixture');
    const moved = changeMatch(changeMatch(live, { homeScore: 4 }, 8), { odds1: 1.2, prevOdds1: 1.5 }, 9);
    const next: WorldState = { ...state, version: 9, matches: new Map(state.matches).set(moved.id, moved) };
    const update = parseListFeed(
      renderOddsUpdate(next, { sportId: 1, sinceVersion: 7, refreshUtime: 1, signature: '' }),
    );
    expect(update.events).toEqual([{ id: 'LiveKz01', sportId: 1, leagueId: null, odds1: 1.2, prevOdds1: 1.5 }]);
  });
});
