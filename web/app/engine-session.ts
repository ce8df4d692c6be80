// A list session: one list page opened on the site root's feed engine (its child 'feedEngine',
// machines/feed/engine-machine.ts) over a scoreboard of its own. The engine's effects, the list
// feeds over HTTP from the origin chosen at start-up (A4-9) and the WebSocket push channel of the
// page's own origin, are the composition root's (machines/site-network.ts, given to provideSite).
import type { FeedEngineRef } from '../../machines/feed/engine-machine';
import { scoreboardBoard } from '../../machines/feed/board';
import { openFeedList } from '../../machines/feed/list-handle';
import { createScoreboard } from '../../src/scoreboard/store';
import { pageTimezoneHour } from '../ui/format/time';
import { COLLAPSED_COOKIE_NAME, readCookie } from '../ui/list/collapsed-leagues';
import type { FeedStatus, ListRequest, ListSession } from '../ui/store/feed-gateway';
import { type NotificationSink, watchListNotifications } from './notifications-session';
import { type SoundSink, watchEngineSounds } from './sound-session';

/** What the composition root gives every list session. */
export interface EngineSessionOptions {
  /** The site's feed engine. */
  readonly engine: () => FeedEngineRef;
  /** Epoch ms now: where the visitor's midnight is, and the lists' clock. */
  readonly now: () => number;
  /** Server time, epoch ms, as the list feeds taught it (S7-21). */
  readonly serverNow: () => number;
  /** The page's sound machine; the list's live changes may sound (S1-6). */
  readonly sounds?: SoundSink;
  /** The page's game notifications; the list's changes of followed games may notify (S2-45). */
  readonly notifications?: NotificationSink;
}

const PUSH_PATH = '/push'; // server/app.ts push gateway

/** The page's own push gateway (the site's 'push' child connects to it). */
export function pushUrl(): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${PUSH_PATH}`;
}

let opened = 0;

export function openEngineListSession(request: ListRequest, options: EngineSessionOptions): ListSession {
  const { now } = options;
  const scoreboard = createScoreboard({
    now,
    serverNow: options.serverNow,
    // The page keeps its own collapse map over the same cookie (S4-13); the store reads it for defaults.
    collapsedCookie: readCookie(document.cookie, COLLAPSED_COOKIE_NAME),
  });
  const list = openFeedList(options.engine(), {
    id: `list:${++opened}`,
    sport: request.sportId,
    day: request.day,
    push: true,
    now,
    // S7-1: the visitor's midnight, as the list feeds are named with it.
    board: scoreboardBoard(scoreboard, { timezoneHour: pageTimezoneHour(now()) }),
  });
  const statusOf = (): FeedStatus => {
    const snapshot = list.cycle.getSnapshot();
    if (snapshot.matches('running')) return 'ready';
    if (snapshot.matches('waitingToRetry')) return scoreboard.version > 0 ? 'ready' : 'failed';
    return scoreboard.version > 0 ? 'ready' : 'loading';
  };
  const listeners = new Set<() => void>();
  let status: FeedStatus = 'loading';
  const check = () => {
    const next = statusOf();
    if (next === status) return;
    status = next;
    for (const l of [...listeners]) l();
  };
  const stopActor = list.cycle.subscribe(check);
  const stopBoard = scoreboard.subscribe(check);
  const { sounds } = options;
  // S1-6: this list's live changes may sound.
  const stopSounds = sounds ? watchEngineSounds({ watchApplies: list.watchApplies, scoreboard }, sounds) : () => {};
  const stopNotifications = options.notifications
    ? watchListNotifications(list, scoreboard, options.notifications)
    : () => {};
  check();
  return {
    view: { snapshot: () => scoreboard.snapshot(), subscribe: (l) => scoreboard.subscribe(l) },
    status: () => status,
    subscribeStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    selectTab(tab) {
      list.send({ type: 'tab.select', tab });
    },
    followed(selection) {
      list.send({ type: 'myGames.changed', needs: selection.needs, ids: selection.ids });
    },
    serverNow: options.serverNow,
    close() {
      stopActor.unsubscribe();
      stopBoard();
      stopSounds();
      stopNotifications();
      list.close();
    },
  };
}
