// Every way a feed reaches the store: full (replace, merge, include), update (with its ST÷repair block and
// moved rows), repair, odds, moved, and the apply(kind) switch. Update and repair rows go through one
// merge; they differ in exactly two ways, each pinned below:
//   1. absent fields: a repair row carries the whole row, so a field it leaves out is removed (unless a
//      newer feed wrote it); an update row writes only the keys it carries;
//   2. ordering memory: a repair resets the row's base ordinal (forgetting per-field ordinals at or below
//      it); an update stamps its ordinal on each field it wrote.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EventRecord, ListFeed } from '../../src/protocol/list-feed-types';
import { GOAL_HIGHLIGHT_MS, SCORES_CHANGED_HIGHLIGHT_MS } from '../../src/scoreboard/highlights';
import { type ApplyResult, createScoreboard, type Scoreboard } from '../../src/scoreboard/store';
import { event, league, listFeed } from './helpers/answers';

const NOW = Date.UTC(2026, 8, 1, 6, 0); // 11:00 in Kazakhstan
const T = Date.UTC(2026, 7, 31, 19, 0) / 1000 + 12 * 3600; // noon, local

const L1 = league('1_aaa', { sortKey: 'b' });
const L2 = league('1_bbb', { sortKey: 'a', type: 't' });

const E1 = { startTime: T + 60, stageType: 1, home: 'A', away: 'B' };
const E2 = { startTime: T, stageType: 2, stage: 12, homeScore: 0, awayScore: 0, live: 'y' };

function board(now = { t: NOW }) {
  return createScoreboard({ now: () => now.t });
}

function dayFeed(signature = '', extra: EventRecord[] = []) {
  return listFeed({
    signature,
    leagues: [L1, L2],
    events: [
      event('e1', '1_aaa', E1),
      event('e2', '1_aaa', E2),
      event('e3', '1_bbb', { startTime: T - 3600, stageType: 3, homeScore: 2, awayScore: 1 }),
      ...extra,
    ],
  });
}

function loaded(signature = ''): Scoreboard {
  const store = board();
  store.applyFull(dayFeed(signature));
  return store;
}

/** What an apply left behind, for comparing two stores. */
function state(store: Scoreboard, result: ApplyResult) {
  const snap = store.snapshot();
  return {
    result,
    version: snap.version,
    listVersion: snap.listVersion,
    events: [...snap.events.values()],
    leagues: [...snap.leagues.values()],
    highlights: store.hasHighlights(),
    nextEnd: store.nextHighlightEnd(),
  };
}

describe('update and repair share one merge', () => {
  it('a row carrying every held field gives the same store and result either way', () => {
    const rows = [
      event('e2', '1_aaa', { ...E2, stageType: 3, stage: 3, homeScore: 1 }), // stage change, goal
      event('e1', '1_aaa', { ...E1, startTime: T - 60, home: 'C' }), // re-sorts its league
      event('nobody', '1_aaa', { startTime: T }), // S4-7 unknown
    ];
    const viaUpdate = loaded();
    const viaRepair = loaded();
    viaUpdate.collectFieldChanges(true);
    viaRepair.collectFieldChanges(true);
    const update = state(viaUpdate, viaUpdate.applyUpdate(listFeed({ events: rows })));
    const repair = state(viaRepair, viaRepair.applyRepair(listFeed({ events: rows })));
    expect(repair).toEqual(update);
    expect(update.result).toMatchObject({
      changed: 2,
      unknown: 1,
      removed: 0,
      stageChanges: [{ id: 'e2', previous: 2, current: 3 }],
      resortedLeagues: ['1_aaa'],
    });
    expect(update.result.fieldChanges.map((c) => c.after.id)).toEqual(['e2', 'e1']);
    expect(viaUpdate.getEvent('e2')!.highlight!.kind).toBe('goal');
  });

  it('property: update and repair agree whenever the row carries every field the event holds', () => {
    const score = fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined });
    const fields = fc.record({ homeScore: score, awayScore: score, homePart1: score, gameTime: score });
    fc.assert(
      fc.property(fields, fields, fc.boolean(), (held, incoming, ordered) => {
        const full = listFeed({
          signature: ordered ? '10' : '',
          leagues: [L1],
          events: [event('x', '1_aaa', { startTime: T, stageType: 2, ...held })],
        });
        // Every held key is in the row; an undefined value in the row removes it either way.
        const row = event('x', '1_aaa', { startTime: T, stageType: 2, ...held, ...incoming });
        for (const key of Object.keys(held) as (keyof EventRecord)[]) if (!(key in row)) return;
        const feed = listFeed({ signature: ordered ? '11' : '', events: [row] });
        const a = board();
        const b = board();
        a.applyFull(full);
        b.applyFull(full);
        expect(state(b, b.applyRepair(feed))).toEqual(state(a, a.applyUpdate(feed)));
      }),
      { numRuns: 200 },
    );
  });

  it('difference 1: a field the row leaves out stays after an update and goes after a repair', () => {
    const row = event('e2', '1_aaa', { homeScore: 0 }); // the score the store already holds
    const viaUpdate = loaded();
    const viaRepair = loaded();
    expect(viaUpdate.applyUpdate(listFeed({ events: [row] })).changed).toBe(0);
    expect(viaUpdate.getEvent('e2')).toMatchObject(E2);
    expect(viaRepair.applyRepair(listFeed({ events: [row] })).changed).toBe(1);
    const repaired = viaRepair.getEvent('e2')!;
    expect(repaired).toMatchObject({ id: 'e2', sportId: 1, leagueId: '1_aaa', homeScore: 0 }); // identity stays
    for (const gone of ['live', 'stage', 'stageType', 'awayScore', 'startTime']) expect(gone in repaired).toBe(false);
  });

  it('difference 1, ordered: a repair keeps a left-out field that a newer feed wrote', () => {
    const store = loaded('10');
    store.applyUpdate(listFeed({ signature: '14', events: [event('e2', '1_aaa', { gameTime: 30, homeScore: 3 })] }));
    store.applyRepair(
      listFeed({ signature: '13', events: [event('e2', '1_aaa', { ...E2, homeScore: 1, awayScore: 2 })] }),
    );
    // homeScore: 14 beats 13; awayScore: 13 beats the full feed's 10; gameTime: left out, but newer.
    expect(store.getEvent('e2')).toMatchObject({ homeScore: 3, awayScore: 2, gameTime: 30, live: 'y' });
    store.applyUpdate(listFeed({ signature: '13', events: [event('e2', '1_aaa', { gameTime: 1 })] }));
    expect(store.getEvent('e2')!.gameTime).toBe(30); // the repair kept gameTime's ordinal 14
  });

  it('difference 2: a repair resets the row ordinal, an update stamps only the fields it wrote', () => {
    const viaUpdate = loaded('10');
    const viaRepair = loaded('10');
    const row = event('e2', '1_aaa', { ...E2, homeScore: 2 });
    viaUpdate.applyUpdate(listFeed({ signature: '12', events: [row] }));
    viaRepair.applyRepair(listFeed({ signature: '12', events: [row] }));
    expect(viaRepair.getEvent('e2')).toEqual(viaUpdate.getEvent('e2'));
    // A late update at 11 of a field neither feed carried: older than the repaired row, newer than
    // the update's untouched field (still at the full feed's 10).
    const late = listFeed({ signature: '11', events: [event('e2', '1_aaa', { gameTime: 7 })] });
    expect(viaUpdate.applyUpdate(late).changed).toBe(1);
    expect(viaUpdate.getEvent('e2')!.gameTime).toBe(7);
    expect(viaRepair.applyUpdate(late).changed).toBe(0);
    expect(viaRepair.getEvent('e2')!.gameTime).toBeUndefined();
  });

  it('an older repair row is skipped field by field, never as a whole', () => {
    const store = loaded('10');
    store.applyUpdate(listFeed({ signature: '12', events: [event('e2', '1_aaa', { homeScore: 4 })] }));
    const result = store.applyRepair(listFeed({ signature: '11', events: [event('e2', '1_aaa', { homeScore: 1 })] }));
    expect(result.changed).toBe(1);
    const e2 = store.getEvent('e2')!;
    expect(e2.homeScore).toBe(4);
    expect('stage' in e2).toBe(false); // written at 10, reset by the repair at 11
  });

  it('a repair older than the last repair changes nothing, and later older updates stay skipped', () => {
    const store = loaded('10');
    store.applyRepair(listFeed({ signature: '12', events: [event('e2', '1_aaa', { ...E2, homeScore: 2 })] }));
    const stale = store.applyRepair(
      listFeed({ signature: '11', events: [event('e2', '1_aaa', { ...E2, homeScore: 1 })] }),
    );
    expect(stale.changed).toBe(0);
    store.applyUpdate(listFeed({ signature: '11', events: [event('e2', '1_aaa', { homeScore: 1 })] }));
    expect(store.getEvent('e2')!.homeScore).toBe(2); // written at 12
  });
});

describe('the blocks of an update feed', () => {
  it('S4-4 rows inside ST÷repair apply as repair; the update rows as update', () => {
    const store = loaded();
    const result = store.applyUpdate(
      listFeed({
        events: [event('e1', '1_aaa', { homeScore: 1 })],
        repair: [event('e2', '1_aaa', { startTime: T, stageType: 2, homeScore: 1 })],
      }),
    );
    expect(result.changed).toBe(2);
    expect(store.getEvent('e1')).toMatchObject({ ...E1, homeScore: 1 }); // merged
    const e2 = store.getEvent('e2')!;
    expect(e2).toMatchObject({ startTime: T, stageType: 2, homeScore: 1 });
    expect('live' in e2 || 'stage' in e2 || 'awayScore' in e2).toBe(false); // reset
  });

  it('a repair feed applies its event rows and its ST÷repair rows the same way', () => {
    const rows = [event('e2', '1_aaa', { startTime: T, stageType: 3 })];
    const a = loaded();
    const b = loaded();
    expect(state(b, b.applyRepair(listFeed({ repair: rows })))).toEqual(
      state(a, a.applyRepair(listFeed({ events: rows }))),
    );
  });

  it('S4-12 moved rows (QA) of update and repair feeds move start and end times at the feed ordinal', () => {
    for (const apply of ['applyUpdate', 'applyRepair'] as const) {
      const store = loaded('10');
      store.applyUpdate(listFeed({ signature: '13', events: [event('e2', '1_aaa', { startTime: T + 30 })] }));
      const result = store[apply](
        listFeed({
          signature: '12',
          moved: [
            { id: 'e1', startTime: T - 60, endTime: T + 7200 },
            { id: 'e2', startTime: T - 600, endTime: null }, // older than the start time we hold
            { id: 'gone', startTime: T, endTime: null },
          ],
        }),
      );
      expect(result).toMatchObject({ changed: 1, unknown: 1, resortedLeagues: ['1_aaa'] });
      expect(store.getEvent('e1')).toMatchObject({ startTime: T - 60, endTime: T + 7200, home: 'A' });
      expect(store.getEvent('e2')!.startTime).toBe(T + 30);
      expect(store.getLeague('1_aaa')!.eventIds).toEqual(['e1', 'e2']);
    }
  });

  it("apply('moved') takes the feed's ordinal; applyMoved without one applies in arrival order", () => {
    const store = loaded('10');
    store.applyUpdate(listFeed({ signature: '13', events: [event('e1', '1_aaa', { startTime: T + 90 })] }));
    const moved = [{ id: 'e1', startTime: T - 60, endTime: null }];
    expect(store.apply('moved', listFeed({ signature: '12', moved })).changed).toBe(0);
    expect(store.applyMoved(moved).changed).toBe(1);
    expect(store.getEvent('e1')!.startTime).toBe(T - 60);
  });
});

describe('odds feeds', () => {
  it('S2-28 odds rows merge like updates, without highlights or a list-shape change', () => {
    const store = loaded();
    const list = store.snapshot().listVersion;
    const result = store.applyOdds(
      listFeed({
        events: [
          event('e2', '1_aaa', { odds1: 1.5, oddsX: 3.2, odds2: 5, homeScore: 1 }),
          event('nobody', '1_aaa', { odds1: 2 }),
        ],
      }),
    );
    expect(result).toMatchObject({ changed: 1, unknown: 1, stageChanges: [], resortedLeagues: [] });
    expect(store.getEvent('e2')).toMatchObject({ ...E2, odds1: 1.5, oddsX: 3.2, odds2: 5, homeScore: 1 });
    expect(store.getEvent('e2')!.highlight).toBeNull();
    expect(store.hasHighlights()).toBe(false);
    expect(store.snapshot().listVersion).toBe(list);
  });

  it('an odds feed applies only its event rows (not a ST÷repair block or moved rows)', () => {
    const store = loaded();
    const result = store.applyOdds(
      listFeed({
        repair: [event('e2', '1_aaa', { startTime: T })],
        moved: [{ id: 'e1', startTime: T - 60, endTime: null }],
      }),
    );
    expect(result.changed).toBe(0);
    expect(store.getEvent('e2')).toMatchObject(E2);
    expect(store.getEvent('e1')!.startTime).toBe(T + 60);
  });

  it('an odds value ordered by signature: an older odds feed does not overwrite a newer one', () => {
    const store = loaded('10');
    store.applyOdds(listFeed({ signature: '12', events: [event('e2', '1_aaa', { odds1: 1.4 })] }));
    store.applyOdds(listFeed({ signature: '11', events: [event('e2', '1_aaa', { odds1: 1.9, odds2: 4 })] }));
    expect(store.getEvent('e2')).toMatchObject({ odds1: 1.4, odds2: 4 });
  });
});

describe('apply(kind)', () => {
  const feeds: Record<'full' | 'update' | 'repair' | 'odds' | 'moved', ListFeed> = {
    full: dayFeed('', [event('e4', '1_bbb', { startTime: T })]),
    update: listFeed({ events: [event('e2', '1_aaa', { homeScore: 1 })] }),
    repair: listFeed({ repair: [event('e2', '1_aaa', { startTime: T, stageType: 3 })] }),
    odds: listFeed({ events: [event('e1', '1_aaa', { odds1: 1.7 })] }),
    moved: listFeed({ moved: [{ id: 'e1', startTime: T - 60, endTime: null }] }),
  };

  it('routes each kind to its apply', () => {
    for (const kind of Object.keys(feeds) as (keyof typeof feeds)[]) {
      const routed = loaded();
      const direct = loaded();
      const feed = feeds[kind];
      const expected =
        kind === 'full'
          ? direct.applyFull(feed)
          : kind === 'update'
            ? direct.applyUpdate(feed)
            : kind === 'repair'
              ? direct.applyRepair(feed)
              : kind === 'odds'
                ? direct.applyOdds(feed)
                : direct.applyMoved(feed.moved);
      expect(state(routed, routed.apply(kind, feed)), kind).toEqual(state(direct, expected));
    }
  });

  it('an unknown kind changes nothing', () => {
    const store = loaded();
    const version = store.version;
    const result = store.apply('sys' as 'full', feeds.update);
    expect(result).toEqual({
      changed: 0,
      unknown: 0,
      removed: 0,
      stageChanges: [],
      resortedLeagues: [],
      fieldChanges: [],
    });
    expect(store.version).toBe(version);
  });
});

describe('an event held in both scopes', () => {
  function both() {
    const store = loaded();
    store.applyFull(dayFeed(), { scope: 'mygames' });
    return store;
  }

  it('S4-9 an update merges into every scope that holds the event; the stage change is reported once', () => {
    const store = both();
    store.collectFieldChanges(true);
    const result = store.applyUpdate(listFeed({ events: [event('e2', '1_aaa', { stageType: 3, homeScore: 1 })] }));
    expect(result.changed).toBe(2); // counted per scope
    expect(result.unknown).toBe(0);
    expect(result.stageChanges).toEqual([{ id: 'e2', previous: 2, current: 3 }]);
    expect(result.fieldChanges).toHaveLength(1); // the shown scope's only
    expect(store.getEvent('e2', 'mygames')).toEqual(store.getEvent('e2', 'default'));
  });

  it('S9-4 highlights are kept per scope; the earliest current end is reported, stale ends skipped', () => {
    const now = { t: NOW };
    const store = board(now);
    store.applyFull(dayFeed());
    store.applyFull(dayFeed(), { scope: 'mygames' });
    expect(store.hasHighlights()).toBe(false);
    expect(store.nextHighlightEnd()).toBe(Number.POSITIVE_INFINITY);
    store.applyUpdate(listFeed({ events: [event('e2', '1_aaa', { homeScore: 1 })] }));
    expect(store.nextHighlightEnd()).toBe(NOW + GOAL_HIGHLIGHT_MS);
    now.t += 5_000;
    store.applyRepair(listFeed({ events: [event('e2', '1_aaa', { ...E2, homeScore: 1, homePart1: 1 })] }));
    expect(store.getEvent('e2')!.highlight).toEqual({
      kind: 'scoresChanged',
      until: now.t + SCORES_CHANGED_HIGHLIGHT_MS,
    });
    expect(store.nextHighlightEnd()).toBe(now.t + SCORES_CHANGED_HIGHLIGHT_MS); // the goal's end is stale
    store.clearScope('mygames');
    expect(store.hasHighlights()).toBe(true);
    now.t += SCORES_CHANGED_HIGHLIGHT_MS;
    expect(store.expireHighlights()).toBe(1);
    expect(store.hasHighlights()).toBe(false);
    expect(store.nextHighlightEnd()).toBe(Number.POSITIVE_INFINITY);
  });

  it('S4-11 clearing a live mark clears it in every scope', () => {
    const store = both();
    store.applyUpdate(listFeed({ events: [event('e2', '1_aaa', { stageType: 3 })] }));
    expect(store.clearLiveMark('e2')).toBe(true);
    expect(store.getEvent('e2', 'mygames')!.liveMarked).toBe(false);
    expect(store.getEvent('e2')!.liveMarked).toBe(false);
    expect(store.clearLiveMark('e2')).toBe(false);
  });
});

describe('full feeds over held rows', () => {
  it('merge adds to the scope and joins league members; include filters; a repeated id counts once', () => {
    const store = board();
    store.applyFull(listFeed({ leagues: [L1], events: [event('a', '1_aaa', { startTime: T + 60 })] }), {
      scope: 'mygames',
    });
    const result = store.applyFull(
      listFeed({
        leagues: [L1],
        events: [
          event('b', '1_aaa', { startTime: T }),
          event('b', '1_aaa', { startTime: T + 5 }),
          event('c', '1_aaa', { startTime: T + 10 }),
        ],
      }),
      { scope: 'mygames', merge: true, include: (record) => record.id !== 'c' },
    );
    expect(result).toMatchObject({ changed: 1, removed: 0 });
    expect(store.getLeague('1_aaa', 'mygames')!.eventIds).toEqual(['b', 'a']);
    expect(store.getEvent('b', 'mygames')!.startTime).toBe(T);
    expect(store.getEvent('c', 'mygames')).toBeUndefined();
  });

  it('a reload keeps what newer feeds wrote, reports stage changes, and keeps the live mark', () => {
    const store = loaded('10');
    store.applyUpdate(listFeed({ signature: '12', events: [event('e2', '1_aaa', { homeScore: 2 })] }));
    const finished = dayFeed('11').events.map((e) => (e.id === 'e2' ? { ...e, stageType: 3, stage: 3 } : e));
    const result = store.applyFull(listFeed({ signature: '11', leagues: [L1, L2], events: finished }));
    expect(result.stageChanges).toEqual([{ id: 'e2', previous: 2, current: 3 }]);
    expect(store.getEvent('e2')).toMatchObject({ stageType: 3, stage: 3, homeScore: 2, liveMarked: true });
    // A full feed older than the whole row is skipped.
    expect(store.applyFull(dayFeed('9')).changed).toBe(0);
    expect(store.getEvent('e2')!.stageType).toBe(3);
  });

  it('the same full feed again changes nothing and keeps the version', () => {
    const store = loaded();
    const version = store.version;
    expect(store.applyFull(dayFeed()).changed).toBe(0);
    expect(store.version).toBe(version);
  });
});

describe('scope, version and collapse calls', () => {
  it('setScope to the shown scope, clearScope of an empty scope and collapsing an unknown league change nothing', () => {
    const store = loaded();
    let calls = 0;
    store.subscribe(() => calls++);
    const version = store.version;
    store.setScope('default');
    store.clearScope('mygames');
    expect(store.setCollapsed('1_zzz', true)).toBe('1_zzz:h');
    expect(store.version).toBe(version);
    expect(calls).toBe(0);
  });

  it('touch and a scope switch move both versions', () => {
    const store = loaded();
    store.touch();
    expect(store.snapshot()).toMatchObject({ version: store.version, listVersion: store.version });
    store.setScope('mygames');
    expect(store.activeScope).toBe('mygames');
    expect(store.snapshot()).toMatchObject({ version: store.version, listVersion: store.version, leagueOrder: [] });
    store.setScope('default');
    store.clearScope('default');
    expect(store.snapshot().events.size).toBe(0);
    expect(store.snapshot().leagueOrder).toEqual([]);
  });
});
