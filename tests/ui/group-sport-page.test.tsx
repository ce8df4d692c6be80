// @vitest-environment happy-dom
// A group sport's page (S3-2) lists its children's events from the served fp_ feed (S7-2): the
// page's list session runs the feed engine over the simulated world's FeedSource.
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { createFeedEngine, type FeedEngine } from '../../machines/feed-engine';
import { childSports } from '../../src/domain/sports';
import type { FeedRequest } from '../../src/protocol/feed-source';
import { SiteRoutes } from '../../web/ui/SiteRoutes';
import type { FeedGateway, ListSession } from '../../web/ui/store/feed-gateway';
import { createWorldFeedSource, type WorldFeedSource } from '../../server/world-feed-source';
import { createSimulation } from '../../sim/simulation';
import { NOW, renderPage } from './support/render';

const engines: FeedEngine[] = [];
afterEach(() => {
  cleanup();
  for (const engine of engines.splice(0)) engine.stop();
});

const settle = async () => {
  for (let i = 0; i < 5; i++) await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
};

/** A gateway whose list sessions run the feed engine over `source`, recording the feeds asked for. */
function engineGateway(source: WorldFeedSource, asked: string[]): FeedGateway {
  const recording = {
    ...source,
    fetch(request: FeedRequest) {
      asked.push(request.feed);
      return source.fetch(request);
    },
  };
  return {
    openList(request): ListSession {
      const engine = createFeedEngine({
        source: recording,
        sport: request.sportId,
        day: request.day,
        clock: new SimulatedClock(), // no polling: the page shows what the first load brought
        now: () => NOW,
      });
      engines.push(engine);
      engine.start();
      return {
        view: { snapshot: () => engine.scoreboard.snapshot(), subscribe: (l) => engine.scoreboard.subscribe(l) },
        status: () => 'ready',
        subscribeStatus: () => () => {},
        selectTab: (tab) => engine.send({ type: 'tab.select', tab }),
        close: () => engine.stop(),
      };
    },
    fetchDetail: async () => null,
    now: () => NOW,
  };
}

describe('group sport page', () => {
  for (const [group, slug] of [
    [31, 'motorsport'],
    [37, 'winter-sports'],
  ] as const) {
    it(`S7-2 S3-2: /kz/${slug}/ loads fp_${group} and lists its children’s events of the day`, async () => {
      const sim = createSimulation({
        seed: 7,
        startTime: NOW,
        sports: [group],
        pastDays: 0,
        futureDays: 0,
        keepLog: false,
      });
      const source = createWorldFeedSource(sim, { now: () => NOW });
      const asked: string[] = [];
      renderPage(<SiteRoutes overscan={500} />, { route: `/kz/${slug}/`, gateway: engineGateway(source, asked) });
      await settle();
      expect(asked).toContain(`fp_${group}_0_5_kk_1`);
      expect(asked.some((feed) => feed.startsWith(`f_${group}_`))).toBe(false);
      const body = source.fetch({ feed: `fp_${group}_0_5_kk_1`, headers: {} });
      expect('body' in body && body.status).toBe(200);
      // The rows shown are the children's events, with their participants' names.
      const children = new Set(childSports(group).map((s) => s.id));
      const truth = [...sim.state.matches.values()].filter((m) => children.has(m.sportId));
      expect(truth.length).toBeGreaterThan(0);
      const rows = [...document.querySelectorAll('.row--race')].map((row) => row.getAttribute('data-event-id'));
      expect(rows.length).toBeGreaterThan(0);
      const shown = new Set(rows);
      for (const id of rows) expect(children.has(sim.state.matches.get(id ?? '')?.sportId ?? 0), `${id}`).toBe(true);
      expect(screen.getAllByText(truth.find((m) => shown.has(m.id))?.fields.home ?? '?').length).toBeGreaterThan(0);
      source.close();
    });
  }
});
