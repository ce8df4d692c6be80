import { describe, expect, it } from 'vitest';
import { parseListFeed } from '../../src/protocol/list-feed';
import { serializeCollapsedCookie } from '../../src/scoreboard/collapsed-cookie';
import { CORRECTION_HIGHLIGHT_MS, GOAL_HIGHLIGHT_MS } from '../../src/scoreboard/highlights';
import { createScoreboard } from '../../src/scoreboard/store';
import { event, league, listFeed } from './helpers/answers';

// 2026-09-01 11:00 in Kazakhstan (UTC+5).
const NOW = Date.UTC(2026, 8, 1, 6, 0);
const TODAY_START = Date.UTC(2026, 7, 31, 19, 0) / 1000; // local midnight
const T = TODAY_START + 12 * 3600;

function board(now = { t: NOW }, cookie: string | null = null) {
  return createScoreboard({ now: () => now.t, collapsedCookie: cookie });
}

const L1 = league('1_aaa', { sortKey: 'b' });
const L2 = league('1_bbb', { sortKey: 'a', type: 't' });

function dayFeed(signature = '') {
  return listFeed({
    signature,
    refreshUtime: 100,
    leagues: [L1, L2],
    events: [
      event('e1', '1_aaa', { startTime: T + 60, stageType: 1, home: 'A', away: 'B' }),
      event('e2', '1_aaa', { startTime: T, stageType: 2, stage: 12, homeScore: 0, awayScore: 0, live: 'y' }),
      event('e3', '1_bbb', { startTime: T - 3600, stageType: 3, homeScore: 2, awayScore: 1 }),
    ],
  });
}

describe('scoreboard store: full feed', () => {
  it('S4-1 a full feed builds leagues and events in display order', () => {
    const store = board();
    const result = store.applyFull(dayFeed());
    expect(result.changed).toBe(3);
    const snap = store.snapshot();
    expect(snap.leagueOrder).toEqual(['1_bbb', '1_aaa']); // top league first (S4-26)
    expect(snap.leagues.get('1_aaa')!.eventIds).toEqual(['e2', 'e1']); // by start time
    expect(snap.events.get('e2')!.liveMarked).toBe(true);
    expect(snap.events.get('e1')!.liveMarked).toBe(false);
  });

  it('S4-8 invalid events, events of invalid leagues and (not My Games) off-day non-live events are removed', () => {
    const store = board();
    const feed = listFeed({
      leagues: [L1],
      events: [
        event('ok', '1_aaa', { startTime: T }),
        event('noStart', '1_aaa', {}),
        event('', '1_aaa', { startTime: T }),
        event('orphan', '1_zzz', { startTime: T }),
        event('tomorrow', '1_aaa', { startTime: TODAY_START + 86_400 + 10, stageType: 1 }),
        event('yesterdayLive', '1_aaa', { startTime: TODAY_START - 3600, stageType: 2 }),
        event('justBefore', '1_aaa', { startTime: TODAY_START - 1, stageType: 3 }),
        event('firstSecond', '1_aaa', { startTime: TODAY_START, stageType: 3 }),
      ],
    });
    const result = store.applyFull(feed, { day: 0, timezoneHour: 5 });
    expect([...store.snapshot().events.keys()].sort()).toEqual(['firstSecond', 'ok', 'yesterdayLive']);
    expect(result.removed).toBe(5);
    // My Games keeps off-day events (the day rule is for the initial default list only).
    const mine = board();
    mine.applyFull(feed, { scope: 'mygames' });
    mine.setScope('mygames');
    expect([...mine.snapshot().events.keys()].sort()).toEqual([
      'firstSecond',
      'justBefore',
      'ok',
      'tomorrow',
      'yesterdayLive',
    ]);
  });

  it('S4-8 the day window follows the selected day and the timezone hour', () => {
    const store = board();
    const feed = listFeed({
      leagues: [L1],
      events: [event('y', '1_aaa', { startTime: TODAY_START - 100, stageType: 3 })],
    });
    store.applyFull(feed, { day: -1 });
    expect(store.snapshot().events.has('y')).toBe(true);
    store.applyFull(feed, { day: 0 });
    expect(store.snapshot().events.has('y')).toBe(false);
  });

  it('S4-1 a reload replaces the scope; unchanged events keep their identity and version', () => {
    const store = board();
    store.applyFull(dayFeed());
    const before = store.snapshot().events.get('e1');
    const v = store.version;
    const feed = dayFeed();
    store.applyFull({ ...feed, events: feed.events.filter((e) => e.id !== 'e3') });
    const snap = store.snapshot();
    expect(snap.events.get('e1')).toBe(before);
    expect(snap.events.has('e3')).toBe(false);
    expect(snap.leagues.has('1_bbb')).toBe(false);
    expect(snap.version).toBeGreaterThan(v);
  });
});

describe('scoreboard store: updates', () => {
  it('S4-7 an update merges changed keys of held events and ignores unknown events', () => {
    const store = board();
    store.applyFull(dayFeed());
    const e1 = store.getEvent('e1');
    const result = store.applyUpdate(
      listFeed({ events: [event('e2', '1_aaa', { homeScore: 1 }), event('nobody', '1_aaa', { homeScore: 5 })] }),
    );
    expect(result).toMatchObject({ changed: 1, unknown: 1 });
    expect(store.getEvent('e2')).toMatchObject({ homeScore: 1, awayScore: 0, stage: 12 });
    expect(store.getEvent('nobody')).toBeUndefined();
    // Narrow versions: only the changed row moved.
    expect(store.getEvent('e1')).toBe(e1);
    expect(store.getEvent('e2')!.version).toBe(store.version);
  });

  it('S4-6 an empty value removes a string field', () => {
    const store = board();
    store.applyFull(dayFeed());
    store.applyUpdate(listFeed({ events: [event('e2', '1_aaa', { live: '', stageType: 3 })] }));
    expect(store.getEvent('e2')!.live).toBeUndefined();
    expect('live' in store.getEvent('e2')!).toBe(false);
  });

  it('ordering: an older update never overwrites a newer value (signature ordinal per field)', () => {
    const store = board();
    store.applyFull(dayFeed('10'));
    store.applyUpdate(listFeed({ signature: '12', events: [event('e2', '1_aaa', { homeScore: 2, gameTime: 30 })] }));
    // A reordered older update arrives late: its score is older, its other field is new to us.
    store.applyUpdate(listFeed({ signature: '11', events: [event('e2', '1_aaa', { homeScore: 1, awayScore: 1 })] }));
    expect(store.getEvent('e2')).toMatchObject({ homeScore: 2, awayScore: 1, gameTime: 30 });
    // A replayed stale full feed does not roll the row back either.
    store.applyFull(dayFeed('9'));
    expect(store.getEvent('e2')).toMatchObject({ homeScore: 2, awayScore: 1 });
    // Same ordinal (a duplicate) applies idempotently.
    store.applyUpdate(listFeed({ signature: '12', events: [event('e2', '1_aaa', { homeScore: 2 })] }));
    expect(store.getEvent('e2')!.homeScore).toBe(2);
  });

  it('ordering: world signatures (version in the first 12 hex digits) order updates', () => {
    const store = board();
    const sig = (v: number) => v.toString(16).padStart(12, '0') + 'f'.repeat(20);
    store.applyFull(dayFeed(sig(0x100)));
    store.applyUpdate(listFeed({ signature: sig(0x102), events: [event('e2', '1_aaa', { homeScore: 3 })] }));
    store.applyUpdate(listFeed({ signature: sig(0x101), events: [event('e2', '1_aaa', { homeScore: 1 })] }));
    expect(store.getEvent('e2')!.homeScore).toBe(3);
  });

  it('ordering: feeds without a readable ordinal apply in arrival order', () => {
    const store = board();
    store.applyFull(dayFeed('d41d8cd98f00b204e9800998ecf8427e'));
    store.applyUpdate(listFeed({ signature: 'aa', events: [event('e2', '1_aaa', { homeScore: 3 })] }));
    store.applyUpdate(listFeed({ signature: 'bb', events: [event('e2', '1_aaa', { homeScore: 1 })] }));
    expect(store.getEvent('e2')!.homeScore).toBe(1);
  });

  it('S9-4 a goal highlights 60 s, a correction 15 s, other score parts 60 s; expiry follows the injected clock', () => {
    const now = { t: NOW };
    const store = board(now);
    store.applyFull(dayFeed());
    store.applyUpdate(listFeed({ events: [event('e2', '1_aaa', { homeScore: 1 })] }));
    expect(store.getEvent('e2')!.highlight).toEqual({ kind: 'goal', until: NOW + GOAL_HIGHLIGHT_MS });
    now.t += 10_000;
    store.applyUpdate(listFeed({ events: [event('e2', '1_aaa', { homeScore: 0 })] }));
    expect(store.getEvent('e2')!.highlight).toEqual({ kind: 'correction', until: now.t + CORRECTION_HIGHLIGHT_MS });
    now.t += CORRECTION_HIGHLIGHT_MS - 1;
    expect(store.expireHighlights()).toBe(0);
    now.t += 1;
    expect(store.expireHighlights()).toBe(1);
    expect(store.getEvent('e2')!.highlight).toBeNull();
    store.applyUpdate(listFeed({ events: [event('e2', '1_aaa', { homePart1: 1 })] }));
    expect(store.getEvent('e2')!.highlight!.kind).toBe('scoresChanged');
    store.applyUpdate(listFeed({ events: [event('e2', '1_aaa', { gameTime: 44 })] }));
    expect(store.getEvent('e2')!.highlight!.kind).toBe('scoresChanged'); // unchanged by a non-score field
  });

  it('S4-11 stage changes are reported; the live mark stays until cleared and only while not live', () => {
    const store = board();
    store.applyFull(dayFeed());
    const result = store.applyUpdate(
      listFeed({ events: [event('e2', '1_aaa', { stageType: 3 }), event('e1', '1_aaa', { stageType: 2 })] }),
    );
    expect(result.stageChanges).toEqual([
      { id: 'e2', previous: 2, current: 3 },
      { id: 'e1', previous: 1, current: 2 },
    ]);
    expect(store.getEvent('e2')!.liveMarked).toBe(true);
    expect(store.clearLiveMark('e2')).toBe(true);
    expect(store.getEvent('e2')!.liveMarked).toBe(false);
    expect(store.clearLiveMark('e1')).toBe(false); // still live
    expect(store.getEvent('e1')!.liveMarked).toBe(true);
  });
});

describe('scoreboard store: repair, moved and league reload', () => {
  it('S4-4 a repair resets values of held events, creates nothing, and re-syncs highlights', () => {
    const store = board();
    store.applyFull(dayFeed());
    const repair = listFeed({
      repair: [
        event('e2', '1_aaa', { startTime: T, stageType: 2, stage: 13, homeScore: 1, awayScore: 0 }),
        event('new', '1_aaa', { startTime: T, stageType: 2 }),
      ],
    });
    const result = store.applyRepair(repair);
    expect(result.unknown).toBe(1);
    const e2 = store.getEvent('e2')!;
    expect(e2).toMatchObject({ stage: 13, homeScore: 1 });
    expect(e2.live).toBeUndefined(); // the repair row did not carry it
    expect(e2.highlight!.kind).toBe('goal');
    expect(store.getEvent('new')).toBeUndefined();
  });

  it('S4-12 a changed start time re-sorts the league (moved rows and updates)', () => {
    const store = board();
    store.applyFull(dayFeed());
    expect(store.getLeague('1_aaa')!.eventIds).toEqual(['e2', 'e1']);
    const result = store.applyMoved([{ id: 'e1', startTime: T - 60, endTime: null }]);
    expect(result.resortedLeagues).toEqual(['1_aaa']);
    expect(store.getLeague('1_aaa')!.eventIds).toEqual(['e1', 'e2']);
    store.applyUpdate(listFeed({ events: [event('e1', '1_aaa', { startTime: T + 600 })] }));
    expect(store.getLeague('1_aaa')!.eventIds).toEqual(['e2', 'e1']);
  });

  it('S4-12 secondary tournaments re-sort only when top, on a country page, or in My Games', () => {
    const secondary = league('1_sss', { type: 's' });
    const feed = listFeed({
      leagues: [secondary],
      events: [event('a', '1_sss', { startTime: T }), event('b', '1_sss', { startTime: T + 60 })],
    });
    const store = board();
    store.applyFull(feed);
    store.applyMoved([{ id: 'b', startTime: T - 60, endTime: null }]);
    expect(store.getLeague('1_sss')!.eventIds).toEqual(['a', 'b']);
    const country = board();
    country.applyFull(feed, { countryPage: true });
    country.applyMoved([{ id: 'b', startTime: T - 60, endTime: null }]);
    expect(country.getLeague('1_sss')!.eventIds).toEqual(['b', 'a']);
    const mine = board();
    mine.applyFull(feed, { scope: 'mygames' });
    mine.applyMoved([{ id: 'b', startTime: T - 60, endTime: null }]);
    expect(mine.getLeague('1_sss', 'mygames')!.eventIds).toEqual(['b', 'a']);
  });

  it('S4-12 no-duel leagues re-sort when the order (rank) changes; duel leagues do not', () => {
    const race = league('31_race');
    const store = board();
    store.applyFull(
      listFeed({
        sport: 31,
        leagues: [race, L1],
        events: [
          event('r1', '31_race', { startTime: T, rank: 1 }),
          event('r2', '31_race', { startTime: T, rank: 2 }),
          event('d1', '1_aaa', { startTime: T, rank: 1, home: 'A' }),
          event('d2', '1_aaa', { startTime: T, rank: 2, home: 'B' }),
        ],
      }),
    );
    const result = store.applyUpdate(
      listFeed({
        events: [event('r1', '31_race', { rank: 3 }), event('d1', '1_aaa', { rank: 3 })],
      }),
    );
    expect(result.resortedLeagues).toEqual(['31_race']);
    expect(store.getLeague('31_race')!.eventIds).toEqual(['r2', 'r1']);
  });
});

describe('scoreboard store: scopes, collapse, subscriptions', () => {
  it('S4-9 scopes default and mygames are kept apart and swapped', () => {
    const store = board();
    store.applyFull(dayFeed());
    store.applyFull(listFeed({ leagues: [L1], events: [event('m1', '1_aaa', { startTime: T + 86_400 * 3 })] }), {
      scope: 'mygames',
    });
    expect([...store.snapshot().events.keys()]).not.toContain('m1');
    store.setScope('mygames');
    expect([...store.snapshot().events.keys()]).toEqual(['m1']);
    store.setScope('default');
    expect(store.snapshot().events.has('e1')).toBe(true);
  });

  it('S4-13 the cookie sets leagues shown (value c) or hidden (any other) on load, unless a country page is active', () => {
    const cookie = serializeCollapsedCookie(
      new Map([
        ['1_aaa', 'x'],
        ['1_bbb', 'c'],
      ]),
    );
    const store = board({ t: NOW }, cookie);
    store.applyFull(
      listFeed({
        leagues: [L1, { ...L2, type: 'c' }],
        events: [event('a', '1_aaa', { startTime: T }), event('b', '1_bbb', { startTime: T })],
      }),
    );
    expect(store.getLeague('1_aaa')!.collapsed).toBe(true);
    expect(store.getLeague('1_bbb')!.collapsed).toBe(false); // 'c' shows it although ZD is c
    const country = board({ t: NOW }, cookie);
    country.applyFull(
      listFeed({
        leagues: [L1, { ...L2, type: 'c' }],
        events: [event('a', '1_aaa', { startTime: T }), event('b', '1_bbb', { startTime: T })],
      }),
      { countryPage: true },
    );
    expect(country.getLeague('1_aaa')!.collapsed).toBe(false);
    expect(country.getLeague('1_bbb')!.collapsed).toBe(true); // ZD c: not displayed by default
  });

  it('S4-13 toggling a league returns the cookie value to store', () => {
    const store = board();
    store.applyFull(dayFeed());
    const value = store.toggleCollapsed('1_aaa');
    expect(store.getLeague('1_aaa')!.collapsed).toBe(true);
    const again = createScoreboard({ now: () => NOW, collapsedCookie: value });
    again.applyFull(dayFeed());
    expect(again.getLeague('1_aaa')!.collapsed).toBe(true);
    expect(again.getLeague('1_bbb')!.collapsed).toBe(false);
  });

  it('subscribers are told once per applied feed; snapshots are cached per version', () => {
    const store = board();
    let calls = 0;
    const stop = store.subscribe(() => calls++);
    store.applyFull(dayFeed());
    expect(calls).toBe(1);
    const a = store.snapshot();
    expect(store.snapshot()).toBe(a);
    store.applyUpdate(
      listFeed({ events: [event('e2', '1_aaa', { homeScore: 1 }), event('e1', '1_aaa', { away: 'C' })] }),
    );
    expect(calls).toBe(2);
    store.applyUpdate(listFeed({ events: [event('e2', '1_aaa', { homeScore: 1 })] })); // nothing new
    expect(calls).toBe(2);
    expect(store.snapshot()).not.toBe(a);
    stop();
    store.touch();
    expect(calls).toBe(2);
  });

  it('S2-27 listVersion moves with the list shape (stage, live mark, rank, collapse), not with scores', () => {
    const store = board();
    store.applyFull(dayFeed());
    const loaded = store.snapshot().listVersion;
    expect(loaded).toBe(store.version);
    store.applyUpdate(listFeed({ events: [event('e2', '1_aaa', { homeScore: 3, awayScore: 1 })] }));
    expect(store.snapshot().version).toBeGreaterThan(loaded!);
    expect(store.snapshot().listVersion).toBe(loaded); // a score leaves the item list as it is
    store.applyUpdate(listFeed({ events: [event('e1', '1_aaa', { stageType: 2 })] }));
    const started = store.snapshot().listVersion!;
    expect(started).toBe(store.version); // e1 went live: live tab and live count move
    store.applyUpdate(listFeed({ events: [event('e1', '1_aaa', { rank: 4 })] }));
    expect(store.snapshot().listVersion).toBeGreaterThan(started);
    const ranked = store.snapshot().listVersion!;
    store.toggleCollapsed('1_aaa');
    expect(store.snapshot().listVersion).toBeGreaterThan(ranked);
    const collapsed = store.snapshot().listVersion!;
    store.applyUpdate(listFeed({ events: [event('e1', '1_aaa', { stageType: 3 })] }));
    expect(store.snapshot().listVersion).toBeGreaterThan(collapsed);
    const finished = store.snapshot().listVersion!;
    expect(store.clearLiveMark('e1')).toBe(true); // S4-11 the mark ends: the live tab drops it
    expect(store.snapshot().listVersion).toBeGreaterThan(finished);
  });

  it('S4-1 real bodies: a parsed full feed, update and repair apply like hand-built ones', () => {
    const store = board();
    const full = `SA÷1¬~ZA÷ENGLAND: EFL Trophy¬ZC÷jch8u3dn¬ZD÷p¬~AA÷KxrZoe94¬AD÷${T}¬AB÷2¬AC÷12¬AE÷Home¬AF÷Away¬AG÷0¬AH÷0¬AI÷y¬~~A2÷100¬~A1÷0000000000aaffffffffffffffffffff¬~`;
    store.applyFull(parseListFeed(full));
    expect(store.getEvent('KxrZoe94')).toMatchObject({ leagueId: '1_jch8u3dn', homeScore: 0, live: 'y' });
    store.applyUpdate(
      parseListFeed('SA÷1¬~AA÷KxrZoe94¬AG÷1¬~AA÷unknown1¬AG÷3¬~~A2÷100¬~A1÷0000000000abffffffffffffffffffff¬~'),
    );
    expect(store.getEvent('KxrZoe94')!.homeScore).toBe(1);
    store.applyUpdate(parseListFeed('SA÷1¬~AA÷KxrZoe94¬AG÷0¬~~A1÷0000000000a9ffffffffffffffffffff¬~'));
    expect(store.getEvent('KxrZoe94')!.homeScore).toBe(1); // older than what we hold
    store.applyRepair(
      parseListFeed(
        `SA÷1¬~ST÷repair¬~ZA÷X¬ZC÷jch8u3dn¬~AA÷KxrZoe94¬AD÷${T}¬AB÷3¬AC÷3¬AG÷2¬AH÷0¬~~A1÷0000000000acffffffffffffffffffff¬~`,
      ),
    );
    expect(store.getEvent('KxrZoe94')).toMatchObject({ stageType: 3, homeScore: 2 });
    expect(store.getEvent('KxrZoe94')!.home).toBeUndefined();
  });
});

describe('scoreboard store: changed fields for listeners', () => {
  it('S1-6 S4-37 while asked, an update reports the shown events it changed with their fields before and after', () => {
    const store = board();
    store.applyFull(dayFeed());
    const goal = listFeed({ events: [event('e2', '1_aaa', { homeScore: 1 }), event('e3', '1_bbb', { homeScore: 2 })] });
    expect(store.applyUpdate(goal).fieldChanges).toEqual([]); // not asked: nothing collected

    store.collectFieldChanges(true);
    const next = listFeed({ events: [event('e2', '1_aaa', { homeScore: 2 }), event('e3', '1_bbb', { homeScore: 2 })] });
    const changes = store.applyUpdate(next).fieldChanges;
    expect(changes.map((c) => [c.after.id, c.before.homeScore, c.after.homeScore])).toEqual([['e2', 1, 2]]); // e3 unchanged

    // Another scope's changes are not the page's.
    store.applyFull(dayFeed(), { scope: 'mygames' });
    const other = listFeed({ events: [event('e2', '1_aaa', { homeScore: 5 })] });
    expect(store.applyUpdate(other).fieldChanges.map((c) => c.after.homeScore)).toEqual([5]); // default scope shown
    store.setScope('mygames');
    const mine = listFeed({ events: [event('e2', '1_aaa', { homeScore: 6 })] });
    expect(store.applyUpdate(mine).fieldChanges.map((c) => [c.before.homeScore, c.after.homeScore])).toEqual([[5, 6]]); // one report, from the shown scope

    store.collectFieldChanges(false);
    expect(store.applyUpdate(listFeed({ events: [event('e2', '1_aaa', { homeScore: 7 })] })).fieldChanges).toEqual([]);
  });
});
