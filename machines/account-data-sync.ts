// Account data sync (A4-7, A9-4): while logged in, a check every 10000 ms (the first after a random delay up to
// 10 s) fetches account data when it is older than 300000 ms; a failed fetch is retried every 3000 ms, about 99
// times. Product errors (e.g. a login mismatch) are not retried: the client logs out and LOGGED_OUT follows.
import { assign, fromPromise, setup } from 'xstate';
import { AccountError, ACCOUNT_ERROR_CODE } from '../src/account/errors';

export const DATA_FRESH_MS = 300_000; // A4-7, A9-4
export const DATA_CHECK_MS = 10_000; // A4-7, A9-4
export const DATA_INITIAL_DELAY_MAX_MS = 10_000; // A4-7, A9-4
export const DATA_RETRY_MS = 3000; // A4-7, A9-4
export const DATA_MAX_RETRIES = 99; // A4-7, A9-4

export interface DataSyncInput {
  loggedIn: boolean;
  /** The clock the machine runs on (the actor's clock in tests). */
  now: () => number;
  /** When data was last synced, from local storage (A4-7). */
  lastSyncedAt: () => number;
  /** 0 ≤ random() < 1, for the first check's delay. */
  random?: () => number;
}

export interface DataSyncContext {
  now: () => number;
  lastSyncedAt: () => number;
  initialDelayMs: number;
  retries: number;
  error: unknown;
  loggedIn: boolean;
}

export type DataSyncEvent = { type: 'LOGGED_IN' } | { type: 'LOGGED_OUT' } | { type: 'SYNC_NOW' };

/** Network and server trouble is worth retrying; answers the service gave on purpose are not. */
export function isRetriable(error: unknown): boolean {
  if (!(error instanceof AccountError)) return true;
  return error.code === ACCOUNT_ERROR_CODE.technical || error.code === ACCOUNT_ERROR_CODE.internal;
}

export const accountDataSyncMachine = setup({
  types: {} as { context: DataSyncContext; events: DataSyncEvent; input: DataSyncInput },
  actors: {
    sync: fromPromise<void, void>(async () => {
      throw new Error('sync actor not provided');
    }),
  },
  delays: {
    initialDelay: ({ context }) => context.initialDelayMs,
    checkInterval: DATA_CHECK_MS,
    retryInterval: DATA_RETRY_MS,
  },
  guards: {
    isStale: ({ context }) => context.now() - context.lastSyncedAt() >= DATA_FRESH_MS,
    canRetry: ({ context, event }) =>
      isRetriable((event as { error?: unknown }).error) && context.retries < DATA_MAX_RETRIES,
    isLoggedIn: ({ context }) => context.loggedIn,
  },
}).createMachine({
  id: 'accountDataSync',
  context: ({ input }) => ({
    now: input.now,
    lastSyncedAt: input.lastSyncedAt,
    initialDelayMs: Math.floor((input.random ?? Math.random)() * DATA_INITIAL_DELAY_MAX_MS),
    retries: 0,
    error: null,
    loggedIn: input.loggedIn,
  }),
  initial: 'boot',
  states: {
    boot: { always: [{ guard: 'isLoggedIn', target: 'active' }, { target: 'off' }] },
    off: { on: { LOGGED_IN: 'active' } },
    active: {
      on: { LOGGED_OUT: 'off' },
      initial: 'starting',
      states: {
        starting: { after: { initialDelay: 'checking' }, on: { SYNC_NOW: 'syncing' } },
        waiting: { after: { checkInterval: 'checking' }, on: { SYNC_NOW: 'syncing' } },
        checking: { always: [{ guard: 'isStale', target: 'syncing' }, { target: 'waiting' }] },
        syncing: {
          tags: ['busy'],
          invoke: {
            src: 'sync',
            onDone: { target: 'waiting', actions: assign({ retries: 0, error: null }) },
            onError: [
              { guard: 'canRetry', target: 'retrying', actions: assign({ error: ({ event }) => event.error }) },
              {
                guard: ({ event }) => isRetriable(event.error),
                target: 'failed',
                actions: assign({ error: ({ event }) => event.error }),
              },
              { target: 'waiting', actions: assign({ retries: 0, error: ({ event }) => event.error }) },
            ],
          },
        },
        retrying: {
          after: {
            retryInterval: { target: 'syncing', actions: assign({ retries: ({ context }) => context.retries + 1 }) },
          },
        },
        /** Retries used up: wait for a new login or an explicit request. */
        failed: { on: { SYNC_NOW: { target: 'syncing', actions: assign({ retries: 0 }) } } },
      },
    },
  },
});
