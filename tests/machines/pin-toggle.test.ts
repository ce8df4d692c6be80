import { describe, expect, it } from 'vitest';
import { isPinned, isUnconfirmed, pinAction, pinnedLeagues } from '../../machines/pin-toggle';
import {
  defaultTopLeagues,
  isLabelKey,
  labelKeyOf,
  parseMyLeagues,
  parseStoredJson,
  pinnedFirst,
  sportOfLabelKey,
  toStoredMyLeagues,
} from '../../src/domain/pinned-leagues';
import { pinHarness } from './pin-toggle-harness';

// Football (1) defaults: two top leagues; a third league that is not one of them.
const EPL = '1_198_dYlOSQOD';
const LIGA = '1_176_QVmLl54o';
const KPL = '1_112_Ak2gXMz1';
const CUP = '1_112_zz9Cup00';
const NBA = '3_200_IBmris38';
const DEFAULTS = { 1: [EPL, LIGA], 3: [NBA] };

const user = (stored?: unknown) => ({ loggedIn: true, defaults: DEFAULTS, stored });

describe('My Leagues pin toggle', () => {
  it('S3-60: a label key leads with its sport id; a league gets its key from sport and template key', () => {
    expect(sportOfLabelKey('1_198_dYlOSQOD')).toBe(1);
    expect(sportOfLabelKey('36_AbCd')).toBe(36);
    expect(isLabelKey('1_198_dYlOSQOD')).toBe(true);
    for (const bad of ['', '_1_x', '1', '1_', 'x_1_y', '0_1_y', '1_a.b', '1_a b', 7, null]) {
      expect(isLabelKey(bad)).toBe(false);
    }
    expect(labelKeyOf({ sportId: 1, templateKey: '198_dYlOSQOD' })).toBe(EPL);
    expect(labelKeyOf({ sportId: null, templateKey: '198_dYlOSQOD' })).toBeNull();
    expect(labelKeyOf({ sportId: 1 })).toBeNull();
  });

  it('S3-61: stored as label key → boolean plus the used flag; defaults are the top leagues, as label keys', () => {
    const leagues = { 1: { [EPL]: true, [KPL]: false } };
    expect(toStoredMyLeagues(leagues)).toEqual({ 1: { [EPL]: true, [KPL]: false, used: true } });
    expect(parseMyLeagues(toStoredMyLeagues(leagues))).toEqual(leagues);
    // A list without the used flag, a key of another sport, a non-boolean value and a bad sport id are dropped.
    expect(
      parseMyLeagues({ 1: { [EPL]: true, [NBA]: true, [KPL]: 'yes', used: true }, 3: { [NBA]: true }, x: {} }),
    ).toEqual({ 1: { [EPL]: true } });
    expect(parseStoredJson('{"1":{"used":true,')).toEqual({});
    expect(parseStoredJson(null)).toEqual({});
    const feed = [
      { sportId: 1, templateKey: '198_dYlOSQOD', type: 't' },
      { sportId: 1, templateKey: '112_Ak2gXMz1', type: 'p' },
      { sportId: 1, templateKey: '176_QVmLl54o', type: 't' },
      { sportId: 1, templateKey: '198_dYlOSQOD', type: 't' },
    ];
    expect(defaultTopLeagues(feed)).toEqual([EPL, LIGA]);
  });

  it('S4-33: the first toggle seeds the default top leagues, then adds the league; a pinned league toggles off', async () => {
    const h = pinHarness(user());
    expect([...pinnedLeagues(h.context(), 1)]).toEqual([EPL, LIGA]); // nothing stored: the defaults show
    h.toggle(KPL);
    expect(h.context().leagues[1]).toEqual({ [EPL]: true, [LIGA]: true, [KPL]: true });
    expect(h.requests).toEqual([
      {
        sportId: 1,
        labelKey: null,
        diff: { merge: { 'myLeagues.1': { [EPL]: true, [LIGA]: true, [KPL]: true, used: true } }, unmerge: [] },
        undo: { merge: {}, unmerge: ['myLeagues.1'] },
      },
    ]);
    await h.advance(100);
    expect(h.server.data).toEqual({ myLeagues: { 1: { [EPL]: true, [LIGA]: true, [KPL]: true, used: true } } });
    h.toggle(EPL);
    expect(pinnedLeagues(h.context(), 1).has(EPL)).toBe(false);
    expect(h.requests[1]?.diff).toEqual({
      merge: { [`myLeagues.1.${EPL}`]: false, 'myLeagues.1.used': true },
      unmerge: [],
    });
    expect(h.requests[1]?.undo).toEqual({ merge: { [`myLeagues.1.${EPL}`]: true }, unmerge: [] });
    await h.advance(100);
    expect(h.server.data).toEqual({ myLeagues: { 1: { [EPL]: false, [LIGA]: true, [KPL]: true, used: true } } });
    // A first toggle on a default league seeds the list without it; another sport seeds its own list.
    const other = pinHarness(user());
    other.toggle(EPL);
    expect(other.context().leagues[1]).toEqual({ [EPL]: false, [LIGA]: true });
    other.toggle(NBA);
    expect(other.context().leagues[3]).toEqual({ [NBA]: false });
  });

  it('S4-34: while a toggle is unconfirmed its league ignores toggles, its whole sport while a seed is out', async () => {
    const h = pinHarness(user(), [
      { ok: true, delayMs: 60_000 },
      { ok: true, delayMs: 60_000 },
      { ok: true, delayMs: 60_000 },
    ]);
    h.toggle(KPL); // seeds football
    expect(isUnconfirmed(h.context(), KPL)).toBe(true);
    expect(isUnconfirmed(h.context(), EPL)).toBe(true);
    h.toggle(KPL);
    h.toggle(EPL);
    expect(h.requests).toHaveLength(1);
    h.toggle(NBA); // another sport is not held up
    expect(h.requests).toHaveLength(2);
    await h.advance(59_999); // a slow server: still waiting, still ignoring
    h.toggle(KPL);
    expect(h.requests).toHaveLength(2);
    expect(isUnconfirmed(h.context(), KPL)).toBe(true);
    await h.advance(1);
    expect(isUnconfirmed(h.context(), KPL)).toBe(false);
    expect(Object.keys(h.context().pending)).toEqual([]);
    // Seeded: one league waiting does not hold up another of the same sport.
    h.toggle(KPL);
    h.toggle(CUP);
    h.toggle(KPL);
    expect(h.requests.map((r) => r.labelKey)).toEqual([null, null, KPL, CUP]);
    expect(pinnedLeagues(h.context(), 1)).toEqual(new Set([EPL, LIGA, CUP]));
  });

  it('S4-35: a failed toggle is reverted (add becomes remove and back), the icons follow, an error is raised', async () => {
    const stored = toStoredMyLeagues({ 1: { [EPL]: true, [LIGA]: true } });
    const h = pinHarness(user(stored), [
      { ok: false, delayMs: 50 },
      { ok: false, delayMs: 50 },
    ]);
    h.toggle(KPL); // add
    expect(pinAction(h.context(), KPL)).toBe('remove');
    expect(h.requests[0]?.undo).toEqual({ merge: {}, unmerge: [`myLeagues.1.${KPL}`] });
    await h.advance(50);
    expect(pinAction(h.context(), KPL)).toBe('add');
    expect(h.context().leagues[1]).toEqual({ [EPL]: true, [LIGA]: true });
    expect(h.context().error).toEqual({ kind: 'technical', sportId: 1, labelKey: KPL });
    expect(h.emitted).toContainEqual({ type: 'pin.failed', sportId: 1, labelKey: KPL });
    h.toggle(EPL); // remove
    expect(h.context().error).toBeNull(); // a new toggle clears the old error
    expect(isPinned(h.context(), EPL)).toBe(false);
    await h.advance(50);
    expect(isPinned(h.context(), EPL)).toBe(true);
    expect(h.context().leagues[1]).toEqual({ [EPL]: true, [LIGA]: true });
    // A failed seed leaves the sport unseeded: its defaults show again.
    const seed = pinHarness(user(), [{ ok: false, delayMs: 10 }]);
    seed.toggle(KPL);
    await seed.advance(10);
    expect(seed.context().leagues[1]).toBeUndefined();
    expect([...pinnedLeagues(seed.context(), 1)]).toEqual([EPL, LIGA]);
    expect(seed.server.data).toEqual({});
  });

  it('S4-36: local-only use keeps the lists in local storage, lets a guest pin, and never rolls back', async () => {
    const h = pinHarness({ mode: 'local', defaults: DEFAULTS, stored: { 3: { used: true } } });
    h.toggle(KPL);
    expect(h.context().pending).toEqual({});
    expect(h.stored).toEqual([{ 1: { [EPL]: true, [LIGA]: true, [KPL]: true, used: true }, 3: { used: true } }]);
    h.toggle(KPL);
    expect(h.stored[1]?.[1]).toEqual({ [EPL]: true, [LIGA]: true, [KPL]: false, used: true });
    await h.advance(60_000);
    expect(h.requests).toEqual([]);
    expect(isPinned(h.context(), KPL)).toBe(false);
    expect(h.context().loginNeeded).toBe(false);
    // Account events do not touch local lists.
    h.actor.send({ type: 'account.logout' });
    h.actor.send({ type: 'account.login', stored: {} });
    expect(h.context().leagues[1]).toEqual({ [EPL]: true, [LIGA]: true, [KPL]: false });
  });

  it('S5-5: a guest cannot pin; the login dialog with the login-needed text is asked for', () => {
    const h = pinHarness({ defaults: DEFAULTS });
    h.toggle(KPL);
    expect(h.context().loginNeeded).toBe(true);
    expect(h.context().leagues).toEqual({});
    expect(isPinned(h.context(), KPL)).toBe(false);
    expect(h.requests).toEqual([]);
    expect(h.stored).toEqual([]);
  });

  it('S6-2: pin and unpin need login; the user’s synced lists come with login and leave with logout', async () => {
    const h = pinHarness({ defaults: DEFAULTS }, [{ ok: true, delayMs: 1000 }]);
    h.toggle(EPL);
    expect(h.requests).toEqual([]);
    h.actor.send({ type: 'account.login', stored: toStoredMyLeagues({ 1: { [KPL]: true, [EPL]: false } }) });
    expect(h.context().loginNeeded).toBe(false);
    expect(pinnedLeagues(h.context(), 1)).toEqual(new Set([KPL]));
    h.toggle(CUP);
    expect(h.requests).toHaveLength(1);
    h.actor.send({ type: 'account.logout' });
    expect(h.context().pending).toEqual({});
    expect(Object.keys(h.actor.getSnapshot().children)).toEqual([]); // the save is no longer listened to
    expect(pinnedLeagues(h.context(), 1)).toEqual(new Set([EPL, LIGA]));
    await h.advance(1000); // the earlier session's answer changes nothing here
    expect(h.context().leagues).toEqual({});
    expect(h.context().error).toBeNull();
    h.toggle(CUP);
    expect(h.requests).toHaveLength(1);
    expect(h.context().loginNeeded).toBe(true);
  });

  it('S8-5: a guest’s pin emits the login-needed message; dismissing the dialog clears it', () => {
    const h = pinHarness({ defaults: DEFAULTS });
    h.toggle(NBA);
    h.toggle('not a label');
    expect(h.emitted).toEqual([{ type: 'pin.loginNeeded' }]);
    h.actor.send({ type: 'pin.dismiss' });
    expect(h.context().loginNeeded).toBe(false);
  });

  it('S8-6: a failed toggle shows a technical error to logged-in users only', async () => {
    const h = pinHarness(user(), [
      { ok: false, delayMs: 500 },
      { ok: false, delayMs: 500 },
    ]);
    h.toggle(NBA);
    h.actor.send({ type: 'account.logout' }); // logged out before the answer: no error for a guest
    await h.advance(500);
    expect(h.context().error).toBeNull();
    expect(h.emitted).toEqual([]);
    h.actor.send({ type: 'account.login', stored: {} });
    h.toggle(NBA);
    await h.advance(500);
    expect(h.context().error).toEqual({ kind: 'technical', sportId: 3, labelKey: NBA });
    h.actor.send({ type: 'pin.dismiss' });
    expect(h.context().error).toBeNull();
  });

  it('S2-42: the heading star is active when the league is pinned, by default or by the visitor', async () => {
    const h = pinHarness(user());
    expect(isPinned(h.context(), EPL)).toBe(true);
    expect(isPinned(h.context(), KPL)).toBe(false);
    expect(isPinned(h.context(), 'garbage')).toBe(false);
    h.toggle(KPL);
    expect(isPinned(h.context(), KPL)).toBe(true);
    h.actor.send({ type: 'pin.defaults', sportId: 3, labelKeys: [NBA, EPL] });
    expect(pinnedLeagues(h.context(), 3)).toEqual(new Set([NBA]));
  });

  it('S2-43: the pin’s tooltip offers add for an unpinned league and remove for a pinned one', () => {
    const h = pinHarness(user(toStoredMyLeagues({ 1: { [KPL]: true, [EPL]: false } })));
    expect(pinAction(h.context(), KPL)).toBe('remove');
    expect(pinAction(h.context(), EPL)).toBe('add');
    expect(pinAction(h.context(), NBA)).toBe('remove'); // basketball is unseeded: its default shows pinned
  });

  it('pinned leagues lead the sport’s list; the rest keep their order', () => {
    const leagues = [KPL, EPL, CUP, LIGA].map((key) => ({ key }));
    const pinned = new Set([LIGA, EPL]);
    expect(pinnedFirst(leagues, (l) => pinned.has(l.key)).map((l) => l.key)).toEqual([EPL, LIGA, KPL, CUP]);
  });

  it('A4-7: a later data sync replaces the lists, except a sport with a toggle still waiting', async () => {
    const h = pinHarness(user(toStoredMyLeagues({ 1: { [EPL]: true }, 3: { [NBA]: true } })), [
      { ok: true, delayMs: 1000 },
    ]);
    h.toggle(KPL);
    h.actor.send({ type: 'account.data', stored: toStoredMyLeagues({ 1: { [LIGA]: true }, 3: { [NBA]: false } }) });
    expect(h.context().leagues).toEqual({ 1: { [EPL]: true, [KPL]: true }, 3: { [NBA]: false } });
    await h.advance(1000);
    h.actor.send({ type: 'account.data', stored: h.server.data.myLeagues });
    expect(h.context().leagues).toEqual({ 1: { [KPL]: true } });
  });
});
