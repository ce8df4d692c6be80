// Following: My Games (games and whole tournaments, S3-56…S3-59, S4-27…S4-32) and My Teams (S9-2, S5-4),
// driven by the visitor's events and the list feed's rows. The rules are pure (src/domain/my-games-rules.ts,
// src/domain/my-teams-rules.ts, src/follow/); this machine says when they run and where the result goes.
//
//   session: guest ── session.loggedIn ──▶ member ── session.loggedOut ──▶ guest
//     guest:  loading ─▶ watching ─(after 500 ms | storage.changed)─▶ checking ─(stamp moved)─▶ loading
//             local storage (fsdc_my_*) is the copy; another tab's write is seen through its timestamp (S4-31)
//     member: the account's data is the copy (A3-11); each change goes out as a dotted-key diff (A7-11);
//             cross-tab sync is off, the account sync's fresh data (session.data) brings other tabs' changes
//   server: idle ⇄ writing: the diffs, one at a time, in order; unanswered ones are laid over fresh data
//
// Effects are provided: readLocal / readStamp (actors), writeLocal (action), storeServer (actor). Time is
// the input's `now` and the system clock's `after`; nothing here reads the wall clock.
import { assign, enqueueActions, fromPromise, raise, setup } from 'xstate';
import { applyDataDiff } from '../src/wire/dotted';
import type { DataDiff, JsonObject } from '../src/wire/account';
import { msUntilNextLocalDay } from '../src/domain/datetime';
import { CROSS_TAB_SYNC_CHECK_MS } from '../src/domain/limits';
import { countTowardsLimit, gameKey } from '../src/domain/my-games-rules';
import { MY_TEAMS_UNSUPPORTED, teamKey } from '../src/domain/my-teams-rules';
import {
  clearLocal,
  decodeLocal,
  encodeLocal,
  type LocalRaw,
  type LocalWrite,
  nextStamp,
} from '../src/follow/local-codec';
import { type KeyValueStorage, readLocalRaw, readLocalStamp, writeLocalRaw } from '../src/follow/local-storage';
import { type MyGamesSelection, myGamesSelection } from '../src/follow/selection';
import { fromServerData, serverDiff } from '../src/follow/server-form';
import { EMPTY_FOLLOW, type FollowOptions, type FollowState, followOptions, isEmptyFollow } from '../src/follow/state';
import {
  addGames,
  addTournament,
  applyRows,
  type FollowAlert,
  type FollowRow,
  type GameInput,
  groupEntry,
  mergeAtLogin,
  type Outcome,
  type Refusal,
  refreshDays,
  removeEntry,
  type TournamentInput,
  followOne,
  unfollowOne,
} from '../src/follow/update';

export type { FollowAlert, FollowRow, GameInput, LocalRaw, LocalWrite, TournamentInput };

export interface MyGamesInput {
  /** Epoch ms now (the actor system's clock in tests and the CLI). */
  readonly now: () => number;
  /** The visitor's IANA zone: days and expiry are local days (S9-2). */
  readonly timeZone: string;
  /** Digits naming this tab in the local timestamp; random when absent. */
  readonly tabId?: string;
  /** Local storage as read when the page started; without it the machine reads it through readLocal. */
  readonly local?: LocalRaw;
  /** Logged in at start: the account data the client holds (A3-11). */
  readonly session?: { readonly data: JsonObject } | null;
  /** S9-2 limits, lower in tests. */
  readonly maxCount?: number;
  readonly maxTeams?: number;
}

export interface PendingWrite {
  readonly seq: number;
  readonly diff: DataDiff;
}

export interface MyGamesContext {
  readonly now: () => number;
  readonly options: FollowOptions;
  readonly tabId: string;
  readonly follow: FollowState;
  readonly loggedIn: boolean;
  /** The local timestamp last written or read by this tab (S4-31). */
  readonly stamp: string | null;
  /** Local writes so far, and their number when the running read began: a read older than a write is dropped. */
  readonly writes: number;
  readonly readFrom: number;
  /** Server diffs not yet answered, oldest first (A7-11). */
  readonly pending: readonly PendingWrite[];
  readonly writeSeq: number;
  readonly inFlight: number | null;
  /** The alert to show (S8-4, S5-4) and how many were raised. */
  readonly alert: (FollowAlert & { readonly seq: number }) | null;
  readonly alerts: number;
  /** What the last operation refused, and why. */
  readonly refused: readonly Refusal[];
  /** S5-3: the stored copy could not be read; loading was aborted. */
  readonly loadError: { readonly key: string; readonly message: string } | null;
  /** The last server write that failed (fresh account data corrects the copy). */
  readonly syncError: string | null;
  /** Local storage as given at start, adopted once. */
  readonly localAtStart: LocalRaw | null;
  /**
   * The server write carrying a guest's entries into the account at login (S4-32): the fsdc_my_* keys are cleared
   * only once it is taken, so a refused merge leaves the guest's entries where they were.
   */
  readonly loginMergeSeq: number | null;
}

export type MyGamesEvent =
  | ({ readonly type: 'game.add' } & GameInput)
  | { readonly type: 'games.add'; readonly games: readonly GameInput[] }
  | { readonly type: 'game.remove'; readonly sportId: number; readonly eventId: string }
  | ({ readonly type: 'tournament.add' } & TournamentInput)
  | { readonly type: 'tournament.remove'; readonly leagueId: string }
  | { readonly type: 'group.set'; readonly key: string; readonly group: string; readonly member: boolean }
  | { readonly type: 'team.follow'; readonly sportId: number; readonly participantId: string; readonly name: string }
  | { readonly type: 'team.unfollow'; readonly sportId: number; readonly participantId: string }
  | { readonly type: 'teams.follow'; readonly teams: readonly unknown[] }
  | { readonly type: 'teams.unfollow'; readonly teams: readonly unknown[] }
  | { readonly type: 'team.leagueToggle'; readonly leagueId: string }
  | { readonly type: 'feed.events'; readonly rows: readonly FollowRow[] }
  | { readonly type: 'day.changed' }
  | { readonly type: 'session.loggedIn'; readonly data: JsonObject }
  | { readonly type: 'session.data'; readonly data: JsonObject }
  | { readonly type: 'session.loggedOut' }
  | { readonly type: 'storage.changed' }
  | { readonly type: 'alert.dismiss' };

export type MyGamesEmitted =
  | ({ readonly type: 'myGames.changed' } & MyGamesSelection)
  | { readonly type: 'myGames.alert'; readonly alert: FollowAlert }
  | { readonly type: 'myGames.loadError'; readonly key: string; readonly message: string };

/** The ops a visitor's or the feed's event runs; null for events that are not ops. */
function operate(context: MyGamesContext, event: MyGamesEvent): Outcome | null {
  const { follow, options } = context;
  const now = context.now();
  switch (event.type) {
    case 'game.add': {
      const { type: _t, ...game } = event;
      return addGames(follow, [game], now, options);
    }
    case 'games.add':
      return addGames(follow, event.games, now, options);
    case 'game.remove':
      return removeEntry(follow, gameKey(event.sportId, event.eventId));
    case 'tournament.add': {
      const { type: _t, ...tournament } = event;
      return addTournament(follow, tournament, now, options);
    }
    case 'tournament.remove':
      return removeEntry(follow, event.leagueId);
    case 'group.set':
      return groupEntry(follow, event.key, event.group, event.member);
    case 'team.follow':
      return followOne(
        follow,
        { sport_id: event.sportId, participant_id: event.participantId, name: event.name },
        options,
      );
    case 'team.unfollow':
      return unfollowOne(follow, teamKey(event.sportId, event.participantId));
    case 'teams.follow':
    case 'teams.unfollow':
    case 'team.leagueToggle': {
      // S5-4: not implemented; answered with a clear error instead of a throw.
      const message =
        event.type === 'teams.follow'
          ? MY_TEAMS_UNSUPPORTED.followMany
          : event.type === 'teams.unfollow'
            ? MY_TEAMS_UNSUPPORTED.unfollowMany
            : MY_TEAMS_UNSUPPORTED.leagueToggle;
      return { state: follow, alert: { kind: 'unsupported', message }, refused: [] };
    }
    case 'feed.events':
      return applyRows(follow, event.rows, now, options);
    case 'day.changed':
      return { state: refreshDays(follow, now, options), alert: null, refused: [] };
    default:
      return null;
  }
}

/** Whether two states store alike; states with different numbers of entries or teams never do. */
const sameFollow = (a: FollowState, b: FollowState): boolean =>
  a === b ||
  (Object.keys(a.games).length === Object.keys(b.games).length &&
    Object.keys(a.teams).length === Object.keys(b.teams).length &&
    JSON.stringify(a) === JSON.stringify(b));

function randomTabId(): string {
  return String(Math.floor(Math.random() * 1e9));
}

/** The account data with the diffs not yet answered laid over it: fresh data must not undo them. */
function withPending(data: JsonObject, pending: readonly PendingWrite[]): JsonObject {
  return pending.reduce((acc, write) => applyDataDiff(acc, write.diff), data);
}

export const myGamesMachine = setup({
  types: {} as {
    context: MyGamesContext;
    events: MyGamesEvent;
    input: MyGamesInput;
    emitted: MyGamesEmitted;
  },
  actors: {
    /** Every fsdc_my_* key as stored. */
    readLocal: fromPromise<LocalRaw, void>(async () => {
      throw new Error('readLocal not provided');
    }),
    /** S4-31: fsdc_my_local_ts only. */
    readStamp: fromPromise<string | null, void>(async () => {
      throw new Error('readStamp not provided');
    }),
    /** A7-11: store a diff in the account's data ('data'); rejects when the server did not take it. */
    storeServer: fromPromise<void, { readonly diff: DataDiff }>(async () => {
      throw new Error('storeServer not provided');
    }),
  },
  actions: {
    /** Sets (text) or removes (null) each fsdc_my_* key, the timestamp last. */
    writeLocal: (_: unknown, _params: { readonly values: LocalWrite }) => {},

    /** A visitor's or the feed's op: the next state goes to the copy of the session (local or server). */
    apply: enqueueActions(({ context, event, enqueue }) => {
      const outcome = operate(context, event);
      if (!outcome) return;
      const next = outcome.state;
      if (outcome.refused.length > 0 || context.refused.length > 0) enqueue.assign({ refused: outcome.refused });
      if (outcome.alert) {
        enqueue.assign({ alert: { ...outcome.alert, seq: context.alerts + 1 }, alerts: context.alerts + 1 });
        enqueue.emit({ type: 'myGames.alert', alert: outcome.alert });
      }
      if (next === context.follow) return;
      if (context.loggedIn) {
        const diff = serverDiff(context.follow, next);
        enqueue.assign({ follow: next, ...queued(context, diff) });
      } else {
        const stamp = nextStamp(context.stamp, context.now(), context.tabId);
        enqueue.assign({ follow: next, stamp, writes: context.writes + 1 });
        enqueue({ type: 'writeLocal', params: { values: encodeLocal(next, stamp) } });
      }
      enqueue.emit({ type: 'myGames.changed', ...selectionOf({ ...context, follow: next }) });
    }),

    /**
     * The stored copy, read at start or after another tab wrote: days recalculated and expired entries
     * dropped (S4-27, S4-28), written back when that changed something; expired games are removed (S9-2);
     * a corrupt one aborts the load and is reported (S5-3).
     */
    adoptLocal: enqueueActions(({ context, event, enqueue }) => {
      // The read's output, or at start the storage the page read before the machine existed.
      const raw = (event as { output?: LocalRaw }).output ?? context.localAtStart;
      enqueue.assign({ localAtStart: null });
      if (!raw) return;
      const now = context.now();
      const decoded = decodeLocal(raw, now);
      if (decoded.kind === 'corrupt') {
        enqueue.assign({ stamp: decoded.stamp, loadError: { key: decoded.key, message: decoded.message } });
        enqueue.emit({ type: 'myGames.loadError', key: decoded.key, message: decoded.message });
        return;
      }
      let next = EMPTY_FOLLOW;
      let stamp = decoded.stamp;
      if (decoded.kind === 'expired') {
        next = { games: {}, teams: decoded.teams };
        stamp = isEmptyFollow(next) ? null : nextStamp(decoded.stamp, now, context.tabId);
        enqueue.assign({ writes: context.writes + 1 });
        enqueue({ type: 'writeLocal', params: { values: stamp === null ? clearLocal() : encodeLocal(next, stamp) } });
      } else if (decoded.kind === 'loaded') {
        next = refreshDays(decoded.state, now, context.options);
        if (next !== decoded.state) {
          stamp = nextStamp(decoded.stamp, now, context.tabId);
          enqueue.assign({ writes: context.writes + 1 });
          enqueue({ type: 'writeLocal', params: { values: encodeLocal(next, stamp) } });
        }
      }
      enqueue.assign({ stamp, loadError: null });
      if (sameFollow(next, context.follow)) return;
      enqueue.assign({ follow: next });
      enqueue.emit({ type: 'myGames.changed', ...selectionOf({ ...context, follow: next }) });
    }),

    reportReadFailure: enqueueActions(({ event, enqueue }) => {
      const error = (event as { error?: unknown }).error;
      const message = error instanceof Error ? error.message : String(error);
      enqueue.assign({ loadError: { key: 'storage', message } });
      enqueue.emit({ type: 'myGames.loadError', key: 'storage', message });
    }),

    /**
     * S4-32, A4-3: the account's copy loads and what the guest followed joins it (uploaded as one merge);
     * entries the account holds past their expiry are removed from it. The local copy now lives in the
     * account, so the fsdc_my_* keys are removed.
     */
    logIn: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'session.loggedIn') return;
      const now = context.now();
      const account = fromServerData(event.data, context.follow, now, context.options);
      const merged = mergeAtLogin(refreshDays(account, now, context.options), context.follow, context.options);
      const diff = serverDiff(account, merged.state);
      const queue = queued(context, diff);
      enqueue.assign({
        loggedIn: true,
        follow: merged.state,
        stamp: null,
        loadError: null,
        refused: merged.refused,
        ...queue,
        loginMergeSeq: diff ? queue.writeSeq : null,
      });
      if (!diff) enqueue({ type: 'writeLocal', params: { values: clearLocal() } });
      if (merged.alert) {
        enqueue.assign({ alert: { ...merged.alert, seq: context.alerts + 1 }, alerts: context.alerts + 1 });
        enqueue.emit({ type: 'myGames.alert', alert: merged.alert });
      }
      enqueue.emit({ type: 'myGames.changed', ...selectionOf({ ...context, follow: merged.state }) });
    }),

    /** S4-32: My Games is dropped; writes of the ended session are no longer ours. */
    logOut: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({
        loggedIn: false,
        follow: EMPTY_FOLLOW,
        pending: [],
        stamp: null,
        alert: null,
        refused: [],
        loginMergeSeq: null,
      });
      if (!sameFollow(context.follow, EMPTY_FOLLOW))
        enqueue.emit({ type: 'myGames.changed', ...selectionOf({ ...context, follow: EMPTY_FOLLOW }) });
    }),

    /** A4-7: fresh account data (another tab or browser changed it) replaces the copy, under our pending diffs. */
    adoptServer: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'session.data' && event.type !== 'session.loggedIn') return;
      const now = context.now();
      const data = withPending(event.data, context.pending);
      const account = fromServerData(data, context.follow, now, context.options);
      const next = refreshDays(account, now, context.options);
      enqueue.assign(queued(context, serverDiff(account, next)));
      if (sameFollow(next, context.follow)) return;
      enqueue.assign({ follow: next });
      enqueue.emit({ type: 'myGames.changed', ...selectionOf({ ...context, follow: next }) });
    }),

    settleWrite: enqueueActions(({ context, enqueue, event }) => {
      enqueue.assign({ pending: context.pending.filter((w) => w.seq !== context.inFlight), inFlight: null });
      if (context.inFlight === null || context.inFlight !== context.loginMergeSeq) return;
      enqueue.assign({ loginMergeSeq: null });
      // The guest's entries are in the account now; refused, they stay local for the next login.
      if (!String(event.type).startsWith('xstate.error'))
        enqueue({ type: 'writeLocal', params: { values: clearLocal() } });
    }),
    noteWriteFailure: enqueueActions(({ event, enqueue }) => {
      const error = (event as { error?: unknown }).error;
      enqueue.assign({ syncError: error instanceof Error ? error.message : String(error) });
    }),
  },
  delays: {
    crossTabCheck: CROSS_TAB_SYNC_CHECK_MS, // S4-31, S9-2
    /** The visitor's next local midnight, when every entry's m_day moves by one (S4-27). */
    untilMidnight: ({ context }) => msUntilNextLocalDay(context.now(), context.options.timeZone),
  },
  guards: {
    startsLoggedIn: ({ context }) => context.loggedIn,
    readIsStale: ({ context }) => context.writes !== context.readFrom,
    stampMoved: ({ context, event }) => (event as { output?: unknown }).output !== context.stamp,
    hasPending: ({ context }) => context.pending.length > 0,
  },
}).createMachine({
  id: 'myGames',
  type: 'parallel',
  context: ({ input }) => {
    const options = followOptions(input.timeZone, input);
    const now = input.now;
    const follow = input.session
      ? refreshDays(fromServerData(input.session.data, EMPTY_FOLLOW, now(), options), now(), options)
      : EMPTY_FOLLOW;
    return {
      now,
      options,
      tabId: input.tabId && /^\d{1,12}$/.test(input.tabId) ? input.tabId : randomTabId(),
      follow,
      loggedIn: input.session != null,
      stamp: null,
      writes: 0,
      readFrom: 0,
      pending: [],
      writeSeq: 0,
      inFlight: null,
      alert: null,
      alerts: 0,
      refused: [],
      loadError: null,
      syncError: null,
      localAtStart: input.session ? null : (input.local ?? null),
      loginMergeSeq: null,
    };
  },
  on: {
    'game.add': { actions: 'apply' },
    'games.add': { actions: 'apply' },
    'game.remove': { actions: 'apply' },
    'tournament.add': { actions: 'apply' },
    'tournament.remove': { actions: 'apply' },
    'group.set': { actions: 'apply' },
    'team.follow': { actions: 'apply' },
    'team.unfollow': { actions: 'apply' },
    'teams.follow': { actions: 'apply' },
    'teams.unfollow': { actions: 'apply' },
    'team.leagueToggle': { actions: 'apply' },
    'feed.events': { actions: 'apply' },
    'day.changed': { actions: 'apply' },
    'alert.dismiss': { actions: assign({ alert: null }) },
  },
  states: {
    session: {
      initial: 'boot',
      states: {
        boot: {
          always: [
            { guard: 'startsLoggedIn', target: 'member' },
            {
              guard: ({ context }) => context.localAtStart !== null,
              target: 'guest.watching',
              actions: 'adoptLocal',
            },
            { target: 'guest' },
          ],
        },
        guest: {
          initial: 'loading',
          on: { 'session.loggedIn': { target: 'member', actions: 'logIn' } },
          states: {
            loading: {
              entry: assign({ readFrom: ({ context }) => context.writes }),
              invoke: {
                src: 'readLocal',
                onDone: [
                  { guard: 'readIsStale', target: 'checking' },
                  { target: 'watching', actions: 'adoptLocal' },
                ],
                onError: { target: 'watching', actions: 'reportReadFailure' },
              },
            },
            watching: {
              after: { crossTabCheck: 'checking' },
              on: { 'storage.changed': 'checking' },
            },
            checking: {
              invoke: {
                src: 'readStamp',
                onDone: [{ guard: 'stampMoved', target: 'loading' }, { target: 'watching' }],
                onError: { target: 'watching' },
              },
            },
          },
        },
        member: {
          on: {
            'session.loggedOut': { target: 'guest', actions: 'logOut' },
            'session.data': { actions: 'adoptServer' },
            'session.loggedIn': { actions: 'adoptServer' },
          },
        },
      },
    },
    // S4-27: the day changes at the visitor's midnight without anyone telling the machine.
    midnight: {
      initial: 'waiting',
      states: {
        waiting: {
          after: { untilMidnight: { target: 'waiting', reenter: true, actions: raise({ type: 'day.changed' }) } },
        },
      },
    },
    server: {
      initial: 'idle',
      states: {
        idle: { always: { guard: 'hasPending', target: 'writing' } },
        writing: {
          entry: assign({ inFlight: ({ context }) => context.pending[0].seq }),
          invoke: {
            src: 'storeServer',
            input: ({ context }) => ({ diff: context.pending[0].diff }),
            onDone: { target: 'idle', actions: 'settleWrite' },
            onError: { target: 'idle', actions: ['settleWrite', 'noteWriteFailure'] },
          },
        },
      },
    },
  },
});

/** Appends a server diff (if any) to the queue. */
function queued(context: MyGamesContext, diff: DataDiff | null): Pick<MyGamesContext, 'pending' | 'writeSeq'> {
  if (!diff) return { pending: context.pending, writeSeq: context.writeSeq };
  const seq = context.writeSeq + 1;
  return { pending: [...context.pending, { seq, diff }], writeSeq: seq };
}

/** S4-9: what the My Games tab loads for this context (the feed cycle's myGames.changed). */
export function selectionOf(context: Pick<MyGamesContext, 'follow' | 'now' | 'options'>): MyGamesSelection {
  return myGamesSelection(context.follow, context.now(), context.options.timeZone);
}

/** Whether a game (g_<sport>_<id>) or a whole tournament (league id) is followed. */
export function isFollowed(context: Pick<MyGamesContext, 'follow'>, key: string): boolean {
  return Object.hasOwn(context.follow.games, key);
}

export function isTeamFollowed(
  context: Pick<MyGamesContext, 'follow'>,
  sportId: number,
  participantId: string,
): boolean {
  return Object.hasOwn(context.follow.teams, teamKey(sportId, participantId));
}

/** The badge: entries as the limit counts them (S5-2). */
export function badgeCount(context: Pick<MyGamesContext, 'follow'>): number {
  return countTowardsLimit(context.follow.games);
}

export function teamCount(context: Pick<MyGamesContext, 'follow'>): number {
  return Object.keys(context.follow.teams).length;
}

/** The effects a runtime gives: a Web Storage-like store (the browser's localStorage, or a map in the CLI and
 * tests) and the account client's store of a data diff (A7-11, `client.storeMergedData('data', diff)`). */
export interface MyGamesEffects {
  readonly storage: KeyValueStorage;
  readonly storeServer: (diff: DataDiff) => Promise<void>;
}

export function provideMyGames(effects: MyGamesEffects) {
  return myGamesMachine.provide({
    actors: {
      readLocal: fromPromise(async () => readLocalRaw(effects.storage)),
      readStamp: fromPromise(async () => readLocalStamp(effects.storage)),
      storeServer: fromPromise(({ input }) => effects.storeServer(input.diff)),
    },
    actions: { writeLocal: (_, { values }) => writeLocalRaw(effects.storage, values) },
  });
}
