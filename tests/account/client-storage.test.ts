// The client's lsid_ store (A3-3, A9-1), consent state (A4-1, A4-2), dotted data (A7-20, A3-11) and
// cross-tab announcements (A4-8).
import { describe, expect, it } from 'vitest';
import { AccountClient, pushSubjectFor } from '../../src/account/client';
import { flaggedTerms, marketingApprovalFrom, marketingVariantOf, termsStateFrom } from '../../src/account/consent';
import { applyDataDiff, diffFromData, isValidDataDiff } from '../../src/wire/dotted';
import { AccountStorage, LOCAL_DB_VERSION, STORAGE_PREFIX, STORED_USER_KEYS } from '../../src/account/storage';
import type { BackendError } from '../../src/wire/account';

const config = {
  mode: 'Production' as const,
  productionUrl: 'http://127.0.0.1:9',
  namespace: 'kz-scores',
  projectId: 47,
};

describe('lsid_ storage', () => {
  it('A3-3 A9-1 keys are prefixed lsid_, booleans stored as text, objects as JSON text', () => {
    const map = new Map<string, string>();
    const storage = new AccountStorage(map);
    storage.writeLogin('u1', 'h1');
    storage.writeTerms({ ppConfirmed: true, touConfirmed: false, errors: [] });
    storage.setJson('data', { myGames: { g1: 1 } });
    expect(STORAGE_PREFIX).toBe('lsid_');
    expect(map.get('lsid_id')).toBe('u1');
    expect(map.get('lsid_ppConfirmed')).toBe('true');
    expect(map.get('lsid_touConfirmed')).toBe('false');
    expect(map.get('lsid_backendErrors')).toBe('[]');
    expect(map.get('lsid_data')).toBe('{"myGames":{"g1":1}}');
    expect(storage.read()).toMatchObject({
      id: 'u1',
      hash: 'h1',
      ppConfirmed: true,
      touConfirmed: false,
      data: { myGames: { g1: 1 } },
    });
    expect(STORED_USER_KEYS).toEqual([
      'id',
      'hash',
      'name',
      'email',
      'emailIsVerified',
      'ppConfirmed',
      'touConfirmed',
      'data',
      'privateData',
      'marketingApproval',
      'marketingConsent',
      'backendErrors',
      'storeAfterLoginNeeded',
    ]);
    expect(LOCAL_DB_VERSION).toBe(1);
  });

  it('A3-3 logged in only when both a stored id and a stored hash exist; unreadable JSON reads as empty', () => {
    const map = new Map<string, string>([['lsid_id', 'u1']]);
    const storage = new AccountStorage(map);
    expect(storage.isLoggedIn()).toBe(false);
    map.set('lsid_hash', 'h');
    expect(storage.isLoggedIn()).toBe(true);
    map.set('lsid_data', '{not json');
    expect(storage.read().data).toEqual({});
  });

  it('A3-3 the client exposes config, profile and storage; storage is injected (localStorage-like or a Map)', () => {
    const backing = new Map<string, string>();
    const localStorageLike = {
      getItem: (k: string) => backing.get(k) ?? null,
      setItem: (k: string, v: string) => void backing.set(k, v),
      removeItem: (k: string) => void backing.delete(k),
    };
    const client = new AccountClient(config, { storage: localStorageLike, now: () => Date.now() });
    expect(client.config.projectId).toBe(47);
    expect(client.profile).toBeNull();
    client.storage.writeLogin('u9', 'h9');
    client.storage.writeProfile({ id: 'u9', name: 'Aigul', email: 'a@b.kz', emailIsVerified: true });
    expect(client.profile).toEqual({ id: 'u9', name: 'Aigul', email: 'a@b.kz', emailIsVerified: true });
    expect(backing.get('lsid_emailIsVerified')).toBe('true');
  });

  it("A5-7 A3-8 the client refuses an incomplete configuration with 'config.{property} is required'", () => {
    expect(() => new AccountClient({ ...config, namespace: '' }, { storage: new Map(), now: () => 0 })).toThrow(
      'config.namespace is required',
    );
    expect(() => new AccountClient({ ...config, mode: 'Sandbox' }, { storage: new Map(), now: () => 0 })).toThrow(
      'config.sandboxUrl is required',
    );
  });

  it('A7-23 the push subject is lsid_ + profile id + the user-functions namespace', () => {
    expect(pushSubjectFor('u1', 'kz-scores')).toBe('lsid_u1_kz-scores');
    const client = new AccountClient(config, {
      storage: new Map([
        ['lsid_id', 'u1'],
        ['lsid_hash', 'h'],
      ]),
      now: () => Date.now(),
    });
    expect(client.pushSubject()).toBe('lsid_u1_kz-scores');
  });
});

describe('consent state', () => {
  const termsError: BackendError = {
    code: 'XE8',
    name: 'TermsConfirmationNeeded',
    details: [{ type: 'tou', projectId: 47, version: 3 }],
  };
  it('A4-1 each flagged terms type becomes unconfirmed and the errors are kept; the flagged terms are sent back', () => {
    const state = termsStateFrom({ ppConfirmed: true, touConfirmed: true, errors: [termsError] });
    expect(state).toEqual({ ppConfirmed: true, touConfirmed: false, errors: [termsError] });
    expect(flaggedTerms(state.errors)).toEqual([{ type: 'tou', projectId: 47, version: 3 }]);
  });

  it('A4-2 A3-4 A3-5 marketing detail codes 1003…1006 pick the variant; others give NONE', () => {
    expect([1003, 1004, 1005, 1006, 1007].map(marketingVariantOf)).toEqual([
      'EXTENDED_INITIAL',
      'EXTENDED_PERIODIC',
      'BASIC_INITIAL',
      'BASIC_PERIODIC',
      'NONE',
    ]);
    const approval = marketingApprovalFrom(
      [{ code: 'XE12', name: 'MarketingStatementNeeded', details: [{ type: 'marketing', projectId: 47, code: 1006 }] }],
      null,
    );
    expect(approval).toEqual({
      required: true,
      variant: 'BASIC_PERIODIC',
      marketingApproved: false,
      thirdPartiesApproved: false,
    });
    expect(marketingApprovalFrom([termsError], approval).required).toBe(false);
  });
});

describe('dotted data', () => {
  it('A7-20 A3-11 merge sets nested values by dotted key, unmerge removes them, the input stays unchanged', () => {
    const data = { myGames: { a: 1 }, keep: true };
    const next = applyDataDiff(data, {
      merge: { 'myGames.b': 2, 'x.y.z': 'deep' },
      unmerge: ['myGames.a', 'missing.key'],
    });
    expect(next).toEqual({ myGames: { b: 2 }, keep: true, x: { y: { z: 'deep' } } });
    expect(data).toEqual({ myGames: { a: 1 }, keep: true });
    expect(diffFromData({ a: 1, b: { c: 2 } })).toEqual({ merge: { a: 1, b: { c: 2 } }, unmerge: [] });
    expect(isValidDataDiff({ merge: { 'a.__proto__': 1 }, unmerge: [] })).toBe(false);
    expect(isValidDataDiff({ merge: {}, unmerge: ['prototype'] })).toBe(false);
  });
});

describe('cross-tab announcements', () => {
  function storageEvent(key: string | null, newValue: string | null): Event {
    return Object.assign(new Event('storage'), { key, newValue });
  }

  it('A4-8 changes to login data made in another tab are announced; changes in this tab are not', () => {
    const shared = new Map<string, string>();
    const tabA = new AccountClient(config, { storage: shared, now: () => Date.now() });
    const tabB = new AccountClient(config, { storage: shared, now: () => Date.now() });
    const windowA = new EventTarget();
    const windowB = new EventTarget();
    tabA.watchOtherTabs(windowA);
    tabB.watchOtherTabs(windowB);
    const seenA: string[] = [];
    const seenB: { key: string; loggedIn: boolean }[] = [];
    tabA.onOtherTabChange((c) => seenA.push(c.key));
    tabB.onOtherTabChange((c) => seenB.push(c));
    // tab A logs in: the browser fires storage events in the other tabs only …
    tabA.storage.writeLogin('u1', 'h1');
    windowB.dispatchEvent(storageEvent('lsid_id', 'u1'));
    windowB.dispatchEvent(storageEvent('lsid_hash', 'h1'));
    // … and an echo delivered to tab A itself is not taken for another tab's change
    windowA.dispatchEvent(storageEvent('lsid_hash', 'h1'));
    expect(seenB).toEqual([
      { key: 'lsid_id', loggedIn: true },
      { key: 'lsid_hash', loggedIn: true },
    ]);
    expect(seenA).toEqual([]);
    // keys outside lsid_ are not login data
    windowB.dispatchEvent(storageEvent('theme', 'dark'));
    expect(seenB.length).toBe(2);
    // tab B logs out: tab A hears of it
    tabB.storage.clearUser();
    windowA.dispatchEvent(storageEvent('lsid_hash', null));
    expect(seenA).toEqual(['lsid_hash']);
    expect(tabA.isLoggedIn()).toBe(false);
  });
});
