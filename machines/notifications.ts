// Game notifications for followed games (S2-45, S3-62, S3-63, S4-40, S4-41, S5-6, S9-9): boxes along the
// bottom of the page for goals, red cards and final whistles, or a browser notification while the tab is
// hidden and the visitor allowed them. Under the site root it is the child 'notifications'.
//
//   incoming: feed.changes (the open lists' update and repair feeds) and push.body (the personal push)
//     dropped: setting 'no', responsive layout, not followed, older than the subscription or than the
//              follow, already seen (S4-40, S5-6)
//     shown:   tab hidden and permission granted: showBrowserNotification; otherwise a box
//     sound:   setting 'yessound': the sound machine (systemId 'sound') hears the trigger (S4-37…S4-39)
//   a box:     in ─(fade)─▶ shown ─(180 s | close)─▶ out ─(fade)─▶ removed;  click: the match opens
//   personal:  withoutPush ◀──▶ subscribed: logged in, the account's lsid_ push with its proof (S7-23, S4-32)
//
// Fades and expiry are delayed events on the actor system's clock (SimulatedClock in tests and the CLI).
// The original checks expiry once a second (S9-9); a delayed event lands on the 180 s itself. The newest
// boxes the window's width fits are shown, older ones carry the hidden flag (S4-41, S3-63).
// Effects are provided: openMatch, showBrowserNotification, persistSetting, and the actors followWatch (the
// followed keys, by default read from the system's 'myGames') and personalPush (the account's push subject,
// nothing by default). Sounds go to the system's 'sound' as `sound.triggers`.
import { type ActorRefFrom, assign, enqueueActions, fromCallback, setup } from 'xstate';
import { NOTIFICATION_EXPIRE_MS } from '../src/domain/limits';
import {
  DEFAULT_NOTIFICATION_SETTING,
  type GameChange,
  type GameNotification,
  isFollowedGame,
  isNotificationSetting,
  type NotificationSetting,
  notificationSound,
  notificationsOf,
  parseNotification,
  visibleLimit,
} from '../src/domain/notification-rules';
import type { SoundTrigger } from '../src/domain/sound-rules';

export type { GameChange, GameNotification, NotificationSetting };

/** Fade in and fade out of a box (ours: the spec names the fades, not their length). */
export const NOTIFICATION_FADE_MS = 300;
/** Notification ids remembered, so one change heard from a list and from the push shows once (ours). */
export const SEEN_IDS_KEPT = 500;
/** The window's width when none is known (the CLI): four boxes fit. */
export const DEFAULT_WINDOW_WIDTH = 1280;

/** The Web Notifications API's permission, or 'unsupported' where there is none. */
export type BrowserPermission = 'default' | 'granted' | 'denied' | 'unsupported';

export interface NotificationsInput {
  /** Epoch ms now (server time in the browser, the SimulatedClock's in tests and the CLI). */
  readonly now: () => number;
  /** S3-62 mygamesNotifications as stored; anything else is the default, yessilent. */
  readonly setting?: unknown;
  /** The window's width in px (S4-41). */
  readonly width?: number;
  /** The responsive (narrow) layout shows no notifications (S2-45, S4-40). */
  readonly responsive?: boolean;
  readonly visible?: boolean;
  readonly permission?: BrowserPermission;
  /** Followed keys at start (game keys g_<sport>_<id>, whole-tournament league ids). */
  readonly followed?: readonly string[];
  /** Logged in at start: the account's push subject and proof (S7-23 lsid_). */
  readonly personal?: PersonalPushInput | null;
}

export type BoxPhase = 'in' | 'shown' | 'out';

export interface NotificationBox {
  /** Its `hidden` flag says whether the window's width leaves room for it (S4-41). */
  readonly notification: GameNotification;
  readonly phase: BoxPhase;
  /** When the box came, epoch ms: it expires NOTIFICATION_EXPIRE_MS later (S9-9). */
  readonly arrivedAt: number;
}

/** The account's push subject and the proof that it is theirs (S7-23 lsid_, A7-23). */
export interface PersonalPushInput {
  readonly subject: string;
  readonly id: string;
  readonly hash: string;
}

export interface NotificationsContext {
  readonly now: () => number;
  readonly setting: NotificationSetting;
  readonly width: number;
  readonly responsive: boolean;
  readonly visible: boolean;
  readonly permission: BrowserPermission;
  /** S4-40, S5-6: nothing older than this shows. */
  readonly subscribedAt: number;
  /** Followed keys and since when (epoch ms): a change from before its follow is old news too. */
  readonly followed: Readonly<Record<string, number>>;
  /** Oldest first. */
  readonly boxes: readonly NotificationBox[];
  /** Ids of notifications already shown, newest last. */
  readonly seen: readonly string[];
  readonly personal: PersonalPushInput | null;
}

export type NotificationsEvent =
  /** Changes of shown games from the open lists' update and repair feeds, seen now. */
  | { readonly type: 'feed.changes'; readonly changes: readonly GameChange[] }
  /** A body of the personal push (S7-23 lsid_). */
  | { readonly type: 'push.body'; readonly body: string }
  /** The personal push subscription (re)opened: what happened before it is dropped (S5-6). */
  | { readonly type: 'push.subscribed' }
  | { readonly type: 'follow.changed'; readonly keys: readonly string[] }
  | { readonly type: 'notifications.setting'; readonly setting: NotificationSetting }
  | { readonly type: 'page.visibility'; readonly visible: boolean }
  | { readonly type: 'page.layout'; readonly width: number; readonly responsive: boolean }
  | { readonly type: 'permission.changed'; readonly permission: BrowserPermission }
  /** Logged in; `push` null when the runtime has no personal push. */
  | { readonly type: 'session.loggedIn'; readonly push: PersonalPushInput | null }
  | { readonly type: 'session.loggedOut' }
  /** The visitor clicked a box: the match opens and the box goes (S2-45). */
  | { readonly type: 'box.open'; readonly id: string }
  /** The box's close button (S2-45). */
  | { readonly type: 'box.close'; readonly id: string }
  | { readonly type: 'box.faded'; readonly id: string }
  | { readonly type: 'box.expired'; readonly id: string }
  | { readonly type: 'box.gone'; readonly id: string };

/** An incoming notification and the league of its game (whole-tournament follows), when known. */
interface Incoming {
  readonly notification: GameNotification;
  readonly leagueId: string | null;
  /** Seen now on an open list, so newer than any subscription or follow; a push body carries the server's time. */
  readonly live?: boolean;
}

const boxId = (box: NotificationBox) => box.notification.id;
const fadeTimer = (id: string) => `fade:${id}`;
const expiryTimer = (id: string) => `expire:${id}`;

/** S4-41: the newest boxes the width fits are shown; older ones carry the hidden flag. */
export function withHidden(boxes: readonly NotificationBox[], width: number): NotificationBox[] {
  const limit = visibleLimit(width);
  return boxes.map((box, index) => {
    const hidden = index < boxes.length - limit;
    return box.notification.hidden === hidden ? box : { ...box, notification: { ...box.notification, hidden } };
  });
}

/** When the earliest of the keys following this game was followed, or null when none does. */
function followedSince(followed: NotificationsContext['followed'], incoming: Incoming): number | null {
  let since: number | null = null;
  const isFollowed = (key: string) => {
    const at = followed[key];
    if (at === undefined) return false;
    since = since === null ? at : Math.min(since, at);
    return true;
  };
  const { sportId, gameId } = incoming.notification;
  return isFollowedGame(isFollowed, sportId, gameId, incoming.leagueId) ? since : null;
}

/** Why an incoming notification is not shown (S4-40, S5-6), or null when it is. */
export function refusal(
  context: Pick<NotificationsContext, 'setting' | 'responsive' | 'followed' | 'subscribedAt' | 'seen'>,
  incoming: Incoming,
): 'off' | 'responsive' | 'not followed' | 'old' | 'seen' | null {
  if (context.setting === 'no') return 'off';
  if (context.responsive) return 'responsive';
  const since = followedSince(context.followed, incoming);
  if (since === null) return 'not followed';
  const { timestamp, id } = incoming.notification;
  // A list's change is seen as it happens: its time is now, whatever the page's server-time estimate says.
  if (!incoming.live && (timestamp < context.subscribedAt || timestamp < since)) return 'old';
  if (context.seen.includes(id)) return 'seen';
  return null;
}

/** Whether a shown notification goes to the browser's notifications instead of a box. */
const toBrowser = (context: Pick<NotificationsContext, 'visible' | 'permission'>) =>
  !context.visible && context.permission === 'granted';

const base = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    input: {} as NotificationsInput,
  },
  actions: {
    openMatch: (_, _params: GameNotification) => {},
    showBrowserNotification: (_, _params: GameNotification) => {},
    persistSetting: (_, _params: { setting: NotificationSetting }) => {},
  },
  actors: {
    followWatch: fromCallback<NotificationsEvent>(({ system, sendBack }) => watchMyGames(system, sendBack)),
    // Provided by a runtime with a push channel: sends push.subscribed on open and push.body per message.
    personalPush: fromCallback<NotificationsEvent, PersonalPushInput>(() => {}),
  },
  guards: {
    hasPush: ({ context }) => context.personal !== null,
  },
});

/** What an event brings in: the notifications of list changes (seen now) or of a push body (S5-6). */
function incomingOf(context: NotificationsContext, event: NotificationsEvent): Incoming[] {
  if (event.type === 'feed.changes') {
    const now = context.now();
    return event.changes.flatMap((change) =>
      notificationsOf(change, now).map((notification) => ({ notification, leagueId: change.leagueId, live: true })),
    );
  }
  if (event.type === 'push.body') {
    // S5-6: a body that does not parse is dropped.
    const notification = parseNotification(event.body);
    return notification ? [{ notification, leagueId: null }] : [];
  }
  return [];
}

/** The boxes an event sends away: one closed or expired, or all when notifications are turned off. */
function leavingOf(context: NotificationsContext, event: NotificationsEvent): string[] {
  if (event.type === 'box.close' || event.type === 'box.expired') return [event.id];
  if (event.type === 'notifications.setting' && event.setting === 'no') return context.boxes.map(boxId);
  return [];
}

const machine = base.extend({
  actions: {
    /** Shows what passes S4-40 and S5-6: boxes (with their timers) or browser notifications, and sounds. */
    receive: base.enqueueActions(({ context, event, enqueue, system }) => {
      let boxes = context.boxes;
      let seen = context.seen;
      const now = context.now();
      for (const incoming of incomingOf(context, event)) {
        if (refusal({ ...context, seen }, incoming) !== null) continue;
        const { notification } = incoming;
        seen = [...seen, notification.id].slice(-SEEN_IDS_KEPT);
        if (toBrowser(context)) enqueue({ type: 'showBrowserNotification', params: notification });
        else {
          boxes = [...boxes, { notification, phase: 'in', arrivedAt: now }];
          enqueue.raise(
            { type: 'box.faded', id: notification.id },
            { delay: NOTIFICATION_FADE_MS, id: fadeTimer(notification.id) },
          );
          enqueue.raise(
            { type: 'box.expired', id: notification.id },
            { delay: NOTIFICATION_EXPIRE_MS, id: expiryTimer(notification.id) }, // S9-9
          );
        }
        // S4-37…S4-39: the page's sound machine (a sibling) decides whether and what it plays.
        const kind = notificationSound(notification.kind);
        const sound = context.setting === 'yessound' && kind ? system.get('sound') : undefined;
        if (sound && kind) {
          const trigger: SoundTrigger = { matchId: notification.gameId, sportId: notification.sportId, kinds: [kind] };
          const triggers = { type: 'sound.triggers', triggers: [trigger] } as const;
          enqueue.sendTo(sound, triggers);
        }
      }
      if (seen !== context.seen) enqueue.assign({ seen, boxes: withHidden(boxes, context.width) });
    }),
    /** Boxes fade out (closed, expired or turned off), then go. */
    leave: base.enqueueActions(({ context, event, enqueue }) => {
      const leaving = new Set(leavingOf(context, event));
      const boxes = context.boxes.map((box) => {
        const id = boxId(box);
        if (!leaving.has(id) || box.phase === 'out') return box;
        enqueue.cancel(fadeTimer(id));
        enqueue.cancel(expiryTimer(id));
        enqueue.raise({ type: 'box.gone', id }, { delay: NOTIFICATION_FADE_MS, id: fadeTimer(id) });
        return { ...box, phase: 'out' as const };
      });
      if (boxes.some((box, i) => box !== context.boxes[i])) enqueue.assign({ boxes });
    }),
    /** A box goes at once: faded out, or clicked (S2-45: the match opens). */
    remove: base.enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'box.gone' && event.type !== 'box.open') return;
      const box = context.boxes.find((b) => boxId(b) === event.id);
      if (!box) return;
      enqueue.cancel(fadeTimer(event.id));
      enqueue.cancel(expiryTimer(event.id));
      if (event.type === 'box.open') enqueue({ type: 'openMatch', params: box.notification });
      const boxes = context.boxes.filter((b) => b !== box);
      enqueue.assign({ boxes: withHidden(boxes, context.width) });
    }),
  },
});

export const notificationsMachine = machine.createMachine({
  id: 'notifications',
  context: ({ input }) => {
    const now = input.now();
    const followed: Record<string, number> = {};
    for (const key of input.followed ?? []) followed[key] = now;
    return {
      now: input.now,
      setting: isNotificationSetting(input.setting) ? input.setting : DEFAULT_NOTIFICATION_SETTING,
      width: input.width ?? DEFAULT_WINDOW_WIDTH,
      responsive: input.responsive ?? false,
      visible: input.visible ?? true,
      permission: input.permission ?? 'unsupported',
      subscribedAt: now,
      followed,
      boxes: [],
      seen: [],
      personal: input.personal ?? null,
    };
  },
  invoke: { id: 'followWatch', src: 'followWatch' },
  on: {
    'feed.changes': { actions: 'receive' },
    'push.body': { actions: 'receive' },
    'push.subscribed': { actions: assign({ subscribedAt: ({ context }) => context.now() }) },
    'follow.changed': {
      actions: assign({
        followed: ({ context, event }) => {
          const now = context.now();
          const next: Record<string, number> = {};
          for (const key of event.keys) next[key] = context.followed[key] ?? now;
          return next;
        },
      }),
    },
    'notifications.setting': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        if (!isNotificationSetting(event.setting) || event.setting === context.setting) return;
        enqueue.assign({ setting: event.setting });
        enqueue({ type: 'persistSetting', params: { setting: event.setting } });
        enqueue('leave');
      }),
    },
    'page.visibility': { actions: assign({ visible: ({ event }) => event.visible }) },
    'page.layout': {
      actions: assign(({ context, event }) => ({
        width: event.width,
        responsive: event.responsive,
        boxes: withHidden(context.boxes, event.width),
      })),
    },
    'permission.changed': { actions: assign({ permission: ({ event }) => event.permission }) },
    'box.open': { actions: 'remove' },
    'box.close': { actions: 'leave' },
    'box.expired': { actions: 'leave' },
    'box.faded': {
      actions: assign({
        boxes: ({ context, event }) =>
          context.boxes.map((box) =>
            boxId(box) === event.id && box.phase === 'in' ? { ...box, phase: 'shown' as const } : box,
          ),
      }),
    },
    'box.gone': { actions: 'remove' },
    'session.loggedIn': {
      target: '.choosing',
      reenter: true,
      actions: assign({ personal: ({ event }) => event.push }),
    },
    'session.loggedOut': { target: '.withoutPush', actions: assign({ personal: null }) },
  },
  initial: 'choosing',
  states: {
    choosing: { always: [{ guard: 'hasPush', target: 'subscribed' }, { target: 'withoutPush' }] },
    // S4-32: after login the push subscription moves to the account's subject.
    subscribed: {
      invoke: { id: 'personalPush', src: 'personalPush', input: ({ context }) => context.personal! },
    },
    // A guest, or a runtime without personal push.
    withoutPush: {},
  },
});

export type NotificationsRef = ActorRefFrom<typeof notificationsMachine>;

interface FollowSnapshot {
  readonly context: { readonly follow: { readonly games: object } };
}
interface MyGamesLike {
  getSnapshot(): FollowSnapshot;
  subscribe(listener: (snapshot: FollowSnapshot) => void): { unsubscribe(): void };
}

/** Tells the machine the followed keys of the system's 'myGames' now and whenever they change. */
function watchMyGames(
  system: { get(id: string): unknown },
  sendBack: (event: NotificationsEvent) => void,
): (() => void) | undefined {
  const myGames = system.get('myGames') as MyGamesLike | undefined;
  if (!myGames) return undefined;
  let last: object | null = null;
  const tell = (snapshot: FollowSnapshot) => {
    const games = snapshot.context?.follow?.games;
    if (!games || games === last) return;
    last = games;
    sendBack({ type: 'follow.changed', keys: Object.keys(games) });
  };
  tell(myGames.getSnapshot());
  const subscription = myGames.subscribe(tell);
  return () => subscription.unsubscribe();
}

/** The effects a runtime gives the machine; what is not given does nothing (sounds go to 'sound'). */
export interface NotificationsEffects {
  /** S2-45: the match page of the notification's game. */
  readonly openMatch?: (notification: GameNotification) => void;
  readonly showBrowserNotification?: (notification: GameNotification) => void;
  readonly persistSetting?: (setting: NotificationSetting) => void;
  /** S7-23: subscribes the account's subject with its proof; returns the unsubscribe. */
  readonly subscribePersonalPush?: (
    push: PersonalPushInput,
    onBody: (body: string) => void,
    onOpen: () => void,
  ) => () => void;
}

export function provideNotifications(effects: NotificationsEffects) {
  return notificationsMachine.provide({
    actions: {
      openMatch: (_, notification) => effects.openMatch?.(notification),
      showBrowserNotification: (_, notification) => effects.showBrowserNotification?.(notification),
      persistSetting: (_, { setting }) => effects.persistSetting?.(setting),
    },
    actors: {
      personalPush: fromCallback<NotificationsEvent, PersonalPushInput>(({ input, sendBack }) => {
        if (!effects.subscribePersonalPush) return;
        return effects.subscribePersonalPush(
          input,
          (body) => sendBack({ type: 'push.body', body }),
          () => sendBack({ type: 'push.subscribed' }),
        );
      }),
    },
  });
}
