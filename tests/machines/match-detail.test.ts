import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, setup, spawnChild, stopChild } from 'xstate';
import {
  type DetailFetchInput,
  type DetailPushInput,
  GAME_SYNC_MS,
  type MatchDetailEvent,
  type MatchDetailInput,
  matchDetailMachine,
} from '../../machines/match-detail';

const ID = 'AbCd1234';
const CORE = 'SA÷1¬~DA÷2¬DB÷12¬DE÷0¬DF÷0¬DX÷ST,LI¬A1÷¬~';
const hashes = (ca: string, cd: string, ce: string, cf: string) => `CA÷${ca}¬CD÷${cd}¬CE÷${ce}¬CF÷${cf}¬~A1÷¬~`;

/** Timers the SimulatedClock still holds (it keeps them in a private map). */
function pendingTimers(clock: SimulatedClock): number {
  return (clock as unknown as { timeouts: Map<number, unknown> }).timeouts.size;
}

/** Lets answered fetches and the steps they cause run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

interface Harness {
  readonly clock: SimulatedClock;
  readonly feeds: Map<string, string>;
  /** Feed names fetched, in order. */
  readonly calls: string[];
  /** Feeds whose fetch fails (the promise rejects). */
  readonly failing: Set<string>;
  readonly subjects: string[];
  readonly unsubscribed: string[];
  push(): void;
  /** Feed names fetched since the last take. */
  take(): string[];
  readonly actor: ReturnType<typeof start>;
}

function start(
  input: MatchDetailInput,
  h: Pick<Harness, 'clock' | 'feeds' | 'calls' | 'failing' | 'subjects' | 'unsubscribed'>,
  sendPush: { current: (() => void) | null },
) {
  return createActor(
    matchDetailMachine.provide({
      actors: {
        fetchDetail: fromPromise<string | null, DetailFetchInput>(async ({ input: { feed } }) => {
          h.calls.push(feed);
          if (h.failing.has(feed)) throw new Error(`fetch ${feed} failed`);
          return h.feeds.get(feed) ?? null;
        }),
        pushSubscription: fromCallback<MatchDetailEvent, DetailPushInput>(({ input, sendBack }) => {
          h.subjects.push(input.subject);
          sendPush.current = () => sendBack({ type: 'push.message' });
          return () => {
            h.unsubscribed.push(input.subject);
            sendPush.current = null;
          };
        }),
      },
    }),
    { clock: h.clock, input },
  ).start();
}

function harness(
  input: MatchDetailInput = { eventId: ID },
  feeds: Record<string, string> = {},
  failing: readonly string[] = [],
): Harness {
  const clock = new SimulatedClock();
  const state = {
    clock,
    feeds: new Map(
      Object.entries({
        [`dc_1_${ID}`]: CORE,
        [`df_su_1_${ID}`]: 'summary v1',
        [`df_st_1_${ID}`]: 'stats v1',
        [`g_1_${ID}`]: hashes('a1', 'd1', 'e1', 'f1'),
        ...feeds,
      }),
    ),
    calls: [] as string[],
    failing: new Set<string>(failing),
    subjects: [] as string[],
    unsubscribed: [] as string[],
  };
  const sendPush: { current: (() => void) | null } = { current: null };
  let taken = 0;
  const actor = start(input, state, sendPush);
  return {
    ...state,
    actor,
    push: () => sendPush.current?.(),
    take() {
      const next = state.calls.slice(taken);
      taken = state.calls.length;
      return next;
    },
  };
}

describe('match detail machine', () => {
  it('S9-4 detail polls g_ every 5 s and refetches only what changed (protocol.md §4.2)', async () => {
    const h = harness();
    await settle();
    // The core and the open tab first, then the hashes; the first hashes refresh the core once (as the page did).
    expect(h.take()).toEqual([`dc_1_${ID}`, `df_su_1_${ID}`, `g_1_${ID}`, `dc_1_${ID}`]);
    const context = h.actor.getSnapshot().context;
    expect(context.core?.stageType).toBe(2);
    expect(context.tabBody).toBe('summary v1');
    expect(h.actor.getSnapshot().matches({ sync: 'waiting' })).toBe(true);

    h.clock.increment(GAME_SYNC_MS - 1);
    await settle();
    expect(h.take()).toEqual([]);
    h.clock.increment(1);
    await settle();
    expect(h.take()).toEqual([`g_1_${ID}`]); // nothing moved: only the hashes

    h.feeds.set(`g_1_${ID}`, hashes('a1', 'd1', 'e2', 'f2')); // stats and odds moved; summary is open
    h.clock.increment(GAME_SYNC_MS);
    await settle();
    expect(h.take()).toEqual([`g_1_${ID}`]);

    h.feeds.set(`g_1_${ID}`, hashes('a1', 'd2', 'e2', 'f2'));
    h.feeds.set(`df_su_1_${ID}`, 'summary v2');
    h.clock.increment(GAME_SYNC_MS);
    await settle();
    expect(h.take()).toEqual([`g_1_${ID}`, `df_su_1_${ID}`]);
    expect(h.actor.getSnapshot().context.tabBody).toBe('summary v2');

    h.feeds.set(`g_1_${ID}`, hashes('a2', 'd2', 'e2', 'f2'));
    h.feeds.set(`dc_1_${ID}`, 'SA÷1¬~DA÷2¬DB÷12¬DE÷1¬DF÷0¬DX÷ST,LI¬A1÷¬~');
    h.clock.increment(GAME_SYNC_MS);
    await settle();
    expect(h.take()).toEqual([`g_1_${ID}`, `dc_1_${ID}`]);
    expect(h.actor.getSnapshot().context.core?.homeScore).toBe(1);
    h.actor.stop();
  });

  it('S9-4 with no readable hashes a poll refreshes both the core and the tab', async () => {
    const h = harness({ eventId: ID }, { [`g_1_${ID}`]: 'nothing here¬~' });
    await settle();
    h.take();
    h.clock.increment(GAME_SYNC_MS);
    await settle();
    expect(h.take()).toEqual([`g_1_${ID}`, `dc_1_${ID}`, `df_su_1_${ID}`]);
    h.actor.stop();
  });

  it('S7-23 a push message on games_kk_<id> polls at once, and the 5 s wait starts again after it', async () => {
    const h = harness();
    expect(h.subjects).toEqual([`games_kk_${ID}`]);
    await settle();
    h.take();
    h.clock.increment(2_000);
    h.feeds.set(`g_1_${ID}`, hashes('a1', 'd2', 'e1', 'f1'));
    h.push();
    await settle();
    expect(h.take()).toEqual([`g_1_${ID}`, `df_su_1_${ID}`]);
    h.clock.increment(GAME_SYNC_MS - 1);
    await settle();
    expect(h.take()).toEqual([]);
    h.clock.increment(1);
    await settle();
    expect(h.take()).toEqual([`g_1_${ID}`]);
    h.actor.stop();
  });

  it('S7-23 a push message during a poll polls once more when that poll answers', async () => {
    const h = harness();
    await settle();
    h.take();
    h.clock.increment(GAME_SYNC_MS); // a poll starts; its answer is still on the way
    h.push();
    await settle();
    expect(h.take()).toEqual([`g_1_${ID}`, `g_1_${ID}`]);
    h.actor.stop();
  });

  it('S2-35 a tab change loads the new tab at once, and its own hash then decides its reloads', async () => {
    const h = harness();
    await settle();
    h.take();
    h.actor.send({ type: 'tab.select', tab: 'stats' });
    expect(h.actor.getSnapshot().context.tabBody).toBeNull(); // loading
    await settle();
    expect(h.take()).toEqual([`df_st_1_${ID}`]);
    expect(h.actor.getSnapshot().context.tab).toBe('stats');
    expect(h.actor.getSnapshot().context.tabBody).toBe('stats v1');

    h.feeds.set(`g_1_${ID}`, hashes('a1', 'd2', 'e1', 'f1')); // the summary moved: not open any more
    h.clock.increment(GAME_SYNC_MS);
    await settle();
    expect(h.take()).toEqual([`g_1_${ID}`]);
    h.feeds.set(`g_1_${ID}`, hashes('a1', 'd2', 'e2', 'f1'));
    h.feeds.set(`df_st_1_${ID}`, 'stats v2');
    h.clock.increment(GAME_SYNC_MS);
    await settle();
    expect(h.take()).toEqual([`g_1_${ID}`, `df_st_1_${ID}`]);
    expect(h.actor.getSnapshot().context.tabBody).toBe('stats v2');

    h.actor.send({ type: 'tab.select', tab: 'stats' }); // the same tab: nothing to load
    await settle();
    expect(h.take()).toEqual([]);
    h.actor.send({ type: 'tab.select', tab: 'h2h' }); // a feed that does not exist reads as ''
    await settle();
    expect(h.take()).toEqual([`df_hh_1_${ID}`]);
    expect(h.actor.getSnapshot().context.tabBody).toBe('');
    h.actor.stop();
  });

  it('S2-33 a failed core fetch sets coreFailed; polling goes on and a later core clears it', async () => {
    const h = harness({ eventId: ID }, {}, [`dc_1_${ID}`]);
    await settle();
    let context = h.actor.getSnapshot().context;
    expect(context.core).toBeNull();
    expect(context.coreFailed).toBe(true);
    expect(context.tabBody).toBe('summary v1');
    h.failing.delete(`dc_1_${ID}`);
    h.feeds.set(`g_1_${ID}`, hashes('a2', 'd1', 'e1', 'f1'));
    h.clock.increment(GAME_SYNC_MS);
    await settle();
    context = h.actor.getSnapshot().context;
    expect(context.coreFailed).toBe(false);
    expect(context.core?.sportId).toBe(1);

    // Once a core is had, a failed refresh keeps it and is not a failure of the page.
    h.failing.add(`dc_1_${ID}`);
    h.feeds.set(`g_1_${ID}`, hashes('a3', 'd1', 'e1', 'f1'));
    h.clock.increment(GAME_SYNC_MS);
    await settle();
    context = h.actor.getSnapshot().context;
    expect(context.coreFailed).toBe(false);
    expect(context.core?.sportId).toBe(1);
    h.actor.stop();
  });

  it('S2-33 a core feed that does not parse counts as missing', async () => {
    const h = harness({ eventId: ID }, { [`dc_1_${ID}`]: 'garbage' });
    await settle();
    expect(h.actor.getSnapshot().context.coreFailed).toBe(true);
    h.actor.stop();
  });

  it('S9-4 stopping leaves no pending timers, ends the push subscription and ignores late answers', async () => {
    const h = harness();
    await settle();
    h.take();
    expect(pendingTimers(h.clock)).toBe(1); // the 5 s wait
    h.clock.increment(GAME_SYNC_MS); // a poll is running
    h.actor.stop();
    expect(pendingTimers(h.clock)).toBe(0);
    expect(h.unsubscribed).toEqual([`games_kk_${ID}`]);
    await settle();
    h.clock.increment(10 * GAME_SYNC_MS);
    await settle();
    expect(pendingTimers(h.clock)).toBe(0);
    expect(h.take()).toEqual([`g_1_${ID}`]); // only the poll that was running when it stopped
  });

  it('S9-4 a reload asked while the core is loading fetches it once more when the first answers', async () => {
    const clock = new SimulatedClock();
    const calls: string[] = [];
    const pending: Array<() => void> = [];
    const bodies: Record<string, string> = {
      [`dc_1_${ID}`]: CORE,
      [`df_su_1_${ID}`]: 's',
      [`g_1_${ID}`]: hashes('a1', 'd1', 'e1', 'f1'),
    };
    const actor = createActor(
      matchDetailMachine.provide({
        actors: {
          fetchDetail: fromPromise<string | null, DetailFetchInput>(
            ({ input: { feed } }) =>
              new Promise((resolve) => {
                calls.push(feed);
                pending.push(() => resolve(bodies[feed] ?? null));
              }),
          ),
        },
      }),
      { clock, input: { eventId: ID } },
    ).start();
    const answerAll = async () => {
      for (const answer of pending.splice(0)) answer();
      await settle();
    };
    await answerAll(); // dc, df_su → then g
    await answerAll(); // g → the first hashes reload the core
    expect(calls).toEqual([`dc_1_${ID}`, `df_su_1_${ID}`, `g_1_${ID}`, `dc_1_${ID}`]);
    bodies[`g_1_${ID}`] = hashes('a2', 'd1', 'e1', 'f1');
    actor.send({ type: 'core.reload' }); // as a poll would while the core is still on its way
    await answerAll();
    expect(calls.slice(4)).toEqual([`dc_1_${ID}`]);
    expect(actor.getSnapshot().matches({ core: 'loading' })).toBe(true);
    await answerAll();
    expect(actor.getSnapshot().matches({ core: 'idle' })).toBe(true);
    actor.stop();
    expect(pendingTimers(clock)).toBe(0);
  });

  it('spawns as the child matchDetail of a root actor from a plain input; stopChild leaves no timers', async () => {
    const clock = new SimulatedClock();
    const calls: string[] = [];
    const provided = matchDetailMachine.provide({
      actors: {
        fetchDetail: fromPromise<string | null, DetailFetchInput>(async ({ input: { feed } }) => {
          calls.push(feed);
          return feed.startsWith('g_') ? hashes('a', 'b', 'c', 'd') : CORE;
        }),
      },
    });
    // The root's part: a plain input, the child's id and systemId, and stopChild when the page closes.
    const rootMachine = setup({
      types: { events: {} as { type: 'match.open'; eventId: string } | { type: 'match.close' } },
      actors: { matchDetail: provided },
    }).createMachine({
      on: {
        'match.open': {
          actions: spawnChild('matchDetail', {
            id: 'matchDetail',
            systemId: 'matchDetail',
            input: ({ event }) => ({ eventId: event.type === 'match.open' ? event.eventId : '' }),
          }),
        },
        'match.close': { actions: stopChild('matchDetail') },
      },
    });
    const root = createActor(rootMachine, { clock }).start();
    root.send({ type: 'match.open', eventId: ID });
    await settle();
    const child = root.system.get('matchDetail');
    expect(child?.getSnapshot().context.core?.sportId).toBe(1);
    clock.increment(GAME_SYNC_MS);
    await settle();
    expect(calls.filter((feed) => feed === `g_1_${ID}`)).toHaveLength(2);
    root.send({ type: 'match.close' });
    expect(pendingTimers(clock)).toBe(0);
    expect(root.system.get('matchDetail')).toBeUndefined();
    root.stop();
  });
});
