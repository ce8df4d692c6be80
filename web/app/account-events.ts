// The account client's session, told to the site's root actor (machines/site.ts), which hands it to My Games and
// My Leagues: `account.loggedIn { data }` once a login's merge left the account data in the client (A4-3), here
// or in another tab; `account.data { data }` after a data sync (A4-7); `account.loggedOut` when the session ended
// (logout, deletion, a forced logout, another tab's logout; A4-4, A4-6, A4-8).
import type { SiteEvent } from '../../machines/site';
import type { AccountClient } from '../../src/account/client';
import { STORAGE_PREFIX, SYNCED_AT_KEY } from '../../src/account/storage';
import type { JsonObject } from '../../src/wire/account';
import { personalPushOf } from './notifications-session';

export interface SiteReceiver {
  send(event: SiteEvent): void;
}

/** The account data the client holds, for the site's input at start (null: a guest). */
export function accountAtStart(client: AccountClient): { readonly data: JsonObject } | null {
  if (!client.isLoggedIn() || client.storage.getBoolean('storeAfterLoginNeeded')) return null;
  return { data: client.storage.getJson<JsonObject>('data', {}) };
}

/**
 * Sends the client's login, data and logout to the site; `target` (the window) brings other tabs' changes, seen
 * through the shared stored user: a login or sync there ends by writing its sync time (A4-7). Returns the undo.
 */
export function reportAccountToSite(client: AccountClient, site: SiteReceiver, target?: EventTarget): () => void {
  let told = accountAtStart(client) !== null;
  const loggedIn = (data: JsonObject) => {
    told = true;
    // S7-23: the account's push subject and proof, for its game notifications.
    site.send({ type: 'account.loggedIn', data, personal: personalPushOf(client) });
  };
  const loggedOut = () => {
    if (!told) return;
    told = false;
    site.send({ type: 'account.loggedOut' });
  };
  const offData = client.onDataLoaded(({ reason, data }) => {
    if (reason === 'login' || !told) loggedIn(data);
    else site.send({ type: 'account.data', data });
  });
  const offEnd = client.onSessionEnd(loggedOut);
  const onStorage = (event: Event) => {
    const { key } = event as StorageEvent;
    if (key !== null && !key.startsWith(STORAGE_PREFIX)) return;
    const held = accountAtStart(client);
    if (!held) {
      if (!client.isLoggedIn()) loggedOut();
      return;
    }
    if (key !== client.storage.key(SYNCED_AT_KEY)) return;
    if (told) site.send({ type: 'account.data', data: held.data });
    else loggedIn(held.data);
  };
  target?.addEventListener('storage', onStorage);
  return () => {
    offData();
    offEnd();
    target?.removeEventListener('storage', onStorage);
  };
}
