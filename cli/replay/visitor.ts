// The replay's visitor: one browser with up to two tabs, each a site root (visitor-tab.ts) on one SimulatedClock,
// over one Map local storage and one fake account server (fake-account.ts). Visitor events (visitor-events.ts)
// act on a tab through its root and its 'myGames', 'pinToggle' and 'notifications' children. Time moves timer
// by timer, so each tab's 500 ms cross-tab check (S4-31), My Games' local midnight and each account answer
// happen at their own moment. A write to local storage reaches the other tab as a storage event. After every
// account answer a data sync brings the server's copy to each logged-in tab (A4-7), besides the root's own
// periodic sync. The first tab's My Games selection goes to the sport pages (the replay's clients) through
// `onSelection`. Every op and every change the machines show goes into the trace; the checks after each step
// are in visitor-checks.ts.
import { SimulatedClock } from 'xstate';
import { selectionOf } from '../../machines/my-games';
import type { GameNotification } from '../../machines/notifications';
import { isPinned } from '../../machines/pin-toggle';
import { gameKey } from '../../src/domain/my-games-rules';
import { type KeyValueStorage, memoryStorage } from '../../src/follow/local-storage';
import type { MyGamesSelection } from '../../src/follow/selection';
import type { DataDiff } from '../../src/wire/account';
import { diffKeys, FakeAccount } from './fake-account';
import type { InvariantName, InvariantViolation } from './invariants';
import type { SiteTraceEntry } from './site-trace';
import {
  type FollowSummary,
  followChange,
  followSummary,
  notificationProblem,
  type PinSummary,
  pinSummary,
  type VisitorChecks,
  visitorViolations,
} from './visitor-checks';
import type { NotificationPermission, StarRow, VisitorLimits, VisitorOp } from './visitor-events';
import { openVisitorTab, type TabVariant, type VisitorTab } from './visitor-tab';

/** Rounds of timers at one instant before the step gives up (a 0 ms delay loop). */
const MAX_ROUNDS_AT_ONE_TIME = 100;

export interface ReplayVisitorOptions {
  /** Virtual start, epoch ms. */
  readonly start: number;
  /** The page's UTC offset (S7-1): the visitor's days are its local days. */
  readonly timezoneHour: number;
  readonly limits: VisitorLimits;
  /** A planted bug's machines (cli/replay/bugs.ts). */
  readonly variant?: TabVariant;
  /** The row a star is clicked on, from the world as it is now; null when the replay has no such match. */
  readonly row: (sport: number, eventId: string) => StarRow | null;
  /** Each sport's default top leagues (S3-61), label keys, as the world has them when a tab opens. */
  readonly defaults: () => Readonly<Record<string, readonly string[]>>;
  /** The first tab's My Games selection changed (S4-9): the sport pages' My Games tab loads it. */
  readonly onSelection: (selection: MyGamesSelection) => void;
  readonly report: (violation: InvariantViolation) => void;
  /** Hears each check made (the report counts them). */
  readonly evaluated?: (check: InvariantName) => void;
}

/** An account answer with the tab that sent the store and, for a pin, its save actor's id. */
interface Answered {
  readonly ok: boolean;
  readonly diff: DataDiff;
  readonly tab: VisitorTab | null;
  readonly saveId: string | null;
}

/** A click on a pin that sent a save: what the league showed before it (S4-35: a failure puts that back). */
interface PinClick {
  readonly labelKey: string;
  readonly pinnedBefore: boolean;
}

const drain = () => new Promise<void>((resolve) => setImmediate(resolve));

/** When the earliest timer the clock holds is due, or null (SimulatedClock keeps them in a private map). */
function earliestTimer(clock: SimulatedClock): number | null {
  const timeouts = (clock as unknown as { timeouts: Map<number, { start: number; timeout: number }> }).timeouts;
  let due: number | null = null;
  for (const { start, timeout } of timeouts.values()) if (due === null || start + timeout < due) due = start + timeout;
  return due;
}

/** An IANA zone of a whole-hour offset (Etc/GMT signs are reversed). */
export function zoneOfHour(hour: number): string {
  if (!Number.isInteger(hour) || hour === 0 || hour < -12 || hour > 14) return 'UTC';
  return `Etc/GMT${hour > 0 ? '-' : '+'}${Math.abs(hour)}`;
}

/** One tab's view of the shared storage: its writes are noted, as the browser notes them for storage events. */
function tabStorage(shared: KeyValueStorage, wrote: (key: string) => void): KeyValueStorage {
  return {
    getItem: (key) => shared.getItem(key),
    setItem: (key, value) => {
      shared.setItem(key, value);
      wrote(key);
    },
    removeItem: (key) => {
      shared.removeItem(key);
      wrote(key);
    },
  };
}

/** The save actor of a pin toggle that sent this very diff, by its child id (the answer names no actor). */
function saveIdOf(tab: VisitorTab, diff: DataDiff): string | null {
  const children = tab.pinToggle.getSnapshot().children as Record<string, { getSnapshot(): unknown } | undefined>;
  for (const [id, child] of Object.entries(children)) {
    const input = (child?.getSnapshot() as { input?: { diff?: unknown } } | undefined)?.input;
    if (input?.diff === diff) return id;
  }
  return null;
}

export class ReplayVisitor {
  readonly clock = new SimulatedClock();
  readonly trace: SiteTraceEntry[] = [];
  readonly storage = memoryStorage();
  readonly account: FakeAccount;
  readonly tabs: [VisitorTab | null, VisitorTab | null] = [null, null];
  readonly timeZone: string;
  loggedIn = false;
  permission: NotificationPermission = 'default';
  /** Virtual time local storage was last written. */
  lastLocalWrite = Number.NEGATIVE_INFINITY;
  private serials = 0;
  private readonly answers: Answered[] = [];
  /** Keys written by a tab, for the storage events of the other (A4-8: not of the writer). */
  private readonly storageEvents: { readonly serial: number; readonly key: string }[] = [];
  /** Saves the server answered and clicks that sent them, by `${tab serial}|${save id}`. */
  private readonly answered = new Set<string>();
  private readonly clicks = new Map<string, PinClick>();
  private readonly seenFollow: (FollowSummary | null)[] = [null, null];
  private readonly seenPins: (PinSummary | null)[] = [null, null];
  /** Ids of the notification boxes each tab has shown. */
  private readonly seenBoxes: Set<string>[] = [new Set(), new Set()];

  constructor(private readonly options: ReplayVisitorOptions) {
    this.clock.set(options.start);
    this.timeZone = zoneOfHour(options.timezoneHour);
    // A pin's save is named while it still runs: once answered, the toggle machine forgets its child.
    this.account = new FakeAccount(this.clock, (answer) => {
      const tab = this.tabs.find((t) => t?.serial === answer.tab) ?? null;
      this.answers.push({ ok: answer.ok, diff: answer.diff, tab, saveId: tab ? saveIdOf(tab, answer.diff) : null });
    });
  }

  start(): this {
    this.open(1);
    this.observe();
    return this;
  }

  stop(): void {
    for (const tab of this.tabs) tab?.stop();
  }

  /** The open tab by its number (1, 2), or null. */
  tab(index: number): VisitorTab | null {
    return this.tabs[index - 1] ?? null;
  }

  /** What the checks read. */
  get checks(): VisitorChecks {
    return {
      now: this.clock.now(),
      limits: this.options.limits,
      tabs: this.tabs.filter((t): t is VisitorTab => t !== null),
      storage: this.storage,
      serverData: this.account.data,
      lastLocalWrite: this.lastLocalWrite,
      answered: (tab, saveId) => this.answered.has(`${tab.serial}|${saveId}`),
    };
  }

  /** Moves the clock to `time` timer by timer (My Games' own local midnight among them), with answers and checks at each. */
  async advanceTo(time: number): Promise<void> {
    let rounds = 0;
    let last = this.clock.now();
    for (;;) {
      const next = earliestTimer(this.clock);
      if (next === null || next > time) break;
      rounds = next === last ? rounds + 1 : 0;
      if (rounds > MAX_ROUNDS_AT_ONE_TIME) break;
      last = next;
      await this.settleAt(next);
    }
    await this.settleAt(time);
  }

  /** One visitor event, then what it set off at once. */
  async run(op: VisitorOp): Promise<void> {
    this.act(op);
    await this.settleAt(this.clock.now());
  }

  private async settleAt(time: number): Promise<void> {
    if (time > this.clock.now()) this.clock.set(time);
    await drain();
    await this.deliverStorageEvents();
    await this.takeAnswers();
    this.observe();
    for (const violation of visitorViolations(this.checks, this.options.evaluated)) this.options.report(violation);
  }

  /** The browser's storage events: every other open tab hears of a key another tab wrote. */
  private async deliverStorageEvents(): Promise<void> {
    while (this.storageEvents.length > 0) {
      for (const { serial, key } of this.storageEvents.splice(0))
        for (const tab of this.tabs) if (tab && tab.serial !== serial) tab.site.send({ type: 'storage.changed', key });
      await drain();
    }
  }

  private open(index: 1 | 2): void {
    const serial = ++this.serials;
    const tab = openVisitorTab({
      index,
      serial,
      clock: this.clock,
      now: () => this.clock.now(),
      timeZone: this.timeZone,
      storage: tabStorage(this.storage, (key) => {
        this.lastLocalWrite = this.clock.now();
        this.storageEvents.push({ serial, key });
      }),
      store: (diff) => this.account.store(diff, serial),
      sync: async () => this.freshData(this.tabs.find((t) => t?.serial === serial) ?? null),
      account: this.loggedIn ? { data: this.account.data } : null,
      limits: this.options.limits,
      variant: this.options.variant,
      permission: this.permission,
      onBrowserNotification: (notification) => {
        const shown = this.tabs.find((t) => t?.serial === serial);
        if (shown) this.notified(shown, notification, 'browser notification');
      },
    });
    this.tabs[index - 1] = tab;
    this.seenBoxes[index - 1] = new Set();
    this.seenFollow[index - 1] = null;
    this.seenPins[index - 1] = null;
    // The sports' default top leagues, as each sport's list feed names them (S3-61).
    for (const [sportId, labelKeys] of Object.entries(this.options.defaults()))
      tab.pinToggle.send({ type: 'pin.defaults', sportId: Number(sportId), labelKeys });
    if (index === 1) {
      tab.myGames.on('myGames.changed', ({ needs, ids }) => this.options.onSelection({ needs, ids }));
      this.options.onSelection(selectionOf(tab.myGames.getSnapshot().context));
    }
    this.record('visitor', `tab ${index} opened`, this.loggedIn ? 'logged in: the account copy' : 'local storage');
  }

  /** A4-7: the account data sync's answer reaches a logged-in tab's root. */
  private freshData(tab: VisitorTab | null): void {
    if (tab && this.loggedIn) tab.site.send({ type: 'account.data', data: this.account.data });
  }

  private close(index: 2): void {
    const tab = this.tabs[index - 1];
    if (!tab) return;
    tab.stop();
    this.tabs[index - 1] = null;
    this.record('visitor', `tab ${index} closed`);
  }

  /** Sends one visitor event to the machines, as the page's UI would. */
  private act(op: VisitorOp): void {
    switch (op.op) {
      case 'login':
      case 'logout': {
        const loggedIn = op.op === 'login';
        if (loggedIn === this.loggedIn) {
          this.record('visitor', op.op, `already ${op.op === 'login' ? 'logged in' : 'logged out'}`);
          return;
        }
        this.loggedIn = loggedIn;
        this.record('visitor', op.op, 'every open tab learns of it (A4-8)');
        const data = this.account.data;
        for (const tab of this.tabs)
          tab?.site.send(loggedIn ? { type: 'account.loggedIn', data } : { type: 'account.loggedOut' });
        return;
      }
      case 'secondTab':
        if (op.open && !this.tabs[1]) this.open(2);
        else if (!op.open && this.tabs[1]) this.close(2);
        else
          this.record('visitor', `secondTab ${op.open ? 'open' : 'close'}`, `already ${op.open ? 'open' : 'closed'}`);
        return;
      case 'notificationPermission':
        // The browser's permission is the origin's: every tab's notifications child hears it.
        this.permission = op.permission;
        this.record('visitor', 'notification permission', op.permission);
        for (const tab of this.tabs) tab?.notifications.send({ type: 'permission.changed', permission: op.permission });
        return;
      case 'account':
        this.account.fail = op.fail;
        if (op.delayMs !== undefined) this.account.delayMs = op.delayMs;
        this.record('account', op.fail ? 'refuses stores' : 'takes stores', `answers after ${this.account.delayMs} ms`);
        return;
    }
    const tab = this.tab(op.tab);
    const label = `tab ${op.tab}: ${op.op}`;
    if (!tab) {
      this.record('visitor', label, `tab ${op.tab} is not open`);
      return;
    }
    switch (op.op) {
      case 'star': {
        const row = op.row ?? this.options.row(op.sport, op.eventId);
        if (!row) {
          this.record('visitor', label, `no row for ${op.sport} ${op.eventId}`);
          return;
        }
        this.record('visitor', label, gameKey(op.sport, op.eventId));
        tab.myGames.send({
          type: 'game.add',
          sportId: op.sport,
          eventId: op.eventId,
          leagueId: row.leagueId,
          AD: row.AD,
          ...(row.AP === undefined ? {} : { AP: row.AP }),
          AB: row.AB,
          ...(op.group === undefined ? {} : { group: op.group }),
        });
        return;
      }
      case 'unstar':
        this.record('visitor', label, gameKey(op.sport, op.eventId));
        tab.myGames.send({ type: 'game.remove', sportId: op.sport, eventId: op.eventId });
        return;
      case 'group': {
        const key = gameKey(op.sport, op.eventId);
        this.record('visitor', label, `${key} ${op.member ? 'joins' : 'leaves'} ${op.group}`);
        tab.myGames.send({ type: 'group.set', key, group: op.group, member: op.member });
        return;
      }
      case 'followTeam':
        this.record('visitor', label, `${op.sport}_${op.participantId}`);
        tab.myGames.send({
          type: 'team.follow',
          sportId: op.sport,
          participantId: op.participantId,
          name: op.name ?? op.participantId,
        });
        return;
      case 'unfollowTeam':
        this.record('visitor', label, `${op.sport}_${op.participantId}`);
        tab.myGames.send({ type: 'team.unfollow', sportId: op.sport, participantId: op.participantId });
        return;
      case 'pin':
      case 'unpin': {
        const before = tab.pinToggle.getSnapshot().context;
        const pinnedBefore = isPinned(before, op.labelKey);
        // S2-43: the tooltip offers adding an unpinned league and removing a pinned one.
        if (pinnedBefore === (op.op === 'pin')) {
          this.record('visitor', label, `${op.labelKey} is already ${pinnedBefore ? 'pinned' : 'unpinned'}`);
          return;
        }
        this.record('visitor', label, op.labelKey);
        tab.pinToggle.send({ type: 'pin.toggle', labelKey: op.labelKey });
        const after = tab.pinToggle.getSnapshot().context;
        if (after.saves > before.saves)
          this.clicks.set(`${tab.serial}|pinSave.${after.saves}`, { labelKey: op.labelKey, pinnedBefore });
        return;
      }
    }
  }

  /** Answers the server gave: traced, pins' reverts checked, then the fresh copy goes to every logged-in tab. */
  private async takeAnswers(): Promise<void> {
    while (this.answers.length > 0) {
      for (const answer of this.answers.splice(0)) this.takeAnswer(answer);
      // A4-7: a data sync brings the copy as the server holds it now.
      for (const tab of this.tabs) this.freshData(tab);
      await drain();
    }
  }

  private takeAnswer(answer: Answered): void {
    const { tab, saveId } = answer;
    const who = tab ? `tab ${tab.index}` : 'a closed tab';
    const what = saveId ? `pin save of ${who}` : `store of ${who}`;
    this.record('account', `${answer.ok ? 'took' : 'refused'} ${what}`, diffKeys(answer.diff));
    if (!tab || !saveId) return;
    const key = `${tab.serial}|${saveId}`;
    this.answered.add(key);
    const click = this.clicks.get(key);
    this.clicks.delete(key);
    if (answer.ok || !click) return;
    const context = tab.pinToggle.getSnapshot().context;
    if (Object.hasOwn(context.pending, saveId)) return; // still waiting: pin-confirmed reports it
    this.options.evaluated?.('pin-reverted');
    if (isPinned(context, click.labelKey) !== click.pinnedBefore) {
      this.options.report({
        check: 'pin-reverted',
        time: this.clock.now(),
        sport: 0,
        message: `tab ${tab.index}: ${click.labelKey} stays ${click.pinnedBefore ? 'unpinned' : 'pinned'} after the server refused the toggle (S4-35)`,
      });
    }
  }

  /** Traces what each tab shows now when it changed: followed games and teams, pins. */
  private observe(): void {
    for (const tab of this.tabs) {
      if (!tab) continue;
      const i = tab.index - 1;
      const follow = followSummary(tab.myGames.getSnapshot());
      const change = followChange(this.seenFollow[i], follow);
      if (change) this.record('myGames', `tab ${tab.index}`, change);
      this.seenFollow[i] = follow;
      const pins = pinSummary(tab.pinToggle.getSnapshot().context);
      if (this.seenPins[i]?.text !== pins.text) this.record('pinToggle', `tab ${tab.index}`, pins.text);
      this.seenPins[i] = pins;
      for (const { notification } of tab.notifications.getSnapshot().context.boxes) {
        if (this.seenBoxes[i]!.has(notification.id)) continue;
        this.seenBoxes[i]!.add(notification.id);
        this.notified(tab, notification, 'box');
      }
    }
  }

  /** A notification a tab showed: traced, and held to the follows and the subscription (S4-40, S5-6). */
  private notified(tab: VisitorTab, notification: GameNotification, how: string): void {
    const { kind, gameId, sportId, score, timestamp } = notification;
    this.record('notifications', `tab ${tab.index}`, `${how}: ${kind} ${gameId} ${score}`);
    const problem = notificationProblem(tab, notification);
    this.options.evaluated?.('notification-followed');
    if (problem)
      this.options.report({
        check: 'notification-followed',
        time: this.clock.now(),
        sport: sportId,
        eventId: gameId,
        message: `tab ${tab.index}: a ${how} for ${kind} ${gameId} at ${new Date(timestamp).toISOString()} ${problem}`,
      });
  }

  /** The first tab is the sport pages' page: it is hidden or shown with them. */
  setVisible(visible: boolean): void {
    this.tab(1)?.site.send({ type: 'page.visibility', visible });
  }

  private record(actor: SiteTraceEntry['actor'], transition: string, detail = ''): void {
    this.trace.push({ time: this.clock.now(), actor, transition, detail });
  }
}
