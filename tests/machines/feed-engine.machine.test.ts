// The feed engine as a machine (machines/feed/engine-machine.ts): several lists on one engine, each
// with its own feed cycle, live marker and board, coordinated by the engine; on a SimulatedClock.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { createFeedEngine } from '../../machines/feed-engine';
import { type FeedBoard, scoreboardBoard } from '../../machines/feed/board';
import { provideFeedEngine } from '../../machines/feed/engine-effects';
import { liveMarkerId } from '../../machines/feed/engine-machine';
import { feedListHandle, openFeedList } from '../../machines/feed/list-handle';
import type { FeedAnswer, FeedCall } from '../../src/net/feed-call';
import type { ListFeed } from '../../src/protocol/list-feed-types';
import { createScoreboard, type FieldChange, type Scoreboard } from '../../src/scoreboard/store';
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

function fullFeed(sport: number, id: string): ListFeed {
  const leagueId = `${sport}_aaa`;
  return listFeed({
    sport,
    signature: '10',
    refreshUtime: 100,
    leagues: [league(leagueId)],
    events: [event(id, leagueId, { startTime: T, stageType: 2, homeScore: 0, awayScore: 0 })],
  });
}

/** An engine on a SimulatedClock with lists opened on it, and the feed calls they make. */
function engineHarness() {
  const clock = new SimulatedClock();
  const now = () => NOW + clock.now();
  const pending: Pending[] = [];
  const problems: string[] = [];
  const machine = provideFeedEngine({
    fetchFeed: (call) =>
      new Promise<FeedAnswer>((resolve, reject) => {
        pending.push({ call, resolve, reject });
      }),
    subscribePush: null,
    logProblem: (message) => problems.push(message),
    random: () => 0.5,
  });
  const engine = createActor(machine, { clock, input: {} }).start();
  const boards = new Map<string, Scoreboard>();
  function open(id: string, sport: number, wrap: (board: FeedBoard) => FeedBoard = (board) => board) {
    const scoreboard = createScoreboard({ now, serverNow: now, collapsedCookie: null });
    boards.set(id, scoreboard);
    return openFeedList(engine, { id, sport, push: false, now, board: wrap(scoreboardBoard(scoreboard)) });
  }
  const sportOf = (call: FeedCall) => ('sport' in call ? call.sport : null);
  /** Answers the oldest pending call of a kind for a sport. */
  async function reply(sport: number, kind: FeedCall['kind'], parts: Partial<FeedAnswer> = {}) {
    const index = pending.findIndex((p) => p.call.kind === kind && sportOf(p.call) === sport);
    if (index < 0) throw new Error(`no pending ${kind} call of sport ${sport}`);
    const [p] = pending.splice(index, 1);
    p.resolve(answer(p.call, parts));
    await flush();
  }
  async function fail(sport: number, kind: FeedCall['kind']) {
    const index = pending.findIndex((p) => p.call.kind === kind && sportOf(p.call) === sport);
    if (index < 0) throw new Error(`no pending ${kind} call of sport ${sport}`);
    const [p] = pending.splice(index, 1);
    p.reject(new Error('network down'));
    await flush();
  }
  async function load(sport: number, id: string) {
    await reply(sport, 'repair', { feed: listFeed({ sport, signature: '9' }) });
    await reply(sport, 'full', { feed: fullFeed(sport, id) });
  }
  async function advance(ms: number) {
    clock.increment(ms);
    await flush();
  }
  const kinds = (sport: number) => pending.filter((p) => sportOf(p.call) === sport).map((p) => p.call.kind);
  return { engine, clock, pending, problems, boards, open, reply, fail, load, advance, kinds };
}

describe('feed engine machine: lists on one engine', () => {
  it('S4-11 each list has its own cycle and live marker: a stage change clears that list’s mark 180 s later, not the other’s', async () => {
    const h = engineHarness();
    const a = h.open('a', 1);
    const b = h.open('b', 2);
    expect(h.engine.getSnapshot().children[liveMarkerId('a')]).toBe(a.liveMarker);
    await h.load(1, 'e1');
    await h.load(2, 'f1');
    expect(a.cycle.getSnapshot().matches('running')).toBe(true);
    expect(b.cycle.getSnapshot().matches('running')).toBe(true);
    const a1 = () => h.boards.get('a')!.getEvent('e1')!;
    const b1 = () => h.boards.get('b')!.getEvent('f1')!;
    expect([a1().liveMarked, b1().liveMarked]).toEqual([true, true]);

    await h.advance(5_000);
    await h.reply(1, 'update', {
      feed: listFeed({ signature: '11', events: [event('e1', '1_aaa', { stageType: 3 })] }),
    });
    await h.reply(2, 'update', { noData: true, status: 304, feed: null });
    for (let t = 0; t < 180_000; t += 5_000) {
      await h.advance(5_000);
      for (const sport of [1, 2]) {
        if (h.kinds(sport).includes('update'))
          await h.reply(sport, 'update', { noData: true, status: 304, feed: null });
      }
    }
    expect(a1().stageType).toBe(3);
    expect(a1().liveMarked).toBe(false);
    expect(b1().liveMarked).toBe(true);
  });

  it('A4-11 the page’s online state reaches every list’s feed requests: retries wait while offline', async () => {
    const h = engineHarness();
    h.open('a', 1);
    h.open('b', 2);
    await h.load(1, 'e1');
    await h.load(2, 'f1');
    h.engine.send({ type: 'page.online', online: false });
    await h.advance(5_000);
    await h.fail(1, 'update');
    await h.fail(2, 'update');
    await h.advance(10_000);
    expect(h.pending).toHaveLength(0);
    h.engine.send({ type: 'page.online', online: true });
    expect([h.kinds(1), h.kinds(2)]).toEqual([['update'], ['update']]);
    expect(h.engine.getSnapshot().context.page).toEqual({ online: true, visible: true });
  });

  it('A4-11 a list opened while the page is hidden starts with its requests paused', async () => {
    const h = engineHarness();
    h.engine.send({ type: 'page.visibility', visible: false });
    const a = h.open('a', 1);
    expect(a.cycle.getSnapshot().context.signals).toEqual({ online: true, visible: false });
  });

  it('S1-6 field changes go to the watchers of the list whose update or repair feed made them, while watched', async () => {
    const h = engineHarness();
    const a = h.open('a', 1);
    const b = h.open('b', 2);
    await h.load(1, 'e1');
    await h.load(2, 'f1');
    const heard: { list: string; changes: readonly FieldChange[] }[] = [];
    const unwatchA = a.watchApplies((changes) => heard.push({ list: 'a', changes }));
    b.watchApplies((changes) => heard.push({ list: 'b', changes }));

    await h.advance(5_000);
    await h.reply(1, 'update', {
      feed: listFeed({ signature: '11', events: [event('e1', '1_aaa', { homeScore: 1 })] }),
    });
    await h.reply(2, 'update', { noData: true, status: 304, feed: null });
    expect(heard.map((h) => h.list)).toEqual(['a']);
    expect(heard[0].changes.map((c) => [c.before.homeScore, c.after.homeScore])).toEqual([[0, 1]]);

    unwatchA();
    await h.advance(5_000);
    await h.reply(1, 'update', {
      feed: listFeed({ signature: '12', events: [event('e1', '1_aaa', { homeScore: 2 })] }),
    });
    await h.reply(2, 'update', {
      feed: listFeed({ signature: '11', events: [event('f1', '2_aaa', { homeScore: 3 })] }),
    });
    expect(heard.map((h) => h.list)).toEqual(['a', 'b']);
    expect(h.boards.get('a')!.getEvent('e1')!.homeScore).toBe(2);
  });

  it('closing a list stops its cycle and live marker; its late answers change nothing and the other list runs on', async () => {
    const h = engineHarness();
    const a = h.open('a', 1);
    h.open('b', 2);
    await h.load(1, 'e1');
    await h.load(2, 'f1');
    await h.advance(5_000);
    a.close();
    expect(a.cycle.getSnapshot().status).toBe('stopped');
    expect(a.liveMarker.getSnapshot().status).toBe('stopped');
    expect(Object.keys(h.engine.getSnapshot().children).sort()).toEqual(['b', liveMarkerId('b'), 'pageSignals']);
    expect(Object.keys(h.engine.getSnapshot().context.lists)).toEqual(['b']);
    await h.reply(1, 'update', {
      feed: listFeed({ signature: '11', events: [event('e1', '1_aaa', { homeScore: 5 })] }),
    });
    expect(h.boards.get('a')!.getEvent('e1')!.homeScore).toBe(0);
    await h.reply(2, 'update', {
      feed: listFeed({ signature: '11', events: [event('f1', '2_aaa', { homeScore: 1 })] }),
    });
    expect(h.boards.get('b')!.getEvent('f1')!.homeScore).toBe(1);
  });

  it('a list whose store write throws is logged as stopped; the engine and the other list run on', async () => {
    const h = engineHarness();
    h.open('a', 1);
    const broken = h.open('b', 2, (board) => ({
      ...board,
      applyFull: () => {
        throw new Error('store broke');
      },
    }));
    await h.load(1, 'e1');
    await h.load(2, 'f1');
    expect(broken.cycle.getSnapshot().status).toBe('error');
    expect(h.problems).toEqual(['feed cycle stopped: Error: store broke']);
    expect(h.engine.getSnapshot().status).toBe('active');
    await h.advance(5_000);
    expect(h.kinds(1)).toEqual(['update']);
  });

  it('a list handle names only lists the engine holds', () => {
    const h = engineHarness();
    expect(() => feedListHandle(h.engine, 'nope')).toThrow(/no list 'nope'/);
  });
});

describe('feed engine: where time comes from', () => {
  it('S4-3 the page’s sync time is read from the `now` it was given', async () => {
    const h = engineHarness();
    const a = h.open('a', 1);
    await h.advance(1_000);
    await h.load(1, 'e1');
    expect(a.cycle.getSnapshot().context.lastSyncAt).toBe(NOW + 1_000);
  });

  it('DESIGN createFeedEngine takes no wall clock: without `now`, a clock with now() or an in-process source it throws', () => {
    const fetcher = async (call: FeedCall) => answer(call);
    expect(() => createFeedEngine({ fetcher, sport: 1 })).toThrow(/needs `now`/);
    const clock = new SimulatedClock();
    clock.set(5_000);
    const engine = createFeedEngine({ fetcher, sport: 1, clock, push: null });
    expect(engine.scoreboard).toBeDefined();
  });
});
