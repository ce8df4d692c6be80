// A list session over the feed engine (machines/feed-engine.ts): the feed cycle with its requests,
// push and live marker, fed over HTTP from the origin chosen at start-up (the site's origin machine,
// A4-9) and the WebSocket push channel of the page's own origin.
import { createFeedEngine, type FeedEngine } from '../../machines/feed-engine';
import { DEFAULT_FEED_PAGE } from '../../src/net/feed-names';
import { domPageSignals } from '../../src/net/page-signals';
import { createWebSocketPush, type WebSocketLike } from '../../machines/push-client';
import { httpTransport } from '../../src/net/transport';
import { pageTimezoneHour } from '../ui/format/time';
import { COLLAPSED_COOKIE_NAME, readCookie } from '../ui/list/collapsed-leagues';
import type { FeedStatus, ListRequest, ListSession } from '../ui/store/feed-gateway';
import { type SoundSink, watchEngineSounds } from './sound-session';

/** What the composition root gives every list session. */
export interface EngineSessionOptions {
  /** The feed origin chosen at start-up (A4-9). */
  readonly origin: () => string | Promise<string>;
  /** Epoch ms now: where the visitor's midnight is. */
  readonly now: () => number;
  /** The page's sound machine; the list's live changes may sound (S1-6). */
  readonly sounds?: SoundSink;
}

const PUSH_PATH = '/push'; // server/app.ts push gateway

function pushUrl(): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${PUSH_PATH}`;
}

function statusOf(engine: FeedEngine): FeedStatus {
  const snapshot = engine.actor.getSnapshot();
  if (snapshot.matches('running')) return 'ready';
  if (snapshot.matches('waitingToRetry')) return engine.scoreboard.version > 0 ? 'ready' : 'failed';
  return engine.scoreboard.version > 0 ? 'ready' : 'loading';
}

export function openEngineListSession(request: ListRequest, options: EngineSessionOptions): ListSession {
  const engine = createFeedEngine({
    transport: httpTransport({ origin: options.origin }),
    sport: request.sportId,
    day: request.day,
    // S7-1: day lists are cut at the visitor's midnight, the same one the page's dates use.
    page: { ...DEFAULT_FEED_PAGE, timezoneHour: pageTimezoneHour(options.now()) },
    push: createWebSocketPush({ url: pushUrl(), connect: (url) => new WebSocket(url) as unknown as WebSocketLike }),
    // The page keeps its own collapse map over the same cookie (S4-13); the store reads it for defaults.
    collapsedCookie: { read: () => readCookie(document.cookie, COLLAPSED_COOKIE_NAME), write: () => {} },
    pageSignals: domPageSignals({ window, document }),
  });
  const listeners = new Set<() => void>();
  let status: FeedStatus = 'loading';
  const check = () => {
    const next = statusOf(engine);
    if (next === status) return;
    status = next;
    for (const l of [...listeners]) l();
  };
  const stopActor = engine.actor.subscribe(check);
  const stopBoard = engine.scoreboard.subscribe(check);
  const { sounds } = options;
  const stopSounds = sounds ? watchEngineSounds(engine, sounds) : () => {}; // S1-6: this list's live changes may sound
  engine.start();
  check();
  return {
    view: { snapshot: () => engine.scoreboard.snapshot(), subscribe: (l) => engine.scoreboard.subscribe(l) },
    status: () => status,
    subscribeStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    selectTab(tab) {
      engine.send({ type: 'tab.select', tab });
    },
    serverNow: () => engine.serverNow(),
    close() {
      stopActor.unsubscribe();
      stopBoard();
      stopSounds();
      engine.stop();
    },
  };
}
