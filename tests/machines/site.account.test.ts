// The account client's session reaches the site root (web/app/account-events.ts): a real client against the
// account service on loopback, two tabs over one local storage, and the root's myGames and pinToggle children.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isFollowed } from '../../machines/my-games';
import type { SiteEvent } from '../../machines/site';
import { AccountClient } from '../../src/account/client';
import type { KeyValueStorage } from '../../src/account/storage';
import type { JsonObject } from '../../src/wire/account';
import { applyDataDiff } from '../../src/wire/dotted';
import { accountAtStart, reportAccountToSite } from '../../web/app/account-events';
import { NS, PROJECT, registerVerified, startAccountServer, type TestServer } from '../account/helpers';
import { flush, football, START_MS, TZ } from './support/my-games-harness';
import { startTestSite } from './support/test-site';

let server: TestServer;
beforeAll(async () => {
  server = await startAccountServer({ marketing: {} }); // no marketing statement: the merge runs at login
});
afterAll(async () => server.close());

/** One browser's local storage; each tab's window gets the storage events of the other tabs' writes. */
function browser(service: TestServer = server) {
  const map = new Map<string, string>();
  const windows: EventTarget[] = [];
  const announce = (writer: EventTarget, key: string, newValue: string | null) => {
    for (const target of windows)
      if (target !== writer) target.dispatchEvent(Object.assign(new Event('storage'), { key, newValue }));
  };
  const tab = () => {
    const window = new EventTarget();
    windows.push(window);
    const storage: KeyValueStorage = {
      getItem: (key) => map.get(key) ?? null,
      setItem: (key, value) => {
        map.set(key, value);
        announce(window, key, value);
      },
      removeItem: (key) => {
        map.delete(key);
        announce(window, key, null);
      },
    };
    const client = new AccountClient(
      { mode: 'Production', productionUrl: service.url, namespace: NS, projectId: PROJECT },
      { storage, now: () => Date.now() },
    );
    const events: SiteEvent[] = [];
    reportAccountToSite(client, { send: (event) => events.push(event) }, window);
    return { client, events, window, storage };
  };
  return { map, tab };
}

const types = (events: readonly SiteEvent[]) => events.map((event) => event.type);

/** The lsid_ subject (A7-23) and the session's proof the login names. */
const personalOf = (client: AccountClient) => ({
  subject: `lsid_${client.loggedIn?.id}_${NS}`,
  id: client.loggedIn?.id,
  hash: client.loggedIn?.hash,
});

describe('the account client reports to the site root', () => {
  it('A4-3 A4-7 A4-4 a login sends account.loggedIn with the data, a sync account.data, a logout account.loggedOut', async () => {
    const email = 'events1@example.kz';
    await registerVerified(server, email);
    const { client, events } = browser().tab();
    await client.login(email, 'Qwerty_123');
    // S7-23: with the account's push subject and its proof, for the personal push.
    expect(events).toEqual([{ type: 'account.loggedIn', data: {}, personal: personalOf(client) }]);
    await client.storeMergedData('data', { merge: { 'myLeagues.1.used': true }, unmerge: [] });
    await client.syncData();
    expect(events[1]).toEqual({ type: 'account.data', data: { myLeagues: { 1: { used: true } } } });
    await client.logout();
    expect(types(events)).toEqual(['account.loggedIn', 'account.data', 'account.loggedOut']);
  });

  it('A4-3 a login whose merge waits for the marketing statement is told once the statement is answered', async () => {
    const consenting = await startAccountServer();
    try {
      const email = 'events4@example.kz';
      await registerVerified(consenting, email);
      const { client, events } = browser(consenting).tab();
      await client.login(email, 'Qwerty_123');
      expect(events).toEqual([]);
      await client.submitMarketingApproval(false, false);
      expect(events).toEqual([{ type: 'account.loggedIn', data: {}, personal: personalOf(client) }]);
    } finally {
      await consenting.close();
    }
  });

  it('A4-8 another tab’s login reaches this tab once its merge wrote the sync time, and its logout too', async () => {
    const email = 'events2@example.kz';
    await registerVerified(server, email);
    const shared = browser();
    const first = shared.tab();
    const second = shared.tab();
    await first.client.login(email, 'Qwerty_123');
    expect(types(second.events)).toEqual(['account.loggedIn']);
    expect(accountAtStart(second.client)).toEqual({ data: {} });
    await first.client.syncData();
    expect(types(second.events)).toEqual(['account.loggedIn', 'account.data']);
    await first.client.logout();
    expect(types(second.events)).toEqual(['account.loggedIn', 'account.data', 'account.loggedOut']);
    expect(accountAtStart(second.client)).toBeNull();
  });

  it('S4-32 A3-11 a guest’s star is merged into the account through the site and is there after a login elsewhere', async () => {
    const email = 'events3@example.kz';
    await registerVerified(server, email);
    const { client, window } = browser().tab();
    const site = startTestSite({
      start: START_MS,
      input: { follow: { timeZone: TZ } },
      effects: {
        storeAccountData: (diff) => client.storeMergedData('data', diff),
        revertAccountData: (undo) =>
          client.storage.setJson('data', applyDataDiff(client.storage.getJson<JsonObject>('data', {}), undo)),
      },
    });
    reportAccountToSite(client, site.site, window);
    await flush();
    site.child('myGames').send({ type: 'game.add', ...football('AAAAAAAA') });
    await client.login(email, 'Qwerty_123');
    for (let i = 0; i < 10 && site.child('myGames').getSnapshot().context.pending.length > 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(site.child('myGames').getSnapshot().context.loggedIn).toBe(true);

    // Another browser: its own storage, logged in at start with what the login brings.
    const elsewhere = browser().tab();
    await elsewhere.client.login(email, 'Qwerty_123');
    const data = (elsewhere.events[0] as { data: JsonObject }).data;
    expect(data).toHaveProperty(['mygames', 'data', 'g_1_AAAAAAAA']);
    const other = startTestSite({ start: START_MS, input: { account: { data }, follow: { timeZone: TZ } } });
    expect(isFollowed(other.child('myGames').getSnapshot().context, 'g_1_AAAAAAAA')).toBe(true);
  });
});
