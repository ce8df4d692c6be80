import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { sessionStatusMachine, sessionStatusOf, storedSessionKeys } from '../../machines/session-status';
import { startTestSite } from './support/test-site';

function storage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  let reads = 0;
  return {
    map,
    reads: () => reads,
    getItem: (key: string) => {
      reads++;
      return map.get(key) ?? null;
    },
  };
}

describe('session status machine', () => {
  it('A3-3 logged in only when both a stored id and hash exist', () => {
    const status = (entries: Record<string, string>) => sessionStatusOf(storedSessionKeys(storage(entries)));
    expect(status({ lsid_id: '7' }).loggedIn).toBe(false);
    expect(status({ lsid_hash: 'abc' }).loggedIn).toBe(false);
    expect(status({ lsid_id: '7', lsid_hash: 'abc', lsid_name: 'Айгүл' })).toEqual({ loggedIn: true, name: 'Айгүл' });
    expect(status({ lsid_id: '7', lsid_hash: 'abc', lsid_name: ' ' })).toEqual({ loggedIn: true, name: null });
    expect(sessionStatusOf(storedSessionKeys(null)).loggedIn).toBe(false);
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(sessionStatusOf(storedSessionKeys(blocked)).loggedIn).toBe(false);
  });

  it('A3-3 A4-8 follows storage changes made in another tab, as the site root routes them', () => {
    const backend = storage();
    const { site, child } = startTestSite({ input: { session: { read: () => storedSessionKeys(backend) } } });
    const session = child('session');
    const seen: boolean[] = [];
    let last = session.getSnapshot().context.status;
    session.subscribe((s) => {
      if (s.context.status !== last) seen.push(s.context.status.loggedIn);
      last = s.context.status;
    });
    expect(session.getSnapshot().context.status.loggedIn).toBe(false);

    backend.map.set('lsid_id', '7'); // the other tab wrote the id first: not logged in yet (A3-3)
    site.send({ type: 'storage.changed', key: 'lsid_id' });
    expect(session.getSnapshot().context.status.loggedIn).toBe(false);
    backend.map.set('lsid_hash', 'abc');
    site.send({ type: 'storage.changed', key: 'lsid_hash' });
    expect(session.getSnapshot().context.status).toEqual({ loggedIn: true, name: null });

    const reads = backend.reads();
    site.send({ type: 'storage.changed', key: 'fsdc_theme' }); // not an account key: not even read
    expect(backend.reads()).toBe(reads);

    backend.map.clear();
    site.send({ type: 'storage.changed', key: null }); // storage cleared
    expect(session.getSnapshot().context.status.loggedIn).toBe(false);
    expect(seen).toEqual([true, false]);
  });

  it('A4-4 session.refresh (a flow ended) reads the keys again; the status object changes only with the status', () => {
    const backend = storage({ lsid_id: '7', lsid_hash: 'abc', lsid_name: 'Айгүл' });
    const actor = createActor(sessionStatusMachine, { input: { read: () => storedSessionKeys(backend) } }).start();
    const first = actor.getSnapshot().context.status;
    expect(first).toEqual({ loggedIn: true, name: 'Айгүл' });
    actor.send({ type: 'session.refresh' });
    expect(actor.getSnapshot().context.status).toBe(first);
    backend.map.delete('lsid_hash'); // logged out in this tab
    actor.send({ type: 'session.refresh' });
    expect(actor.getSnapshot().context.status.loggedIn).toBe(false);
  });
});
