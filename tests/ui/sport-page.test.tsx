// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCollapsedCookie } from '../../src/scoreboard/collapsed-cookie';
import { fragmentIsOurs, reloadMarker } from '../../web/ui/list/reload-marker';
import { tabFromCategory } from '../../web/ui/list/tabs';
import { SiteRoutes } from '../../web/ui/SiteRoutes';
import { event, fakeGateway, league, memoryCookies, renderPage, snapshot } from './support/render';

afterEach(cleanup);

const TOP = league('1_top', {
  name: 'АНГЛИЯ: Премьер-лига',
  countryName: 'Англия',
  url: '/football/england/pl/',
  type: 't',
});
const KZ = league('1_kz', {
  name: 'ҚАЗАҚСТАН: Премьер-лига',
  countryName: 'Қазақстан',
  url: '/football/kazakhstan/pl/',
});

function day() {
  return snapshot(
    [TOP, KZ],
    [
      event('fin1', TOP.id, { stageType: 3, stage: 3, homeScore: 2, awayScore: 0, home: 'Арсенал', away: 'Челси' }),
      event('live1', TOP.id, {
        stageType: 2,
        stage: 13,
        homeScore: 1,
        awayScore: 1,
        home: 'Ливерпуль',
        away: 'Эвертон',
      }),
      event('sch1', TOP.id, { home: 'Фулхэм', away: 'Брентфорд' }),
      event('live2', KZ.id, { stageType: 2, stage: 12, homeScore: 0, awayScore: 0, home: 'Астана', away: 'Қайрат' }),
      event('sch2', KZ.id, { home: 'Тобыл', away: 'Ақтөбе' }),
    ],
  );
}

const shownTeams = () => [...document.querySelectorAll('.side__name')].map((n) => n.textContent);

describe('sport page', () => {
  it('S2-1 S2-2 a sport route shows its day list grouped by league, top league first', () => {
    renderPage(<SiteRoutes overscan={50} />, { gateway: fakeGateway(day()) });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Футбол');
    const leagues = [...document.querySelectorAll('.league__name')].map((n) => n.textContent);
    expect(leagues).toEqual(['Премьер-лига', 'Премьер-лига']);
    expect(document.querySelectorAll('.league__country')[0].textContent).toBe('Англия:');
    expect(shownTeams()).toContain('Астана');
  });

  it('S2-27 S3-48 cat= in the address sets the tab; tabs filter live, finished and scheduled', () => {
    expect(tabFromCategory('1')).toBe('live');
    expect(tabFromCategory('6')).toBe('finished');
    expect(tabFromCategory('7')).toBe('scheduled');
    expect(tabFromCategory('x')).toBe('all');
    renderPage(<SiteRoutes overscan={50} />, { route: '/kz/football/?cat=1', gateway: fakeGateway(day()) });
    expect(shownTeams()).toEqual(['Ливерпуль', 'Эвертон', 'Астана', 'Қайрат']);
    const tabs = within(screen.getByRole('navigation', { name: 'Санаттар' }));
    expect(tabs.getByRole('link', { name: /Live/ }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(tabs.getByRole('link', { name: 'Аяқталған' }));
    expect(shownTeams()).toEqual(['Арсенал', 'Челси']);
    fireEvent.click(tabs.getByRole('link', { name: 'Алдағы' }));
    expect(shownTeams()).toEqual(['Фулхэм', 'Брентфорд', 'Тобыл', 'Ақтөбе']);
  });

  it('S2-28 the odds tab loads odds and shows odds columns', () => {
    const gateway = fakeGateway(day());
    renderPage(<SiteRoutes overscan={50} />, { route: '/kz/football/?cat=4', gateway });
    expect(gateway.tabs.at(-1)).toBe('odds');
    expect(document.querySelectorAll('[data-testid="row-odds"]').length).toBe(2);
    fireEvent.click(screen.getByRole('link', { name: 'Барлығы' }));
    expect(gateway.tabs.at(-1)).toBe('all');
  });

  it('S2-29 S9-3 the date selector offers 7 days and steps with previous and next, loading that day', () => {
    const gateway = fakeGateway(day());
    renderPage(<SiteRoutes overscan={50} />, { gateway });
    const picker = screen.getAllByRole('combobox', { name: 'Күнді таңдау' })[0] as HTMLSelectElement;
    expect(picker.options.length).toBe(7);
    expect(gateway.opened.at(-1)).toEqual({ sportId: 1, day: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Келесі күн' }));
    expect(gateway.opened.at(-1)).toEqual({ sportId: 1, day: 1 });
    expect(picker.value).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Алдыңғы күн' }));
    fireEvent.click(screen.getByRole('button', { name: 'Алдыңғы күн' }));
    expect(gateway.opened.at(-1)).toEqual({ sportId: 1, day: -1 });
    fireEvent.change(picker, { target: { value: '-3' } });
    expect(gateway.opened.at(-1)).toEqual({ sportId: 1, day: -3 });
    expect((screen.getByRole('button', { name: 'Алдыңғы күн' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('S2-30 a reload marker in the fragment restores the day and category', () => {
    const gateway = fakeGateway(day());
    renderPage(<SiteRoutes overscan={50} />, { route: `/kz/football/${reloadMarker(2, 'scheduled')}`, gateway });
    expect(gateway.opened.at(-1)).toEqual({ sportId: 1, day: 2 });
    expect(shownTeams()).toEqual(['Фулхэм', 'Брентфорд', 'Тобыл', 'Ақтөбе']);
  });

  it('S2-30 A7-4 the reload marker replaces only its own fragment, never a provider id_token', () => {
    expect(fragmentIsOurs('')).toBe(true);
    expect(fragmentIsOurs(reloadMarker(-1, 'finished'))).toBe(true);
    expect(fragmentIsOurs('#id_token=eyJhbGciOi.x.y&state=abc')).toBe(false);
    expect(fragmentIsOurs('#main')).toBe(false);
  });

  it('S4-13 collapsing a league hides its matches and keeps the state in the cookie across loads', () => {
    const cookies = memoryCookies();
    renderPage(<SiteRoutes overscan={50} />, { gateway: fakeGateway(day()), cookies });
    const toggle = () => document.querySelectorAll('.league__toggle')[1];
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(shownTeams()).not.toContain('Астана');
    expect(shownTeams()).toContain('Арсенал');
    const stored = parseCollapsedCookie(decodeURIComponent(cookies.jar.get('fsdc_expand_collapse_league') ?? ''));
    expect(stored.get(KZ.id)).toBe('h');
    cleanup();
    renderPage(<SiteRoutes overscan={50} />, { gateway: fakeGateway(day()), cookies });
    expect(shownTeams()).not.toContain('Астана');
    fireEvent.click(screen.getAllByRole('button', { name: /Лиганы ашу/ })[0]);
    expect(shownTeams()).toContain('Астана');
    expect(
      parseCollapsedCookie(decodeURIComponent(cookies.jar.get('fsdc_expand_collapse_league') ?? '')).get(KZ.id),
    ).toBe('c');
  });

  it('S2-15 S4-13 a country page lists only that country and ignores the collapsed cookie', () => {
    const cookies = memoryCookies(`fsdc_expand_collapse_league=${encodeURIComponent(`${KZ.id}:h`)}`);
    renderPage(<SiteRoutes overscan={50} />, {
      route: '/kz/football/kazakhstan/',
      gateway: fakeGateway(day()),
      cookies,
    });
    expect(shownTeams()).toEqual(['Астана', 'Қайрат', 'Тобыл', 'Ақтөбе']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Қазақстан');
  });

  it('S2-15 S2-27 the live tab counts the live matches of the page shown: the sport, or the country', () => {
    const liveCount = () => document.querySelector('.tab__count')?.textContent;
    renderPage(<SiteRoutes overscan={50} />, { route: '/kz/football/', gateway: fakeGateway(day()) });
    expect(liveCount()).toBe('2');
    cleanup();
    renderPage(<SiteRoutes overscan={50} />, { route: '/kz/football/kazakhstan/', gateway: fakeGateway(day()) });
    expect(liveCount()).toBe('1');
  });

  it('S2-31 the left menu lists the countries of the feed with a show-more toggle', () => {
    const leagues = Array.from({ length: 15 }, (_, i) =>
      league(`1_c${i}`, { countryName: `Ел ${String(i).padStart(2, '0')}`, url: `/football/el-${i}/x/` }),
    );
    const events = leagues.map((l, i) => event(`e${i}`, l.id));
    renderPage(<SiteRoutes overscan={50} />, { gateway: fakeGateway(snapshot(leagues, events)) });
    const countries = () => document.querySelectorAll('[data-country]').length;
    expect(countries()).toBe(12);
    fireEvent.click(screen.getByTestId('menu-more'));
    expect(countries()).toBe(15);
  });

  it('S2-1 live changes show in place without a reload', () => {
    const gateway = fakeGateway(day());
    renderPage(<SiteRoutes overscan={50} />, { gateway });
    const score = () => document.querySelector('[data-event-id="live2"] [data-testid="row-score"]')?.textContent;
    expect(score()).toBe('00');
    const s = day();
    const events = new Map(s.events);
    events.set('live2', { ...events.get('live2')!, homeScore: 1, version: 2 });
    act(() => gateway.board.set({ ...s, version: 2, events }));
    expect(score()).toBe('10');
  });

  it('S2-33 a row opens its match page in place; a modified click is left to the browser', async () => {
    const game = event('Kz12Ab34', KZ.id, { stageType: 2, stage: 12, homeScore: 0, awayScore: 0 });
    const s = day();
    renderPage(<SiteRoutes overscan={50} />, {
      gateway: fakeGateway(snapshot([TOP, KZ], [...s.events.values(), game])),
    });
    const prevented: boolean[] = [];
    // After the page's own handlers: note whether the click was taken, and keep happy-dom from following links.
    const note = (e: MouseEvent) => {
      prevented.push(e.defaultPrevented);
      e.preventDefault();
    };
    document.addEventListener('click', note);
    try {
      const row = () => document.querySelector('[data-event-id="Kz12Ab34"]') as HTMLElement;
      expect(row().getAttribute('href')).toBe('/kz/match/Kz12Ab34/');
      fireEvent.click(row(), { ctrlKey: true });
      expect(prevented).toEqual([false]);
      expect(document.querySelector('.match-header')).toBeNull();
      fireEvent.click(row().querySelector('.side__name') as HTMLElement);
      expect(prevented).toEqual([false, true]);
      const header = await screen.findByTestId('match-header');
      expect(header.querySelector('.match-header__team--home')?.textContent).toBe('Home Kz12Ab34');
    } finally {
      document.removeEventListener('click', note);
    }
  });

  it('S2-1 unknown paths get the Kazakh not-found page; /kz/ goes to football', () => {
    renderPage(<SiteRoutes />, { route: '/kz/no-such-sport/' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Бет табылмады');
    cleanup();
    renderPage(<SiteRoutes overscan={50} />, { route: '/kz/', gateway: fakeGateway(day()) });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Футбол');
  });
});
