// Integration: the client machines driven by the simulated world's FeedSource, in-process and over
// loopback HTTP and WebSocket push against server/app.ts. Truth is what a fresh full feed shows now.
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SimulatedClock } from 'xstate';
import { createFeedEngine, type FeedEngine } from '../../machines/feed-engine';
import { createWebSocketPush, type WebSocketLike } from '../../machines/push-client';
import { httpTransport } from '../../src/net/transport';
import { EDITION } from '../../src/domain/edition';
import { parseListFeed } from '../../src/protocol/list-feed';
import { createScoreboard } from '../../src/scoreboard/store';
import { buildServer } from '../../server/app';
import { createWorldFeedSource, type WorldFeedSource } from '../../server/world-feed-source';
import { createSimulation, type Simulation } from '../../sim/simulation';
import { clientView } from '../scoreboard/helpers/test-feed-source';

// 19:30 in Kazakhstan: evening hockey is live (hockey keeps the generated world small).
const START = Date.UTC(2026, 8, 1, 14, 30);
const SPORT = 4;

const settle = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
};

function world(): { sim: Simulation; source: WorldFeedSource } {
  const sim = createSimulation({
    seed: 7,
    startTime: START,
    sports: [SPORT],
    futureDays: 0,
    pastDays: 0,
    keepLog: false,
  });
  const source = createWorldFeedSource(sim, { now: () => sim.time });
  return { sim, source };
}

/** The page as a fresh full feed shows it now (same S4-8 rules, same store). */
function truth(source: WorldFeedSource, now: number) {
  const response = source.fetch({ feed: `f_${SPORT}_0_${EDITION.timezoneHour}_kk_1`, headers: {} });
  const body = 'then' in response ? '' : response.body;
  const store = createScoreboard({ now: () => now });
  store.applyFull(parseListFeed(body));
  return clientView(store.snapshot().events);
}

/** Compares the fields a list row shows; signatures of each side may differ in timing-only fields. */
function rows(view: ReturnType<typeof clientView>) {
  const out = new Map<string, unknown>();
  for (const [id, { leagueId, fields }] of view) {
    const { homeScore, awayScore, stageType, stage, startTime, live } = fields as Record<string, unknown>;
    out.set(id, { leagueId, homeScore, awayScore, stageType, stage, startTime, live });
  }
  return out;
}

let engine: FeedEngine | null = null;
let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  engine?.stop();
  engine = null;
  await close?.();
  close = null;
});

describe('feed engine against the simulated world', () => {
  it('S4-1 S4-2 in-process: the scoreboard follows the world through live play (push and polling)', async () => {
    const { sim, source } = world();
    close = async () => source.close();
    const clock = new SimulatedClock();
    engine = createFeedEngine({ source, sport: SPORT, clock, now: () => START + clock.now() });
    engine.start();
    await settle();
    expect(engine.actor.getSnapshot().matches('running')).toBe(true);
    expect(engine.scoreboard.snapshot().events.size).toBeGreaterThan(0);
    expect(rows(clientView(engine.scoreboard.snapshot().events))).toEqual(rows(truth(source, sim.time)));

    let changes = 0;
    let sawLive = false;
    const stop = engine.scoreboard.subscribe(() => {
      changes++;
      for (const event of engine!.scoreboard.snapshot().events.values()) if (event.stageType === 2) sawLive = true;
    });
    // Five minutes of play, two seconds at a time.
    for (let step = 1; step <= 150; step++) {
      sim.advanceTo(START + step * 2000);
      clock.increment(2000);
      await settle();
    }
    stop();
    expect(changes).toBeGreaterThan(0);
    expect(sawLive).toBe(true);
    expect(rows(clientView(engine.scoreboard.snapshot().events))).toEqual(rows(truth(source, sim.time)));
  });

  it('A7-21 S7-23 over loopback HTTP and WebSocket push against buildServer', async () => {
    const { sim, source } = world();
    const server = await buildServer({ feedSource: source, staticDir: null, logger: false });
    await server.listen({ host: '127.0.0.1', port: 0 });
    close = async () => {
      await server.close();
      source.close();
    };
    const port = (server.server.address() as AddressInfo).port;
    const clock = new SimulatedClock();
    engine = createFeedEngine({
      transport: httpTransport({ origin: `http://127.0.0.1:${port}` }),
      push: createWebSocketPush({
        url: `ws://127.0.0.1:${port}/push`,
        connect: (url) => new WebSocket(url) as unknown as WebSocketLike,
      }),
      sport: SPORT,
      clock,
      now: () => START + clock.now(),
    });
    engine.start();
    const waitFor = async (done: () => boolean) => {
      for (let i = 0; i < 400 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
      return done();
    };
    expect(await waitFor(() => engine!.actor.getSnapshot().matches('running'))).toBe(true);
    expect(engine.client!.serverClock.known).toBe(true); // Date header read (A7-21)
    expect(engine.client!.geo?.countryCode).toBe('KZ'); // geo headers read (S7-17)
    expect(await waitFor(() => engine!.actor.getSnapshot().context.pushOpen)).toBe(true);

    for (let step = 1; step <= 100; step++) {
      sim.advanceTo(START + step * 2500);
      clock.increment(2500);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    const expected = rows(truth(source, sim.time));
    expect(await waitFor(() => sameRows(rows(clientView(engine!.scoreboard.snapshot().events)), expected))).toBe(true);
  });
});

function sameRows(a: Map<string, unknown>, b: Map<string, unknown>): boolean {
  if (a.size !== b.size) return false;
  for (const [id, row] of a) if (JSON.stringify(row) !== JSON.stringify(b.get(id))) return false;
  return true;
}
