// Whether the visitor is logged in, for the header. A3-3: logged in means both a stored lsid_id and
// lsid_hash exist. The account dialogs load lazily, so the header reads the stored keys itself; the
// dialogs call refresh() when a flow or a session ends, and other tabs' changes arrive as storage events.
import { useSyncExternalStore } from 'react';

export interface SessionStatus {
  readonly loggedIn: boolean;
  readonly name: string | null;
}

type ReadableStorage = Pick<Storage, 'getItem'>;

const LOGGED_OUT: SessionStatus = Object.freeze({ loggedIn: false, name: null });

export function readSessionStatus(storage: ReadableStorage | null): SessionStatus {
  if (!storage) return LOGGED_OUT;
  try {
    if (!storage.getItem('lsid_id') || !storage.getItem('lsid_hash')) return LOGGED_OUT;
    const name = storage.getItem('lsid_name');
    return { loggedIn: true, name: name && name.trim() !== '' ? name : null };
  } catch {
    return LOGGED_OUT; // storage blocked by the browser: a guest
  }
}

export class SessionStatusStore {
  private current: SessionStatus;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly storage: ReadableStorage | null) {
    this.current = readSessionStatus(storage);
  }

  readonly get = (): SessionStatus => this.current;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Reads the stored keys again and tells subscribers when the status changed. */
  refresh(): void {
    const next = readSessionStatus(this.storage);
    if (next.loggedIn === this.current.loggedIn && next.name === this.current.name) return;
    this.current = next;
    for (const listener of this.listeners) listener();
  }
}

let browserStore: SessionStatusStore | null = null;

/** The page's one store over window.localStorage, following changes made in other tabs too (A4-8). */
export function browserSessionStatus(): SessionStatusStore {
  if (browserStore) return browserStore;
  const storage = typeof window === 'undefined' ? null : safeLocalStorage();
  const store = new SessionStatusStore(storage);
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === null || event.key.startsWith('lsid_')) store.refresh();
    });
  }
  browserStore = store;
  return store;
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function useSessionStatus(store: SessionStatusStore = browserSessionStatus()): SessionStatus {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
