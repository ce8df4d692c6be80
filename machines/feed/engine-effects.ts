// The feed engine's effects, given once per runtime: the list feeds, push on their update subjects,
// the problem log, the random source of the S4-5 retry and, for a runtime whose root does not route
// them, the page's online and visibility signals (A4-11).
import { fromCallback, fromPromise } from 'xstate';
import type { FeedAnswer, FeedCall, FeedFetcher } from '../../src/net/feed-call';
import { isFailedParse } from '../../src/net/feed-client';
import type { PageSignals as PageSignalSource } from '../../src/net/page-signals';
import { parseListFeed } from '../../src/protocol/list-feed';
import type { ListFeed } from '../../src/protocol/list-feed-types';
import { feedCycleMachine } from '../feed-cycle';
import type { PushChannel } from '../push-client';
import { channelRequestMachine } from './channel-request';
import { type FeedCycleEvent, PARSE_RETRY_MIN_MS, PARSE_RETRY_SPAN_MS } from './cycle-types';
import { type EngineEvent, feedEngineMachine } from './engine-machine';

/** A push body as an update feed; null when it does not parse (S8-2: logged only). */
export function parsePushBody(body: string): ListFeed | null {
  const feed = parseListFeed(body);
  return isFailedParse(feed) ? null : feed;
}

/** What the engine does to the world, given once per runtime. */
export interface FeedEngineEffects {
  /** The list feeds (S7-2…S7-11). */
  readonly fetchFeed: FeedFetcher;
  /** Push on update subjects (S7-23); absent: a list that wants push hears it failed and polls (S8-3). */
  readonly subscribePush?: PushChannel['subscribe'] | null;
  readonly logProblem?: (message: string) => void;
  /** S4-5: the random source of the parse retry delay; default Math.random. */
  readonly random?: () => number;
  /** A4-11 online and visibility changes, for a runtime whose root does not route them. */
  readonly pageSignals?: PageSignalSource | null;
}

/** Listens to a page signal source and sends the engine what changed (A4-11). */
function pageSignalsActor(source: PageSignalSource) {
  return fromCallback<EngineEvent>(({ sendBack }) => {
    let last = source.current;
    return source.subscribe((state) => {
      if (state.online !== last.online) sendBack({ type: 'page.online', online: state.online });
      if (state.visible !== last.visible) sendBack({ type: 'page.visibility', visible: state.visible });
      last = state;
    });
  });
}

/** The engine with a runtime's effects. */
export function provideFeedEngine(effects: FeedEngineEffects) {
  const { subscribePush } = effects;
  const random = effects.random ?? Math.random;
  const logProblem = (_: unknown, params: { message: string }) => effects.logProblem?.(params.message);
  const cycle = feedCycleMachine.provide({
    actors: {
      feedRequest: channelRequestMachine.provide({
        actors: { fetchFeed: fromPromise<FeedAnswer, FeedCall>(({ input }) => effects.fetchFeed(input)) },
      }),
      pushSubscription: fromCallback<FeedCycleEvent, { subjects: readonly string[] }>(({ sendBack, input }) => {
        if (!subscribePush) {
          sendBack({ type: 'push.failed' });
          return () => {};
        }
        return subscribePush(
          input.subjects,
          (message) => sendBack({ type: 'push.message', subject: message.subject, feed: parsePushBody(message.body) }),
          (status) =>
            sendBack({ type: status === 'open' ? 'push.open' : status === 'closed' ? 'push.closed' : 'push.failed' }),
        );
      }),
    },
    actions: { logProblem },
    delays: { parseRetry: () => PARSE_RETRY_MIN_MS + random() * PARSE_RETRY_SPAN_MS }, // S4-5
  });
  return feedEngineMachine.provide({
    actors: {
      feedCycle: cycle,
      ...(effects.pageSignals ? { pageSignals: pageSignalsActor(effects.pageSignals) } : {}),
    },
    actions: { logProblem },
  });
}
