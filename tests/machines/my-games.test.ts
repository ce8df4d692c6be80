import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { badgeCount, isFollowed, provideMyGames } from '../../machines/my-games';
import { MY_GAMES_LOCAL_EXPIRY_S } from '../../src/domain/limits';
import { endOfLocalDay } from '../../src/domain/datetime';
import { STAGE_TYPE } from '../../src/domain/stages';
import { decodeLocal, LOCAL_KEYS } from '../../src/follow/local-codec';
import { memoryStorage, readLocalRaw } from '../../src/follow/local-storage';
import { myGamesSelection } from '../../src/follow/selection';
import { advance, at, createWorld, DAY_S, flush, football, openTab, START_MS, TZ } from './support/my-games-harness';

const stored = (world: ReturnType<typeof createWorld>, key: string) => {
  const text = world.storage.getItem(key);
  return text === null ? null : JSON.parse(text);
};

describe('My Games entries (S3-56…S3-59)', () => {
  it('S3-56: a starred game is kept with sport_id, labl_id, m_day, m_ok, m_expire_date, AD, AP, AB, noDuel, mgGroup', async () => {
    const world = createWorld();
    const tab = openTab(world);
    await flush();
    tab.send({ type: 'game.add', ...football('AAAAAAAA', 1) });
    const entry = stored(world, LOCAL_KEYS.games).g_1_AAAAAAAA;
    expect(entry).toEqual({
      sport_id: 1,
      labl_id: '1_LEAGUEAA',
      m_day: 1,
      m_ok: 1, // a scheduled future match
      m_expire_date: endOfLocalDay(at(1) + 7200, TZ, 1),
      AD: at(1),
      AP: at(1) + 7200,
      AB: STAGE_TYPE.SCHEDULED,
      noDuel: false,
      mgGroup: '0',
    });
    expect(tab.games().g_1_AAAAAAAA).toEqual(entry);
    expect(isFollowed(tab.context(), 'g_1_AAAAAAAA')).toBe(true);
    expect(badgeCount(tab.context())).toBe(1);
  });

  it('S3-57: a whole tournament of a no-duel sport is keyed by its league id, without mgGroup', async () => {
    const world = createWorld();
    const tab = openTab(world);
    await flush();
    tab.send({ type: 'tournament.add', sportId: 34, leagueId: '34_GRANDPRIX-2', AD: at(0), AB: 1, hasMatches: true });
    const noduel = stored(world, LOCAL_KEYS.noDuel);
    expect(Object.keys(noduel)).toEqual(['34_GRANDPRIX']);
    expect(noduel['34_GRANDPRIX']).toMatchObject({ sport_id: 34, labl_id: '34_GRANDPRIX', noDuel: true });
    expect(noduel['34_GRANDPRIX']).not.toHaveProperty('mgGroup');
    expect(stored(world, LOCAL_KEYS.games)).toEqual({});
  });

  it('S3-58: logged in, changes reach the account as mygames.data.<game> {AD, AP, MG, is_duel} and mygames.noduel.<league> {AD, AP, MG}', async () => {
    const world = createWorld();
    const tab = openTab(world, { session: { data: {} } });
    tab.send({ type: 'game.add', ...football('AAAAAAAA') });
    tab.send({
      type: 'tournament.add',
      sportId: 34,
      leagueId: '34_GRANDPRIX',
      AD: at(0),
      AP: at(0) + 3600,
      AB: 1,
      hasMatches: false,
    });
    await flush();
    expect(world.server.diffs).toEqual([
      { merge: { 'mygames.data.g_1_AAAAAAAA': { AD: at(0), AP: at(0) + 7200, MG: '0', is_duel: true } }, unmerge: [] },
      { merge: { 'mygames.noduel.34_GRANDPRIX': { AD: at(0), AP: at(0) + 3600, MG: '' } }, unmerge: [] },
    ]);
    tab.send({ type: 'game.remove', sportId: 1, eventId: 'AAAAAAAA' });
    await flush();
    expect(world.server.diffs.at(-1)).toEqual({ merge: {}, unmerge: ['mygames.data.g_1_AAAAAAAA'] });
    tab.send({ type: 'tournament.remove', leagueId: '34_GRANDPRIX' });
    await flush();
    // S7-32: the last removal takes the whole mygames key.
    expect(world.server.diffs.at(-1)).toEqual({ merge: {}, unmerge: ['mygames'] });
    expect(world.server.data).toEqual({});
    // Nothing went to local storage while logged in.
    expect(world.counts.writeLocal).toBe(0);
  });

  it('S3-59: game keys are g_<sport>_<8-16 character id>; label ids lose their hyphen suffix', async () => {
    const world = createWorld();
    const tab = openTab(world);
    await flush();
    tab.send({ type: 'game.add', ...football('SHORT12') });
    expect(tab.games()).toEqual({});
    expect(tab.context().refused).toEqual([{ key: 'g_1_SHORT12', reason: 'invalid' }]);
    tab.send({ type: 'game.add', ...football('ABCDEFGHIJKLMNOP', 0, { leagueId: '1_LEAGUEAA-3' }) });
    expect(Object.keys(tab.games())).toEqual(['g_1_ABCDEFGHIJKLMNOP']);
    expect(tab.games().g_1_ABCDEFGHIJKLMNOP.labl_id).toBe('1_LEAGUEAA');
  });
});

describe('My Games lifecycle (S4-27…S4-32)', () => {
  it("S4-27: the machine moves m_day by itself at the visitor's local midnight, and not before", async () => {
    const world = createWorld();
    const tab = openTab(world);
    await flush();
    tab.send({ type: 'game.add', ...football('TOMORROW', 1) });
    const toMidnightMs = (endOfLocalDay(START_MS / 1000, TZ) + 1) * 1000 - START_MS;
    await advance(world, toMidnightMs - 1000, 60_000);
    expect(tab.games().g_1_TOMORROW).toMatchObject({ m_day: 1 });
    await advance(world, 2000, 100);
    expect(tab.games().g_1_TOMORROW).toMatchObject({ m_day: 0, m_ok: 0 });
    await advance(world, DAY_S * 1000, 60_000);
    expect(tab.games().g_1_TOMORROW).toMatchObject({ m_day: -1 });
  });

  it('S4-27: m_day is recalculated on a new day: future to today clears m_ok and the feed rebuilds it; into the past clears m_ok until a finished row confirms it', async () => {
    const world = createWorld();
    const tab = openTab(world);
    await flush();
    tab.send({ type: 'game.add', ...football('TOMORROW', 1) });
    tab.send({ type: 'game.add', ...football('TODAYGAM', 0) });
    expect(tab.games().g_1_TOMORROW).toMatchObject({ m_day: 1, m_ok: 1 });
    expect(tab.games().g_1_TODAYGAM).toMatchObject({ m_day: 0, m_ok: 0 });

    await advance(world, DAY_S * 1000, 60_000);
    tab.send({ type: 'day.changed' });
    expect(tab.games().g_1_TOMORROW).toMatchObject({ m_day: 0, m_ok: 0 });
    expect(tab.games().g_1_TODAYGAM).toMatchObject({ m_day: -1, m_ok: 0 });
    expect(stored(world, LOCAL_KEYS.games).g_1_TOMORROW).toMatchObject({ m_day: 0, m_ok: 0 });

    // Fresh rows: yesterday's game finished is confirmed; today's is rebuilt from the row (now live).
    tab.send({
      type: 'feed.events',
      rows: [
        {
          sportId: 1,
          eventId: 'TODAYGAM',
          leagueId: '1_LEAGUEAA',
          AD: at(0),
          AP: at(0) + 7200,
          AB: STAGE_TYPE.FINISHED,
        },
        { sportId: 1, eventId: 'TOMORROW', leagueId: '1_LEAGUEAA', AD: at(1), AP: at(1) + 7200, AB: STAGE_TYPE.LIVE },
      ],
    });
    expect(tab.games().g_1_TODAYGAM).toMatchObject({ m_day: -1, m_ok: 1, AB: STAGE_TYPE.FINISHED });
    expect(tab.games().g_1_TOMORROW).toMatchObject({ m_day: 0, AB: STAGE_TYPE.LIVE });
  });

  it('S4-27: m_day is recalculated on each load (a copy written yesterday)', async () => {
    const world = createWorld();
    const first = openTab(world, { tabId: '1' });
    await flush();
    first.send({ type: 'game.add', ...football('TOMORROW', 1) });
    first.actor.stop();
    world.clock.increment(DAY_S * 1000);
    const next = openTab(world, { tabId: '2', local: readLocalRaw(world.storage) });
    expect(next.games().g_1_TOMORROW).toMatchObject({ m_day: 0, m_ok: 0 });
    // The recalculated copy is written back.
    expect(stored(world, LOCAL_KEYS.games).g_1_TOMORROW).toMatchObject({ m_day: 0, m_ok: 0 });
  });

  it('S4-28: an entry is dropped after its expiry date; a changed start time rebuilds it', async () => {
    const world = createWorld();
    const tab = openTab(world);
    await flush();
    tab.send({ type: 'game.add', ...football('TODAYGAM', 0) });
    tab.send({ type: 'game.add', ...football('MOVEDGAM', 2) });
    tab.send({
      type: 'feed.events',
      rows: [{ sportId: 1, eventId: 'MOVEDGAM', leagueId: '1_LEAGUEAA', AD: at(3), AP: at(3) + 7200, AB: 1 }],
    });
    expect(tab.games().g_1_MOVEDGAM).toMatchObject({
      AD: at(3),
      m_day: 3,
      m_expire_date: endOfLocalDay(at(3) + 7200, TZ, 1),
    });

    // Today's game stays through tomorrow (one past day, S9-2) and is gone the day after.
    await advance(world, DAY_S * 1000, 60_000);
    tab.send({ type: 'day.changed' });
    expect(isFollowed(tab.context(), 'g_1_TODAYGAM')).toBe(true);
    await advance(world, DAY_S * 1000, 60_000);
    tab.send({ type: 'day.changed' });
    expect(isFollowed(tab.context(), 'g_1_TODAYGAM')).toBe(false);
    expect(stored(world, LOCAL_KEYS.games)).not.toHaveProperty('g_1_TODAYGAM');
    expect(isFollowed(tab.context(), 'g_1_MOVEDGAM')).toBe(true);
  });

  it('S4-27: a row repeating what a waiting entry of today holds rebuilds it to the same entry: nothing is written', async () => {
    const world = createWorld();
    const tab = openTab(world);
    await flush();
    tab.send({ type: 'game.add', ...football('TODAYGAM', 0) });
    expect(tab.games().g_1_TODAYGAM).toMatchObject({ m_day: 0, m_ok: 0 });
    const before = tab.context().follow;
    const stamp = world.storage.getItem(LOCAL_KEYS.timestamp);
    world.clock.increment(1000);
    const row = football('TODAYGAM', 0);
    tab.send({ type: 'feed.events', rows: [row] });
    expect(tab.context().follow).toBe(before);
    expect(world.storage.getItem(LOCAL_KEYS.timestamp)).toBe(stamp);
    // A row with another stage is written.
    tab.send({ type: 'feed.events', rows: [{ ...row, AB: STAGE_TYPE.LIVE }] });
    expect(tab.games().g_1_TODAYGAM.AB).toBe(STAGE_TYPE.LIVE);
    expect(world.storage.getItem(LOCAL_KEYS.timestamp)).not.toBe(stamp);
  });

  it('S4-29: a whole tournament is added with m_ok saying whether it has matches; a row of it confirms', async () => {
    const world = createWorld();
    const tab = openTab(world);
    await flush();
    tab.send({ type: 'tournament.add', sportId: 34, leagueId: '34_GRANDPRIX', AD: at(0), AB: 1, hasMatches: false });
    tab.send({ type: 'tournament.add', sportId: 34, leagueId: '34_OTHERCUP', AD: at(0), AB: 1, hasMatches: true });
    expect(tab.games()['34_GRANDPRIX'].m_ok).toBe(0);
    expect(tab.games()['34_OTHERCUP'].m_ok).toBe(1);
    tab.send({
      type: 'feed.events',
      rows: [{ sportId: 34, eventId: 'RACE0001', leagueId: '34_GRANDPRIX-1', AD: at(0), AB: 1 }],
    });
    expect(tab.games()['34_GRANDPRIX'].m_ok).toBe(1);
    // A duel sport has no whole-tournament entries.
    tab.send({ type: 'tournament.add', sportId: 1, leagueId: '1_LEAGUEAA', AD: at(0), AB: 1, hasMatches: true });
    expect(isFollowed(tab.context(), '1_LEAGUEAA')).toBe(false);
    expect(tab.context().refused).toEqual([{ key: '1_LEAGUEAA', reason: 'duel-sport' }]);
  });

  it('S4-30: a game in several groups leaves one at a time and is deleted with its last; a game inside a followed tournament cannot be grouped', async () => {
    const world = createWorld();
    const tab = openTab(world);
    await flush();
    tab.send({ type: 'game.add', ...football('AAAAAAAA') });
    tab.send({ type: 'group.set', key: 'g_1_AAAAAAAA', group: 'work', member: true });
    expect(tab.games().g_1_AAAAAAAA.mgGroup).toBe('0,work');
    tab.send({ type: 'group.set', key: 'g_1_AAAAAAAA', group: '0', member: false });
    expect(tab.games().g_1_AAAAAAAA.mgGroup).toBe('work');
    expect(stored(world, LOCAL_KEYS.games).g_1_AAAAAAAA.mgGroup).toBe('work');
    tab.send({ type: 'group.set', key: 'g_1_AAAAAAAA', group: 'work', member: false });
    expect(isFollowed(tab.context(), 'g_1_AAAAAAAA')).toBe(false);

    const race = { sportId: 34, eventId: 'RACE0001', leagueId: '34_GRANDPRIX', AD: at(0), AB: 1 };
    tab.send({ type: 'game.add', ...race });
    tab.send({ type: 'tournament.add', sportId: 34, leagueId: '34_GRANDPRIX', AD: at(0), AB: 1, hasMatches: true });
    tab.send({ type: 'group.set', key: 'g_34_RACE0001', group: 'work', member: true });
    expect(tab.games().g_34_RACE0001.mgGroup).toBe('0');
    expect(tab.context().refused).toEqual([{ key: 'g_34_RACE0001', reason: 'in-tournament' }]);
  });

  it('S4-31: logged out, another tab sees a change through the timestamp within 500 ms; logged in, no cross-tab reads', async () => {
    const world = createWorld();
    const a = openTab(world, { tabId: '1' });
    const b = openTab(world, { tabId: '2' });
    await flush();
    a.send({ type: 'game.add', ...football('AAAAAAAA') });
    expect(isFollowed(b.context(), 'g_1_AAAAAAAA')).toBe(false);
    await advance(world, 400);
    expect(isFollowed(b.context(), 'g_1_AAAAAAAA')).toBe(false);
    await advance(world, 100);
    expect(isFollowed(b.context(), 'g_1_AAAAAAAA')).toBe(true);
    expect(b.emitted.filter((e) => e.type === 'myGames.changed')).toHaveLength(1);

    // A storage event checks at once.
    b.send({ type: 'game.remove', sportId: 1, eventId: 'AAAAAAAA' });
    a.send({ type: 'storage.changed' });
    await flush();
    expect(isFollowed(a.context(), 'g_1_AAAAAAAA')).toBe(false);

    a.send({ type: 'session.loggedIn', data: {} });
    b.send({ type: 'session.loggedIn', data: {} });
    const reads = world.counts.readStamp + world.counts.readLocal;
    await advance(world, 5000);
    expect(world.counts.readStamp + world.counts.readLocal).toBe(reads);
  });

  it('S4-31: a read that started before this tab wrote is dropped, and the next check reads again', async () => {
    const world = createWorld();
    const a = openTab(world, { tabId: '1' });
    const b = openTab(world, { tabId: '2' });
    await flush();
    a.send({ type: 'game.add', ...football('AAAAAAAA') });
    world.holdReads = true;
    b.send({ type: 'storage.changed' });
    await flush();
    expect(b.state()).toMatchObject({ session: { guest: 'loading' } });
    // B stars a game while its read (taken before the star) is on the way.
    b.send({ type: 'game.add', ...football('BBBBBBBB') });
    world.releaseReads();
    await flush();
    expect(Object.keys(b.games())).toEqual(['g_1_BBBBBBBB']);
    await advance(world, 500);
    // B's write replaced A's (last writer wins within one check); both tabs agree on the stored copy.
    expect(Object.keys(b.games())).toEqual(['g_1_BBBBBBBB']);
    expect(Object.keys(a.games())).toEqual(['g_1_BBBBBBBB']);
  });

  it('S4-32: login loads the account copy and the guest games join it; logout drops My Games', async () => {
    const world = createWorld({
      server: { mygames: { data: { g_1_SERVERGM: { AD: at(0), AP: at(0) + 7200, MG: '0,fav', is_duel: true } } } },
    });
    const tab = openTab(world);
    await flush();
    tab.send({ type: 'game.add', ...football('GUESTGAM') });
    tab.send({ type: 'session.loggedIn', data: world.server.data });
    expect(Object.keys(tab.games()).sort()).toEqual(['g_1_GUESTGAM', 'g_1_SERVERGM']);
    expect(tab.games().g_1_SERVERGM).toMatchObject({ mgGroup: '0,fav', m_ok: 0, labl_id: '' });
    expect(tab.emitted.at(-1)).toMatchObject({ type: 'myGames.changed', ids: ['GUESTGAM', 'SERVERGM'] });
    await flush();
    // The guest's game went up as one merge; the local copy now lives in the account.
    expect(world.server.diffs).toEqual([
      { merge: { 'mygames.data.g_1_GUESTGAM': { AD: at(0), AP: at(0) + 7200, MG: '0', is_duel: true } }, unmerge: [] },
    ]);
    expect(readLocalRaw(world.storage)).toEqual(Object.fromEntries(Object.values(LOCAL_KEYS).map((k) => [k, null])));

    tab.send({ type: 'session.loggedOut' });
    await flush();
    expect(tab.games()).toEqual({});
    expect(tab.state()).toMatchObject({ session: { guest: 'watching' } });
    expect(Object.keys(world.server.data.mygames as object)).toEqual(['data']);
  });
});

describe('a refused login merge (S4-32)', () => {
  it('S4-32: when the account refuses the guest games at login, they stay in local storage and are back after logout', async () => {
    const world = createWorld();
    const tab = openTab(world);
    await flush();
    tab.send({ type: 'game.add', ...football('GUESTGAM') });
    const before = readLocalRaw(world.storage);
    world.server.fail = 'XE0';
    tab.send({ type: 'session.loggedIn', data: world.server.data });
    await flush();
    expect(readLocalRaw(world.storage)).toEqual(before);
    tab.send({ type: 'session.loggedOut' });
    await advance(world, 1000);
    expect(Object.keys(tab.games())).toEqual(['g_1_GUESTGAM']);
  });
});

describe('adding and loading (S5-1…S5-3, S8-4)', () => {
  it('S5-2 S8-4: at login, guest games beyond the maximum stay out, in key order, with one alert', async () => {
    const account = { mygames: { data: {} as Record<string, unknown> } };
    for (const id of ['SERVER01', 'SERVER02'])
      account.mygames.data[`g_1_${id}`] = { AD: at(0), AP: at(0) + 7200, MG: '0', is_duel: true };
    const world = createWorld({ server: account });
    const tab = openTab(world, { maxCount: 3 });
    await flush();
    tab.send({ type: 'games.add', games: [football('GUEST003'), football('GUEST001'), football('GUEST002')] });
    tab.send({ type: 'session.loggedIn', data: world.server.data });
    expect(Object.keys(tab.games()).sort()).toEqual(['g_1_GUEST001', 'g_1_SERVER01', 'g_1_SERVER02']);
    expect(tab.emitted.filter((e) => e.type === 'myGames.alert')).toHaveLength(1);
    expect(tab.context().refused).toEqual([
      { key: 'g_1_GUEST002', reason: 'limit' },
      { key: 'g_1_GUEST003', reason: 'limit' },
    ]);
  });

  it('S5-1: a match is added only when its days touch today or lie within 1 past and 7 future days', async () => {
    const world = createWorld();
    const tab = openTab(world);
    await flush();
    for (const [id, day] of [
      ['PAST0002', -2],
      ['PAST0001', -1],
      ['FUTURE07', 7],
      ['FUTURE08', 8],
    ] as const)
      tab.send({ type: 'game.add', ...football(id, day) });
    // Started three days ago, ends tomorrow: spans today.
    tab.send({ type: 'game.add', ...football('LONGGAME', -3, { AP: at(1) }) });
    expect(Object.keys(tab.games()).sort()).toEqual(['g_1_FUTURE07', 'g_1_LONGGAME', 'g_1_PAST0001']);
  });

  it('S5-2: adding stops at maximum_count; a duplicate add succeeds without change; unknown sports are refused', async () => {
    const world = createWorld();
    const tab = openTab(world, { maxCount: 2 });
    await flush();
    tab.send({ type: 'game.add', ...football('AAAAAAAA') });
    tab.send({ type: 'game.add', ...football('BBBBBBBB') });
    const writes = world.counts.writeLocal;
    tab.send({ type: 'game.add', ...football('AAAAAAAA') });
    expect(world.counts.writeLocal).toBe(writes);
    expect(tab.context().refused).toEqual([]);
    tab.send({ type: 'game.add', ...football('CCCCCCCC') });
    expect(Object.keys(tab.games())).toEqual(['g_1_AAAAAAAA', 'g_1_BBBBBBBB']);
    expect(tab.context().refused).toEqual([{ key: 'g_1_CCCCCCCC', reason: 'limit' }]);
    // Races of one followed tournament count once.
    tab.send({ type: 'game.remove', sportId: 1, eventId: 'BBBBBBBB' });
    tab.send({ type: 'game.add', sportId: 34, eventId: 'RACE0001', leagueId: '34_GP', AD: at(0), AB: 1 });
    tab.send({ type: 'game.add', sportId: 34, eventId: 'RACE0002', leagueId: '34_GP', AD: at(0), AB: 1 });
    expect(badgeCount(tab.context())).toBe(2);
    tab.send({ type: 'game.add', ...football('UNKNOWN1', 0, { sportId: 20 }) });
    expect(tab.context().refused).toEqual([{ key: 'g_20_UNKNOWN1', reason: 'unknown-sport' }]);
  });

  it('S5-2: no-duel games read from the account form count alone until a feed row names their tournament', async () => {
    const race = (day: number) => ({ AD: at(day), AP: at(day), MG: '0', is_duel: false });
    const data = { mygames: { data: { g_34_RACE0001: race(0), g_34_RACE0002: race(1) } } };
    const world = createWorld();
    const tab = openTab(world, { session: { data } });
    expect(badgeCount(tab.context())).toBe(2);
    const row = (eventId: string, day: number) => ({
      sportId: 34,
      eventId,
      leagueId: '34_GP-1',
      AD: at(day),
      AP: at(day),
      AB: 1,
    });
    tab.send({ type: 'feed.events', rows: [row('RACE0001', 0), row('RACE0002', 1)] });
    expect(tab.games().g_34_RACE0001.labl_id).toBe('34_GP');
    expect(badgeCount(tab.context())).toBe(1);
  });

  it('S5-3: corrupt stored JSON aborts loading and is reported, without a throw; the next change repairs the copy', async () => {
    const world = createWorld();
    world.storage.setItem(LOCAL_KEYS.games, '{"g_1_AAAAAAAA": {');
    world.storage.setItem(LOCAL_KEYS.timestamp, `${START_MS}.9`);
    const tab = openTab(world, { local: readLocalRaw(world.storage) });
    expect(tab.actor.getSnapshot().status).toBe('active');
    expect(tab.games()).toEqual({});
    expect(tab.context().loadError).toMatchObject({ key: LOCAL_KEYS.games });
    expect(tab.emitted).toEqual([expect.objectContaining({ type: 'myGames.loadError', key: LOCAL_KEYS.games })]);

    // Read through the actor too (a tab with no storage read at start).
    const other = openTab(world);
    await flush();
    expect(other.context().loadError).toMatchObject({ key: LOCAL_KEYS.games });

    tab.send({ type: 'game.add', ...football('BBBBBBBB') });
    expect(decodeLocal(readLocalRaw(world.storage), world.now())).toMatchObject({ kind: 'loaded' });
    await advance(world, 500);
    expect(Object.keys(other.games())).toEqual(['g_1_BBBBBBBB']);
    expect(other.context().loadError).toBeNull();

    // Corrupt data written later by something else: the tab keeps what it has.
    world.storage.setItem(LOCAL_KEYS.noDuel, 'not json');
    world.storage.setItem(LOCAL_KEYS.timestamp, `${world.now()}.8`);
    await advance(world, 500);
    expect(Object.keys(other.games())).toEqual(['g_1_BBBBBBBB']);
    expect(other.context().loadError).toMatchObject({ key: LOCAL_KEYS.noDuel });
  });

  it('S8-4: TRANS_MY_GAMES_LIMIT_REACHED is raised once per bulk add that hits the maximum', async () => {
    const world = createWorld();
    const tab = openTab(world, { maxCount: 3 });
    await flush();
    const ids = ['AAAAAAAA', 'BBBBBBBB', 'CCCCCCCC', 'DDDDDDDD', 'EEEEEEEE'];
    tab.send({ type: 'games.add', games: ids.map((id) => football(id)) });
    expect(Object.keys(tab.games())).toHaveLength(3);
    const alerts = () => tab.emitted.filter((e) => e.type === 'myGames.alert');
    expect(alerts()).toEqual([
      { type: 'myGames.alert', alert: { kind: 'myGamesLimit', text: 'TRANS_MY_GAMES_LIMIT_REACHED' } },
    ]);
    expect(tab.context().alert).toMatchObject({ text: 'TRANS_MY_GAMES_LIMIT_REACHED', seq: 1 });
    tab.send({ type: 'alert.dismiss' });
    expect(tab.context().alert).toBeNull();
    tab.send({ type: 'games.add', games: [football('FFFFFFFF'), football('GGGGGGGG')] });
    expect(alerts()).toHaveLength(2);
    tab.send({ type: 'game.add', ...football('AAAAAAAA') });
    expect(alerts()).toHaveLength(2);
  });
});

describe('local storage and account sync (S9-2, A3-11, A7-11, A7-13)', () => {
  it('S9-2: the fsdc_my_local, _labl, _noduel and _ts keys; a copy older than 172800 s is dropped', async () => {
    const world = createWorld();
    const tab = openTab(world, { tabId: '7' });
    await flush();
    tab.send({ type: 'game.add', ...football('AAAAAAAA', 3) });
    tab.send({ type: 'tournament.add', sportId: 34, leagueId: '34_GRANDPRIX', AD: at(3), AB: 1, hasMatches: true });
    expect([...world.storage.map.keys()].sort()).toEqual([
      'fsdc_my_local',
      'fsdc_my_local_labl',
      'fsdc_my_local_noduel',
      'fsdc_my_local_teams',
      'fsdc_my_local_ts',
    ]);
    expect(stored(world, LOCAL_KEYS.labels)).toEqual({ '1_LEAGUEAA': ['g_1_AAAAAAAA'] });
    expect(world.storage.getItem(LOCAL_KEYS.timestamp)).toBe(`${START_MS + 1}.7`);
    tab.actor.stop();

    const raw = readLocalRaw(world.storage);
    // Written at START_MS + 1: kept for exactly 172800 s after that.
    world.clock.set(1 + MY_GAMES_LOCAL_EXPIRY_S * 1000);
    const early = openTab(world, { local: raw });
    expect(Object.keys(early.games())).toHaveLength(2);
    early.actor.stop();
    world.clock.increment(1);
    const late = openTab(world, { local: raw });
    expect(late.games()).toEqual({});
    expect(world.storage.map.size).toBe(0);
  });

  it('A7-13 A3-11: fresh account data replaces the copy, under the diffs the server has not answered yet', async () => {
    const world = createWorld();
    const tab = openTab(world, { session: { data: {} } });
    world.server.hold = true;
    tab.send({ type: 'game.add', ...football('MINE0001') });
    // Another browser added a game; the fetched data predates our write.
    const fetched = { mygames: { data: { g_1_OTHER001: { AD: at(1), AP: at(1) + 7200, MG: '0', is_duel: true } } } };
    tab.send({ type: 'session.data', data: fetched });
    expect(Object.keys(tab.games()).sort()).toEqual(['g_1_MINE0001', 'g_1_OTHER001']);
    world.server.release();
    await flush();
    expect(tab.context().pending).toEqual([]);
    // Once answered, fresh data is taken as it is.
    tab.send({ type: 'session.data', data: fetched });
    expect(Object.keys(tab.games())).toEqual(['g_1_OTHER001']);
  });

  it('A7-11: each change is one stored diff, in order; a refused one is reported and the next fresh data corrects the copy', async () => {
    const world = createWorld();
    const tab = openTab(world, { session: { data: {} } });
    world.server.fail = 'XE0';
    tab.send({ type: 'game.add', ...football('MINE0001') });
    await flush();
    expect(tab.context().syncError).toBe('XE0');
    expect(tab.context().pending).toEqual([]);
    world.server.fail = null;
    tab.send({ type: 'game.add', ...football('MINE0002') });
    tab.send({ type: 'group.set', key: 'g_1_MINE0002', group: 'x', member: true });
    await flush();
    expect(world.server.diffs.map((d) => Object.keys(d.merge))).toEqual([
      ['mygames.data.g_1_MINE0002'],
      ['mygames.data.g_1_MINE0002'],
    ]);
    tab.send({ type: 'session.data', data: world.server.data });
    expect(Object.keys(tab.games())).toEqual(['g_1_MINE0002']);
    expect(tab.games().g_1_MINE0002.mgGroup).toBe('0,x');
  });

  it('S4-9: the changed event carries the sports and days the My Games tab loads', async () => {
    const world = createWorld();
    const tab = openTab(world);
    await flush();
    tab.send({ type: 'game.add', ...football('AAAAAAAA', 2) });
    tab.send({ type: 'team.follow', sportId: 3, participantId: 'TEAM0001', name: 'Astana' });
    expect(tab.emitted.at(-1)).toEqual({
      type: 'myGames.changed',
      needs: [
        { sport: 1, day: 2 },
        { sport: 3, day: 0 },
      ],
      ids: ['AAAAAAAA'],
    });
    expect(myGamesSelection(tab.context().follow, world.now(), TZ).ids).toEqual(['AAAAAAAA']);
  });
});

describe('wiring', () => {
  it('S4-31 A7-11: provideMyGames runs the machine on a Web Storage-like store and the account store call', async () => {
    const clock = new SimulatedClock();
    const storage = memoryStorage();
    const stored: unknown[] = [];
    const machine = provideMyGames({ storage, storeServer: async (diff) => void stored.push(diff) });
    const input = { now: () => START_MS + clock.now(), timeZone: TZ };
    const a = createActor(machine, { clock, input: { ...input, tabId: '1' } }).start();
    const b = createActor(machine, { clock, input: { ...input, tabId: '2', local: readLocalRaw(storage) } }).start();
    a.send({ type: 'game.add', ...football('AAAAAAAA') });
    expect(storage.getItem(LOCAL_KEYS.games)).toContain('g_1_AAAAAAAA');
    await flush();
    clock.increment(500);
    await flush();
    expect(isFollowed(b.getSnapshot().context, 'g_1_AAAAAAAA')).toBe(true);
    b.send({ type: 'session.loggedIn', data: {} });
    await flush();
    expect(stored).toEqual([{ merge: { 'mygames.data.g_1_AAAAAAAA': expect.any(Object) }, unmerge: [] }]);
    expect(storage.map.size).toBe(0);
  });
});
