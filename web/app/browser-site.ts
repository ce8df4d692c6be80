// The browser's composition root: the page's one root actor (machines/site.ts) with the browser's
// effects, the browser events it listens to, the feed gateway over the feed engine, and the page's one
// account client, whose logins, data syncs and logouts go to the root. Nothing else in the client creates a
// long-lived actor or touches storage, cookies, audio or the network for them.
import { createActor } from 'xstate';
import type { AccountClient } from '../../src/account/client';
import { type KeyValueStorage, memoryStorage, readLocalRaw } from '../../src/follow/local-storage';
import { applyDataDiff } from '../../src/wire/dotted';
import type { JsonObject } from '../../src/wire/account';
import { chosenOrigin } from '../../machines/origin';
import { storedSessionKeys } from '../../machines/session-status';
import { pushChannelOf } from '../../machines/push-client';
import { provideSite, type SiteActorRef, siteChild, sitePush } from '../../machines/site';
import { createSiteNetwork, type WebSocketClass } from '../../machines/site-network';
import { type FeedAnswer, isAcceptedStatus } from '../../src/net/feed-call';
import { createGeoLookup } from '../../src/net/geo-lookup';
import type { ResolverConfig, SessionStore } from '../../src/net/origin-resolver';
import { httpTransport } from '../../src/net/transport';
import { PAGE_TIME_ZONE, pageTimezoneHour } from '../ui/format/time';
import { showBlinkPhase } from '../ui/list/blink-phase';
import type { FeedGateway } from '../ui/store/feed-gateway';
import { createBrowserAccountClient } from './account-client';
import { accountAtStart, reportAccountToSite } from './account-events';
import { persistence, readSettings } from './browser-storage';
import { pushUrl } from './engine-session';
import { createBrowserGateway } from './gateway';
import {
  browserNotificationEffects,
  browserPermission,
  pageLayout,
  personalPushOf,
  readNotificationSetting,
  reportLayout,
  siteNotificationSink,
} from './notifications-session';
import { browserSoundEffects, isIosDevice, siteSoundSink } from './sound-session';

export interface BrowserSite {
  readonly site: SiteActorRef;
  readonly gateway: FeedGateway;
  /** The page's account client, for the account dialogs. */
  readonly account: AccountClient;
}

/** A3-9: this site's resolver configuration: no country-bound origin, the page's own as the default. */
export function ownOriginConfig(pageOrigin: string): ResolverConfig {
  return { local: [], global: [], default_url: pageOrigin };
}

function storageOf(get: () => Storage): Storage | null {
  try {
    return get();
  } catch {
    return null; // blocked by the browser
  }
}

function sessionStore(): SessionStore | null {
  const storage = storageOf(() => window.sessionStorage);
  if (!storage) return null;
  // A full or blocked storage loses the choice, never the page (A4-9 keeps it only for the session anyway).
  return {
    getItem: (key) => storage.getItem(key),
    setItem: (key, value) => {
      try {
        storage.setItem(key, value);
      } catch {}
    },
    removeItem: (key) => storage.removeItem(key),
  };
}

/** Local storage whose writes may fail (full, blocked) without breaking an actor: the copy then lasts for the page. */
function forgivingStorage(storage: Storage | null): KeyValueStorage {
  if (!storage) return memoryStorage();
  return {
    getItem: (key) => {
      try {
        return storage.getItem(key);
      } catch {
        return null;
      }
    },
    setItem: (key, value) => {
      try {
        storage.setItem(key, value);
      } catch {}
    },
    removeItem: (key) => {
      try {
        storage.removeItem(key);
      } catch {}
    },
  };
}

const pageVisible = () => document.visibilityState !== 'hidden';
const pageOnline = () => navigator.onLine !== false;

/** Builds and starts the page's root actor and its feed gateway. */
export function startBrowserSite(): BrowserSite {
  let gateway: FeedGateway | null = null;
  // Server time once a list session learnt it (S7-21, S7-22); the browser's clock until then.
  const now = () => gateway?.now() ?? Date.now();
  const pageFetch = globalThis.fetch.bind(globalThis);
  // A4-10: one geo request (x-geoip: 1) at start-up; its answer is shared.
  const geo = createGeoLookup({ transport: httpTransport({ origin: location.origin, fetch: pageFetch }) });
  const localStorage = storageOf(() => window.localStorage);
  const storage = forgivingStorage(localStorage);
  const account = createBrowserAccountClient(now);
  const origin = () => chosenOrigin(siteChild(site, 'origin'));
  // The feed engine's list feeds (the site's child 'feedEngine') and detail feeds, over the page's fetch, and the
  // push socket of the site's child 'push'; the CLI replay builds the same over its simulated network.
  const network = createSiteNetwork({
    fetch: pageFetch,
    WebSocket: WebSocket as unknown as WebSocketClass,
    origin,
    now: () => Date.now(),
    timezoneHour: (at) => pageTimezoneHour(at),
  });
  let pushChannel: ReturnType<typeof pushChannelOf> | null = null;
  // Effects run only once the site has started, so its 'push' child exists by then.
  const push = () => {
    const connection = sitePush(site);
    if (!connection) throw new Error('the site was started without push');
    pushChannel ??= pushChannelOf(connection);
    return pushChannel;
  };
  const reportSynced = (answer: FeedAnswer): FeedAnswer => {
    if (answer.call.kind !== 'sys' && isAcceptedStatus(answer.status) && answer.serverTime !== null)
      site.send({ type: 'feeds.synced', at: answer.serverTime });
    return answer;
  };
  const site = createActor(
    provideSite({
      persistOddsFormat: (format) => persistence.oddsFormat(format),
      persistTheme: (theme) => persistence.theme(theme),
      persistSound: (on) => persistence.sound(on),
      persistMyGamesGroups: (on) => persistence.myGamesGroups(on),
      rememberLangBoxShown: () => persistence.rememberLangBox(),
      setBlinkOff: (off) => showBlinkPhase(off),
      ...browserSoundEffects(),
      lookupGeo: () => geo.lookup(),
      // The match page's detail actor (the site's child 'matchDetail') reads through the feed gateway.
      fetchDetail: (feed) => gateway?.fetchDetail(feed) ?? Promise.resolve(null),
      subscribePush: (subject, onMessage) => push().subscribe([subject], () => onMessage()),
      // The offline notice's last update: each list answer's server time (a cached answer's is when it was made).
      fetchFeed: (call) => network.fetchFeed(call).then(reportSynced),
      subscribeFeedPush: (subjects, onMessage, onStatus) => push().subscribe(subjects, onMessage, onStatus),
      pushSocket: network.pushSocket,
      storage,
      // A3-11, A7-11: My Games' and My Leagues' changes go into the account's data.
      storeAccountData: (diff) => account.storeMergedData('data', diff),
      revertAccountData: (undo) =>
        account.storage.setJson('data', applyDataDiff(account.storage.getJson<JsonObject>('data', {}), undo)),
      // A4-7: the site's 'accountSync' child decides when; what arrives is reported as account.data.
      syncAccountData: () => account.syncData(),
      notifications: browserNotificationEffects({ storage: localStorage, pushUrl: pushUrl() }),
    }),
    {
      input: {
        now,
        visible: pageVisible(),
        online: pageOnline(),
        settings: readSettings(),
        windows: { langBoxShown: persistence.langBoxShown() },
        session: { read: () => storedSessionKeys(localStorage) },
        sound: { ios: isIosDevice(navigator) },
        origin: { config: ownOriginConfig(location.origin), storage: sessionStore() },
        push: { url: pushUrl() },
        account: accountAtStart(account),
        accountSyncedAt: () => account.lastSyncedAt(),
        // Read now, so a reload paints its stars with the first frame.
        follow: { timeZone: PAGE_TIME_ZONE, local: readLocalRaw(storage) },
        notifications: {
          setting: readNotificationSetting(localStorage),
          ...pageLayout(),
          permission: browserPermission(),
          personal: accountAtStart(account) ? personalPushOf(account) : null,
        },
      },
    },
  );
  site.start();
  gateway = createBrowserGateway({
    fetchDetail: network.fetchDetail,
    now: () => Date.now(),
    serverNow: network.serverNow,
    engine: () => siteChild(site, 'feedEngine'),
    sounds: siteSoundSink(siteChild(site, 'sound')),
    notifications: siteNotificationSink(siteChild(site, 'notifications')),
  });
  // S4-41: the boxes the window fits.
  reportLayout(site);
  // A4-8: other tabs' changes (browsers fire the storage event only in the tabs that did not write).
  window.addEventListener('storage', (event) => site.send({ type: 'storage.changed', key: event.key }));
  document.addEventListener('visibilitychange', () => site.send({ type: 'page.visibility', visible: pageVisible() }));
  // A4-11: feed retries pause while the device is offline.
  const online = () => site.send({ type: 'page.online', online: pageOnline() });
  window.addEventListener('online', online);
  window.addEventListener('offline', online);
  // A4-3, A4-7, A4-8: logins, data syncs and logouts, here and in other tabs.
  reportAccountToSite(account, site, window);
  // S2-41: this visit counts towards the language box.
  siteChild(site, 'windows').send({ type: 'visits.counted', visits: persistence.countVisit() });
  return { site, gateway, account };
}
