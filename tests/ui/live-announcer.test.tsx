// @vitest-environment happy-dom
// The list page's live announcements (web/ui/list/live-announcer.ts, LiveAnnouncer.tsx): which goals are news, the
// text, the rate limit on a SimulatedClock, and the polite region on the sport page.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { isFollowed } from '../../machines/my-games';
import { memoryStorage } from '../../src/follow/local-storage';
import type { ScoreboardEvent, ScoreboardSnapshot } from '../../src/scoreboard/types';
import {
  ANNOUNCE_INTERVAL_MS,
  ANNOUNCED_GOALS_MAX,
  announcementText,
  type Goal,
  kkAnnouncer,
  liveAnnouncerMachine,
  newGoals,
} from '../../web/ui/list/live-announcer';
import { SiteRoutes } from '../../web/ui/SiteRoutes';
import { event, fakeGateway, league, NOW, renderPage, snapshot, withEvent } from './support/render';

afterEach(cleanup);

const TOP = league('1_top', { name: 'АНГЛИЯ: Премьер-лига', countryName: 'Англия', url: '/football/england/pl/' });
const KZ = league('1_kz', {
  name: 'ҚАЗАҚСТАН: Премьер-лига',
  countryName: 'Қазақстан',
  url: '/football/kazakhstan/pl/',
});
const LIVE = { stageType: 2, stage: 12, homeScore: 1, awayScore: 0 } as const;

function day(): ScoreboardSnapshot {
  return snapshot(
    [TOP, KZ],
    [
      event('Live0001', TOP.id, { ...LIVE, home: 'Ливерпуль', away: 'Эвертон' }),
      event('Live0003', TOP.id, { ...LIVE, home: 'Фулхэм', away: 'Брентфорд' }),
      event('Fini0001', TOP.id, { stageType: 3, stage: 3, homeScore: 2, awayScore: 0, home: 'Арсенал', away: 'Челси' }),
      event('Live0002', KZ.id, { ...LIVE, homeScore: 0, home: 'Астана', away: 'Қайрат' }),
    ],
  );
}

const goalAt = (until: number, fields: Partial<ScoreboardEvent> = {}): Partial<ScoreboardEvent> => ({
  highlight: { kind: 'goal', until },
  ...fields,
});

const everyone = () => true;

describe('which goals are news', () => {
  it('WCAG 4.1.3: the first look at a list announces nothing; a new goal highlight of a live match does, once', () => {
    const start = withEvent(day(), 'Live0001', goalAt(NOW + 1000));
    const first = newGoals(start, null, everyone);
    expect(first.goals).toEqual([]);
    expect(first.seen.get('Live0001')).toBe(NOW + 1000);
    expect(newGoals(start, first.seen, everyone).goals).toEqual([]); // the same goal again is not news

    const scored = withEvent(start, 'Live0002', goalAt(NOW + 2000, { homeScore: 1 }));
    const second = newGoals(scored, first.seen, everyone);
    expect(second.goals).toEqual([{ eventId: 'Live0002', home: 'Астана', away: 'Қайрат', homeScore: 1, awayScore: 0 }]);
    // The next goal of the same match has a new highlight end.
    const again = withEvent(scored, 'Live0001', goalAt(NOW + 5000, { homeScore: 2 }));
    expect(newGoals(again, second.seen, everyone).goals.map((g) => [g.eventId, g.homeScore])).toEqual([
      ['Live0001', 2],
    ]);
  });

  it('WCAG 4.1.3: matches not live, not wanted, or changed without a goal are not announced', () => {
    const seen = newGoals(day(), null, everyone).seen;
    let s = withEvent(day(), 'Fini0001', goalAt(NOW + 1000, { homeScore: 3 })); // finished
    s = withEvent(s, 'Live0003', goalAt(NOW + 1000, { homeScore: 2 })); // not wanted below
    s = withEvent(s, 'Live0002', { highlight: { kind: 'correction', until: NOW + 1000 }, homeScore: 0 });
    expect(newGoals(s, seen, (id) => id !== 'Live0003').goals).toEqual([]);
    expect(newGoals(s, seen, everyone).goals.map((g) => g.eventId)).toEqual(['Live0003']);
  });
});

describe('announcement text', () => {
  const goal = (eventId: string, homeScore: number): Goal => ({
    eventId,
    home: `H${eventId}`,
    away: `A${eventId}`,
    homeScore,
    awayScore: 0,
  });

  it('names each match once with its latest score, the first few, and counts the rest', () => {
    expect(announcementText([goal('a', 1)])).toBe(kkAnnouncer.goal('Ha', 1, 0, 'Aa'));
    expect(announcementText([goal('a', 1), goal('b', 1), goal('a', 2)])).toBe(
      `${kkAnnouncer.goal('Hb', 1, 0, 'Ab')}. ${kkAnnouncer.goal('Ha', 2, 0, 'Aa')}`,
    );
    const many = ['a', 'b', 'c', 'd', 'e'].map((id) => goal(id, 1));
    const text = announcementText(many);
    expect(text.endsWith(kkAnnouncer.more(many.length - ANNOUNCED_GOALS_MAX))).toBe(true);
    expect(text).not.toContain('Hd');
  });
});

describe('rate limit', () => {
  it('WCAG 4.1.3: at most one announcement per ANNOUNCE_INTERVAL_MS; goals in between are spoken together after it', () => {
    const clock = new SimulatedClock();
    const actor = createActor(liveAnnouncerMachine, { clock }).start();
    const goal = (eventId: string): Goal => ({ eventId, home: eventId, away: 'X', homeScore: 1, awayScore: 0 });
    const texts: string[] = [];
    actor.subscribe((s) => {
      if (texts.at(-1) !== s.context.text) texts.push(s.context.text);
    });
    actor.send({ type: 'goals', goals: [goal('a')] });
    expect(actor.getSnapshot().context.text).toBe(announcementText([goal('a')]));
    clock.increment(1000);
    actor.send({ type: 'goals', goals: [goal('b')] });
    clock.increment(2000);
    actor.send({ type: 'goals', goals: [goal('c')] });
    clock.increment(ANNOUNCE_INTERVAL_MS - 3001);
    expect(actor.getSnapshot().context.text).toBe(announcementText([goal('a')])); // still quiet
    clock.increment(1);
    expect(actor.getSnapshot().context.text).toBe(announcementText([goal('b'), goal('c')]));
    // Another interval with nothing new, then the next goal is spoken at once.
    clock.increment(ANNOUNCE_INTERVAL_MS);
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'goals', goals: [goal('d')] });
    expect(actor.getSnapshot().context.text).toBe(announcementText([goal('d')]));
    expect(texts).toEqual([
      announcementText([goal('a')]),
      announcementText([goal('b'), goal('c')]),
      announcementText([goal('d')]),
    ]);
    actor.stop();
  });
});

describe('the sport page region', () => {
  it('WCAG 4.1.3: the list page says politely the goals of followed matches and of rows in the list, rate-limited', () => {
    const gateway = fakeGateway(day());
    const { clock, site } = renderPage(<SiteRoutes overscan={50} />, {
      gateway,
      site: { effects: { storage: memoryStorage() } },
    });
    const region = screen.getByTestId('live-announcer');
    expect(region.getAttribute('aria-live')).toBe('polite');
    // Live0001 followed, then its league closed: Live0001 and Live0003 leave the list, Live0001 stays followed.

    // live1 followed, then its league closed: live1 and live3 leave the list, live1 stays followed.
    fireEvent.click(document.querySelector('[data-star-key="g_1_Live0001"]') as HTMLElement);
    expect(isFollowed(site.system.get('myGames').getSnapshot().context, 'g_1_Live0001')).toBe(true);
    fireEvent.click(screen.getAllByRole('button', { name: /Лиганы жию: Премьер-лига/ })[0]);
    expect(document.querySelector('[data-event-id="Live0001"]')).toBeNull();

    let s = withEvent(gateway.board.snapshot(), 'Live0001', goalAt(NOW + 60_000, { homeScore: 2 }));
    s = withEvent(s, 'Live0003', goalAt(NOW + 60_000, { homeScore: 2 }));
    act(() => gateway.board.set(s));
    expect(region.textContent).toBe(kkAnnouncer.goal('Ливерпуль', 2, 0, 'Эвертон'));

    // A row in the list scores during the quiet interval: it waits for the interval's end.
    act(() =>
      gateway.board.set(withEvent(gateway.board.snapshot(), 'Live0002', goalAt(NOW + 61_000, { homeScore: 1 }))),
    );
    expect(region.textContent).toBe(kkAnnouncer.goal('Ливерпуль', 2, 0, 'Эвертон'));
    act(() => clock.advance(ANNOUNCE_INTERVAL_MS));
    expect(region.textContent).toBe(kkAnnouncer.goal('Астана', 1, 0, 'Қайрат'));
  });
});
