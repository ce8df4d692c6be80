// The feed cycle's request children: machines/feed-request.ts with its reports named by channel, so
// the cycle handles `update.loaded` or `odds.failed` in the state that waits for it instead of
// testing a channel field on one shared `feed.answer` event.
import { sendParent } from 'xstate';
import type { FeedAnswer } from '../../src/net/feed-call';
import { feedRequestMachine } from '../feed-request';
import type { ChannelEvent, RequestChannel } from './cycle-types';

type Report<K extends 'loaded' | 'error' | 'failed'> = Extract<ChannelEvent, { type: `${string}.${K}` }>;

// The channel is the child's input (one of REQUEST_CHANNELS), so the event type is one of the union's.
const typeOf = <K extends 'loaded' | 'error' | 'failed'>(channel: string, kind: K) =>
  `${channel as RequestChannel}.${kind}` as Report<K>['type'];

export const channelRequestMachine = feedRequestMachine.provide({
  actions: {
    deliver: sendParent(({ context }, answer: FeedAnswer) => ({ type: typeOf(context.channel, 'loaded'), answer })),
    // S8-1: a network failure calls the error callback.
    reportError: sendParent(({ context }, params: { error: string }) => ({
      type: typeOf(context.channel, 'error'),
      call: context.call!,
      error: params.error,
    })),
    // S8-1: after 3 retries the max-attempts-exceeded handler runs.
    maxAttemptsExceeded: sendParent(({ context }) => ({
      type: typeOf(context.channel, 'failed'),
      call: context.call!,
    })),
  },
});
