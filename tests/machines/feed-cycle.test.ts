import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { createFeedEngine, type FeedEngineOptions } from '../../machines/feed-engine';
import { initialPlan } from '../../machines/feed-cycle';
import type { FeedAnswer, FeedCall } from '../../src/net/feed-call';
import type { PushChannel, PushStatus } from '../../machines/push-client';
import type { ListFeed } from '../../src/protocol/list-feed-types';
import { answer, event, league, listFeed } from '../scoreboard/helpers/answers';

const NOW = Date.UTC(2026, 8, 1, 6, 0);
const T = Date.UTC(2026, 7, 31, 19, 0) / 1000 + 12 * 3600;
const flush = async () => {
  for (let i = 0; i < 4; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

interface Pending {
  readonly call: FeedCall;
  resolve(answer: FeedAnswer): void;
  reject(error: Error): void;
}

function fullFeed(extra: Partial<ListFeed> = {}): ListFeed {
  return listFeed({
    signature: '10',
    refreshUtime: 100,
    leagues: [league('1_aaa')],
    events: [event('e1', '1_aaa', { startTime: T, stageType: 2, homeScore: 0, awayScore: 0 })],
    ...extra,
  });
}

function harness(options: Partial<FeedEngineOptions> = {}) {
  const clock = new SimulatedClock();
  const pending: Pending[] = [];
  const history: FeedCall[] = [];
  let push: {
    subjects: readonly string[];
    onMessage: (m: { subject: string; body: string }) => void;
    onStatus?: (s: PushStatus) => void;
  } | null = null;
  let pushSubscriptions = 0;
  const channel: PushChannel = {
    subscribe(subjects, onMessage, onStatus) {
      pushSubscriptions++;
      push = { subjects, onMessage, onStatus };
      return () => {
        push = null;
      };
    },
  };
  const cookie = { value: null as string | null };
  const engine = createFeedEngine({
    fetcher: (call) =>
      new Promise<FeedAnswer>((resolve, reject) => {
        history.push(call);
        pending.push({ call, resolve, reject });
      }),
    sport: 1,
    clock,
    now: () => NOW + clock.now(),
    push: channel,
    random: () => 0.5,
    collapsedCookie: { read: () => cookie.value, write: (v) => (cookie.value = v) },
    ...options,
  }).start();
  /** Answers the oldest pending call of a kind. */
  async function reply(kind: FeedCall['kind'], parts: Partial<FeedAnswer> = {}) {
    const index = pending.findIndex((p) => p.call.kind === kind);
    if (index < 0) throw new Error(`no pending ${kind} call; pending: ${pending.map((p) => p.call.kind)}`);
    const [p] = pending.splice(index, 1);
    p.resolve(answer(p.call, parts));
    await flush();
    return p.call;
  }
  async function fail(kind: FeedCall['kind']) {
    const index = pending.findIndex((p) => p.call.kind === kind);
    const [p] = pending.splice(index, 1);
    p.reject(new Error('network down'));
    await flush();
  }
  async function advance(ms: number) {
    clock.increment(ms);
    await flush();
  }
  async function load(feed = fullFeed()) {
    await reply('repair', { feed: listFeed({ signature: '9' }) });
    await reply('full', { feed });
  }
  const state = () => engine.actor.getSnapshot();
  const kinds = () => pending.map((p) => p.call.kind);
  return {
    engine,
    clock,
    pending,
    history,
    cookie,
    reply,
    fail,
    advance,
    load,
    state,
    kinds,
    get push() {
      return push;
    },
    get pushSubscriptions() {
      return pushSubscriptions;
    },
  };
}

describe('feed cycle: initial load', () => {
  it('S4-1 S2-29 day 0 and −1 load the repair feed first, then the full feed; other days only the full feed', () => {
    const plan = (day: number) =>
      initialPlan({ scope: 'default', sport: 1, day, myGames: { needs: [], ids: [] } }).map((s) => s.call.kind);
    expect(plan(0)).toEqual(['repair', 'full']);
    expect(plan(-1)).toEqual(['repair', 'full']);
    expect(plan(1)).toEqual(['full']);
    expect(plan(-2)).toEqual(['full']);
  });

  it('S4-1 the repair loaded first is applied over the full feed', async () => {
    const h = harness();
    expect(h.kinds()).toEqual(['repair']);
    await h.reply('repair', {
      feed: listFeed({
        signature: '11',
        repair: [event('e1', '1_aaa', { startTime: T, stageType: 2, homeScore: 1, awayScore: 0 })],
      }),
    });
    expect(h.kinds()).toEqual(['full']);
    await h.reply('full', { feed: fullFeed() });
    expect(h.engine.scoreboard.getEvent('e1')!.homeScore).toBe(1);
    expect(h.state().matches('running')).toBe(true);
  });

  it('S4-1 another day loads only the full feed; day.select restarts the initial action', async () => {
    const h = harness({ day: 2 });
    expect(h.kinds()).toEqual(['full']);
    expect(h.pending[0].call).toEqual({ kind: 'full', sport: 1, day: 2 });
    await h.reply('full', { feed: fullFeed({ events: [event('e9', '1_aaa', { startTime: T + 2 * 86_400 })] }) });
    expect(h.engine.scoreboard.getEvent('e9')).toBeDefined();
    h.engine.send({ type: 'day.select', day: -1 });
    expect(h.kinds()).toEqual(['repair']);
    await h.load(fullFeed({ events: [event('y1', '1_aaa', { startTime: T - 86_400 })] }));
    expect([...h.engine.scoreboard.snapshot().events.keys()]).toEqual(['y1']);
  });

  it('S4-5 S8-3 a failed parse retries the initial action after a random 20–80 s', async () => {
    const h = harness({ random: () => 0.25 }); // 20 s + 0.25 × 60 s = 35 s
    await h.reply('repair', { feed: listFeed() });
    await h.reply('full', { feed: null, parseFailed: true });
    expect(h.state().matches('waitingToRetry')).toBe(true);
    await h.advance(34_999);
    expect(h.pending).toHaveLength(0);
    await h.advance(1);
    expect(h.kinds()).toEqual(['repair']);
  });

  it('S4-5 the random source decides the delay: 20 s at 0, 80 s at 1', async () => {
    for (const [random, delay] of [
      [0, 20_000],
      [0.999999, 80_000],
    ] as const) {
      const h = harness({ random: () => random });
      await h.reply('repair', { feed: null, parseFailed: true });
      await h.advance(delay - 100);
      expect(h.pending).toHaveLength(0);
      await h.advance(100);
      expect(h.kinds()).toEqual(['repair']);
    }
  });

  it('S8-1 max attempts on the initial action also waits for the randomized retry', async () => {
    const h = harness();
    await h.fail('repair');
    await h.fail('repair');
    await h.advance(250);
    await h.fail('repair');
    await h.advance(500);
    await h.fail('repair');
    expect(h.state().matches('waitingToRetry')).toBe(true);
  });
});

describe('feed cycle: updates, push and sys', () => {
  it('S4-2 S9-4 update feeds every 5 s while polling, sent with the last signature', async () => {
    const h = harness({ push: null });
    await h.load();
    await h.advance(4_999);
    expect(h.pending).toHaveLength(0);
    await h.advance(1);
    expect(h.pending[0].call).toEqual({ kind: 'update', sport: 1, signature: '10' });
    await h.reply('update', { feed: listFeed({ signature: '12', events: [event('e1', '1_aaa', { homeScore: 1 })] }) });
    expect(h.engine.scoreboard.getEvent('e1')!.homeScore).toBe(1);
    await h.advance(5_000);
    expect(h.pending[0].call).toEqual({ kind: 'update', sport: 1, signature: '12' });
  });

  it('S4-6 304/204/1223/empty answers bring no data but count as a sync', async () => {
    const h = harness({ push: null });
    await h.load();
    for (const status of [304, 204, 1223]) {
      await h.advance(5_000);
      await h.reply('update', { status, noData: true, feed: null });
    }
    await h.advance(5_000);
    // Still fresh (synced 5 s ago), so an update, not a repair.
    expect(h.kinds()).toEqual(['update']);
    expect(h.pending[0].call).toMatchObject({ signature: '10' });
  });

  it('A2 newer than the refresh time the page loaded with reloads the page', async () => {
    const h = harness({ push: null });
    await h.load();
    await h.advance(5_000);
    await h.reply('update', { feed: listFeed({ signature: '11', refreshUtime: 100 }) });
    await h.advance(5_000);
    await h.reply('update', { feed: listFeed({ signature: '12', refreshUtime: 99 }) }); // stale A2: ignored
    expect(h.state().matches('running')).toBe(true);
    await h.advance(5_000);
    await h.reply('update', { feed: listFeed({ signature: '13', refreshUtime: 101 }) });
    expect(h.state().matches('loading')).toBe(true);
    expect(h.kinds()).toEqual(['repair']);
  });

  it('S4-3 a stale sync runs the repair feed; beyond 0.8 × 300 s the page restarts', async () => {
    const h = harness({ push: null });
    await h.load();
    // Updates keep failing: no sync after the load.
    const failRound = async () => {
      await h.fail('update');
      await h.fail('update');
      await h.advance(250);
      await h.fail('update');
      await h.advance(500);
      await h.fail('update');
    };
    await h.advance(5_000);
    await failRound();
    await h.advance(5_000);
    expect(h.kinds()).toEqual(['repair']); // 10.75 s since the last sync > 8 s
    await h.reply('repair', {
      feed: listFeed({ repair: [event('e1', '1_aaa', { startTime: T, stageType: 2, homeScore: 4 })] }),
    });
    const lastSync = h.clock.now();
    expect(h.engine.scoreboard.getEvent('e1')!.homeScore).toBe(4); // S4-4
    await h.advance(5_000);
    expect(h.kinds()).toEqual(['update']); // fresh again
    // Now nothing answers for a long time.
    for (let i = 0; i < 300 && !h.state().matches('loading'); i++) {
      while (h.pending.length > 0) await h.fail(h.pending[0].call.kind);
      await h.advance(1_000);
    }
    expect(h.state().matches('loading')).toBe(true);
    expect(h.clock.now()).toBeGreaterThan(lastSync + 240_000);
    expect(h.clock.now()).toBeLessThan(lastSync + 240_000 + 5_000 + 1_000);
  });

  it('S4-2 push connects only when data exists; while open, updates check every 10 s and sys is not polled', async () => {
    const empty = harness();
    await empty.load(fullFeed({ events: [] }));
    expect(empty.pushSubscriptions).toBe(0);

    const h = harness();
    await h.load();
    expect(h.pushSubscriptions).toBe(1);
    expect(h.push!.subjects).toEqual(['u_1_1']);
    h.push!.onStatus!('open');
    await flush();
    await h.advance(5_000); // the tick scheduled before push opened
    await h.reply('update', { noData: true, status: 304, feed: null });
    await h.advance(9_999);
    expect(h.pending).toHaveLength(0);
    await h.advance(1);
    expect(h.kinds()).toEqual(['update']);
    await h.reply('update', { noData: true, status: 304, feed: null });
    await h.advance(60_000);
    expect(h.history.filter((c) => c.kind === 'sys')).toHaveLength(0);
  });

  it('S4-2 push messages apply as updates; S8-2 an unparseable push is only logged', async () => {
    const problems: string[] = [];
    const h = harness({ log: (m) => problems.push(m) });
    await h.load();
    h.push!.onStatus!('open');
    h.push!.onMessage({ subject: 'u_1_1', body: 'SA÷1¬~AA÷e1¬AG÷2¬~~A1÷20¬~' });
    await flush();
    expect(h.engine.scoreboard.getEvent('e1')!.homeScore).toBe(2);
    h.push!.onMessage({ subject: 'u_1_1', body: 'garbage without structure' });
    await flush();
    expect(problems).toEqual(['unparseable push on u_1_1']);
    expect(h.state().matches('running')).toBe(true);
  });

  it('S8-3 S4-2 when push fails, polling takes over and the sys feed is polled every 60 s', async () => {
    const h = harness();
    await h.load();
    h.push!.onStatus!('open');
    await flush();
    h.push!.onStatus!('failed');
    await flush();
    expect(h.state().matches({ running: { push: 'failed' } })).toBe(true);
    await h.advance(5_000);
    expect(h.kinds()).toEqual(['update']);
    await h.reply('update', { noData: true, status: 304, feed: null });
    for (let i = 0; i < 11; i++) {
      await h.advance(5_000);
      if (h.kinds().includes('update')) await h.reply('update', { noData: true, status: 304, feed: null });
    }
    expect(h.kinds()).toContain('sys');
    await h.reply('sys', {
      feed: null,
      sys: { utime: 1, serviceStatus: null, syncMultiplier: null, updateInterval: null },
    });
  });

  it('S4-2 a closed push socket falls back to polling until it opens again', async () => {
    const h = harness();
    await h.load();
    h.push!.onStatus!('open');
    await flush();
    h.push!.onStatus!('closed');
    await flush();
    await h.advance(5_000);
    expect(h.kinds()).toEqual(['update']);
  });
});

describe('feed cycle: tabs, My Games, page signals, collapse', () => {
  it('S4-9 selecting My Games sets today, loads the needed sports and days, then a repair; leaving swaps scopes back', async () => {
    const h = harness({ day: 2 });
    await h.reply('full', { feed: fullFeed({ events: [event('d2', '1_aaa', { startTime: T + 2 * 86_400 })] }) });
    h.engine.send({
      type: 'myGames.changed',
      needs: [
        { sport: 1, day: 1 },
        { sport: 2, day: 0 },
      ],
      ids: ['g1', 't1'],
    });
    h.engine.send({ type: 'tab.select', tab: 'myGames' });
    expect(h.state().context).toMatchObject({ day: 0, scope: 'mygames', tab: 'myGames' });
    expect(h.engine.scoreboard.activeScope).toBe('mygames');
    const steps: FeedCall[] = [];
    steps.push(
      await h.reply('full', {
        feed: fullFeed({
          events: [event('g1', '1_aaa', { startTime: T + 86_400 }), event('other', '1_aaa', { startTime: T })],
        }),
      }),
    );
    steps.push(
      await h.reply('full', {
        feed: listFeed({ sport: 2, leagues: [league('2_ttt')], events: [event('x', '2_ttt', { startTime: T })] }),
      }),
    );
    steps.push(await h.reply('repair', { feed: listFeed() }));
    steps.push(await h.reply('repair', { feed: listFeed({ sport: 2 }) }));
    expect(steps).toEqual([
      { kind: 'full', sport: 1, day: 1 },
      { kind: 'full', sport: 2, day: 0 },
      { kind: 'repair', sport: 1 },
      { kind: 'repair', sport: 2 },
    ]);
    // Only My Games members (by event id or league id) are held in the mygames scope.
    expect([...h.engine.scoreboard.snapshot().events.keys()]).toEqual(['g1']);
    h.engine.send({ type: 'tab.select', tab: 'all' });
    expect(h.engine.scoreboard.activeScope).toBe('default');
    expect(h.state().context.day).toBe(0);
    expect(h.kinds()).toEqual(['repair']);
  });

  it('S4-9 My Games polls the update feed of every needed sport', async () => {
    const h = harness({
      tab: 'myGames',
      myGames: {
        needs: [
          { sport: 1, day: 0 },
          { sport: 4, day: 0 },
        ],
        ids: [],
      },
      push: null,
    });
    await h.reply('full');
    await h.reply('full');
    await h.reply('repair');
    await h.reply('repair');
    await h.advance(5_000);
    await h.reply('update', { noData: true, status: 304, feed: null });
    expect(h.kinds()).toEqual(['update']);
    expect(h.pending[0].call).toMatchObject({ sport: 4 });
  });

  it('S2-28 S9-5 the odds tab loads the odds feed and refreshes it every 60 s', async () => {
    const h = harness({ push: null });
    await h.load();
    h.engine.send({ type: 'tab.select', tab: 'odds' });
    expect(h.kinds()).toEqual(['odds']);
    await h.reply('odds', { feed: listFeed({ events: [event('e1', '1_aaa', { odds1: 1.5 })] }) });
    expect(h.engine.scoreboard.getEvent('e1')!.odds1).toBe(1.5);
    await h.advance(60_000);
    expect(h.kinds()).toContain('odds');
  });

  it('A4-11 page signals reach the request actors: retries wait while hidden', async () => {
    const h = harness({ push: null });
    await h.load();
    h.engine.send({ type: 'page.visibility', visible: false });
    await h.advance(5_000);
    await h.fail('update');
    await h.advance(10_000);
    expect(h.pending).toHaveLength(0);
    h.engine.send({ type: 'page.visibility', visible: true });
    expect(h.kinds()).toEqual(['update']);
  });

  it('S4-13 toggling a league writes the collapsed-leagues cookie', async () => {
    const h = harness();
    await h.load();
    h.engine.send({ type: 'league.toggleCollapsed', leagueId: '1_aaa' });
    expect(h.engine.scoreboard.getLeague('1_aaa')!.collapsed).toBe(true);
    expect(h.cookie.value).toBe('1_aaa:h');
    h.engine.send({ type: 'league.toggleCollapsed', leagueId: '1_aaa' });
    expect(h.cookie.value).toBe('1_aaa:c');
  });

  it('S4-11 a stage change seen in an update reaches the live marker; the mark clears 180 s later', async () => {
    const h = harness({ push: null });
    await h.load();
    await h.advance(5_000);
    await h.reply('update', { feed: listFeed({ signature: '11', events: [event('e1', '1_aaa', { stageType: 3 })] }) });
    expect(h.engine.scoreboard.getEvent('e1')!.liveMarked).toBe(true);
    for (let t = 0; t < 175_000; t += 5_000) {
      await h.advance(5_000);
      if (h.kinds().includes('update')) await h.reply('update', { noData: true, status: 304, feed: null });
    }
    expect(h.engine.scoreboard.getEvent('e1')!.liveMarked).toBe(true);
    await h.advance(5_000);
    expect(h.engine.scoreboard.getEvent('e1')!.liveMarked).toBe(false);
  });
});
