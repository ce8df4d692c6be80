// One browser tab of a replay's visitor: a site root (machines/site.ts) on the visitor's SimulatedClock, given
// the fakes it shares with the other tab through provideSite's effects: a Map local storage and the fake
// account server. The tab acts and is read through the root's children 'myGames', 'pinToggle' and
// 'notifications'. The My
// Games child runs with the replay's limits, and a planted bug swaps a child for a variant at this seam
// (cli/replay/bugs.ts).
import { type Actor, createActor, type SimulatedClock } from 'xstate';
import type { myGamesMachine } from '../../machines/my-games';
import type { BrowserPermission, GameNotification, notificationsMachine } from '../../machines/notifications';
import type { pinToggleMachine } from '../../machines/pin-toggle';
import { provideSite, type SiteChildren, type SiteInput, siteChild } from '../../machines/site';
import type { KeyValueStorage } from '../../src/follow/local-storage';
import type { DataDiff } from '../../src/wire/account';
import type { VisitorLimits } from './visitor-events';

export type MyGamesLogic = typeof myGamesMachine;
export type PinToggleLogic = typeof pinToggleMachine;
export type NotificationsLogic = typeof notificationsMachine;

/** Replaces a tab's children with variants (a planted bug); absent parts are the site's own. */
export interface TabVariant {
  readonly myGames?: (logic: MyGamesLogic) => MyGamesLogic;
  readonly pinToggle?: (logic: PinToggleLogic) => PinToggleLogic;
  readonly notifications?: (logic: NotificationsLogic) => NotificationsLogic;
}

export interface TabSetup {
  /** 1 or 2, as the trace and the visitor events name it. */
  readonly index: number;
  /** Unique per opened tab: a reopened second tab's stores are not the closed one's. */
  readonly serial: number;
  readonly clock: SimulatedClock;
  readonly now: () => number;
  readonly timeZone: string;
  readonly storage: KeyValueStorage;
  /** The account server's store of a diff (A7-11), answered on the clock. */
  readonly store: (diff: DataDiff) => Promise<void>;
  /** The account data sync's fetch (A4-7): the runtime reports its arrival as account.data. */
  readonly sync: () => Promise<void>;
  /** Logged in at start: the account's data. */
  readonly account: SiteInput['account'];
  readonly limits: VisitorLimits;
  readonly variant?: TabVariant;
  /** The browser's notification permission when the tab opens. */
  readonly permission: BrowserPermission;
  /** A browser notification the tab showed (its page hidden, permission granted). */
  readonly onBrowserNotification: (notification: GameNotification) => void;
}

export type SiteTabActor = Actor<ReturnType<typeof provideSite>>;

export interface VisitorTab {
  readonly index: number;
  readonly serial: number;
  readonly site: SiteTabActor;
  readonly myGames: SiteChildren['myGames'];
  readonly pinToggle: SiteChildren['pinToggle'];
  readonly notifications: SiteChildren['notifications'];
  stop(): void;
}

/**
 * The My Games logic started with the replay's limits (S9-2 by default; a replay may lower them so a run reaches
 * them). Limits already in the site's input win.
 */
export function withFollowLimits(logic: MyGamesLogic, limits: VisitorLimits): MyGamesLogic {
  const limited: MyGamesLogic = Object.create(logic);
  limited.getInitialSnapshot = (scope, input) =>
    logic.getInitialSnapshot.call(
      limited,
      scope,
      input && { maxCount: limits.maxGames, maxTeams: limits.maxTeams, ...input },
    );
  return limited;
}

export function openVisitorTab(setup: TabSetup): VisitorTab {
  const { clock, variant } = setup;
  const provided = provideSite({
    storage: setup.storage,
    storeAccountData: setup.store,
    syncAccountData: setup.sync,
    notifications: { showBrowserNotification: setup.onBrowserNotification },
  });
  // The site's own children as provideSite wired them, a bug's variant of them, and the replay's limits.
  const actors = provided.implementations.actors as unknown as {
    myGames: MyGamesLogic;
    pinToggle: PinToggleLogic;
    notifications: NotificationsLogic;
  };
  const logic = provided.provide({
    actors: {
      myGames: withFollowLimits(variant?.myGames?.(actors.myGames) ?? actors.myGames, setup.limits),
      pinToggle: variant?.pinToggle?.(actors.pinToggle) ?? actors.pinToggle,
      notifications: variant?.notifications?.(actors.notifications) ?? actors.notifications,
    },
  });
  const site = createActor(logic, {
    clock,
    input: {
      now: setup.now,
      session: { read: () => null },
      origin: { config: { local: [], global: [], default_url: 'http://replay.invalid' } },
      account: setup.account,
      follow: { timeZone: setup.timeZone, tabId: String(setup.serial) },
      notifications: { permission: setup.permission },
    },
  });
  site.start();
  return {
    index: setup.index,
    serial: setup.serial,
    site,
    myGames: siteChild(site, 'myGames'),
    pinToggle: siteChild(site, 'pinToggle'),
    notifications: siteChild(site, 'notifications'),
    stop: () => site.stop(),
  };
}
