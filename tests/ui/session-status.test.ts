import { describe, expect, it } from 'vitest';
import { readSessionStatus, SessionStatusStore } from '../../src/ui/common/session-status';

function storage(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries));
  return { map, getItem: (key: string) => map.get(key) ?? null };
}

describe('session status for the header', () => {
  it('A3-3 logged in only when both a stored id and hash exist', () => {
    expect(readSessionStatus(storage({ lsid_id: '7' })).loggedIn).toBe(false);
    expect(readSessionStatus(storage({ lsid_hash: 'abc' })).loggedIn).toBe(false);
    expect(readSessionStatus(storage({ lsid_id: '7', lsid_hash: 'abc', lsid_name: 'Айгүл' }))).toEqual({
      loggedIn: true,
      name: 'Айгүл',
    });
    expect(readSessionStatus(null).loggedIn).toBe(false);
  });

  it('A3-3 A4-4 refresh tells subscribers only when the status changed', () => {
    const backend = storage({});
    const store = new SessionStatusStore(backend);
    let calls = 0;
    store.subscribe(() => calls++);
    store.refresh();
    expect(calls).toBe(0);
    backend.map.set('lsid_id', '7');
    backend.map.set('lsid_hash', 'abc');
    store.refresh();
    expect(store.get().loggedIn).toBe(true);
    expect(calls).toBe(1);
    backend.map.clear();
    store.refresh();
    expect(store.get().loggedIn).toBe(false);
    expect(calls).toBe(2);
  });
});
