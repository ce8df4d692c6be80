// The site root's following children: myGames and pinToggle get the account client's login, data sync and
// logout as the root's account.* events, other tabs' storage changes, and their effects through provideSite.
import { describe, expect, it } from 'vitest';
import { badgeCount, isFollowed } from '../../machines/my-games';
import { isPinned } from '../../machines/pin-toggle';
import { LOCAL_KEYS } from '../../src/follow/local-codec';
import { memoryStorage, readLocalRaw } from '../../src/follow/local-storage';
import { LOCAL_PINS_KEY } from '../../src/follow/pins-local';
import type { DataDiff, JsonObject } from '../../src/wire/account';
import { applyDataDiff } from '../../src/wire/dotted';
import { flush, football, START_MS, TZ } from './support/my-games-harness';
import { startTestSite } from './support/test-site';

const LEAGUE = '1_198_dYlOSQOD';

/** A site whose account store applies each diff to a fake server's copy (A7-11). */
function followSite(options: { account?: JsonObject | null; fail?: boolean; pinStorage?: 'account' | 'local' } = {}) {
  const storage = memoryStorage();
  const server = { data: (options.account ?? {}) as JsonObject, diffs: [] as DataDiff[], reverted: [] as DataDiff[] };
  const started = startTestSite({
    start: START_MS,
    input: {
      account: options.account ? { data: options.account } : null,
      follow: { timeZone: TZ, tabId: '7', pinStorage: options.pinStorage },
    },
    effects: {
      storage,
      storeAccountData: async (diff) => {
        if (options.fail) throw new Error('refused');
        server.diffs.push(diff);
        server.data = applyDataDiff(server.data, diff);
      },
      revertAccountData: (undo) => server.reverted.push(undo),
    },
  });
  return {
    ...started,
    storage,
    server,
    myGames: () => started.child('myGames').getSnapshot(),
    pins: () => started.child('pinToggle').getSnapshot().context,
  };
}

describe('site root: following', () => {
  it('S4-27 a star sent to the myGames child shows in the same step and is kept under fsdc_my_* through the storage effect', async () => {
    const site = followSite();
    await flush();
    site.child('myGames').send({ type: 'game.add', ...football('AAAAAAAA') });
    expect(isFollowed(site.myGames().context, 'g_1_AAAAAAAA')).toBe(true); // no await: the snapshot is synchronous
    expect(JSON.parse(site.storage.getItem(LOCAL_KEYS.games) ?? '{}')).toHaveProperty('g_1_AAAAAAAA');
  });

  it('S4-31 storage.changed reaches myGames: another tab’s star is read at once, not at the next 500 ms check', async () => {
    const site = followSite();
    await flush();
    const other = followSite(); // the other tab writes the shared keys
    await flush();
    other.child('myGames').send({ type: 'game.add', ...football('BBBBBBBB') });
    for (const key of Object.values(LOCAL_KEYS)) {
      const value = other.storage.getItem(key);
      if (value !== null) site.storage.setItem(key, value);
    }
    site.site.send({ type: 'storage.changed', key: LOCAL_KEYS.timestamp });
    await flush();
    expect(isFollowed(site.myGames().context, 'g_1_BBBBBBBB')).toBe(true);
    expect(site.clock.now()).toBe(0);
  });

  it('S4-32 A4-3 account.loggedIn: myGames merges the guest’s stars into the account, pinToggle loads myLeagues', async () => {
    const site = followSite();
    await flush();
    site.child('myGames').send({ type: 'game.add', ...football('AAAAAAAA') });
    const account: JsonObject = {
      mygames: { data: { g_1_CCCCCCCC: { AD: football('CCCCCCCC').AD, AP: 0, MG: '0', is_duel: true } } },
      myLeagues: { 1: { [LEAGUE]: true, used: true } },
    };
    site.site.send({ type: 'account.loggedIn', data: account });
    await flush();
    const games = site.myGames().context;
    expect(games.loggedIn).toBe(true);
    expect(isFollowed(games, 'g_1_AAAAAAAA') && isFollowed(games, 'g_1_CCCCCCCC')).toBe(true);
    expect(site.server.diffs).toHaveLength(1); // the guest's star, uploaded through storeAccountData
    expect(Object.keys(site.server.diffs[0].merge)).toEqual(['mygames.data.g_1_AAAAAAAA']);
    expect(site.storage.getItem(LOCAL_KEYS.games)).toBeNull(); // the copy now lives in the account
    expect(site.pins().loggedIn).toBe(true);
    expect(isPinned(site.pins(), LEAGUE)).toBe(true);
  });

  it('A4-7 account.data replaces both copies with the sync’s fresh data', async () => {
    const site = followSite({ account: {} });
    await flush();
    expect(site.myGames().context.loggedIn).toBe(true);
    site.site.send({
      type: 'account.data',
      data: {
        mygames: { data: { g_1_DDDDDDDD: { AD: football('DDDDDDDD').AD, AP: 0, MG: '0', is_duel: true } } },
        myLeagues: { 1: { [LEAGUE]: true, used: true } },
      },
    });
    expect(isFollowed(site.myGames().context, 'g_1_DDDDDDDD')).toBe(true);
    expect(isPinned(site.pins(), LEAGUE)).toBe(true);
  });

  it('S4-32 account.loggedOut drops My Games and the pinned leagues', async () => {
    const site = followSite({
      account: {
        mygames: { data: { g_1_DDDDDDDD: { AD: football('DDDDDDDD').AD, AP: 0, MG: '0', is_duel: true } } },
        myLeagues: { 1: { [LEAGUE]: true, used: true } },
      },
    });
    await flush();
    expect(badgeCount(site.myGames().context)).toBe(1);
    expect(isPinned(site.pins(), LEAGUE)).toBe(true);
    site.site.send({ type: 'account.loggedOut' });
    expect(site.myGames().context.loggedIn).toBe(false);
    expect(badgeCount(site.myGames().context)).toBe(0);
    expect(site.pins().loggedIn).toBe(false);
    expect(isPinned(site.pins(), LEAGUE)).toBe(false);
  });

  it('S4-35 a refused pin save is reverted in the machine and in the client’s copy (revertAccountData)', async () => {
    const site = followSite({ account: { myLeagues: { 1: { used: true } } }, fail: true });
    site.child('pinToggle').send({ type: 'pin.toggle', labelKey: LEAGUE });
    expect(isPinned(site.pins(), LEAGUE)).toBe(true); // at once
    await flush();
    expect(isPinned(site.pins(), LEAGUE)).toBe(false);
    expect(site.pins().error).toMatchObject({ kind: 'technical', labelKey: LEAGUE });
    expect(site.server.reverted).toEqual([{ merge: {}, unmerge: [`myLeagues.1.${LEAGUE}`] }]);
  });

  it('S4-36 in local-only use a guest’s pin is written to local storage by the storage effect', () => {
    const site = followSite({ pinStorage: 'local' });
    site.child('pinToggle').send({ type: 'pin.toggle', labelKey: LEAGUE });
    expect(JSON.parse(site.storage.getItem(LOCAL_PINS_KEY) ?? '{}')).toEqual({ 1: { [LEAGUE]: true, used: true } });
  });

  it('S4-31 the fsdc_my_* keys given at start are adopted without a read', async () => {
    const first = followSite();
    await flush();
    first.child('myGames').send({ type: 'game.add', ...football('EEEEEEEE') });
    const site = startTestSite({
      start: START_MS,
      input: { follow: { timeZone: TZ, local: readLocalRaw(first.storage) } },
    });
    expect(isFollowed(site.child('myGames').getSnapshot().context, 'g_1_EEEEEEEE')).toBe(true);
  });
});
