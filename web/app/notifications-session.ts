// Game notifications in the browser (machines/notifications.ts, the site's child 'notifications'): the stored
// setting (S3-62), the window's width and layout (S4-41, S2-45), the Web Notifications API while the tab is
// hidden, the account's personal push over its own WebSocket with its proof (S7-23 lsid_), and the open lists'
// field changes turned into game changes (the league's name from the list's scoreboard).
import type {
  BrowserPermission,
  GameChange,
  GameNotification,
  NotificationsEffects,
  NotificationSetting,
  PersonalPushInput,
} from '../../machines/notifications';
import { createWebSocketPush, type WebSocketLike } from '../../machines/push-client';
import type { SiteChildren } from '../../machines/site';
import type { AccountClient } from '../../src/account/client';
import type { ApplyListener } from '../../machines/feed/list-handle';
import type { Scoreboard } from '../../src/scoreboard/store';
import { requestOpenMatch } from '../ui/notifications/open-match';

export type NotificationsRef = SiteChildren['notifications'];

/** S3-62 mygamesNotifications, kept in local storage like the other live table settings. */
export const NOTIFICATIONS_SETTING_KEY = 'fsdc_mygames_notifications';
/** The narrow layout (web/app/styles.css's smallest breakpoint): no notifications there (S2-45, S4-40). */
export const RESPONSIVE_MAX_WIDTH_PX = 640;

export function readNotificationSetting(storage: Pick<Storage, 'getItem'> | null): string | null {
  try {
    return storage?.getItem(NOTIFICATIONS_SETTING_KEY) ?? null;
  } catch {
    return null;
  }
}

export function pageLayout(): { width: number; responsive: boolean } {
  const width = window.innerWidth;
  return { width, responsive: width <= RESPONSIVE_MAX_WIDTH_PX };
}

export function browserPermission(): BrowserPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : (Notification.permission as BrowserPermission);
}

/** The account's subject and proof for the personal push, or null for a guest. */
export function personalPushOf(client: AccountClient): PersonalPushInput | null {
  const loggedIn = client.loggedIn;
  const subject = client.pushSubject();
  return loggedIn && subject ? { subject, id: loggedIn.id, hash: loggedIn.hash } : null;
}

/** Asks the page (its router, web/ui/notifications) to open a match page. */
export const openMatchPage = requestOpenMatch;

function showBrowserNotification(notification: GameNotification): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const title = `${notification.home} – ${notification.away}  ${notification.score}`;
  const body = notification.label ? `${notification.text} · ${notification.label}` : notification.text;
  try {
    const shown = new Notification(title, { body, tag: notification.id });
    shown.onclick = () => {
      window.focus();
      openMatchPage(notification);
      shown.close();
    };
  } catch {
    // Some browsers only show them from a service worker: the box will do next time the tab is visible.
  }
}

/** The notifications machine's effects in the browser. */
export function browserNotificationEffects(options: {
  readonly storage: Pick<Storage, 'setItem'> | null;
  /** The push gateway's URL (ws://…/push). */
  readonly pushUrl: string;
}): NotificationsEffects {
  return {
    openMatch: openMatchPage,
    showBrowserNotification,
    persistSetting: (setting: NotificationSetting) => {
      try {
        options.storage?.setItem(NOTIFICATIONS_SETTING_KEY, setting);
      } catch {
        // private mode: the choice lasts for this page only
      }
    },
    // S7-23: the account's subject on a connection of its own, whose subscribes carry the proof.
    subscribePersonalPush: (push, onBody, onOpen) =>
      createWebSocketPush({
        url: options.pushUrl,
        connect: (url) => new WebSocket(url) as unknown as WebSocketLike,
        auth: { id: push.id, hash: push.hash },
      }).subscribe(
        [push.subject],
        (message) => onBody(message.body),
        (status) => {
          if (status === 'open') onOpen();
        },
      ),
  };
}

/** Sends the window's layout (S4-41) to the site whenever it is resized; returns the undo. */
export function reportLayout(site: { send(event: { type: 'page.layout'; width: number; responsive: boolean }): void }) {
  let last = '';
  const report = () => {
    const layout = pageLayout();
    const key = `${layout.width}:${layout.responsive}`;
    if (key === last) return;
    last = key;
    site.send({ type: 'page.layout', ...layout });
  };
  window.addEventListener('resize', report);
  return () => window.removeEventListener('resize', report);
}

/** Where a list's changes go: the site's notifications child, which wants them only while it follows a game. */
export interface NotificationSink {
  wanted(): boolean;
  changes(changes: readonly GameChange[]): void;
}

export function siteNotificationSink(notifications: NotificationsRef): NotificationSink {
  return {
    wanted: () => {
      const { setting, followed } = notifications.getSnapshot().context;
      return setting !== 'no' && Object.keys(followed).length > 0;
    },
    changes: (changes) => notifications.send({ type: 'feed.changes', changes }),
  };
}

/** Turns one list's applied update and repair feeds into game changes for `sink`; returns the unwatch. */
export function watchListNotifications(
  list: { readonly watchApplies: (listener: ApplyListener) => () => void },
  scoreboard: Pick<Scoreboard, 'snapshot' | 'getLeague'>,
  sink: NotificationSink,
): () => void {
  return list.watchApplies((fieldChanges) => {
    if (!sink.wanted()) return;
    const fallbackSport = scoreboard.snapshot().sportId;
    const changes: GameChange[] = [];
    for (const { before, after } of fieldChanges) {
      const sportId = after.sportId ?? fallbackSport;
      if (sportId === null || sportId === undefined) continue;
      const leagueId = after.leagueId ?? before.leagueId ?? null;
      const label = leagueId ? (scoreboard.getLeague(leagueId)?.name ?? '') : '';
      changes.push({ eventId: after.id, sportId, leagueId, label, before, after });
    }
    if (changes.length > 0) sink.changes(changes);
  });
}
