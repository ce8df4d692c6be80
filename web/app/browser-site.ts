// The browser's composition root: the page's one root actor (machines/site.ts) with the browser's
// effects, the browser events it listens to, and the feed gateway over the feed engine. Nothing else
// in the client creates a long-lived actor or touches storage, cookies, audio or the network for them.
import { createActor } from 'xstate';
import { chosenOrigin } from '../../machines/origin';
import { storedSessionKeys } from '../../machines/session-status';
import { pushChannelOf, webSocketActor, type WebSocketLike } from '../../machines/push-client';
import { provideSite, type SiteActorRef, siteChild, sitePush } from '../../machines/site';
import { createGeoLookup } from '../../src/net/geo-lookup';
import type { ResolverConfig, SessionStore } from '../../src/net/origin-resolver';
import { httpTransport } from '../../src/net/transport';
import { showBlinkPhase } from '../ui/list/blink-phase';
import type { FeedGateway } from '../ui/store/feed-gateway';
import { persistence, readSettings } from './browser-storage';
import { browserListFeeds, pushUrl } from './engine-session';
import { createBrowserGateway } from './gateway';
import { browserSoundEffects, isIosDevice, siteSoundSink } from './sound-session';

export interface BrowserSite {
  readonly site: SiteActorRef;
  readonly gateway: FeedGateway;
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

const pageVisible = () => document.visibilityState !== 'hidden';
const pageOnline = () => navigator.onLine !== false;

/** Builds and starts the page's root actor and its feed gateway. */
export function startBrowserSite(): BrowserSite {
  let gateway: FeedGateway | null = null;
  // Server time once a list session learnt it (S7-21, S7-22); the browser's clock until then.
  const now = () => gateway?.now() ?? Date.now();
  // A4-10: one geo request (x-geoip: 1) at start-up; its answer is shared.
  const geo = createGeoLookup({ transport: httpTransport({ origin: location.origin }) });
  const localStorage = storageOf(() => window.localStorage);
  const origin = () => chosenOrigin(siteChild(site, 'origin'));
  // The feed engine's list feeds (the site's child 'feedEngine'); push goes through the site's child 'push'.
  const listFeeds = browserListFeeds({ origin, now: () => Date.now() });
  let pushChannel: ReturnType<typeof pushChannelOf> | null = null;
  // Effects run only once the site has started, so its 'push' child exists by then.
  const push = () => {
    const connection = sitePush(site);
    if (!connection) throw new Error('the site was started without push');
    pushChannel ??= pushChannelOf(connection);
    return pushChannel;
  };
  const site = createActor(
    provideSite({
      persistOddsFormat: (format) => persistence.oddsFormat(format),
      persistTheme: (theme) => persistence.theme(theme),
      persistSound: (on) => persistence.sound(on),
      rememberLangBoxShown: () => persistence.rememberLangBox(),
      setBlinkOff: (off) => showBlinkPhase(off),
      ...browserSoundEffects(),
      lookupGeo: () => geo.lookup(),
      // The match page's detail actor (the site's child 'matchDetail') reads through the feed gateway.
      fetchDetail: (feed) => gateway?.fetchDetail(feed) ?? Promise.resolve(null),
      subscribePush: (subject, onMessage) => push().subscribe([subject], () => onMessage()),
      fetchFeed: listFeeds.fetchFeed,
      subscribeFeedPush: (subjects, onMessage, onStatus) => push().subscribe(subjects, onMessage, onStatus),
      pushSocket: webSocketActor((url) => new WebSocket(url) as unknown as WebSocketLike),
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
      },
    },
  );
  site.start();
  gateway = createBrowserGateway({
    origin,
    now: () => Date.now(),
    serverNow: listFeeds.serverNow,
    engine: () => siteChild(site, 'feedEngine'),
    sounds: siteSoundSink(siteChild(site, 'sound')),
  });
  // A4-8: other tabs' changes (browsers fire the storage event only in the tabs that did not write).
  window.addEventListener('storage', (event) => site.send({ type: 'storage.changed', key: event.key }));
  document.addEventListener('visibilitychange', () => site.send({ type: 'page.visibility', visible: pageVisible() }));
  // A4-11: feed retries pause while the device is offline.
  const online = () => site.send({ type: 'page.online', online: pageOnline() });
  window.addEventListener('online', online);
  window.addEventListener('offline', online);
  // S2-41: this visit counts towards the language box.
  siteChild(site, 'windows').send({ type: 'visits.counted', visits: persistence.countVisit() });
  return { site, gateway };
}
