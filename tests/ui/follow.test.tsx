// @vitest-environment happy-dom
// My Games in the page: row and match-page stars, the My Games tab and page, the header's count and the notices.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { isFollowed } from '../../machines/my-games';
import { LOCAL_KEYS } from '../../src/follow/local-codec';
import { memoryStorage } from '../../src/follow/local-storage';
import type { MyGamesSelection } from '../../src/follow/selection';
import { kk } from '../../src/i18n/kk';
import type { ScoreboardSnapshot } from '../../src/scoreboard/types';
import { SiteRoutes } from '../../web/ui/SiteRoutes';
import type { ListSession } from '../../web/ui/store/feed-gateway';
import { event, type FakeGateway, fakeGateway, league, NOW, renderPage, snapshot } from './support/render';

afterEach(cleanup);

// The match page and the My Games page are lazily loaded chunks; a busy machine takes a while to import them.
const SLOW = { timeout: 8_000 };

const TOP = league('1_top', { name: 'АНГЛИЯ: Премьер-лига', countryName: 'Англия', type: 't' });
const KZ = league('1_kz', { name: 'ҚАЗАҚСТАН: Премьер-лига', countryName: 'Қазақстан' });
const START = NOW / 1000 + 3600;

function day(): ScoreboardSnapshot {
  return snapshot(
    [TOP, KZ],
    [
      event('Early001', TOP.id, { home: 'Арсенал', away: 'Челси', startTime: START + 600 }),
      event('Later001', KZ.id, { home: 'Астана', away: 'Қайрат', startTime: START - 600 }),
      event('Far00001', KZ.id, { home: 'Тобыл', away: 'Ақтөбе', startTime: START + 10 * 86_400 }),
    ],
  );
}

/** The fake gateway, also keeping what each list was told to load for My Games (S4-9). */
function gatewayOf(snap: ScoreboardSnapshot): FakeGateway & { followed: MyGamesSelection[] } {
  const base = fakeGateway(snap);
  const followed: MyGamesSelection[] = [];
  return {
    ...base,
    followed,
    openList(request) {
      const session: ListSession = base.openList(request);
      return { ...session, followed: (selection) => followed.push(selection) };
    },
  };
}

const star = (key: string) => document.querySelector<HTMLButtonElement>(`[data-star-key="${key}"]`);

describe('My Games in the page', () => {
  it('S4-27 S3-56 a row’s star follows the game in the same step, kept in fsdc_my_local with the row’s fields', () => {
    const storage = memoryStorage();
    const { site } = renderPage(<SiteRoutes overscan={50} />, {
      gateway: gatewayOf(day()),
      site: { effects: { storage } },
    });
    const button = star('g_1_Early001');
    expect(button?.getAttribute('aria-pressed')).toBe('false');
    expect(button?.getAttribute('aria-label')).toBe(kk.follow.addGame);
    fireEvent.click(button as HTMLButtonElement);
    expect(star('g_1_Early001')?.getAttribute('aria-pressed')).toBe('true');
    expect(isFollowed(site.system.get('myGames').getSnapshot().context, 'g_1_Early001')).toBe(true);
    const stored = JSON.parse(storage.getItem(LOCAL_KEYS.games) ?? '{}').g_1_Early001;
    expect(stored).toMatchObject({ sport_id: 1, labl_id: '1_top', AD: START + 600, AB: 1, m_day: 0 });
    // The star is beside the row's link, never inside it.
    expect(star('g_1_Early001')?.closest('a')).toBeNull();
    fireEvent.click(star('g_1_Early001') as HTMLButtonElement);
    expect(star('g_1_Early001')?.getAttribute('aria-pressed')).toBe('false');
    expect(JSON.parse(storage.getItem(LOCAL_KEYS.games) ?? '{}')).toEqual({});
  });

  it('S5-2 the header’s badge counts the followed games and links to the My Games page', () => {
    renderPage(<SiteRoutes overscan={50} />, { gateway: gatewayOf(day()) });
    expect(screen.queryByTestId('my-games-badge')).toBeNull();
    fireEvent.click(star('g_1_Early001') as HTMLButtonElement);
    fireEvent.click(star('g_1_Later001') as HTMLButtonElement);
    expect(screen.getByTestId('my-games-badge').textContent).toBe('2');
    expect(screen.getByTestId('my-games-link').getAttribute('href')).toBe('/kz/my-games/');
    expect(screen.getByTestId('my-games-link').getAttribute('aria-label')).toBe(kk.follow.badge(2));
  });

  it('S5-1 a match outside yesterday … a week ahead is refused and the page says why', () => {
    renderPage(<SiteRoutes overscan={50} />, { gateway: gatewayOf(day()) });
    fireEvent.click(star('g_1_Far00001') as HTMLButtonElement);
    expect(star('g_1_Far00001')?.getAttribute('aria-pressed')).toBe('false');
    const notice = screen.getByRole('alert');
    expect(notice.textContent).toContain(kk.follow.outOfRange);
    fireEvent.click(within(notice).getByRole('button', { name: kk.follow.dismiss }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('S5-2 S8-4 a bulk add over the limit shows TRANS_MY_GAMES_LIMIT_REACHED once, in Kazakh', () => {
    const { site } = renderPage(<SiteRoutes overscan={50} />, { gateway: gatewayOf(day()) });
    const games = Array.from({ length: 501 }, (_, i) => ({
      sportId: 1,
      eventId: `Bulk${String(i).padStart(4, '0')}`,
      leagueId: '1_kz',
      AD: START,
      AB: 1,
    }));
    act(() => site.system.get('myGames').send({ type: 'games.add', games }));
    const alerts = screen.getAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0].textContent).toContain(kk.follow.limitReached);
    expect(alerts[0].getAttribute('data-notice')).toBe('myGamesLimit');
    expect(screen.getByTestId('my-games-badge').textContent).toBe('500');
    fireEvent.click(within(alerts[0]).getByRole('button', { name: kk.follow.dismiss }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('S5-3 corrupt stored JSON is reported on the page, and the page still works', () => {
    const raw = Object.fromEntries(Object.values(LOCAL_KEYS).map((key) => [key, null])) as Record<
      string,
      string | null
    >;
    raw[LOCAL_KEYS.games] = '{"g_1_Early001":';
    renderPage(<SiteRoutes overscan={50} />, {
      gateway: gatewayOf(day()),
      site: { input: { follow: { local: raw as never } } },
    });
    expect(screen.getByRole('alert').textContent).toContain(kk.follow.loadError);
    fireEvent.click(star('g_1_Early001') as HTMLButtonElement);
    expect(star('g_1_Early001')?.getAttribute('aria-pressed')).toBe('true');
  });

  it('S2-27 S4-9 cat=5 opens the My Games tab: today’s list, told what to load, with its count', () => {
    const gateway = gatewayOf(day());
    renderPage(<SiteRoutes overscan={50} />, { gateway, route: '/kz/football/?cat=5' });
    expect(gateway.tabs.at(-1)).toBe('myGames');
    expect(gateway.opened.at(-1)).toEqual({ sportId: 1, day: 0 });
    const tab = screen.getByRole('link', { name: kk.tabs.myGames });
    expect(tab.getAttribute('aria-current')).toBe('page');
    expect(document.querySelector('.dates')).toBeNull(); // S4-9: the date is today's
    fireEvent.click(star('g_1_Early001') as HTMLButtonElement);
    expect(gateway.followed.at(-1)).toEqual({ needs: [{ sport: 1, day: 0 }], ids: ['Early001'] });
    expect(tab.textContent).toBe(`${kk.tabs.myGames}1`);
  });

  it('S3-62 the My Games tab lists by start time; the group view puts the rows under their leagues and is kept', () => {
    const kept: boolean[] = [];
    renderPage(<SiteRoutes overscan={50} />, {
      gateway: gatewayOf(day()),
      route: '/kz/football/?cat=5',
      site: { effects: { persistMyGamesGroups: (on) => kept.push(on) } },
    });
    const names = () => [...document.querySelectorAll('.side__name')].map((n) => n.textContent);
    expect(document.querySelectorAll('.league')).toHaveLength(0);
    expect(names().slice(0, 2)).toEqual(['Астана', 'Қайрат']); // the earlier start first
    fireEvent.click(screen.getByTestId('group-view'));
    expect(kept).toEqual([true]);
    expect(document.querySelectorAll('.league')).toHaveLength(2);
    expect(names().slice(0, 2)).toEqual(['Арсенал', 'Челси']); // the feed's league order
  });

  it('S4-27 the list’s rows fill in an entry loaded from the account’s form (feed.events)', () => {
    const account = {
      mygames: { data: { g_1_Early001: { AD: START + 600, AP: 0, MG: '0', is_duel: true } } },
    };
    const { site } = renderPage(<SiteRoutes overscan={50} />, {
      gateway: gatewayOf(day()),
      site: { input: { account: { data: account } } },
    });
    const entry = site.system.get('myGames').getSnapshot().context.follow.games.g_1_Early001;
    expect(entry).toMatchObject({ labl_id: '1_top', sport_id: 1 });
    expect(star('g_1_Early001')?.getAttribute('aria-pressed')).toBe('true');
  });

  it('S4-29 S3-57 a no-duel league’s star follows the whole tournament', () => {
    const race = league('34_TOURDEKZ-2', { sportId: 34, name: 'ҚАЗАҚСТАН: Тур' });
    const riders = [
      event('Rider001', race.id, { sportId: 34, home: 'Райдер А', rank: 1 }),
      event('Rider002', race.id, { sportId: 34, home: 'Райдер Б', rank: 2 }),
    ];
    const { site } = renderPage(<SiteRoutes overscan={50} />, {
      gateway: gatewayOf(snapshot([race], riders, 1, 34)),
      route: '/kz/cycling/',
    });
    const button = star('34_TOURDEKZ');
    expect(button?.getAttribute('aria-label')).toBe(kk.follow.addTournament);
    fireEvent.click(button as HTMLButtonElement);
    expect(star('34_TOURDEKZ')?.getAttribute('aria-pressed')).toBe('true');
    const entry = site.system.get('myGames').getSnapshot().context.follow.games['34_TOURDEKZ'];
    expect(entry).toMatchObject({ sport_id: 34, noDuel: true, m_ok: 1 });
  });

  it('S2-33 the match page’s header stars the game and follows each team (My Teams)', async () => {
    const L = league('1_a');
    const match = event('AbCd1234', L.id, {
      home: 'Астана',
      away: 'Қайрат',
      homeParticipantId: 'Ast00001',
      awayParticipantId: 'Kai00001',
    });
    const gateway = fakeGateway(snapshot([L], [match]), { dc_1_AbCd1234: 'SA÷1¬~DA÷1¬DB÷1¬DX÷¬A1÷¬~' });
    const { site } = renderPage(<SiteRoutes />, { route: '/kz/match/AbCd1234/', gateway });
    await waitFor(() => expect(star('g_1_AbCd1234')).not.toBeNull(), SLOW);
    await waitFor(() => expect(star('team:1_Ast00001')).not.toBeNull(), SLOW);
    fireEvent.click(star('g_1_AbCd1234') as HTMLButtonElement);
    expect(star('g_1_AbCd1234')?.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(star('team:1_Kai00001') as HTMLButtonElement);
    expect(star('team:1_Kai00001')?.getAttribute('aria-label')).toBe(kk.follow.unfollowTeam('Қайрат'));
    const { follow } = site.system.get('myGames').getSnapshot().context;
    expect(Object.keys(follow.games)).toEqual(['g_1_AbCd1234']);
    expect(follow.teams).toEqual({ '1_Kai00001': { sport_id: 1, participant_id: 'Kai00001', name: 'Қайрат' } });
  });

  it('S2-12 the My Games page (myfs_page) lists the followed games, the teams with their matches, and the pinned leagues', async () => {
    const gateway = gatewayOf(
      snapshot(
        [TOP, KZ],
        [
          event('Early001', TOP.id, { home: 'Арсенал', away: 'Челси' }),
          event('Later001', KZ.id, { home: 'Астана', away: 'Қайрат', homeParticipantId: 'Ast00001' }),
        ],
      ),
    );
    const { site } = renderPage(<SiteRoutes />, {
      gateway,
      route: '/kz/my-games/',
      site: { input: { account: { data: { myLeagues: { 1: { '1_top_pl': true, used: true } } } } } },
    });
    const myGames = site.system.get('myGames');
    act(() => {
      myGames.send({ type: 'game.add', sportId: 1, eventId: 'Early001', leagueId: '1_top', AD: START, AB: 1 });
      myGames.send({ type: 'team.follow', sportId: 1, participantId: 'Ast00001', name: 'Астана' });
    });
    await waitFor(() => expect(screen.getByTestId('my-games-games').textContent).toContain('Арсенал'), SLOW);
    expect(gateway.tabs).toContain('myGames');
    expect(gateway.followed.at(-1)).toEqual({ needs: [{ sport: 1, day: 0 }], ids: ['Early001'] });
    const teams = screen.getByTestId('my-games-teams');
    expect(within(teams).getByText('Астана', { selector: '.my-games__team span' })).toBeTruthy();
    await waitFor(() => expect(teams.querySelector('[data-event-id="Later001"]')).not.toBeNull());
    expect(teams.querySelector('[data-event-id="Early001"]')).toBeNull();
    expect(screen.getByTestId('my-games-leagues').textContent).toContain('top_pl');
  });
});
