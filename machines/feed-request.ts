// Feed request (S4-10, S8-1, A4-11, A9-2): one long-lived actor per request context (the initial
// load, updates, repair, sys, odds). States are the spec's: idle, updating, aborted, retrying.
//
//   idle ──request──▶ updating ──accepted status──▶ idle          (answer delivered)
//                        │  ──other status / network failure / timeout──▶ retrying
//                        │  ──request──▶ updating  (the running fetch is aborted; its answer is ignored)
//                        └──abort──▶ aborted ──request──▶ updating
//   retrying: paused while offline or hidden (A4-11); retry n waits 250 ms × (n − 1), so the first
//             is immediate; after 3 retries the max-attempts handler runs and the actor is idle.
//
// The fetch is an actor (`fetchFeed`, fromPromise) provided from outside. Answers, errors and the
// max-attempts signal go to the parent as `feed.answer`, `feed.error` and `feed.failed`.
import { assign, fromPromise, sendParent, setup } from 'xstate';
import { type FeedAnswer, type FeedCall, isAcceptedStatus } from '../src/net/feed-call';

export const MAX_RETRIES = 3; // S8-1: after 3 retries the max-attempts handler runs
export const RETRY_STEP_MS = 250; // S8-1: later retries wait 250 ms × (attempt − 1)
export const REQUEST_TIMEOUT_MS = 30_000; // A9-2 default timeout

export interface FeedRequestInput {
  /** The request context this actor serves, echoed in every event it sends. */
  readonly channel: string;
  readonly online?: boolean;
  readonly visible?: boolean;
}

export interface FeedRequestContext {
  readonly channel: string;
  readonly call: FeedCall | null;
  /** Number of the retry about to run or running (0 on the first try). */
  readonly attempt: number;
  readonly online: boolean;
  readonly visible: boolean;
  readonly lastError: string | null;
}

export type FeedRequestEvent =
  | { readonly type: 'request'; readonly call: FeedCall }
  | { readonly type: 'abort' }
  | { readonly type: 'page.online'; readonly online: boolean }
  | { readonly type: 'page.visibility'; readonly visible: boolean };

/** What a feed-request actor tells its parent. */
export type FeedRequestReport =
  | { readonly type: 'feed.answer'; readonly channel: string; readonly answer: FeedAnswer }
  | { readonly type: 'feed.error'; readonly channel: string; readonly call: FeedCall; readonly error: string }
  | { readonly type: 'feed.failed'; readonly channel: string; readonly call: FeedCall };

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export const feedRequestMachine = setup({
  types: {
    context: {} as FeedRequestContext,
    events: {} as FeedRequestEvent,
    input: {} as FeedRequestInput,
  },
  actors: {
    // Provided by the caller: the feed client's fetch (HTTP or an in-process FeedSource).
    fetchFeed: fromPromise<FeedAnswer, FeedCall>(async () => {
      throw new Error('fetchFeed not provided');
    }),
  },
  actions: {
    deliver: sendParent(({ context }, answer: FeedAnswer) => ({
      type: 'feed.answer' as const,
      channel: context.channel,
      answer,
    })),
    // S8-1: a network failure calls the error callback.
    reportError: sendParent(({ context }, params: { error: string }) => ({
      type: 'feed.error' as const,
      channel: context.channel,
      call: context.call!,
      error: params.error,
    })),
    // S8-1: after 3 retries the max-attempts-exceeded handler runs.
    maxAttemptsExceeded: sendParent(({ context }) => ({
      type: 'feed.failed' as const,
      channel: context.channel,
      call: context.call!,
    })),
    startCall: assign(({ event }) =>
      event.type === 'request' ? { call: event.call, attempt: 0, lastError: null } : {},
    ),
    countRetry: assign(({ context }) => ({ attempt: context.attempt + 1 })),
    notePage: assign(({ event }) => {
      if (event.type === 'page.online') return { online: event.online };
      if (event.type === 'page.visibility') return { visible: event.visible };
      return {};
    }),
  },
  guards: {
    accepted: (_, answer: FeedAnswer) => isAcceptedStatus(answer.status),
    attemptsExhausted: ({ context }) => context.attempt > MAX_RETRIES,
    pageInactive: ({ context }) => !context.online || !context.visible,
    firstRetry: ({ context }) => context.attempt <= 1,
  },
  delays: {
    // S8-1: later retries wait 250 ms × (attempt − 1).
    retryDelay: ({ context }) => RETRY_STEP_MS * Math.max(0, context.attempt - 1),
    requestTimeout: REQUEST_TIMEOUT_MS, // A9-2
  },
}).createMachine({
  id: 'feedRequest',
  context: ({ input }) => ({
    channel: input.channel,
    call: null,
    attempt: 0,
    online: input.online ?? true,
    visible: input.visible ?? true,
    lastError: null,
  }),
  initial: 'idle',
  on: {
    'page.online': { actions: 'notePage' },
    'page.visibility': { actions: 'notePage' },
  },
  states: {
    idle: {
      on: { request: { target: 'updating', actions: 'startCall' } },
    },
    updating: {
      invoke: {
        src: 'fetchFeed',
        input: ({ context }) => context.call!,
        onDone: [
          {
            guard: { type: 'accepted', params: ({ event }) => event.output },
            target: 'idle',
            actions: { type: 'deliver', params: ({ event }) => event.output },
          },
          // S8-1: any other status is retried.
          {
            target: 'retrying',
            actions: [assign(({ event }) => ({ lastError: `status ${event.output.status}` })), 'countRetry'],
          },
        ],
        // S8-1: a network failure calls the error callback and retries.
        onError: {
          target: 'retrying',
          actions: [
            assign(({ event }) => ({ lastError: describe(event.error) })),
            { type: 'reportError', params: ({ event }) => ({ error: describe(event.error) }) },
            'countRetry',
          ],
        },
      },
      after: {
        requestTimeout: {
          target: 'retrying',
          actions: [
            assign({ lastError: 'timeout' }),
            { type: 'reportError', params: { error: 'timeout' } },
            'countRetry',
          ],
        },
      },
      on: {
        // S4-10: a new request for the same context aborts the running one.
        request: { target: 'updating', reenter: true, actions: 'startCall' },
        abort: 'aborted',
      },
    },
    aborted: {
      on: { request: { target: 'updating', actions: 'startCall' } },
    },
    retrying: {
      initial: 'deciding',
      on: {
        request: { target: 'updating', actions: 'startCall' },
        abort: 'aborted',
      },
      states: {
        deciding: {
          always: [
            { guard: 'attemptsExhausted', target: '#feedRequest.idle', actions: 'maxAttemptsExceeded' },
            { guard: 'pageInactive', target: 'paused' },
            // S8-1: the first retry is immediate.
            { guard: 'firstRetry', target: '#feedRequest.updating' },
            { target: 'waiting' },
          ],
        },
        // A4-11: retries pause while the device is offline or the page is hidden.
        paused: {
          on: {
            'page.online': { target: 'deciding', actions: 'notePage' },
            'page.visibility': { target: 'deciding', actions: 'notePage' },
          },
        },
        waiting: {
          after: { retryDelay: '#feedRequest.updating' },
          on: {
            'page.online': { target: 'deciding', actions: 'notePage' },
            'page.visibility': { target: 'deciding', actions: 'notePage' },
          },
        },
      },
    },
  },
});
