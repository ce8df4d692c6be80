// My Leagues pin toggle (S4-33…S4-36, S5-5, S6-2, S8-5, S8-6). A toggle shows at once and, with account
// storage, stays unconfirmed until the server answers (S4-34): its league, or the whole sport while a seed is
// out, ignores further toggles. A failure puts the league back and raises a technical error (S4-35, S8-6). A
// guest gets the login prompt instead (S5-5, S6-2, S8-5). In local-only use the lists live in local storage,
// guests may pin, and nothing is rolled back (S4-36).
//
//   account mode: guest ──login──▶ user ──logout──▶ guest (lists and unanswered saves dropped)
//   per toggle:   pin.toggle ─▶ applied + save child ─▶ done: confirmed │ error: reverted, error set
//
// Effects are provided: the `save` actor (the account data sync, A7-11) and the `storeLocal` action.
import { assign, type DoneActorEvent, type ErrorActorEvent, enqueueActions, fromPromise, setup } from 'xstate';
import type { DataDiff } from '../src/wire/account';
import {
  isLabelKey,
  type MyLeagues,
  parseMyLeagues,
  pinnedOf,
  type SportLeagues,
  seedDiff,
  seedFrom,
  sportOfLabelKey,
  toggleDiff,
  toStoredMyLeagues,
  undoDiff,
} from '../src/domain/pinned-leagues';

/** Where the lists are kept: the visitor's account (synced, login required) or local storage only (S4-36). */
export type PinStorageMode = 'account' | 'local';

/** What the `save` actor is given: the change to send (A7-11) and the one that undoes it on the local copy. */
export interface PinSaveRequest {
  readonly sportId: number;
  /** null: the sport's list is being seeded. */
  readonly labelKey: string | null;
  readonly diff: DataDiff;
  readonly undo: DataDiff;
}

/** A toggle sent to the server and not yet answered (S4-34). */
export interface PendingPin {
  readonly sportId: number;
  readonly labelKey: string;
  /** The save seeds the sport's list (S4-33): every toggle of the sport waits for it. */
  readonly seed: boolean;
  /** The league's value before the toggle; null: absent from the list. */
  readonly before: boolean | null;
}

export interface PinError {
  /** S4-35, S8-6: shown to logged-in users only. */
  readonly kind: 'technical';
  readonly sportId: number;
  readonly labelKey: string;
}

export interface PinToggleContext {
  readonly mode: PinStorageMode;
  readonly loggedIn: boolean;
  /** Seeded lists by sport id (S3-61). */
  readonly leagues: MyLeagues;
  /** Default top leagues by sport id (S3-61), from the sport's feed. */
  readonly defaults: Readonly<Record<string, readonly string[]>>;
  /** Unanswered saves by child actor id. */
  readonly pending: Readonly<Record<string, PendingPin>>;
  readonly saves: number;
  readonly error: PinError | null;
  /** S5-5, S8-5: the login dialog with the login-needed text is asked for. */
  readonly loginNeeded: boolean;
}

export interface PinToggleInput {
  readonly mode?: PinStorageMode;
  readonly loggedIn?: boolean;
  /** Stored My Leagues: the account's `myLeagues` data, or local storage's in local-only use. */
  readonly stored?: unknown;
  readonly defaults?: Readonly<Record<string, readonly string[]>>;
}

export type PinToggleEvent =
  | { readonly type: 'pin.toggle'; readonly labelKey: string }
  | { readonly type: 'pin.defaults'; readonly sportId: number; readonly labelKeys: readonly string[] }
  | { readonly type: 'pin.dismiss' }
  /** The account's `myLeagues` data after login (S4-32, S6-2). */
  | { readonly type: 'account.login'; readonly stored?: unknown }
  | { readonly type: 'account.logout' }
  /** A later data sync's `myLeagues` (A4-7). */
  | { readonly type: 'account.data'; readonly stored?: unknown }
  | DoneActorEvent<void, string>
  | ErrorActorEvent<unknown, string>;

export type PinToggleEmitted =
  | { readonly type: 'pin.loginNeeded' }
  | { readonly type: 'pin.failed'; readonly sportId: number; readonly labelKey: string };

/** The pinned leagues of a sport as shown now (confirmed or not). */
export function pinnedLeagues(context: PinToggleContext, sportId: number): ReadonlySet<string> {
  return pinnedOf(context.leagues[sportId], context.defaults[sportId] ?? []);
}

/** S2-42: the heading star is active when the league is pinned. */
export function isPinned(context: PinToggleContext, labelKey: string): boolean {
  const sportId = sportOfLabelKey(labelKey);
  return sportId !== null && pinnedLeagues(context, sportId).has(labelKey);
}

/** S2-43: what the pin's tooltip offers. */
export function pinAction(context: PinToggleContext, labelKey: string): 'add' | 'remove' {
  return isPinned(context, labelKey) ? 'remove' : 'add';
}

/** S4-34: the league (or its sport's seeded list) waits for the server. */
export function isUnconfirmed(context: PinToggleContext, labelKey: string): boolean {
  const sportId = sportOfLabelKey(labelKey);
  return Object.values(context.pending).some(
    (pin) => pin.labelKey === labelKey || (pin.seed && pin.sportId === sportId),
  );
}

function withLeague(leagues: MyLeagues, sportId: number, list: SportLeagues | undefined): MyLeagues {
  const next: Record<string, SportLeagues> = { ...leagues };
  if (list) next[sportId] = list;
  else delete next[sportId];
  return next;
}

function withValue(list: SportLeagues, labelKey: string, value: boolean | null): SportLeagues {
  const next: Record<string, boolean> = { ...list };
  if (value === null) delete next[labelKey];
  else next[labelKey] = value;
  return next;
}

/** The league's list and value after a toggle (S4-33): a sport without a list is seeded from its defaults first. */
function toggled(context: PinToggleContext, sportId: number, labelKey: string) {
  const current = context.leagues[sportId];
  const seed = current === undefined;
  const list = current ?? seedFrom(context.defaults[sportId] ?? []);
  const before = Object.hasOwn(list, labelKey) ? list[labelKey] : null;
  const pinned = !before;
  return { seed, before: seed ? null : before, pinned, list: withValue(list, labelKey, pinned) };
}

export const pinToggleMachine = setup({
  types: {} as {
    context: PinToggleContext;
    events: PinToggleEvent;
    input: PinToggleInput | undefined;
    emitted: PinToggleEmitted;
  },
  actors: {
    /** A7-11: store the diff in the account's data; rejects when the server did not take it. */
    save: fromPromise<void, PinSaveRequest>(async () => {
      throw new Error('save actor not provided');
    }),
  },
  actions: {
    /** S4-36: write every seeded list, in its stored form (S3-61), to local storage. */
    storeLocal: (_: unknown, _params: { readonly stored: Record<string, Record<string, boolean>> }) => {},
  },
}).createMachine({
  id: 'pinToggle',
  context: ({ input }) => ({
    mode: input?.mode ?? 'account',
    loggedIn: input?.loggedIn ?? false,
    leagues: parseMyLeagues(input?.stored),
    defaults: input?.defaults ?? {},
    pending: {},
    saves: 0,
    error: null,
    loginNeeded: false,
  }),
  on: {
    'pin.defaults': {
      actions: assign({
        defaults: ({ context, event }) => ({
          ...context.defaults,
          [event.sportId]: event.labelKeys.filter((key) => sportOfLabelKey(key) === event.sportId),
        }),
      }),
    },
    'pin.dismiss': { actions: assign({ error: null, loginNeeded: false }) },
    'pin.toggle': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const labelKey = event.labelKey;
        const sportId = isLabelKey(labelKey) ? sportOfLabelKey(labelKey) : null;
        if (sportId === null) return;
        if (context.mode === 'local') {
          // S4-36: kept locally, effective at once, never rolled back.
          const next = withLeague(context.leagues, sportId, toggled(context, sportId, labelKey).list);
          enqueue.assign({ leagues: next });
          enqueue({ type: 'storeLocal', params: { stored: toStoredMyLeagues(next) } });
          return;
        }
        if (!context.loggedIn) {
          // S5-5, S6-2, S8-5: a guest cannot pin; the UI opens the login dialog with the login-needed text.
          enqueue.assign({ loginNeeded: true });
          enqueue.emit({ type: 'pin.loginNeeded' });
          return;
        }
        if (isUnconfirmed(context, labelKey)) return; // S4-34
        const change = toggled(context, sportId, labelKey);
        const id = `pinSave.${context.saves + 1}`;
        const pin: PendingPin = { sportId, labelKey, seed: change.seed, before: change.before };
        const request: PinSaveRequest = change.seed
          ? { sportId, labelKey: null, diff: seedDiff(sportId, change.list), undo: undoDiff(sportId, null, null) }
          : {
              sportId,
              labelKey,
              diff: toggleDiff(sportId, labelKey, change.pinned),
              undo: undoDiff(sportId, labelKey, change.before),
            };
        enqueue.assign({
          leagues: withLeague(context.leagues, sportId, change.list),
          pending: { ...context.pending, [id]: pin },
          saves: context.saves + 1,
          error: null,
        });
        enqueue.spawnChild('save', { id, input: request });
      }),
    },
    'xstate.done.actor.*': {
      // S4-34: confirmed; the toggle is no longer waiting.
      actions: assign({
        pending: ({ context, event }) => {
          const { [event.actorId]: _answered, ...rest } = context.pending;
          return rest;
        },
      }),
    },
    'xstate.error.actor.*': {
      // S4-35, S8-6: put the league (or the unseeded sport) back and tell the logged-in user.
      actions: enqueueActions(({ context, event, enqueue }) => {
        const pin = context.pending[event.actorId];
        if (!pin) return;
        const { [event.actorId]: _answered, ...pending } = context.pending;
        const list = context.leagues[pin.sportId];
        const reverted = pin.seed || !list ? undefined : withValue(list, pin.labelKey, pin.before);
        enqueue.assign({
          pending,
          leagues: withLeague(context.leagues, pin.sportId, reverted),
          error: { kind: 'technical', sportId: pin.sportId, labelKey: pin.labelKey },
        });
        enqueue.emit({ type: 'pin.failed', sportId: pin.sportId, labelKey: pin.labelKey });
      }),
    },
    'account.login': {
      // S6-2: the user's synced lists replace what was shown; a save of an earlier session is not waited for.
      guard: ({ context }) => context.mode === 'account',
      actions: enqueueActions(({ context, event, enqueue }) => {
        for (const id of Object.keys(context.pending)) enqueue.stopChild(id);
        enqueue.assign({
          loggedIn: true,
          leagues: parseMyLeagues(event.stored),
          pending: {},
          error: null,
          loginNeeded: false,
        });
      }),
    },
    'account.logout': {
      // The user's lists leave with them; unanswered saves are no longer ours to confirm or revert.
      guard: ({ context }) => context.mode === 'account',
      actions: enqueueActions(({ context, enqueue }) => {
        for (const id of Object.keys(context.pending)) enqueue.stopChild(id);
        enqueue.assign({ loggedIn: false, leagues: {}, pending: {}, error: null, loginNeeded: false });
      }),
    },
    'account.data': {
      // A4-7: a later sync's copy wins, except for sports with a toggle still waiting for its answer.
      guard: ({ context }) => context.mode === 'account' && context.loggedIn,
      actions: assign({
        leagues: ({ context, event }) => {
          const waiting = new Set(Object.values(context.pending).map((pin) => String(pin.sportId)));
          const fresh = parseMyLeagues(event.stored);
          const next: Record<string, SportLeagues> = { ...fresh };
          for (const sportId of waiting) next[sportId] = context.leagues[sportId] ?? {};
          return next;
        },
      }),
    },
  },
});
