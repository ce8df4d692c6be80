// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

// The match page is a lazily loaded chunk; on a busy machine its first import takes a while.
const SLOW = { timeout: 8_000 };
import { SiteRoutes } from '../../web/ui/SiteRoutes';
import { event, fakeGateway, league, renderPage, snapshot, withEvent } from './support/render';

afterEach(cleanup);

const L = league('1_a');
const live = event('AbCd1234', L.id, {
  stageType: 2,
  stage: 12,
  homeScore: 0,
  awayScore: 0,
  home: 'Астана',
  away: 'Қайрат',
});

function gatewayWith(extra: Record<string, string> = {}) {
  return fakeGateway(snapshot([L], [live]), {
    dc_1_AbCd1234: 'SA÷1¬~DA÷2¬DB÷12¬DE÷0¬DF÷0¬DX÷ST,LI,OD,HH¬A1÷¬~',
    df_su_1_AbCd1234: "AC÷1-тайм¬IG÷0¬IH÷0¬~III÷x1¬IA÷1¬IB÷10'¬IE÷1¬IF÷Ойыншы А.¬IK÷Сары қағаз¬~A1÷¬~",
    df_st_1_AbCd1234: 'SE÷Матч¬~SF÷Негізгі¬~SD÷12¬SG÷Доп иелену¬SH÷60%¬SI÷40%¬~A1÷¬~',
    df_od_1_AbCd1234: 'OA÷1X2¬~OB÷Толық уақыт¬~OE÷16¬OD÷Букмекер¬XA÷1.9¬XB÷3.3¬XC÷4.2¬OG÷1¬~',
    ...extra,
  });
}

describe('match page', () => {
  it('S2-33 S2-35 the match page shows a header and tabs whose panels load their detail feeds', async () => {
    const gateway = gatewayWith();
    renderPage(<SiteRoutes />, { route: '/kz/match/AbCd1234/', gateway });
    await waitFor(() => expect(screen.getByTestId('match-header').textContent).toContain('Астана'), SLOW);
    await waitFor(() => expect(screen.getByTestId('match-panel').textContent).toContain('Ойыншы А.'), SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Статистика' }));
    await waitFor(() => expect(screen.getByTestId('match-panel').textContent).toContain('Доп иелену'), SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Коэффициенттер' }));
    await waitFor(() => expect(document.getElementById('odds-prematch')?.textContent).toContain('Букмекер'), SLOW);
    expect(gateway.detailCalls).toContain('df_od_1_AbCd1234');
  });

  it('S2-35 head-to-head rows show each result in Kazakh: letter, and the word for screen readers', async () => {
    const row = (id: string, home: string, away: string, score: string, wis: string) =>
      `KC÷1762000000¬KP÷${id}¬KF÷Премьер-лига¬KJ÷${home}¬KK÷${away}¬KL÷${score}¬WIS÷${wis}¬~`;
    const gateway = gatewayWith({
      df_hh_1_AbCd1234:
        'SA÷1¬~KA÷Жалпы¬IS÷¬~KB÷Соңғы матчтар: Астана¬~' +
        row('Past0001', '*Астана', 'Тобыл', '2:0', 'w') +
        row('Past0002', 'Тобыл', 'Астана', '1:1', 'd') +
        row('Past0003', '*Ордабасы', 'Астана', '3:1', 'l') +
        row('Past0004', 'Астана', 'Ақтөбе', '2:2', 'wo') +
        'A1÷¬~',
    });
    renderPage(<SiteRoutes />, { route: '/kz/match/AbCd1234/', gateway });
    await waitFor(() => expect(screen.getByTestId('match-header').textContent).toContain('Астана'), SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Бетпе-бет' }));
    await waitFor(() => expect(document.querySelectorAll('.h2h__result')).toHaveLength(4), SLOW);
    const results = [...document.querySelectorAll('.h2h__result')];
    expect(results.map((r) => r.querySelector('[aria-hidden]')?.textContent)).toEqual(['Ж', 'Т', 'Ұ', 'Ж']);
    expect(results.map((r) => r.getAttribute('title'))).toEqual([
      'Жеңіс',
      'Тең ойын',
      'Ұтылыс',
      'Қосымша уақыттағы не пенальтидегі жеңіс',
    ]);
    expect(results[2]?.querySelector('.sr-only')?.textContent).toBe('Ұтылыс');
  });

  it('S2-34 detail participants (team stars, line-ups) are ignored for cricket, golf and moto racing; the names still head the page', async () => {
    const cricket = event('Cr123456', L.id, { sportId: 13, stageType: 2, stage: 26, home: 'Үндістан', away: 'Англия' });
    const gateway = fakeGateway(snapshot([L], [cricket], 1, 13), {
      dc_1_Cr123456: 'SA÷13¬~DA÷2¬DB÷26¬DX÷LI,HH¬AE÷Үндістан¬AF÷Англия¬A1÷¬~',
    });
    renderPage(<SiteRoutes />, { route: '/kz/match/Cr123456/', gateway });
    await waitFor(() => expect(gateway.detailCalls).toContain('dc_1_Cr123456'), SLOW);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Шолу' })).toBeTruthy(), SLOW);
    const header = screen.getByTestId('match-header');
    expect(header.textContent).toContain('Үндістан');
    expect(header.textContent).toContain('Англия');
    expect(header.querySelectorAll('[data-star-key^="team:"]')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Құрамдар' })).toBeNull();
  });

  it('S3-14 S4-25 the header reads the sport: cricket runs/wickets, overs and the result line under its league and round', async () => {
    const CL = league('13_c', { name: 'АНГЛИЯ: T20 Blast' });
    const game = event('Cr000001', CL.id, {
      sportId: 13,
      stageType: 3,
      stage: 3,
      home: 'Wigan Giants',
      away: 'Liverpool Storm',
      homeScore: 116,
      homeWickets: 6,
      homeOvers: '15.2',
      awayScore: 105,
      awayWickets: 10,
      awayOvers: '18',
      round: '26-тур',
      infoNotice: 'Wigan Giants 4 уикетпен жеңді',
    });
    const gateway = fakeGateway(snapshot([CL], [game], 1, 13), {
      dc_1_Cr000001: 'SA÷13¬~DA÷3¬DB÷3¬DE÷116¬DF÷105¬DX÷HH¬A1÷¬~',
    });
    renderPage(<SiteRoutes />, { route: '/kz/match/Cr000001/', gateway });
    await waitFor(() => expect(screen.getByTestId('match-score').textContent).toBe('116/6-105'), SLOW);
    expect(screen.getByTestId('match-detail').textContent).toBe('(15.2) : (18)');
    expect(screen.getByTestId('match-notice').textContent).toBe('Wigan Giants 4 уикетпен жеңді');
    expect(screen.getByTestId('match-league').textContent).toContain('АНГЛИЯ: T20 Blast');
    expect(screen.getByTestId('match-round').textContent).toContain('26-тур');
    expect(screen.getByTestId('match-header').textContent).toContain('Liverpool Storm');
  });

  it('S3-10 the tennis header shows the game points and the sets with their tie-breaks', async () => {
    const TL = league('2_t', { name: 'ATP - ЖЕКЕ: Astana Open (Қазақстан), қатты корт' });
    const game = event('Tn000001', TL.id, {
      sportId: 2,
      stageType: 2,
      stage: 18,
      home: 'Roob B.',
      away: 'Purdy L.',
      homeScore: 1,
      awayScore: 0,
      homePart1: 7,
      awayPart1: 6,
      homeTiebreak1: 7,
      awayTiebreak1: 4,
      homePart2: 2,
      awayPart2: 3,
      homeGamePoints: '40',
      awayGamePoints: 'A',
    });
    const gateway = fakeGateway(snapshot([TL], [game], 1, 2), {
      dc_1_Tn000001: 'SA÷2¬~DA÷2¬DB÷18¬DE÷1¬DF÷0¬DX÷HH¬A1÷¬~',
    });
    renderPage(<SiteRoutes />, { route: '/kz/match/Tn000001/', gateway });
    await waitFor(() => expect(screen.getByTestId('match-detail').textContent).toBe('40 : A'), SLOW);
    const parts = [...screen.getByTestId('match-parts').querySelectorAll('li')].map((li) => li.textContent);
    expect(parts).toEqual(['77-64', '2-3']);
  });

  it('S2-34 S3-33 a race participant opens the race page: the race heading and its standings with the column titles', async () => {
    const GL = league('23_g', {
      sportId: 23,
      name: 'ӘЛЕМ: PGA Tour',
      raceStageTypes: '2',
      raceStages: '66',
      raceStartTimes: '1700000000',
    });
    const players = ['Aasen J.', 'Berg K.', 'Cruz L.'].map((name, i) =>
      event(`Gf00000${i}`, GL.id, {
        sportId: 23,
        home: name,
        rank: i === 2 ? 2 : i + 1,
        parScore: -5 + i,
        holesPlayed: 12,
      }),
    );
    const gateway = fakeGateway(snapshot([GL], players, 1, 23), {
      dc_1_Gf000001: 'SA÷23¬~DA÷2¬DB÷66¬AE÷Berg K.¬A1÷¬~',
    });
    renderPage(<SiteRoutes />, { route: '/kz/match/Gf000001/', gateway });
    await waitFor(() => expect(screen.getByTestId('race-standings').textContent).toContain('Cruz L.'), SLOW);
    expect(screen.getByTestId('match-league').textContent).toBe('ӘЛЕМ: PGA Tour');
    const standings = screen.getByTestId('race-standings');
    expect([...standings.querySelectorAll('.race-head__col')].map((c) => c.textContent)).toEqual(['Пар', 'Шұңқыр']);
    expect([...standings.querySelectorAll('.race__rank')].map((c) => c.textContent)).toEqual(['1', 'T2', 'T2']);
    expect(standings.querySelector('.row--self')?.textContent).toContain('Berg K.');
  });

  it('S1-6 a score change of the open match is announced politely in Kazakh', async () => {
    const gateway = gatewayWith({ dc_1_AbCd1234: 'SA÷1¬~DA÷2¬DB÷12¬DX÷ST¬A1÷¬~' });
    renderPage(<SiteRoutes />, { route: '/kz/match/AbCd1234/', gateway });
    const announcer = screen.getByTestId('score-announcer');
    expect(announcer.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(screen.getByTestId('match-score').textContent).toBe('0-0'), SLOW);
    expect(announcer.textContent).toBe('');
    act(() => gateway.board.set(withEvent(gateway.board.snapshot(), 'AbCd1234', { homeScore: 1 })));
    await waitFor(() => expect(screen.getByTestId('match-score').textContent).toBe('1-0'), SLOW);
    expect(announcer.textContent).toBe('Есеп өзгерді: Астана 1:0 Қайрат');
  });

  it('S2-33 a cold link to a match of another day reads the sport and the names from dc_, probing no other sport', async () => {
    const gateway = fakeGateway(snapshot([L], []), {
      dc_1_Hk000001: 'SA÷4¬~DA÷3¬DB÷3¬DC÷1700000000¬DE÷3¬DF÷2¬DX÷HH¬AE÷Барыс¬AF÷Металлург¬A1÷¬~',
    });
    renderPage(<SiteRoutes />, { route: '/kz/match/Hk000001/', gateway });
    await waitFor(() => expect(screen.getByTestId('match-header').textContent).toContain('Барыс'), SLOW);
    expect(screen.getByTestId('match-header').textContent).toContain('Металлург');
    await waitFor(() => expect(screen.getByTestId('match-score').textContent).toBe('3-2'), SLOW);
    // The sport came from the SA row: its day list is the one opened, and only dc_1_ was asked for the core.
    await waitFor(() => expect(gateway.opened.some((o) => o.sportId === 4)).toBe(true), SLOW);
    const cores = gateway.detailCalls.filter((name) => name.startsWith('dc_'));
    expect(new Set(cores)).toEqual(new Set(['dc_1_Hk000001']));
  });
});
