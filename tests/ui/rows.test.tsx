// @vitest-environment happy-dom
import { act, cleanup, screen, within } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as domainFormat from '../../src/domain/shown-text';
import { createScoreboard } from '../../src/scoreboard/store';
import { GOAL_HIGHLIGHT_MS } from '../../src/scoreboard/highlights';
import { BLINK_HALF_MS, BLINK_OFF_ATTRIBUTE } from '../../web/ui/list/blink-phase';
import { DuelRow } from '../../web/ui/list/DuelRow';
import { LeagueHeader } from '../../web/ui/list/LeagueHeader';
import { RaceRow } from '../../web/ui/list/RaceRow';
import { ScoreboardContext } from '../../web/ui/store/hooks';
import { settableScoreboard } from '../../web/ui/store/scoreboard-view';
import { event as feedEvent, league as feedLeague, listFeed } from '../scoreboard/helpers/answers';
import { event, fakeGateway, league, NOW, renderPage, snapshot, withEvent } from './support/render';

vi.mock('../../src/domain/shown-text', async (original) => {
  const actual = await original<typeof import('../../src/domain/shown-text')>();
  return { ...actual, statusText: vi.fn(actual.statusText) };
});

afterEach(cleanup);

const L = league('1_aaa');

function renderRows(s: ReturnType<typeof snapshot>, ids: string[], sportId = 1, withOdds = false) {
  const board = settableScoreboard(s);
  const renders = new Map<string, number>();
  const view = renderPage(
    <ScoreboardContext value={board}>
      {ids.map((id) => (
        <Profiler key={id} id={id} onRender={(pid) => renders.set(pid, (renders.get(pid) ?? 0) + 1)}>
          <div data-testid={`wrap-${id}`}>
            <DuelRow eventId={id} sportId={sportId} withOdds={withOdds} />
          </div>
        </Profiler>
      ))}
    </ScoreboardContext>,
    { gateway: fakeGateway(s) },
  );
  return { ...view, board, renders };
}

describe('duel rows', () => {
  it('S2-50 S4-25 a scheduled match shows its start time and no score', () => {
    const start = NOW / 1000 + 2 * 3600; // 17:00 in UTC+5
    renderRows(snapshot([L], [event('a', L.id, { startTime: start })]), ['a']);
    const row = screen.getByTestId('wrap-a');
    expect(within(row).getByTestId('row-status').textContent).toBe('17:00');
    expect(within(row).getByTestId('row-score').textContent).toBe('--');
  });

  it('S4-18 S4-19 a live soccer match shows the live minute from AO and its score', () => {
    const live = event('a', L.id, {
      stageType: 2,
      stage: 12,
      periodStartTime: NOW / 1000 - 23 * 60 - 5,
      homeScore: 2,
      awayScore: 1,
      homeRedCards: 1,
    });
    renderRows(snapshot([L], [live]), ['a']);
    const row = screen.getByTestId('wrap-a');
    expect(row.querySelector('.status-full')?.textContent).toBe("24'");
    expect(within(row).getByTestId('row-score').textContent).toBe('21');
    expect(within(row).getByRole('img', { name: '1 қызыл карточка' })).toBeTruthy();
  });

  it('S3-38 a finished match shows the Kazakh status label', () => {
    renderRows(snapshot([L], [event('a', L.id, { stageType: 3, stage: 3, homeScore: 0, awayScore: 0, winner: 0 })]), [
      'a',
    ]);
    expect(screen.getByTestId('wrap-a').querySelector('.status-full')?.textContent).toBe('Аяқталды');
  });

  it('S9-4 the live minute moves on the shared 5 s tick', () => {
    const live = event('a', L.id, { stageType: 2, stage: 12, periodStartTime: NOW / 1000 - 23 * 60 - 5 });
    const { clock } = renderRows(snapshot([L], [live]), ['a']);
    const minute = () => screen.getByTestId('wrap-a').querySelector('.status-full')?.textContent;
    expect(minute()).toBe("24'");
    act(() => clock.advance(60_000));
    expect(minute()).toBe("25'");
  });

  it('S4-18 running clocks blink together on one shared phase that stops with the last of them', () => {
    const running = { stageType: 2, stage: 12, periodStartTime: NOW / 1000 - 600, homeScore: 0, awayScore: 0 };
    const { clock, unmount } = renderRows(snapshot([L], [event('a', L.id, running), event('b', L.id, running)]), [
      'a',
      'b',
    ]);
    const off = () => document.documentElement.hasAttribute(BLINK_OFF_ATTRIBUTE);
    expect(screen.getByTestId('wrap-a').querySelector('.blink')).toBeTruthy();
    expect(screen.getByTestId('wrap-b').querySelector('.blink')).toBeTruthy();
    expect(off()).toBe(false);
    act(() => clock.advance(BLINK_HALF_MS));
    expect(off()).toBe(true);
    act(() => clock.advance(BLINK_HALF_MS));
    expect(off()).toBe(false);
    act(() => clock.advance(BLINK_HALF_MS));
    expect(off()).toBe(true);
    unmount();
    expect(off()).toBe(false);
    clock.advance(BLINK_HALF_MS);
    expect(off()).toBe(false);
  });

  it('S3-5 the serve mark shows for the serving side of a live tennis match only', () => {
    const tennis = event('t', L.id, { sportId: 2, stageType: 2, stage: 17, homeScore: 0, awayScore: 0, service: 2 });
    renderRows(snapshot([L], [tennis], 1, 2), ['t'], 2);
    const marks = screen.getByTestId('wrap-t').querySelectorAll('.serve');
    expect(marks[0].classList.contains('serve--on')).toBe(false);
    expect(marks[1].classList.contains('serve--on')).toBe(true);
  });

  it('S3-8 S3-68 odds columns follow the sport odds type and the chosen format', () => {
    const a = event('a', L.id, { odds1: 1.5, oddsX: 4, odds2: 6 });
    const { actors } = renderRows(snapshot([L], [a]), ['a'], 1, true);
    const odds = () => [...screen.getByTestId('row-odds').children].map((c) => c.textContent);
    expect(odds()).toEqual(['1.50', '4.00', '6.00']);
    act(() => actors.settings.send({ type: 'settings.oddsFormat', format: 'uk' }));
    expect(odds()).toEqual(['1/2', '3/1', '5/1']);
    cleanup();
    renderRows(snapshot([L], [event('b', L.id, { sportId: 2, odds1: 1.5, odds2: 2.5 })], 1, 2), ['b'], 2, true);
    expect(odds()).toEqual(['1.50', '2.50']);
  });

  it('S9-4 a goal highlight shows while the store holds it and goes when the store ends it', () => {
    const time = { now: NOW };
    const store = createScoreboard({ now: () => time.now });
    const start = NOW / 1000 - 600;
    store.applyFull(
      listFeed({
        leagues: [feedLeague(L.id)],
        events: [feedEvent('a', L.id, { startTime: start, stageType: 2, stage: 12, homeScore: 0, awayScore: 0 })],
      }),
    );
    renderPage(
      <ScoreboardContext value={store}>
        <div data-testid="wrap-a">
          <DuelRow eventId="a" sportId={1} withOdds={false} />
        </div>
      </ScoreboardContext>,
      { gateway: fakeGateway(store.snapshot()) },
    );
    const link = () => screen.getByTestId('wrap-a').querySelector('a');
    expect(link()?.classList.contains('row--hl-goal')).toBe(false);
    act(() => {
      store.applyUpdate(listFeed({ events: [feedEvent('a', L.id, { homeScore: 1 })] }));
    });
    expect(link()?.classList.contains('row--hl-goal')).toBe(true);
    time.now += GOAL_HIGHLIGHT_MS - 1;
    act(() => {
      expect(store.expireHighlights()).toBe(0);
    });
    expect(link()?.classList.contains('row--hl-goal')).toBe(true);
    time.now += 1;
    act(() => {
      expect(store.expireHighlights()).toBe(1);
    });
    expect(link()?.classList.contains('row--hl-goal')).toBe(false);
  });

  it('DESIGN rows subscribe narrowly: a change to one event re-renders only its own row', () => {
    const s = snapshot([L], [event('a', L.id), event('b', L.id), event('c', L.id)]);
    const { board, renders } = renderRows(s, ['a', 'b', 'c']);
    const before = new Map(renders);
    act(() => board.set(withEvent(s, 'b', { stageType: 2, stage: 12, homeScore: 1, awayScore: 0 })));
    expect(renders.get('a')).toBe(before.get('a'));
    expect(renders.get('c')).toBe(before.get('c'));
    expect(renders.get('b')).toBe((before.get('b') ?? 0) + 1);
    expect(within(screen.getByTestId('wrap-b')).getByTestId('row-score').textContent).toBe('10');
  });
});

describe('narrow cells', () => {
  it('DESIGN a goal redraws the score cell, not the status cell; a darts leg follows the score (S4-22)', () => {
    const football = event('f', L.id, { stageType: 2, stage: 12, homeScore: 0, awayScore: 0, gameTime: 30 });
    const darts = event('d', L.id, { sportId: 14, stageType: 2, stage: 17, homeScore: 0, awayScore: 0 });
    const s = snapshot([L], [football, darts]);
    const board = settableScoreboard(s);
    renderPage(
      <ScoreboardContext value={board}>
        <div data-testid="wrap-f">
          <DuelRow eventId="f" sportId={1} withOdds={false} />
        </div>
        <div data-testid="wrap-d">
          <DuelRow eventId="d" sportId={14} withOdds={false} />
        </div>
      </ScoreboardContext>,
      { gateway: fakeGateway(s) },
    );
    const statusCalls = vi.mocked(domainFormat.statusText);
    const cell = (id: string, testId: string) => within(screen.getByTestId(`wrap-${id}`)).getByTestId(testId);
    const leg = () => cell('d', 'row-status').querySelector('.status-full')?.textContent;
    expect(leg()).toBe('1-лег');
    statusCalls.mockClear();
    act(() => board.set(withEvent(s, 'f', { homeScore: 1 })));
    expect(cell('f', 'row-score').textContent).toBe('10');
    expect(statusCalls).not.toHaveBeenCalled();
    const next = withEvent(board.snapshot(), 'd', { homeScore: 1 });
    act(() => board.set(next));
    expect(cell('d', 'row-score').textContent).toBe('10');
    expect(leg()).toBe('2-лег');
    expect(statusCalls).toHaveBeenCalledTimes(1);
    act(() => board.set(withEvent(next, 'f', { gameTime: 31, stage: 13 })));
    expect(statusCalls).toHaveBeenCalledTimes(2); // a stage change does redraw the status cell
  });
});

describe('narrow cells: subscription', () => {
  it('DESIGN a change between a cell rendering and subscribing still reaches it', () => {
    const before = snapshot([L], [event('a', L.id, { stageType: 2, stage: 12, homeScore: 0, awayScore: 0 })]);
    const after = withEvent(before, 'a', { homeScore: 1 });
    let reads = 0;
    // The first reads (the render) see the old snapshot; by the time the cells subscribe it has moved.
    const view = {
      snapshot: () => (reads++ < 4 ? before : after),
      subscribe: () => () => {},
    };
    renderPage(
      <ScoreboardContext value={view}>
        <div data-testid="wrap-a">
          <DuelRow eventId="a" sportId={1} withOdds={false} />
        </div>
      </ScoreboardContext>,
      { gateway: fakeGateway(before) },
    );
    expect(within(screen.getByTestId('wrap-a')).getByTestId('row-score').textContent).toBe('10');
  });
});

describe('narrow cells: row fields', () => {
  it('S3-5 S3-8 S4-11 a change to a name, red card, serve, odds, live mark or stage reaches the row', () => {
    const T = league('2_t', { sportId: 2 });
    const tennis = event('t', T.id, { sportId: 2, stageType: 2, stage: 17, homeScore: 0, awayScore: 0, service: 1 });
    let s = snapshot([T], [tennis], 1, 2);
    const board = settableScoreboard(s);
    renderPage(
      <ScoreboardContext value={board}>
        <div data-testid="wrap-t">
          <DuelRow eventId="t" sportId={2} withOdds />
        </div>
      </ScoreboardContext>,
      { gateway: fakeGateway(s) },
    );
    const row = () => screen.getByTestId('wrap-t').querySelector('a')!;
    const change = (fields: Parameters<typeof withEvent>[2]) => {
      s = withEvent(s, 't', fields);
      act(() => board.set(s));
    };
    change({ home: 'Рыбакина Е.' });
    expect(row().textContent).toContain('Рыбакина Е.');
    change({ service: 2 });
    expect([...row().querySelectorAll('.serve')].map((m) => m.classList.contains('serve--on'))).toEqual([false, true]);
    change({ awayRedCards: 1 });
    expect(row().querySelectorAll('.red-card')).toHaveLength(1);
    change({ odds1: 1.5 });
    expect(within(row()).getByTestId('row-odds').textContent).toBe('1.50-');
    change({ odds2: 2.5 });
    expect(within(row()).getByTestId('row-odds').textContent).toBe('1.502.50');
    change({ liveMarked: true });
    expect(row().classList.contains('row--marked')).toBe(true);
    change({ stageType: 3, stage: 3, homeScore: 2, awayScore: 0 });
    expect(row().classList.contains('row--live')).toBe(false);
    expect(within(row()).getByTestId('row-score').textContent).toBe('20');
  });
});

describe('race rows', () => {
  it('S3-33 S4-25 a race row shows rank, name, time and a + gap; golf ties get a T', () => {
    const R = league('34_r', { sportId: 34, raceStageTypes: '2' });
    const rows = [
      event('r1', R.id, { sportId: 34, home: 'Нұрлан', rank: 1, resultTime: '4:01:00', gap: '' }),
      event('r2', R.id, { sportId: 34, home: 'Ерлан', rank: 2, resultTime: '4:01:12', gap: '12' }),
    ];
    const board = settableScoreboard(snapshot([R], rows, 1, 34));
    renderPage(
      <ScoreboardContext value={board}>
        <RaceRow eventId="r2" leagueId={R.id} sportId={34} />
        <RaceRow eventId="g" leagueId={R.id} sportId={23} tied />
      </ScoreboardContext>,
    );
    const row = document.querySelector('[data-event-id="r2"]') as HTMLElement;
    expect(within(row).getByTestId('race-rank').textContent).toBe('2.');
    expect(row.textContent).toContain('Ерлан');
    expect(row.querySelector('[data-col="time"]')?.textContent).toBe('4:01:12');
    expect(row.querySelector('[data-col="gap"]')?.textContent).toBe('+12');
    act(() => board.set(snapshot([R], [...rows, event('g', R.id, { sportId: 23, rank: 3, parScore: -4 })], 2, 23)));
    const golf = document.querySelector('[data-event-id="g"]') as HTMLElement;
    expect(within(golf).getByTestId('race-rank').textContent).toBe('T3');
    expect(golf.querySelector('[data-col="par"]')?.textContent).toBe('-4');
  });

  it('S3-3 a race league counts its entrants as participants, a duel league its matches', () => {
    const R = league('41_r', { sportId: 41, eventIds: ['a', 'b', 'c'] });
    const D = league('1_d', { eventIds: ['m'] });
    const board = settableScoreboard(snapshot([R, D], [], 1, 41));
    renderPage(
      <ScoreboardContext value={board}>
        <LeagueHeader leagueId={R.id} sportId={41} collapsed={false} onToggle={() => {}} />
        <LeagueHeader leagueId={D.id} sportId={1} collapsed={false} onToggle={() => {}} />
      </ScoreboardContext>,
    );
    const counts = [...document.querySelectorAll('.league__count')].map((el) => el.textContent);
    expect(counts).toEqual(['3 қатысушы', '1 матч']);
  });
});
