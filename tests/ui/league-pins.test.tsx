// @vitest-environment happy-dom
// My Leagues in the page: the pin beside each league heading and its star, the defaults taken from the list, the
// pinned leagues leading the list and the left menu, a guest's login dialog and a refused pin's error. The site
// root is the real one (machines/site.ts) on a SimulatedClock; the account store is a fake the test answers.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { seedDiff, toggleDiff } from '../../src/domain/pinned-leagues';
import { AccountClient } from '../../src/account/client';
import type { FetchLike } from '../../src/account/http';
import { kk } from '../../src/i18n/kk';
import type { DataDiff } from '../../src/wire/account';
import AccountSlot from '../../web/app/AccountSlot';
import { kkAccount } from '../../web/ui/account/kk-account';
import { SiteRoutes } from '../../web/ui/SiteRoutes';
import { event, fakeGateway, league, renderPage, snapshot } from './support/render';

afterEach(cleanup);

// S3-60 label keys: sport 1, then the league's template key (ZH).
const TOP = '1_10_top';
const SECOND = '1_20_b';
const THIRD = '1_30_c';

function day() {
  const leagues = [
    league('L1', { name: 'ҚАЗАҚСТАН: Премьер-лига', templateKey: '10_top', type: 't' }),
    league('L2', { name: 'ҚАЗАҚСТАН: Бірінші лига', templateKey: '20_b' }),
    league('L3', {
      name: 'АНГЛИЯ: Чемпионшип',
      templateKey: '30_c',
      countryName: 'Англия',
      url: '/football/england/c/',
    }),
  ];
  return snapshot(
    leagues,
    leagues.map((l) => event(`${l.id}e`, l.id)),
  );
}

/** The account's store (A7-11) as a fake whose answers the test gives. */
function accountStore() {
  const calls: { diff: DataDiff; ok: () => void; fail: () => void }[] = [];
  const store = (diff: DataDiff) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ diff, ok: resolve, fail: () => reject(new Error('refused')) });
    });
  return { calls, store };
}

function renderSite(options: { loggedIn: boolean; route?: string; accountSlot?: React.ReactNode }) {
  const account = accountStore();
  const page = renderPage(<SiteRoutes overscan={50} accountSlot={options.accountSlot} />, {
    route: options.route ?? '/kz/football/',
    gateway: fakeGateway(day()),
    site: {
      input: { account: options.loggedIn ? { data: {} } : null },
      effects: { storeAccountData: account.store },
    },
  });
  const pins = page.site.system.get('pinToggle') as import('../../machines/site').SiteChildren['pinToggle'];
  return { ...page, account, pins };
}

const pin = (labelKey: string) => document.querySelector(`.league__pin[data-label-key="${labelKey}"]`) as HTMLElement;
const header = (labelKey: string) => pin(labelKey).closest('.league') as HTMLElement;
const starOf = (labelKey: string) => header(labelKey).querySelector('.league__star');
const listOrder = () =>
  [...document.querySelectorAll('.event-list .league[data-league-id]')].map((h) => h.getAttribute('data-league-id'));

/** Lets the store's answer reach the machine and the page. */
async function answered(step: () => void) {
  await act(async () => {
    step();
  });
}

describe('league pins', () => {
  it('S2-43: a pin beside every league heading, its tooltip offering add, then remove once pinned', async () => {
    const { account } = renderSite({ loggedIn: true });
    expect(document.querySelectorAll('.event-list .league__pin')).toHaveLength(3);
    expect(pin(SECOND).getAttribute('title')).toBe(kk.pins.add);
    expect(pin(SECOND).getAttribute('aria-pressed')).toBe('false');
    expect(pin(SECOND).getAttribute('aria-label')).toBe(`${kk.pins.add}: Бірінші лига`);
    fireEvent.click(pin(SECOND));
    expect(pin(SECOND).getAttribute('aria-pressed')).toBe('true'); // optimistic: at once
    await answered(() => account.calls[0].ok());
    expect(pin(SECOND).getAttribute('title')).toBe(kk.pins.remove);
    fireEvent.click(pin(SECOND));
    expect(pin(SECOND).getAttribute('aria-pressed')).toBe('false');
    await answered(() => account.calls[1].ok());
    expect(pin(SECOND).getAttribute('title')).toBe(kk.pins.add);
  });

  it('S2-42: the heading star shows while the league is pinned (a default top league, then a visitor’s pin)', async () => {
    const { account } = renderSite({ loggedIn: true });
    expect(starOf(TOP)?.getAttribute('aria-label')).toBe(kk.pins.pinned);
    expect(header(TOP).querySelector('h2 .league__star')).not.toBeNull(); // in the heading
    expect(starOf(THIRD)).toBeNull();
    fireEvent.click(pin(THIRD));
    expect(starOf(THIRD)).not.toBeNull();
    await answered(() => account.calls[0].ok());
    expect(starOf(THIRD)).not.toBeNull();
  });

  it('S3-61 S4-33: the list’s top leagues become the sport’s defaults; the first pin seeds them with the league', async () => {
    const { account, pins } = renderSite({ loggedIn: true });
    expect(pins.getSnapshot().context.defaults[1]).toEqual([TOP]);
    expect(pin(TOP).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(pin(THIRD));
    expect(account.calls.map((c) => c.diff)).toEqual([seedDiff(1, { [TOP]: true, [THIRD]: true })]);
    await answered(() => account.calls[0].ok());
    fireEvent.click(pin(TOP));
    expect(account.calls[1].diff).toEqual(toggleDiff(1, TOP, false));
  });

  it('S4-34: an unconfirmed pin shows as pending and ignores clicks until the server answers', async () => {
    const { account } = renderSite({ loggedIn: true });
    fireEvent.click(pin(SECOND));
    expect(pin(SECOND).classList.contains('league__pin--pending')).toBe(true);
    expect(pin(SECOND).getAttribute('aria-busy')).toBe('true');
    expect(pin(SECOND).getAttribute('title')).toBe(`${kk.pins.remove} (${kk.pins.pending})`);
    fireEvent.click(pin(SECOND));
    expect(pin(SECOND).getAttribute('aria-pressed')).toBe('true');
    expect(account.calls).toHaveLength(1);
    await answered(() => account.calls[0].ok());
    expect(pin(SECOND).classList.contains('league__pin--pending')).toBe(false);
    expect(pin(SECOND).hasAttribute('aria-busy')).toBe(false);
  });

  it('S4-35 S8-6: a refused pin is put back and the logged-in user gets a technical error they can dismiss', async () => {
    const { account } = renderSite({ loggedIn: true });
    fireEvent.click(pin(TOP)); // seeds, then unpins the top league
    expect(pin(TOP).getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByTestId('pin-error')).toBeNull();
    await answered(() => account.calls[0].fail());
    expect(pin(TOP).getAttribute('aria-pressed')).toBe('true');
    expect(starOf(TOP)).not.toBeNull();
    const notice = screen.getByRole('alert');
    expect(notice.textContent).toContain(kk.pins.failed);
    fireEvent.click(within(notice).getByRole('button', { name: kk.pins.dismiss }));
    expect(screen.queryByTestId('pin-error')).toBeNull();
  });

  it('pinned leagues lead the sport page’s list and the left menu; unpinned, the feed’s order comes back', async () => {
    const { account } = renderSite({ loggedIn: true });
    expect(listOrder()).toEqual(['L1', 'L2', 'L3']);
    expect(screen.getByTestId('menu-pinned').textContent).toBe('Қазақстан: Премьер-лига');
    fireEvent.click(pin(THIRD));
    expect(listOrder()).toEqual(['L1', 'L3', 'L2']);
    const menu = [...document.querySelectorAll('[data-pinned-league]')];
    expect(menu.map((a) => a.getAttribute('data-pinned-league'))).toEqual(['L3', 'L1']); // the menu's country order
    const href = new URL(menu[0].getAttribute('href') ?? '', 'http://x');
    expect(href.pathname).toBe('/kz/football/england/');
    expect(href.searchParams.get('league')).toBe('L3');
    await answered(() => account.calls[0].ok());
    fireEvent.click(pin(TOP));
    await answered(() => account.calls[1].ok());
    expect(listOrder()).toEqual(['L3', 'L1', 'L2']);
    fireEvent.click(pin(THIRD));
    await answered(() => account.calls[2].ok());
    expect(listOrder()).toEqual(['L1', 'L2', 'L3']);
    expect(screen.queryByTestId('menu-pinned')).toBeNull();
  });

  it('a country page lists its pinned leagues first in the left menu and the list', async () => {
    const { account } = renderSite({ loggedIn: true, route: '/kz/football/kazakhstan/' });
    const countryLeagues = () =>
      [...document.querySelectorAll('.left-menu__leagues [data-league]')].map((a) => a.textContent);
    fireEvent.click(pin(TOP));
    await answered(() => account.calls[0].ok());
    fireEvent.click(pin(SECOND));
    await answered(() => account.calls[1].ok());
    expect(countryLeagues()).toEqual(['Бірінші лига', 'Премьер-лига']);
    expect(listOrder()).toEqual(['L2', 'L1']);
  });
});

/** The page's account client over a fake service that only lists providers (nobody logs in here). */
function guestClient() {
  const fetchImpl: FetchLike = async () =>
    new Response(JSON.stringify({ providers: [] }), { status: 200, headers: { 'content-type': 'application/json' } });
  return new AccountClient(
    { mode: 'Production', productionUrl: 'http://127.0.0.1:1', namespace: 'kz-scores', projectId: 47 },
    { storage: new Map<string, string>(), fetch: fetchImpl, now: () => 0 },
  );
}

describe('a guest’s pin', () => {
  it('S5-5 S8-5 S6-2: opens the login dialog with the login-needed text; nothing is pinned or sent', () => {
    const { account, actors } = renderSite({ loggedIn: false, accountSlot: <AccountSlot client={guestClient()} /> });
    expect(screen.queryByTestId('login-dialog')).toBeNull();
    fireEvent.click(pin(SECOND));
    expect(actors.windows.getSnapshot().context.active).toBe('login');
    const dialog = screen.getByTestId('login-dialog');
    expect(dialog.textContent).toContain(kkAccount.login.loginNeeded);
    expect(pin(SECOND).getAttribute('aria-pressed')).toBe('false');
    expect(account.calls).toHaveLength(0);
    expect(screen.queryByTestId('pin-error')).toBeNull(); // S4-35: no technical error for guests
  });

  it('S5-5: the login-needed text leaves with its window; the header’s login is an ordinary one', () => {
    const { actors, pins } = renderSite({ loggedIn: false, accountSlot: <AccountSlot client={guestClient()} /> });
    fireEvent.click(pin(SECOND));
    // Another window replaces the login window (S2-38) rather than its close button.
    act(() => actors.windows.send({ type: 'window.open', name: 'settings' }));
    expect(screen.queryByTestId('login-dialog')).toBeNull();
    expect(pins.getSnapshot().context.loginNeeded).toBe(false);
    act(() => actors.windows.send({ type: 'window.open', name: 'login' }));
    expect(screen.getByTestId('login-dialog').textContent).not.toContain(kkAccount.login.loginNeeded);
    // A second guest pin asks again.
    act(() => actors.windows.send({ type: 'window.close', name: 'login' }));
    fireEvent.click(pin(THIRD));
    expect(screen.getByTestId('login-dialog').textContent).toContain(kkAccount.login.loginNeeded);
  });
});
