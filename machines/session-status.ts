// Whether the visitor is logged in, for the header (A3-3): logged in only while both a stored
// lsid_id and lsid_hash exist; and whether the page is online, with the server time of the newest list data it
// holds, for the offline notice (the composition root reports both through the root: page.online, feeds.synced). The account dialogs load lazily, so this machine reads the stored keys
// itself, through the reader the composition root gives it. It reads them again when an account flow
// or session ends (`session.refresh`, sent by the dialogs) and when another tab changed the storage
// (`storage.changed`, sent by the composition root's storage listener, A4-8). The status object is
// replaced only when it changed, so readers re-render only then.
import { enqueueActions, setup } from 'xstate';

export interface SessionStatus {
  readonly loggedIn: boolean;
  readonly name: string | null;
}

/** The stored account keys the status depends on (A3-3: lsid_id, lsid_hash, lsid_name). */
export interface StoredSessionKeys {
  readonly id: string | null;
  readonly hash: string | null;
  readonly name: string | null;
}

export const LOGGED_OUT: SessionStatus = Object.freeze({ loggedIn: false, name: null });

/** A3-3: logged in only when both a stored id and a stored hash exist. */
export function sessionStatusOf(keys: StoredSessionKeys | null): SessionStatus {
  if (!keys?.id || !keys.hash) return LOGGED_OUT;
  return { loggedIn: true, name: keys.name && keys.name.trim() !== '' ? keys.name : null };
}

/** Reads the A3-3 keys from a storage (local storage in the browser); a blocked storage reads as a guest. */
export function storedSessionKeys(storage: { getItem(key: string): string | null } | null): StoredSessionKeys | null {
  if (!storage) return null;
  try {
    return { id: storage.getItem('lsid_id'), hash: storage.getItem('lsid_hash'), name: storage.getItem('lsid_name') };
  } catch {
    return null;
  }
}

/** A storage key whose change may change the status (null: the whole storage was cleared). */
export function isSessionKey(key: string | null): boolean {
  return key === null || key.startsWith('lsid_');
}

export interface SessionStatusInput {
  /** Reads the stored keys now; null when there is no storage. */
  readonly read: () => StoredSessionKeys | null;
  /** Whether the device is online at start (default true). */
  readonly online?: boolean;
}

export interface SessionStatusContext {
  readonly read: () => StoredSessionKeys | null;
  readonly status: SessionStatus;
  readonly online: boolean;
  /** Server time (epoch ms) of the newest list feed answer the page holds; null before the first. */
  readonly syncedAt: number | null;
}

export type SessionStatusEvent =
  | { readonly type: 'session.refresh' }
  | { readonly type: 'storage.changed'; readonly key: string | null }
  /** The device went offline or online again. */
  | { readonly type: 'page.online'; readonly online: boolean }
  /** A list feed answered with data as of `at` (its server time: a cached answer's is the time it was made). */
  | { readonly type: 'feeds.synced'; readonly at: number };

function readStatus(read: () => StoredSessionKeys | null): SessionStatus {
  try {
    return sessionStatusOf(read());
  } catch {
    return LOGGED_OUT; // storage blocked by the browser: a guest
  }
}

const sameStatus = (a: SessionStatus, b: SessionStatus) => a.loggedIn === b.loggedIn && a.name === b.name;

export const sessionStatusMachine = setup({
  types: {} as { context: SessionStatusContext; events: SessionStatusEvent; input: SessionStatusInput },
  actions: {
    readAgain: enqueueActions(({ context, enqueue }) => {
      const next = readStatus(context.read);
      if (!sameStatus(next, context.status)) enqueue.assign({ status: next });
    }),
    noteOnline: enqueueActions(({ context, event, enqueue }) => {
      if (event.type === 'page.online' && event.online !== context.online) enqueue.assign({ online: event.online });
    }),
    noteSynced: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'feeds.synced' || !Number.isFinite(event.at)) return;
      // Minute precision is all the notice shows: the context changes at most once a minute while polling.
      const at = Math.floor(event.at / 60_000) * 60_000;
      if (context.syncedAt === null || at > context.syncedAt) enqueue.assign({ syncedAt: at });
    }),
  },
  guards: {
    sessionKey: ({ event }) => event.type === 'storage.changed' && isSessionKey(event.key),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    read: input.read,
    status: readStatus(input.read),
    online: input.online ?? true,
    syncedAt: null,
  }),
  on: {
    'session.refresh': { actions: 'readAgain' },
    // A4-8: another tab logged in or out.
    'storage.changed': { guard: 'sessionKey', actions: 'readAgain' },
    'page.online': { actions: 'noteOnline' },
    'feeds.synced': { actions: 'noteSynced' },
  },
});
