// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadMarker } from '../../web/ui/list/reload-marker';
import { SiteRoutes } from '../../web/ui/SiteRoutes';
import { event, fakeGateway, league, renderPage, snapshot } from './support/render';

// The list scrolls through its virtualizer; record what it asks for (the header may not be rendered).
const { scrolls } = vi.hoisted(() => ({ scrolls: [] as { index: number; align: string | undefined }[] }));
vi.mock('@tanstack/react-virtual', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@tanstack/react-virtual')>();
  const watched = new WeakSet<object>();
  return {
    ...actual,
    useWindowVirtualizer: ((options) => {
      const virtualizer = actual.useWindowVirtualizer(options);
      if (!watched.has(virtualizer)) {
        watched.add(virtualizer);
        const scrollToIndex = virtualizer.scrollToIndex;
        virtualizer.scrollToIndex = (index, opts) => {
          scrolls.push({ index, align: opts?.align });
          scrollToIndex(index, opts);
        };
      }
      return virtualizer;
    }) as typeof actual.useWindowVirtualizer,
  };
});

beforeEach(() => {
  scrolls.length = 0;
});
afterEach(cleanup);

const EVENTS_PER_LEAGUE = 3;
const KZ_LEAGUES = [0, 1, 2, 3, 4].map((i) =>
  league(`1_kz${i}`, { name: `ҚАЗАҚСТАН: Лига ${i}`, url: `/football/kazakhstan/liga-${i}/` }),
);
const OTHER = league('1_en', { name: 'АНГЛИЯ: Премьер-лига', countryName: 'Англия', url: '/football/england/pl/' });

function day() {
  const leagues = [OTHER, ...KZ_LEAGUES];
  const events = leagues.flatMap((l) =>
    Array.from({ length: EVENTS_PER_LEAGUE }, (_, i) => event(`${l.id}e${i}`, l.id)),
  );
  return snapshot(leagues, events);
}

/** On the country page each league is its header followed by its events (none collapsed, S4-13). */
const headerIndexOf = (position: number) => position * (1 + EVENTS_PER_LEAGUE);

const menuLeague = (id: string) => document.querySelector(`.left-menu [data-league="${id}"]`) as HTMLAnchorElement;
const focusedLeague = () => document.activeElement?.closest('[data-league-id]')?.getAttribute('data-league-id');

/** Keeps happy-dom from following links the page leaves to the browser; notes whether a click was taken. */
function noteClicks(): { prevented: boolean[]; stop(): void } {
  const prevented: boolean[] = [];
  const note = (e: MouseEvent) => {
    prevented.push(e.defaultPrevented);
    e.preventDefault();
  };
  document.addEventListener('click', note);
  return { prevented, stop: () => document.removeEventListener('click', note) };
}

describe('left menu leagues', () => {
  it('S2-31 a country page lists its leagues as links; only the country page does', () => {
    renderPage(<SiteRoutes overscan={50} />, { route: '/kz/football/', gateway: fakeGateway(day()) });
    expect(document.querySelectorAll('.left-menu [data-league]').length).toBe(0);
    cleanup();
    renderPage(<SiteRoutes overscan={50} />, { route: '/kz/football/kazakhstan/', gateway: fakeGateway(day()) });
    const links = [...document.querySelectorAll<HTMLAnchorElement>('.left-menu [data-league]')];
    expect(links.map((a) => a.textContent)).toEqual(['Лига 0', 'Лига 1', 'Лига 2', 'Лига 3', 'Лига 4']);
    expect(links.every((a) => a.tagName === 'A' && a.getAttribute('href'))).toBe(true);
  });

  it('S2-31 clicking a menu league scrolls the list to its header index (align start) and focuses its toggle', () => {
    renderPage(<SiteRoutes overscan={50} />, { route: '/kz/football/kazakhstan/', gateway: fakeGateway(day()) });
    expect(scrolls).toEqual([]);
    fireEvent.click(menuLeague('1_kz3'));
    expect(scrolls).toEqual([{ index: headerIndexOf(3), align: 'start' }]);
    expect(focusedLeague()).toBe('1_kz3');
    expect(document.activeElement?.classList.contains('league__toggle')).toBe(true);
    // Choosing another league, then the same one again after scrolling away, each asks again.
    fireEvent.click(menuLeague('1_kz1'));
    fireEvent.click(menuLeague('1_kz3'));
    expect(scrolls.map((s) => s.index)).toEqual([headerIndexOf(3), headerIndexOf(1), headerIndexOf(3)]);
    expect(focusedLeague()).toBe('1_kz3');
  });

  it('S2-31 S2-27 the league link keeps cat= and the reload marker, and puts the league in league=', () => {
    renderPage(<SiteRoutes overscan={50} />, {
      route: '/kz/football/kazakhstan/?cat=7#r=1:7',
      gateway: fakeGateway(day()),
    });
    const href = new URL(menuLeague('1_kz2').getAttribute('href') ?? '', 'http://x');
    expect(href.pathname).toBe('/kz/football/kazakhstan/');
    expect(href.searchParams.get('cat')).toBe('7');
    expect(href.searchParams.get('league')).toBe('1_kz2');
    expect(href.hash).toBe(reloadMarker(1, 'scheduled')); // the page's current marker
  });

  it('S2-38 on narrow layouts the vertical menu closes after a league is chosen', () => {
    const { actors } = renderPage(<SiteRoutes overscan={50} />, {
      route: '/kz/football/kazakhstan/',
      gateway: fakeGateway(day()),
    });
    act(() => actors.windows.send({ type: 'window.open', name: 'verticalMenu' }));
    expect(document.querySelector('.left-menu')?.classList.contains('left-menu--open')).toBe(true);
    fireEvent.click(menuLeague('1_kz4'));
    expect(actors.windows.getSnapshot().context.active).toBeNull();
    expect(document.querySelector('.left-menu')?.classList.contains('left-menu--open')).toBe(false);
    expect(focusedLeague()).toBe('1_kz4');
  });

  it('S2-31 a modified click is left to the browser (new tab): no scroll, the menu stays', () => {
    const { actors } = renderPage(<SiteRoutes overscan={50} />, {
      route: '/kz/football/kazakhstan/',
      gateway: fakeGateway(day()),
    });
    act(() => actors.windows.send({ type: 'window.open', name: 'verticalMenu' }));
    const clicks = noteClicks();
    try {
      fireEvent.click(menuLeague('1_kz2'), { ctrlKey: true });
    } finally {
      clicks.stop();
    }
    expect(clicks.prevented).toEqual([false]);
    expect(scrolls).toEqual([]);
    expect(actors.windows.getSnapshot().context.active).toBe('verticalMenu');
  });

  it('S2-31 league= in the address applies once, when the list first has that league', () => {
    const full = day();
    const gateway = fakeGateway(snapshot([], []));
    renderPage(<SiteRoutes overscan={50} />, { route: '/kz/football/kazakhstan/?league=1_kz4', gateway });
    expect(scrolls).toEqual([]); // the day's feed has not arrived
    act(() => gateway.board.set({ ...full, version: 2 }));
    expect(scrolls).toEqual([{ index: headerIndexOf(4), align: 'start' }]);
    expect(focusedLeague()).toBe('1_kz4');
    act(() => gateway.board.set({ ...full, version: 3, events: new Map(full.events) }));
    expect(scrolls.length).toBe(1);
  });

  it('S2-31 a malformed league= is ignored', () => {
    renderPage(<SiteRoutes overscan={50} />, {
      route: `/kz/football/kazakhstan/?league=${encodeURIComponent('"><x')}`,
      gateway: fakeGateway(day()),
    });
    expect(scrolls).toEqual([]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Қазақстан');
  });
});
