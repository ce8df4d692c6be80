// The site's 'accountSync' child: the account data sync (A4-7) runs under the root, on the site's clock, from
// the account's login to its logout.
import { describe, expect, it } from 'vitest';
import { DATA_CHECK_MS, DATA_FRESH_MS, DATA_INITIAL_DELAY_MAX_MS } from '../../machines/account-data-sync';
import { startTestSite } from './support/test-site';

describe('the site root: account data sync', () => {
  it('A4-7: logged in at start, the data is fetched once it is older than 300 s, and not after logout', async () => {
    let syncs = 0;
    let syncedAt = 0;
    const { site, clock, now } = startTestSite({
      input: { account: { data: {} }, accountSyncedAt: () => syncedAt },
      effects: {
        syncAccountData: async () => {
          syncs += 1;
          syncedAt = now();
        },
      },
    });
    clock.increment(DATA_INITIAL_DELAY_MAX_MS);
    await Promise.resolve();
    expect(syncs).toBe(1);
    clock.increment(DATA_CHECK_MS);
    await Promise.resolve();
    expect(syncs).toBe(1); // fresh: synced 10 s ago at most
    clock.increment(DATA_FRESH_MS);
    await Promise.resolve();
    expect(syncs).toBe(2);
    site.send({ type: 'account.loggedOut' });
    clock.increment(2 * DATA_FRESH_MS);
    await Promise.resolve();
    expect(syncs).toBe(2);
  });

  it('A4-7: a guest never syncs until the account logs in', async () => {
    let syncs = 0;
    const { site, clock } = startTestSite({
      effects: {
        syncAccountData: async () => {
          syncs += 1;
        },
      },
    });
    clock.increment(2 * DATA_FRESH_MS);
    await Promise.resolve();
    expect(syncs).toBe(0);
    site.send({ type: 'account.loggedIn', data: {} });
    clock.increment(DATA_INITIAL_DELAY_MAX_MS);
    await Promise.resolve();
    expect(syncs).toBe(1);
  });
});
