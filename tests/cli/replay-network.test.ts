// The replay runs the browser's own network code: each page's feed clients, server clock and push connection
// come from the browser's factory (machines/site-network.ts) over a fake fetch and a fake WebSocket driven by
// the simulated clock, and the faults act there. So a lost push connection reconnects on the push client's
// real back-off, and a lost or failed answer goes through the real feed request's timeout and retries.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createWorldBackend } from '../../cli/replay/backend';
import { fakeFetch, feedRequestOf, REPLAY_ORIGIN } from '../../cli/replay/fake-fetch';
import { FakePushGateway } from '../../cli/replay/fake-websocket';
import type { FaultKind } from '../../cli/replay/faults';
import { Harness, type VirtualClock } from '../../cli/replay/harness';
import { REQUEST_TIMEOUT_MS, RETRY_STEP_MS } from '../../machines/feed-request';
import { INITIAL_BACKOFF_MS } from '../../machines/push-client';
import { createSiteNetwork } from '../../machines/site-network';
import type { Fact, FactBody } from '../../sim/facts';
import { DEFAULT_FEED_PAGE } from '../../src/net/feed-names';
import type { FeedSource, PushMessage } from '../../src/protocol/feed-source';

const MIN = 60_000;
/** 2026-09-02 10:00 UTC: the log starts; kick-off a minute later. */
const T0 = Date.UTC(2026, 8, 2, 10, 0, 0);
const KICK_OFF = T0 + MIN;
const GOAL = T0 + 6 * MIN;
const SECOND_GOAL = T0 + 20 * MIN;
const ID = 'Nw1m001';
const SOCCER = 1;
/** Small steps, so timers fire at their own times. */
const STEP_MS = 250;

function matchFacts(): Fact[] {
  const seconds = (ms: number) => Math.floor(ms / 1000);
  const bodies: [number, FactBody][] = [
    [
      T0,
      {
        type: 'LeagueCreated',
        league: {
          id: '1_nw1',
          sportId: SOCCER,
          top: true,
          name: 'ҚАЗАҚСТАН: Желі лигасы',
          stageId: 'nw1',
          templateId: 'nwt1',
          countryId: 108,
          countryName: 'Қазақстан',
          type: 't',
          tournamentId: 'nwtr1',
          sortKey: '0nw1',
        },
      } as FactBody,
    ],
    [
      T0,
      {
        type: 'MatchScheduled',
        match: {
          id: ID,
          sportId: SOCCER,
          leagueId: '1_nw1',
          fields: {
            startTime: seconds(KICK_OFF),
            stageType: 1,
            stage: 1,
            home: 'Үй',
            away: 'Қонақ',
            homeParticipantId: 'h1',
            awayParticipantId: 'a1',
            gameTime: -1,
          },
        },
      },
    ],
    [
      KICK_OFF,
      {
        type: 'MatchStarted',
        matchId: ID,
        stage: 12,
        periodStartTime: seconds(KICK_OFF),
        gameTime: -1,
        score: { homeScore: 0, awayScore: 0 },
      },
    ],
    [GOAL, { type: 'ScoreChanged', matchId: ID, score: { homeScore: 1 } }],
    [SECOND_GOAL, { type: 'ScoreChanged', matchId: ID, score: { awayScore: 1 } }],
  ];
  return bodies.map(([time, body], i) => ({ ...body, seq: i + 1, time }) as Fact);
}

interface Logs {
  readonly requests: { feed: string; time: number; fault: FaultKind | null }[];
  readonly sockets: { event: string; time: number }[];
  readonly push: { state: string; time: number }[];
}

/** A harness over the one match with the soccer page's network and push connection watched. */
function harness(): { harness: Harness; logs: Logs } {
  const clock: VirtualClock = { time: T0 };
  const backend = createWorldBackend({
    facts: matchFacts(),
    page: DEFAULT_FEED_PAGE,
    sports: [SOCCER],
    now: () => clock.time,
  });
  const h = new Harness({ backend, clock, stepMs: STEP_MS, seed: 3 });
  const client = h.client(SOCCER)!;
  const logs: Logs = { requests: [], sockets: [], push: [] };
  client.network.watch({
    request: (feed, time, fault) => logs.requests.push({ feed, time, fault }),
    socket: (event, time) => logs.sockets.push({ event, time }),
  });
  let last = '';
  client.push.subscribe((snapshot) => {
    const state = String(snapshot.value);
    if (state !== last) logs.push.push({ state, time: client.clock.now() });
    last = state;
  });
  return { harness: h, logs };
}

/** Times at which the push connection started connecting, from `after` on. */
const connectingAfter = (logs: Logs, after: number) =>
  logs.push.filter((e) => e.state === 'connecting' && e.time > after).map((e) => e.time);

describe('replay runs the browser network code', () => {
  it('S8-3 S7-23: a lost push connection (pushloss) reconnects on the push client back-off, 1 s then doubling while refused', async () => {
    const { harness: h, logs } = harness();
    await h.start();
    await h.advanceTo(GOAL - 30_000);
    expect(h.client(SOCCER)!.push.getSnapshot().value).toBe('open');
    await h.fault(SOCCER, 'pushloss');
    await h.advanceTo(GOAL + 60_000);
    // The goal's frame took the connection down with it, at the goal's time.
    const dropped = logs.sockets.find((e) => e.event === 'dropped');
    expect(dropped?.time).toBe(GOAL);
    expect(logs.push.find((e) => e.state === 'waitingToReconnect' && e.time >= GOAL)?.time).toBe(GOAL);
    // Each attempt waits 1 s, 2 s, 4 s … after the last; all but the last were refused, the last opened.
    const attempts = connectingAfter(logs, GOAL);
    const waits = attempts.map((t, i) => t - (i === 0 ? GOAL : attempts[i - 1]!));
    expect(waits.length).toBeGreaterThan(1);
    expect(waits).toEqual(waits.map((_, i) => INITIAL_BACKOFF_MS * 2 ** i));
    const outcomes = logs.sockets.filter((e) => e.time > GOAL && e.time <= attempts.at(-1)!).map((e) => e.event);
    expect(outcomes).toEqual([...waits.slice(1).map(() => 'refused'), 'open']);
    expect(h.client(SOCCER)!.push.getSnapshot().value).toBe('open');
    // Meanwhile the page polled (S4-2) and showed the goal.
    expect(h.client(SOCCER)!.shownEvents().get(ID)?.homeScore).toBe(1);
    expect(h.counter.byKind.get('pushloss')).toBe(1);
    h.stop();
  });

  it('S8-3 A4-11: offline for 20 s, the socket drops and the push client retries at 1, 3, 7, 15 s and opens at 31 s', async () => {
    const { harness: h, logs } = harness();
    await h.start();
    await h.advanceTo(GOAL + 30_000);
    const off = h.time;
    await h.run({ op: 'online', sport: SOCCER, online: false });
    await h.advanceTo(off + 20_000);
    await h.run({ op: 'online', sport: SOCCER, online: true });
    await h.advanceTo(off + 60_000);
    expect(logs.sockets.find((e) => e.time >= off)).toEqual({ event: 'dropped', time: off });
    expect(connectingAfter(logs, off).map((t) => t - off)).toEqual([1_000, 3_000, 7_000, 15_000, 31_000]);
    const after = logs.sockets.filter((e) => e.time > off).map((e) => [e.event, e.time - off]);
    expect(after).toEqual([
      ['refused', 1_000],
      ['refused', 3_000],
      ['refused', 7_000],
      ['refused', 15_000],
      ['open', 31_000],
    ]);
    h.stop();
  });

  it('A9-2 S8-1: a dropped answer times out after 30 s in the feed request and is asked again; a 503 is retried at once, then after 250 ms', async () => {
    const { harness: h, logs } = harness();
    await h.start();
    await h.advanceTo(KICK_OFF + 2 * MIN);
    await h.fault(SOCCER, 'drop');
    await h.advanceTo(h.time + 45_000);
    const droppedAt = logs.requests.findIndex((r) => r.fault === 'drop');
    expect(droppedAt).toBeGreaterThanOrEqual(0);
    const dropped = logs.requests[droppedAt]!;
    const again = logs.requests.slice(droppedAt + 1).find((r) => r.feed === dropped.feed)!;
    expect(again.time - dropped.time).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS);
    expect(again.time - dropped.time).toBeLessThanOrEqual(REQUEST_TIMEOUT_MS + STEP_MS);

    await h.fault(SOCCER, 'error');
    await h.fault(SOCCER, 'error');
    await h.advanceTo(h.time + 45_000);
    const firstError = logs.requests.findIndex((r) => r.fault === 'error');
    const failed = logs.requests[firstError]!;
    const tries = logs.requests.slice(firstError).filter((r) => r.feed === failed.feed);
    expect(tries.slice(0, 3).map((r) => r.fault)).toEqual(['error', 'error', null]);
    const gaps = [tries[1]!.time - tries[0]!.time, tries[2]!.time - tries[1]!.time];
    // The first retry is immediate (the next clock step here), the second waits RETRY_STEP_MS (S8-1).
    expect(gaps[0]).toBeLessThanOrEqual(STEP_MS);
    expect(gaps[1]).toBe(RETRY_STEP_MS);
    h.stop();
  });

  it('S7-21: the fake fetch answers through the browser transport with a Date header the page server clock learns', async () => {
    let serverTime = T0 + 12_345;
    const server: FeedSource = {
      fetch: (request) => ({ status: 200, headers: {}, body: `SA÷1¬~ZA÷${request.feed}¬` }),
      onPush: () => () => {},
      now: () => serverTime,
    };
    const network = createSiteNetwork({
      fetch: fakeFetch({ answer: async (r) => server.fetch(r), serverNow: () => server.now() }),
      WebSocket: new FakePushGateway({ server: () => server, clock: { now: () => T0, setTimeout: () => 0 } }).WebSocket,
      origin: () => REPLAY_ORIGIN,
      now: () => T0,
      timezoneHour: () => 5,
    });
    const answer = await network.fetchFeed({ kind: 'full', sport: 1, day: 0 });
    expect(answer.status).toBe(200);
    expect(answer.serverTime).toBe(T0 + 12_000); // HTTP dates are to the second
    expect(network.serverNow()).toBe(T0 + 12_000);
    serverTime += 60_000;
    expect(await network.fetchDetail('dc_1_x')).toContain('dc_1_x');
    expect(feedRequestOf(`${REPLAY_ORIGIN}/47/x/feed/u_1_1`, { 'X-Signature': 's' })).toEqual({
      feed: 'u_1_1',
      projectId: 47,
      headers: { 'x-signature': 's' },
    });
  });

  it('S7-23: the fake WebSocket opens, takes subscribe frames and carries only the subjects asked for', async () => {
    const listeners = new Set<(m: PushMessage) => void>();
    const server: FeedSource = {
      fetch: () => ({ status: 204, headers: {}, body: '' }),
      onPush: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      now: () => T0,
    };
    const gateway = new FakePushGateway({ server: () => server, clock: { now: () => T0, setTimeout: () => 0 } });
    const socket = new gateway.WebSocket('ws://replay.invalid/push');
    const heard: unknown[] = [];
    let opened = false;
    socket.onopen = () => {
      opened = true;
      socket.send(JSON.stringify({ subscribe: ['u_1_1'] }));
    };
    socket.onmessage = (event) => heard.push(event.data);
    await Promise.resolve();
    expect(opened).toBe(true);
    for (const listener of listeners) listener({ subject: 'u_1_1', body: 'a' });
    for (const listener of listeners) listener({ subject: 'u_2_1', body: 'b' });
    await Promise.resolve();
    expect(heard).toEqual([JSON.stringify({ subject: 'u_1_1', body: 'a' })]);
    let closed = false;
    socket.onclose = () => {
      closed = true;
    };
    gateway.drop(5_000);
    await Promise.resolve();
    expect(closed).toBe(true);
    expect(listeners.size).toBe(0);
  });

  it('the browser and the replay build their network with the same factory', () => {
    for (const file of ['web/app/browser-site.ts', 'cli/replay/client.ts', 'cli/replay/site.ts']) {
      const source = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
      expect({ file, factory: /createSiteNetwork\(\{/.test(source) }).toEqual({ file, factory: true });
    }
  });
});
