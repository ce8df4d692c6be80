import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayOffset, endOfLocalDay } from '../../src/domain/datetime';
import {
  addEntry,
  applyTimeChange,
  canAddByDay,
  cleanLabelId,
  confirmEntry,
  countTowardsLimit,
  createEntry,
  createTournamentEntry,
  dropExpired,
  gameKey,
  isExpired,
  isGameKey,
  type MyGamesEntries,
  type MyGamesEntry,
  parseGameKey,
  rebuildEntry,
  recalculateDay,
} from '../../src/domain/my-games-rules';

const TZ = 'Asia/Almaty'; // UTC+5
const opts = { timeZone: TZ };
const utc = (y: number, mo: number, d: number, h = 0, mi = 0): number => Date.UTC(y, mo - 1, d, h, mi) / 1000;
const NOW_MS = utc(2025, 3, 15, 7) * 1000; // 15.03 12:00 local
const DAY = 86_400;
const at = (dayOffset: number, hourUtc = 10): number => utc(2025, 3, 15 + dayOffset, hourUtc);

const game = (dayOffset: number, AB = 1, extra: Partial<Parameters<typeof createEntry>[0]> = {}): MyGamesEntry =>
  createEntry(
    { sportId: 1, labelId: '1_ABCDEFGH', AD: at(dayOffset), AP: at(dayOffset) + 7200, AB, ...extra },
    NOW_MS,
    opts,
  );

describe('My Games keys and labels', () => {
  it('S3-59 game keys are g_ + sport id + an 8-16 character id', () => {
    expect(gameKey(1, 'KxrZoe94')).toBe('g_1_KxrZoe94');
    expect(parseGameKey('g_1_KxrZoe94')).toEqual({ sportId: 1, eventId: 'KxrZoe94' });
    expect(isGameKey('g_42_ABCDEFGHIJKLMNOP')).toBe(true);
    expect(isGameKey('g_1_short')).toBe(false);
    expect(isGameKey('g_1_ABCDEFGHIJKLMNOPQ')).toBe(false);
    expect(isGameKey('1_KxrZoe94')).toBe(false);
  });

  it('S3-59 label ids are cleaned by removing the trailing hyphen suffix', () => {
    expect(cleanLabelId('1_tItR6sEf-2')).toBe('1_tItR6sEf');
    expect(cleanLabelId('1_a-b-c')).toBe('1_a-b');
    expect(cleanLabelId('1_tItR6sEf')).toBe('1_tItR6sEf');
    expect(game(0, 1, { labelId: '1_X-y' }).labl_id).toBe('1_X');
  });
});

describe('adding to My Games', () => {
  it('S5-1 S9-2 the day span must touch today, or lie within 1 past and 7 future days', () => {
    expect(canAddByDay(at(0), at(0) + 7200, NOW_MS, opts)).toBe(true);
    expect(canAddByDay(at(-1), 0, NOW_MS, opts)).toBe(true);
    expect(canAddByDay(at(-2), 0, NOW_MS, opts)).toBe(false);
    expect(canAddByDay(at(7), 0, NOW_MS, opts)).toBe(true);
    expect(canAddByDay(at(8), 0, NOW_MS, opts)).toBe(false);
    // A multi-day event that started 3 days ago and ends tomorrow spans today.
    expect(canAddByDay(at(-3), at(1), NOW_MS, opts)).toBe(true);
    // A configured wider window.
    expect(canAddByDay(at(-3), 0, NOW_MS, { ...opts, pastDays: 3 })).toBe(true);
    // The day is the visitor's local day: 20:30 UTC on the 15th is already the 16th in Almaty.
    expect(canAddByDay(utc(2025, 3, 22, 20, 30), 0, NOW_MS, opts)).toBe(false);
    expect(canAddByDay(utc(2025, 3, 22, 18, 30), 0, NOW_MS, opts)).toBe(true);
  });

  it('S5-2 a duplicate add is a success and changes nothing', () => {
    const first = addEntry({}, 'g_1_AAAAAAAA', game(1), NOW_MS, opts);
    expect(first.result).toBe('added');
    const again = addEntry(first.entries, 'g_1_AAAAAAAA', game(2), NOW_MS, opts);
    expect(again).toMatchObject({ result: 'duplicate', ok: true });
    expect(again.entries).toBe(first.entries);
  });

  it('S5-2 S9-2 adding is refused at maximum_count (500)', () => {
    const entries: Record<string, MyGamesEntry> = {};
    for (let i = 0; i < 500; i++) entries[`g_1_${String(i).padStart(8, '0')}`] = game(1);
    const full = addEntry(entries, 'g_1_NEWGAME1', game(1), NOW_MS, opts);
    expect(full).toMatchObject({ result: 'limit', ok: false });
    expect(full.entries).toBe(entries);
    delete entries.g_1_00000000;
    expect(addEntry(entries, 'g_1_NEWGAME1', game(1), NOW_MS, opts).result).toBe('added');
    expect(addEntry({}, 'g_1_NEWGAME1', game(1), NOW_MS, { ...opts, maxCount: 0 }).result).toBe('limit');
  });

  it('S5-2 only entries of known sports count; no-duel entries count once per tournament', () => {
    const entries: MyGamesEntries = {
      g_1_AAAAAAAA: game(0),
      g_20_BBBBBBBB: { ...game(0), sport_id: 20 },
      g_34_CCCCCCCC: { ...game(0), sport_id: 34, noDuel: true, labl_id: '34_TOUR' },
      g_34_DDDDDDDD: { ...game(0), sport_id: 34, noDuel: true, labl_id: '34_TOUR-1' },
      '34_TOUR': { ...game(0), sport_id: 34, noDuel: true, labl_id: '34_TOUR' },
      g_34_EEEEEEEE: { ...game(0), sport_id: 34, noDuel: true, labl_id: '34_OTHER' },
    };
    expect(countTowardsLimit(entries)).toBe(3);
    // With the list full, another race of an already counted tournament still fits.
    const limited = { ...opts, maxCount: 3 };
    const sameTour = { ...game(0), sport_id: 34, noDuel: true, labl_id: '34_TOUR' };
    expect(addEntry(entries, 'g_34_FFFFFFFF', sameTour, NOW_MS, limited).result).toBe('added');
    expect(addEntry(entries, 'g_1_FFFFFFFF', game(0), NOW_MS, limited).result).toBe('limit');
  });

  it('S5-2 unknown sports and out-of-window matches are refused', () => {
    expect(addEntry({}, 'g_20_AAAAAAAA', { ...game(0), sport_id: 20 }, NOW_MS, opts).result).toBe('unknown-sport');
    expect(addEntry({}, 'g_1_AAAAAAAA', game(9), NOW_MS, opts).result).toBe('out-of-range');
  });

  it('S5-2 property: the counted size never exceeds the maximum, whatever is added', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            id: fc.stringMatching(/^[A-Za-z0-9]{8}$/),
            sport: fc.constantFrom(1, 2, 20, 34, 35),
            day: fc.integer({ min: -3, max: 9 }),
            tour: fc.constantFrom('A', 'B', 'C'),
          }),
          { maxLength: 60 },
        ),
        fc.integer({ min: 0, max: 10 }),
        (adds, max) => {
          let entries: MyGamesEntries = {};
          for (const a of adds) {
            const noDuel = a.sport === 34 || a.sport === 35;
            const entry = { ...game(a.day), sport_id: a.sport, noDuel, labl_id: `${a.sport}_${a.tour}` };
            entries = addEntry(entries, gameKey(a.sport, a.id), entry, NOW_MS, { ...opts, maxCount: max }).entries;
            expect(countTowardsLimit(entries)).toBeLessThanOrEqual(max);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('day recalculation, confirmation and expiry', () => {
  it('S4-27 m_day recalculated on load; future to today sets m_ok 0 and asks for a rebuild', () => {
    const tomorrow = { ...game(1), m_ok: 1 as const };
    expect(tomorrow.m_day).toBe(1);
    const nextDay = NOW_MS + DAY * 1000;
    const { entry, rebuild } = recalculateDay(tomorrow, nextDay, opts);
    expect(entry.m_day).toBe(0);
    expect(entry.m_ok).toBe(0);
    expect(rebuild).toBe(true);
  });

  it('S4-27 moving to the past sets m_ok 0 until refreshed; finished past matches confirm it', () => {
    const today = { ...game(0, 3), m_ok: 1 as const };
    const later = recalculateDay(today, NOW_MS + DAY * 1000, opts);
    expect(later).toMatchObject({ entry: { m_day: -1, m_ok: 0 }, rebuild: false });
    expect(confirmEntry(later.entry, 3).m_ok).toBe(1);
    expect(confirmEntry(later.entry, 2).m_ok).toBe(0);
    // Unchanged day: nothing to do.
    const same = recalculateDay(today, NOW_MS + 3600_000, opts);
    expect(same.entry).toBe(today);
  });

  it('S4-27 m_ok becomes 1 for a scheduled future match, not for a live or today match', () => {
    expect(game(2, 1).m_ok).toBe(1);
    expect(game(0, 1).m_ok).toBe(0);
    expect(game(-1, 3).m_ok).toBe(1);
    expect(game(-1, 2).m_ok).toBe(0);
    const waiting = { ...game(3, 1), m_ok: 0 as const };
    expect(confirmEntry(waiting, 1).m_ok).toBe(1);
  });

  it('S4-28 S9-2 an entry is invalid after its expiry date (end of the local day, one past day kept)', () => {
    const e = game(0);
    // Kickoff 15.03 15:00 local; kept through 16.03 23:59:59 local = 16.03 18:59:59 UTC.
    expect(e.m_expire_date).toBe(utc(2025, 3, 16, 19) - 1);
    expect(isExpired(e, e.m_expire_date)).toBe(false);
    expect(isExpired(e, e.m_expire_date + 1)).toBe(true);
    const entries = { g_1_AAAAAAAA: e, g_1_BBBBBBBB: game(1) };
    expect(Object.keys(dropExpired(entries, e.m_expire_date + 1))).toEqual(['g_1_BBBBBBBB']);
  });

  it('S4-27 S4-28 property: m_day and m_expire_date agree with the zone calendar (DST zones, day edges)', () => {
    const zones = ['Asia/Almaty', 'Europe/London', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu'];
    const start = utc(2024, 1, 1);
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 2 * 366 * DAY }),
        fc.integer({ min: -9 * DAY, max: 9 * DAY }),
        fc.integer({ min: 0, max: 3 }),
        (timeZone, nowOffset, adOffset, pastDays) => {
          const nowMs = (start + nowOffset) * 1000 + 123;
          const AD = start + nowOffset + adOffset;
          const entry = createEntry({ sportId: 1, labelId: '1_A', AD, AB: 1 }, nowMs, { timeZone, pastDays });
          expect(entry.m_day).toBe(dayOffset(AD, nowMs, timeZone));
          expect(entry.m_expire_date).toBe(endOfLocalDay(AD, timeZone, pastDays));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('S4-27 S4-28 a rebuild that would store the same entry keeps the entry; any other is a fresh createEntry', () => {
    const input = { sportId: 1, labelId: '1_LEAGUE-2', AD: at(0), AP: at(0) + 7200, AB: 1, mgGroup: '0' };
    const entry = createEntry(input, NOW_MS, opts);
    expect(rebuildEntry(entry, input, NOW_MS, opts)).toBe(entry);
    const live = rebuildEntry(entry, { ...input, AB: 2 }, NOW_MS, opts);
    expect(live).toEqual(createEntry({ ...input, AB: 2 }, NOW_MS, opts));
    // Same fields in another key order store differently: rebuilt in createEntry's order.
    const { sport_id, ...rest } = entry;
    const reordered = { ...rest, sport_id };
    const rebuilt = rebuildEntry(reordered, input, NOW_MS, opts);
    expect(rebuilt).not.toBe(reordered);
    expect(JSON.stringify(rebuilt)).toBe(JSON.stringify(entry));
    const { mgGroup: _g, ...ungrouped } = entry;
    expect(rebuildEntry(ungrouped, input, NOW_MS, opts)).toEqual(entry);
  });

  it('S4-28 entries whose time changes are rebuilt with the new times, groups kept', () => {
    const e = { ...game(1, 1, { mgGroup: '0,7' }) };
    const moved = applyTimeChange(e, at(3), at(3) + 7200, NOW_MS, opts);
    expect(moved).toMatchObject({ AD: at(3), AP: at(3) + 7200, m_day: 3, mgGroup: '0,7' });
    expect(moved.m_expire_date).toBeGreaterThan(e.m_expire_date);
    expect(applyTimeChange(e, e.AD, e.AP, NOW_MS, opts)).toBe(e);
  });

  it('S3-57 S4-29 a whole-tournament entry has no mgGroup and m_ok tells whether matches exist', () => {
    const input = { sportId: 34, labelId: '34_TOUR-5', AD: at(1), AB: 1 };
    const withMatches = createTournamentEntry(input, true, NOW_MS, opts);
    expect(withMatches).not.toHaveProperty('mgGroup');
    expect(withMatches).toMatchObject({ m_ok: 1, noDuel: true, labl_id: '34_TOUR' });
    expect(createTournamentEntry(input, false, NOW_MS, opts).m_ok).toBe(0);
    const moved = applyTimeChange(withMatches, at(2), 0, NOW_MS, opts);
    expect(moved).not.toHaveProperty('mgGroup');
    expect(moved.m_day).toBe(2);
  });
});
