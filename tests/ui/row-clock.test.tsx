// @vitest-environment happy-dom
// Rows read their clock text from the site's clock machine, driven here by a SimulatedClock.
import { act, cleanup, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { BLINK_HALF_MS, BLINK_OFF_ATTRIBUTE } from '../../web/ui/list/blink-phase';
import { DuelRow } from '../../web/ui/list/DuelRow';
import { ScoreboardContext } from '../../web/ui/store/hooks';
import { settableScoreboard } from '../../web/ui/store/scoreboard-view';
import type { TestSiteOptions } from '../machines/support/test-site';
import { event, fakeGateway, league, NOW, renderPage, snapshot } from './support/render';

afterEach(cleanup);

const L = league('1_aaa');

function renderRows(s: ReturnType<typeof snapshot>, ids: string[], site?: TestSiteOptions) {
  const renders = new Map<string, number>();
  const view = renderPage(
    <ScoreboardContext value={settableScoreboard(s)}>
      {ids.map((id) => (
        <Profiler key={id} id={id} onRender={(pid) => renders.set(pid, (renders.get(pid) ?? 0) + 1)}>
          <div data-testid={`wrap-${id}`}>
            <DuelRow eventId={id} sportId={1} withOdds={false} />
          </div>
        </Profiler>
      ))}
    </ScoreboardContext>,
    { gateway: fakeGateway(s), site },
  );
  const text = (id: string) => screen.getByTestId(`wrap-${id}`).querySelector('.status-full, .row__time')?.textContent;
  return { ...view, renders, text };
}

describe('row clocks on the clock machine', () => {
  it('S4-19 S9-4 a live row’s minute advances minute by minute as the simulated clock moves', () => {
    // Kick-off 23 min 5 s ago: the 24th minute.
    const live = event('a', L.id, { stageType: 2, stage: 12, periodStartTime: NOW / 1000 - 23 * 60 - 5 });
    const { clock, text } = renderRows(snapshot([L], [live]), ['a']);
    const minutes = [text('a')];
    for (let i = 0; i < 5; i++) {
      act(() => clock.advance(60_000));
      minutes.push(text('a'));
    }
    expect(minutes).toEqual(["24'", "25'", "26'", "27'", "28'", "29'"]);
  });

  it('S9-4 the minute turns on the 5 s tick after it is due, not before', () => {
    const live = event('a', L.id, { stageType: 2, stage: 12, periodStartTime: NOW / 1000 - 23 * 60 - 58 });
    const { clock, text } = renderRows(snapshot([L], [live]), ['a']);
    expect(text('a')).toBe("24'");
    act(() => clock.advance(1_999));
    expect(text('a')).toBe("24'"); // due at +2 s, the clock has not ticked yet
    act(() => clock.advance(3_001));
    expect(text('a')).toBe("25'"); // the +5 s tick
  });

  it('DESIGN a tick re-renders only the rows whose time moved; the blink phase re-renders none', () => {
    const running = { stageType: 2, stage: 12, periodStartTime: NOW / 1000 - 600, homeScore: 0, awayScore: 0 };
    const rows = [
      event('live', L.id, running),
      event('next', L.id, { startTime: NOW / 1000 + 3600 }),
      event('done', L.id, { stageType: 3, stage: 3, homeScore: 1, awayScore: 0, winner: 1 }),
    ];
    const { clock, renders, text } = renderRows(snapshot([L], rows), ['live', 'next', 'done']);
    const off = () => document.documentElement.hasAttribute(BLINK_OFF_ATTRIBUTE);
    const before = new Map(renders);
    // Nine blink phases before the first 5 s boundary: the marks flip, no row draws again.
    const flips: boolean[] = [];
    for (let i = 0; i < 9; i++) {
      act(() => clock.advance(BLINK_HALF_MS));
      flips.push(off());
    }
    expect(flips).toEqual([true, false, true, false, true, false, true, false, true]);
    expect(renders).toEqual(before);
    // The 5 s tick: the live row's status cell only.
    act(() => clock.advance(BLINK_HALF_MS));
    expect(renders.get('live')).toBe((before.get('live') ?? 0) + 1);
    expect(renders.get('next')).toBe(before.get('next'));
    expect(renders.get('done')).toBe(before.get('done'));
    expect(text('next')).toBe('16:00');
  });

  it('S4-25 a start time drops its date at midnight, on the quarter-hour tick, and not before', () => {
    // 23:50 in UTC+5 (18:50 UTC); the kick-off at 00:30 on 23.11 is tomorrow's until midnight.
    const late = Date.UTC(2026, 10, 22, 18, 50);
    const start = Date.UTC(2026, 10, 22, 19, 30) / 1000;
    const s = snapshot([L], [event('next', L.id, { startTime: start })]);
    const { clock, renders, text } = renderRows(s, ['next'], { start: late });
    const tomorrow = text('next');
    expect(tomorrow).toContain('23.11');
    const before = renders.get('next');
    act(() => clock.advance(10 * 60_000 - 1));
    expect(text('next')).toBe(tomorrow);
    expect(renders.get('next')).toBe(before); // no tick for this row before the quarter hour
    act(() => clock.advance(1));
    expect(text('next')).toBe('00:30');
  });
});
