// The site root: one actor per runtime (the browser page, a test, the CLI), whose children carry the
// page's behaviours and are reached by systemId (`site.system.get('clock')`).
//
//   site
//   ├── settings   odds format, theme, sound toggle (machines/settings.ts)
//   ├── windows    one window or menu at a time, the login window's flow (machines/windows.ts)
//   ├── clock      the page's time and the shared blink phase (machines/clock.ts)
//   ├── session    logged in or not, for the header (machines/session-status.ts)
//   ├── sound      live sounds (machines/sound.ts)
//   ├── origin     geo lookup and origin choice at start-up (machines/origin.ts)
//   ├── feedEngine the list pages' feed cycles and live markers (machines/feed/engine-machine.ts); a
//   │              runtime opens a list on it (`list.open`, machines/feed/list-handle.ts)
//   ├── myGames    My Games and My Teams: stars, local storage, the account's copy (machines/my-games.ts)
//   ├── pinToggle  My Leagues: pinned leagues and their saves (machines/pin-toggle.ts)
//   ├── accountSync  the account data sync while logged in (machines/account-data-sync.ts, A4-7)
//   ├── notifications  boxes and browser notifications for followed games (machines/notifications.ts); it
//   │              reads the followed games from 'myGames' and sounds through 'sound'
//   ├── push       the one push connection (machines/push-connection.ts) when the runtime gives a push URL and
//   │              socket; lists and the match page subscribe through `pushChannelOf(siteChild(site, 'push'))`
//   └── matchDetail  spawned while a match page is open (`match.opened` / `match.closed`), machines/match-detail.ts
//
// Children talk to each other by systemId (the sound toggle of `settings` is sent to `sound`); the
// runtime talks to the root, which routes what comes from the browser (visibility, online state,
// storage changes of other tabs) and from the account client (login, data sync, logout) to the
// children that care. Effects are provided once per runtime: `provideSite`
// takes them as plain functions and provides each child's; the browser's are in web/app, tests give
// fakes. Time comes only from the actor system's clock (every timer is a delayed event), plus the
// `now` reading the runtime gives the clock machine.
import {
  type ActorRefFrom,
  type CallbackActorLogic,
  enqueueActions,
  fromCallback,
  fromPromise,
  sendTo,
  setup,
  stopChild,
} from 'xstate';
import { MY_LEAGUES_DATA_KEY } from '../src/domain/pinned-leagues';
import { type KeyValueStorage, memoryStorage } from '../src/follow/local-storage';
import { writeLocalPins } from '../src/follow/pins-local';
import type { FeedFetcher } from '../src/net/feed-call';
import type { GeoLocation } from '../src/net/geo';
import type { DataDiff, JsonObject } from '../src/wire/account';
import type { PushChannel } from './push-client';
import { accountDataSyncMachine } from './account-data-sync';
import { clockMachine } from './clock';
import { provideFeedEngine } from './feed/engine-effects';
import { feedEngineMachine } from './feed/engine-machine';
import { type MatchDetailEffects, type MatchTab, matchDetailMachine, provideMatchDetail } from './match-detail';
import { type LocalRaw, myGamesMachine, provideMyGames } from './my-games';
import {
  type NotificationsEffects,
  type NotificationsInput,
  notificationsMachine,
  type PersonalPushInput,
  provideNotifications,
} from './notifications';
import { originMachine, type OriginInput } from './origin';
import { type PinSaveRequest, type PinStorageMode, pinToggleMachine } from './pin-toggle';
import {
  type PushConnectionInput,
  type PushConnectionRef,
  type PushSocketCommand,
  type PushSocketInput,
  pushConnectionMachine,
} from './push-connection';
import { type SessionStatusInput, sessionStatusMachine } from './session-status';
import { type OddsFormatName, type SettingsInput, settingsMachine, type ThemeChoice } from './settings';
import { type QueuedSound, soundMachine } from './sound';
import { type WindowsInput, windowsMachine } from './windows';

export interface SiteInput {
  /** Epoch ms now (server time in the browser); the clock machine reads it at every tick. */
  readonly now: () => number;
  /** Whether the page is visible at start (default true). */
  readonly visible?: boolean;
  /** Whether the device is online at start (default true). */
  readonly online?: boolean;
  readonly settings?: SettingsInput;
  readonly windows?: WindowsInput;
  readonly session: SessionStatusInput;
  /** S9-11: iOS loads sounds late and plays one a second. */
  readonly sound?: { readonly ios?: boolean };
  readonly origin: OriginInput;
  /** Logged in at start: the account data the client holds (A3-11); null or absent: a guest. */
  readonly account?: { readonly data: JsonObject } | null;
  /** My Games, My Teams and My Leagues (machines/my-games.ts, machines/pin-toggle.ts). */
  readonly follow?: FollowInput;
  /** When the account data was last synced (A4-7: the client's stored time); default never. */
  readonly accountSyncedAt?: () => number;
  /** The push gateway (S7-23): with it the site starts its 'push' child; without it lists and pages poll only. */
  readonly push?: PushConnectionInput;
  /** Game notifications at start: the stored setting (S3-62), the window, the browser's permission, and when
   * logged in the account's push subject and proof (S7-23 lsid_). */
  readonly notifications?: Omit<NotificationsInput, 'now' | 'followed'>;
}

export interface FollowInput {
  /** The visitor's IANA zone: My Games days are local days (S9-2). Default UTC. */
  readonly timeZone?: string;
  /** Digits naming this tab in the local timestamp (S4-31); random when absent. */
  readonly tabId?: string;
  /** The fsdc_my_* keys as read at page start; absent: read through the storage effect. */
  readonly local?: LocalRaw;
  /** S4-36: where pinned leagues live (default: the account). */
  readonly pinStorage?: PinStorageMode;
  /** Pinned leagues as read from local storage at start (local-only use). */
  readonly localPins?: unknown;
}

export interface SiteContext {
  readonly input: SiteInput;
}

export type SiteEvent =
  /** The page was hidden or shown again: the clock stops and resumes ticking, feed retries pause (A4-11). */
  | { readonly type: 'page.visibility'; readonly visible: boolean }
  /** The device went offline or online again: feed retries pause and resume (A4-11). */
  | { readonly type: 'page.online'; readonly online: boolean }
  /** A list feed answered with data as of `at` (server time), for the offline notice's last update. */
  | { readonly type: 'feeds.synced'; readonly at: number }
  /** Another tab changed the storage (the browser's storage event; key null: cleared), A4-8. */
  | { readonly type: 'storage.changed'; readonly key: string | null }
  /** A match page opened: its detail actor is spawned as 'matchDetail' (one at a time, the last page's). */
  | { readonly type: 'match.opened'; readonly eventId: string; readonly tab?: MatchTab }
  | { readonly type: 'match.closed' }
  /** The account client logged in (here or in another tab) and holds the account's data (A4-3, S4-32); `personal`:
   * its push subject and proof (S7-23 lsid_), when the runtime has personal push. */
  | { readonly type: 'account.loggedIn'; readonly data: JsonObject; readonly personal?: PersonalPushInput | null }
  /** The window's width changed (S4-41); responsive: the narrow layout, without notifications (S2-45). */
  | { readonly type: 'page.layout'; readonly width: number; readonly responsive: boolean }
  /** The account data sync brought fresh data (A4-7). */
  | { readonly type: 'account.data'; readonly data: JsonObject }
  /** The session ended: logout, deletion, a forced logout or another tab's (A4-4, A4-6, A4-8). */
  | { readonly type: 'account.loggedOut' };

/** S7-32: My Leagues' part of the account data. */
const myLeaguesOf = (data: JsonObject): unknown => data[MY_LEAGUES_DATA_KEY];

export const siteMachine = setup({
  types: {} as { context: SiteContext; events: SiteEvent; input: SiteInput },
  actors: {
    settings: settingsMachine,
    windows: windowsMachine,
    clock: clockMachine,
    session: sessionStatusMachine,
    sound: soundMachine,
    origin: originMachine,
    feedEngine: feedEngineMachine,
    matchDetail: matchDetailMachine,
    myGames: myGamesMachine,
    pinToggle: pinToggleMachine,
    push: pushConnectionMachine,
    accountSync: accountDataSyncMachine,
    notifications: notificationsMachine,
  },
}).createMachine({
  id: 'site',
  context: ({ input }) => ({ input }),
  // Spawned rather than invoked: a runtime without a push gateway (tests, a replay without push) has no 'push'.
  entry: enqueueActions(({ context, enqueue }) => {
    const push = context.input.push;
    if (push) enqueue.spawnChild('push', { id: 'push', systemId: 'push', input: push });
  }),
  invoke: [
    { id: 'settings', systemId: 'settings', src: 'settings', input: ({ context }) => context.input.settings ?? {} },
    { id: 'windows', systemId: 'windows', src: 'windows', input: ({ context }) => context.input.windows ?? {} },
    {
      id: 'clock',
      systemId: 'clock',
      src: 'clock',
      input: ({ context }) => ({ now: context.input.now, visible: context.input.visible }),
    },
    {
      id: 'session',
      systemId: 'session',
      src: 'session',
      input: ({ context }) => ({ ...context.input.session, online: context.input.online }),
    },
    {
      id: 'sound',
      systemId: 'sound',
      src: 'sound',
      // The settings machine's own default: sound is on unless the stored choice says otherwise.
      input: ({ context }) => ({ soundOn: context.input.settings?.soundOn ?? true, ios: context.input.sound?.ios }),
    },
    { id: 'origin', systemId: 'origin', src: 'origin', input: ({ context }) => context.input.origin },
    {
      id: 'feedEngine',
      systemId: 'feedEngine',
      src: 'feedEngine',
      input: ({ context }) => ({ online: context.input.online, visible: context.input.visible }),
    },
    {
      id: 'accountSync',
      systemId: 'accountSync',
      src: 'accountSync',
      input: ({ context }) => ({
        loggedIn: context.input.account != null,
        now: context.input.now,
        lastSyncedAt: context.input.accountSyncedAt ?? (() => 0),
      }),
    },
    {
      id: 'myGames',
      systemId: 'myGames',
      src: 'myGames',
      input: ({ context }) => ({
        now: context.input.now,
        timeZone: context.input.follow?.timeZone ?? 'UTC',
        tabId: context.input.follow?.tabId,
        local: context.input.follow?.local,
        session: context.input.account ? { data: context.input.account.data } : null,
      }),
    },
    {
      id: 'pinToggle',
      systemId: 'pinToggle',
      src: 'pinToggle',
      input: ({ context }) => {
        const { follow, account } = context.input;
        const mode = follow?.pinStorage ?? 'account';
        return {
          mode,
          loggedIn: account != null,
          stored: mode === 'local' ? follow?.localPins : account ? myLeaguesOf(account.data) : undefined,
        };
      },
    },
    // After myGames: it reads the followed games from it by systemId.
    {
      id: 'notifications',
      systemId: 'notifications',
      src: 'notifications',
      input: ({ context }) => ({
        ...context.input.notifications,
        now: context.input.now,
        visible: context.input.visible,
      }),
    },
  ],
  on: {
    'page.visibility': {
      actions: [
        sendTo('clock', ({ event }) => event),
        sendTo('feedEngine', ({ event }) => event),
        sendTo('notifications', ({ event }) => event),
      ],
    },
    'page.layout': { actions: sendTo('notifications', ({ event }) => event) },
    'page.online': { actions: [sendTo('feedEngine', ({ event }) => event), sendTo('session', ({ event }) => event)] },
    'feeds.synced': { actions: sendTo('session', ({ event }) => event) },
    'storage.changed': {
      actions: [sendTo('session', ({ event }) => event), sendTo('myGames', { type: 'storage.changed' })],
    },
    'account.loggedIn': {
      actions: [
        sendTo('accountSync', { type: 'LOGGED_IN' }),
        sendTo('myGames', ({ event }) => ({ type: 'session.loggedIn', data: event.data })),
        sendTo('pinToggle', ({ event }) => ({ type: 'account.login', stored: myLeaguesOf(event.data) })),
        sendTo('notifications', ({ event }) => ({ type: 'session.loggedIn', push: event.personal ?? null })),
      ],
    },
    'account.data': {
      actions: [
        sendTo('myGames', ({ event }) => ({ type: 'session.data', data: event.data })),
        sendTo('pinToggle', ({ event }) => ({ type: 'account.data', stored: myLeaguesOf(event.data) })),
      ],
    },
    'account.loggedOut': {
      actions: [
        sendTo('accountSync', { type: 'LOGGED_OUT' }),
        sendTo('myGames', { type: 'session.loggedOut' }),
        sendTo('pinToggle', { type: 'account.logout' }),
        sendTo('notifications', { type: 'session.loggedOut' }),
      ],
    },
    'match.opened': {
      actions: enqueueActions(({ enqueue, event }) => {
        enqueue.stopChild('matchDetail');
        enqueue.spawnChild('matchDetail', {
          id: 'matchDetail',
          systemId: 'matchDetail',
          input: { eventId: event.eventId, tab: event.tab },
        });
      }),
    },
    'match.closed': { actions: stopChild('matchDetail') },
  },
});

export type SiteActorRef = ActorRefFrom<typeof siteMachine>;

/** The children every site has from its start, by systemId. */
export interface SiteChildren {
  readonly settings: ActorRefFrom<typeof settingsMachine>;
  readonly windows: ActorRefFrom<typeof windowsMachine>;
  readonly clock: ActorRefFrom<typeof clockMachine>;
  readonly session: ActorRefFrom<typeof sessionStatusMachine>;
  readonly sound: ActorRefFrom<typeof soundMachine>;
  readonly origin: ActorRefFrom<typeof originMachine>;
  readonly feedEngine: ActorRefFrom<typeof feedEngineMachine>;
  readonly myGames: ActorRefFrom<typeof myGamesMachine>;
  readonly pinToggle: ActorRefFrom<typeof pinToggleMachine>;
  readonly accountSync: ActorRefFrom<typeof accountDataSyncMachine>;
  readonly notifications: ActorRefFrom<typeof notificationsMachine>;
}

export type SiteChildId = keyof SiteChildren;

export const SITE_CHILD_IDS: readonly SiteChildId[] = [
  'settings',
  'windows',
  'clock',
  'session',
  'sound',
  'origin',
  'feedEngine',
  'myGames',
  'pinToggle',
  'accountSync',
  'notifications',
];

/** The site's push connection, when it was started with a push gateway. */
export function sitePush(site: { readonly system: { get(id: string): unknown } }): PushConnectionRef | null {
  return (site.system.get('push') as PushConnectionRef | undefined) ?? null;
}

/** A child of a started site by its systemId. */
export function siteChild<K extends SiteChildId>(
  site: { readonly system: { get(id: string): unknown } },
  id: K,
): SiteChildren[K] {
  const child = site.system.get(id);
  if (!child) throw new Error(`the site has no '${id}' actor: is it started?`);
  return child as SiteChildren[K];
}

/** Everything the site's children do to the world, as plain functions; each runtime gives its own. */
export interface SiteEffects {
  /** S9-12: the odds format cookie. */
  readonly persistOddsFormat: (format: OddsFormatName) => void;
  readonly persistTheme: (theme: ThemeChoice) => void;
  /** S4-39: the sound-disabled preference. */
  readonly persistSound: (on: boolean) => void;
  /** S3-62: the My Games group view. */
  readonly persistMyGamesGroups: (on: boolean) => void;
  /** S2-41: the language box was shown. */
  readonly rememberLangBoxShown: () => void;
  /** S4-18: hides (true) or shows (false) every blink mark at once. */
  readonly setBlinkOff: (off: boolean) => void;
  /** Loads the sound player and its files (rejects when sounds are unavailable). */
  readonly loadSounds: () => Promise<void>;
  /** Plays a sound; calls `ended` when it stopped sounding. */
  readonly playSound: (sound: QueuedSound, ended: () => void) => void;
  readonly silenceSounds: () => void;
  readonly logProblem: (message: string) => void;
  /** A4-10: the visitor's location (null when the answer names no country). */
  readonly lookupGeo: () => Promise<GeoLocation | null>;
  /** The match page's detail feeds by name (S7-15); null when it could not be had. */
  readonly fetchDetail: MatchDetailEffects['fetchDetail'];
  /** Push on a subject (games_kk_<id>, S7-23); absent: the match page polls only. */
  readonly subscribePush?: MatchDetailEffects['subscribePush'];
  /** The list pages' feeds (S7-2…S7-11), for the feed engine. */
  readonly fetchFeed: FeedFetcher;
  /** Push on the list pages' update subjects (S7-23); absent: lists poll only (S8-3). */
  readonly subscribeFeedPush?: PushChannel['subscribe'];
  /** Local storage (Web Storage-like): My Games' fsdc_my_* keys (S9-2), local-only pins (S4-36). */
  readonly storage: KeyValueStorage;
  /** A3-11, A7-11: the account client's `storeMergedData('data', diff)`; rejects when the server did not take it. */
  readonly storeAccountData: (diff: DataDiff) => Promise<void>;
  /** Applies a diff to the client's local copy of the account data only: a refused pin's undo (S4-35). */
  readonly revertAccountData: (undo: DataDiff) => void;
  /** A4-7: the account client's `syncData()` (fetches the account's data; its arrival is reported as account.data). */
  readonly syncAccountData: () => Promise<void>;
  /** The push connection's socket (a browser WebSocket, or a simulated one in the CLI and tests). */
  readonly pushSocket: PushSocketLogic;
  /** Game notifications (machines/notifications.ts): open a match, show a browser notification, keep the
   * setting (S3-62), and subscribe the account's lsid_ subject with its proof (S7-23). */
  readonly notifications: NotificationsEffects;
}

/** The socket actor the push connection runs (machines/push-client.ts's webSocketActor in the browser). */
export type PushSocketLogic = CallbackActorLogic<PushSocketCommand, PushSocketInput>;

const nothing = () => {};

/** The site with a runtime's effects; what is not given does nothing (geo: unknown). */
export function provideSite(effects: Partial<SiteEffects>) {
  const e: SiteEffects = {
    persistOddsFormat: nothing,
    persistTheme: nothing,
    persistSound: nothing,
    persistMyGamesGroups: nothing,
    rememberLangBoxShown: nothing,
    setBlinkOff: nothing,
    loadSounds: async () => {},
    playSound: nothing,
    silenceSounds: nothing,
    logProblem: nothing,
    lookupGeo: async () => null,
    fetchDetail: async () => null,
    fetchFeed: async () => {
      throw new Error('no feed fetch was given to the site');
    },
    storage: memoryStorage(),
    storeAccountData: async () => {
      throw new Error('no account store was given to the site');
    },
    revertAccountData: nothing,
    syncAccountData: async () => {},
    // Without a socket every connection attempt drops at once, after its back-off.
    pushSocket: fromCallback(({ sendBack }) => sendBack({ type: 'socket.down' })),
    notifications: {},
    ...effects,
  };
  return siteMachine.provide({
    actors: {
      settings: settingsMachine.provide({
        actions: {
          persistOddsFormat: (_, params) => e.persistOddsFormat(params.format),
          persistTheme: (_, params) => e.persistTheme(params.theme),
          persistSound: (_, params) => e.persistSound(params.on),
          persistMyGamesGroups: (_, params) => e.persistMyGamesGroups(params.on),
        },
      }),
      windows: windowsMachine.provide({ actions: { rememberLangBoxShown: () => e.rememberLangBoxShown() } }),
      clock: clockMachine.provide({ actions: { setBlinkOff: (_, params) => e.setBlinkOff(params.off) } }),
      sound: soundMachine.provide({
        actors: { loadSounds: fromPromise(() => e.loadSounds()) },
        actions: {
          play: ({ self }, sound) => e.playSound(sound, () => self.send({ type: 'sound.ended', seq: sound.seq })),
          silence: () => e.silenceSounds(),
          logProblem: (_, params) => e.logProblem(params.message),
        },
      }),
      origin: originMachine.provide({ actors: { lookupGeo: fromPromise(() => e.lookupGeo()) } }),
      feedEngine: provideFeedEngine({
        fetchFeed: e.fetchFeed,
        subscribePush: e.subscribeFeedPush ?? null,
        logProblem: e.logProblem,
      }),
      matchDetail: provideMatchDetail({ fetchDetail: e.fetchDetail, subscribePush: e.subscribePush }),
      myGames: provideMyGames({ storage: e.storage, storeServer: e.storeAccountData }),
      push: pushConnectionMachine.provide({ actors: { socket: e.pushSocket } }),
      accountSync: accountDataSyncMachine.provide({ actors: { sync: fromPromise(() => e.syncAccountData()) } }),
      notifications: provideNotifications(e.notifications),
      pinToggle: pinToggleMachine.provide({
        actors: {
          save: fromPromise<void, PinSaveRequest>(async ({ input }) => {
            try {
              await e.storeAccountData(input.diff);
            } catch (error) {
              e.revertAccountData(input.undo); // the client applied the diff to its copy before sending
              throw error;
            }
          }),
        },
        actions: { storeLocal: (_, { stored }) => writeLocalPins(e.storage, stored) },
      }),
    },
  });
}
