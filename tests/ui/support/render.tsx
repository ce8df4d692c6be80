// Component-test helpers: hand-built scoreboard snapshots, a fake feed gateway over them, and a
// render wrapper with the site's root actor on a SimulatedClock and a memory router.
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import type { SimulatedClock } from 'xstate';
import type { SiteActorRef, SiteChildren } from '../../../machines/site';
import type { ScoreboardEvent, ScoreboardLeague, ScoreboardSnapshot } from '../../../src/scoreboard/types';
import { SiteActorContext } from '../../../web/ui/common/actors';
import { showBlinkPhase } from '../../../web/ui/list/blink-phase';
import { type CookieJar, CookieJarContext } from '../../../web/ui/list/use-collapsed';
import { type FeedGateway, FeedGatewayContext, type ListSession } from '../../../web/ui/store/feed-gateway';
import { type SettableScoreboard, settableScoreboard } from '../../../web/ui/store/scoreboard-view';
import { startTestSite, type TestSiteOptions } from '../../machines/support/test-site';

export const NOW = Date.UTC(2026, 10, 22, 10, 0, 0); // 15:00 in UTC+5

export function event(id: string, leagueId: string, fields: Partial<ScoreboardEvent> = {}): ScoreboardEvent {
  return {
    id,
    sportId: 1,
    leagueId,
    version: 1,
    liveMarked: false,
    highlight: null,
    startTime: NOW / 1000 + 3600,
    stageType: 1,
    stage: 1,
    home: `Home ${id}`,
    away: `Away ${id}`,
    ...fields,
  };
}

export function league(id: string, fields: Partial<ScoreboardLeague> = {}): ScoreboardLeague {
  return {
    id,
    sportId: 1,
    version: 1,
    eventIds: [],
    collapsed: false,
    name: `ҚАЗАҚСТАН: Лига ${id}`,
    countryName: 'Қазақстан',
    url: '/football/kazakhstan/liga/',
    type: 'p',
    ...fields,
  };
}

/** A snapshot from leagues in order; each league's eventIds are filled from the events given. */
export function snapshot(
  leagues: ScoreboardLeague[],
  events: ScoreboardEvent[],
  version = 1,
  sportId = 1,
): ScoreboardSnapshot {
  const byLeague = new Map<string, string[]>();
  for (const e of events) {
    const list = byLeague.get(e.leagueId ?? '') ?? [];
    list.push(e.id);
    byLeague.set(e.leagueId ?? '', list);
  }
  return {
    version,
    sportId,
    leagueOrder: leagues.map((l) => l.id),
    leagues: new Map(leagues.map((l) => [l.id, { ...l, eventIds: byLeague.get(l.id) ?? l.eventIds }])),
    events: new Map(events.map((e) => [e.id, e])),
  };
}

/** Replaces one event with a new version (what the store does on a change). */
export function withEvent(s: ScoreboardSnapshot, id: string, fields: Partial<ScoreboardEvent>): ScoreboardSnapshot {
  const events = new Map(s.events);
  const current = events.get(id);
  if (!current) throw new Error(`no event ${id}`);
  const version = s.version + 1;
  events.set(id, { ...current, ...fields, version });
  return { ...s, version, events };
}

export interface FakeGateway extends FeedGateway {
  readonly board: SettableScoreboard;
  readonly opened: { sportId: number; day: number }[];
  readonly tabs: string[];
  readonly details: Map<string, string>;
  readonly detailCalls: string[];
}

export function fakeGateway(initial: ScoreboardSnapshot, details: Record<string, string> = {}): FakeGateway {
  const board = settableScoreboard(initial);
  const opened: { sportId: number; day: number }[] = [];
  const tabs: string[] = [];
  const detailMap = new Map(Object.entries(details));
  const detailCalls: string[] = [];
  return {
    board,
    opened,
    tabs,
    details: detailMap,
    detailCalls,
    openList(request) {
      opened.push({ ...request });
      const session: ListSession = {
        view: board,
        status: () => 'ready',
        subscribeStatus: () => () => {},
        selectTab: (tab) => tabs.push(tab),
        close: () => {},
      };
      return session;
    },
    async fetchDetail(name) {
      detailCalls.push(name);
      return detailMap.get(name) ?? null;
    },
    now: () => NOW,
  };
}

/** The page's children a test reaches directly. */
export interface PageActors {
  readonly site: SiteActorRef;
  readonly settings: SiteChildren['settings'];
  readonly windows: SiteChildren['windows'];
  readonly clock: SiteChildren['clock'];
  readonly session: SiteChildren['session'];
}

/** The site root as the browser builds it, on a SimulatedClock at NOW, blinking on this document's <html>. */
export function testPage(options: TestSiteOptions = {}) {
  const started = startTestSite({
    start: NOW,
    ...options,
    effects: { setBlinkOff: (off) => showBlinkPhase(off), ...options.effects },
  });
  const actors: PageActors = {
    site: started.site,
    settings: started.child('settings'),
    windows: started.child('windows'),
    clock: started.child('clock'),
    session: started.child('session'),
  };
  return { ...started, actors };
}

/** The simulated clock a render runs on; `advance` moves it (wrap it in act() while rendered). */
export interface PageClock {
  readonly simulated: SimulatedClock;
  advance(ms: number): void;
}

export function memoryCookies(initial = ''): CookieJar & { jar: Map<string, string> } {
  const jar = new Map<string, string>();
  for (const part of initial.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) jar.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return {
    jar,
    read: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    write(assignment) {
      const [pair] = assignment.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    },
  };
}

export interface RenderOptions {
  readonly route?: string;
  readonly gateway?: FeedGateway;
  readonly cookies?: CookieJar;
  /** How the site is built (effects, input, the simulated clock). */
  readonly site?: TestSiteOptions;
}

export function renderPage(ui: ReactElement, options: RenderOptions = {}) {
  const page = testPage(options.site);
  const gateway = options.gateway ?? fakeGateway(snapshot([], []));
  const cookies = options.cookies ?? memoryCookies();
  const clock: PageClock = { simulated: page.clock, advance: (ms) => page.clock.increment(ms) };
  const result = render(
    <SiteActorContext value={page.site}>
      <FeedGatewayContext value={gateway}>
        <CookieJarContext value={cookies}>
          <MemoryRouter initialEntries={[options.route ?? '/kz/football/']}>{ui}</MemoryRouter>
        </CookieJarContext>
      </FeedGatewayContext>
    </SiteActorContext>,
  );
  return { ...result, actors: page.actors, site: page.site, gateway, clock, cookies };
}
