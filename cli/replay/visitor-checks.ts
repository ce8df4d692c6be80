// What must hold of the visitor's tabs after every step (cli/replay/invariants.ts names the checks), and the
// summaries the visitor's trace prints:
//
//   follow-limit         no tab holds more games or teams than the limits (S5-2, S9-2)
//   follow-copies-agree  after the sync, each tab equals the copy of its session: local storage once every tab
//                        had its 500 ms check (S4-31), the account's data once its diffs are answered (A3-11)
//   pin-confirmed        no pin waits for a save the server already answered (S4-34)
//   pin-reverted         (checked as each refusal arrives, in visitor.ts) a refused toggle is put back (S4-35)
//   notification-followed  (checked as each is shown, in visitor.ts) a notification is for a followed game and
//                        not older than the subscription (S4-40, S5-6)
import type { SnapshotFrom } from 'xstate';
import type { myGamesMachine } from '../../machines/my-games';
import type { GameNotification } from '../../machines/notifications';
import { type PinToggleContext, pinnedLeagues } from '../../machines/pin-toggle';
import { CROSS_TAB_SYNC_CHECK_MS } from '../../src/domain/limits';
import { countTowardsLimit, gameKey } from '../../src/domain/my-games-rules';
import { followViolations } from '../../src/follow/invariants';
import { type KeyValueStorage, readLocalRaw } from '../../src/follow/local-storage';
import type { JsonObject } from '../../src/wire/account';
import type { InvariantName, InvariantViolation } from './invariants';
import type { VisitorLimits } from './visitor-events';
import type { VisitorTab } from './visitor-tab';

export interface VisitorChecks {
  readonly now: number;
  readonly limits: VisitorLimits;
  readonly tabs: readonly VisitorTab[];
  readonly storage: KeyValueStorage;
  readonly serverData: JsonObject;
  /** Virtual time local storage was last written. */
  readonly lastLocalWrite: number;
  /** Whether the server answered this save of this tab. */
  readonly answered: (tab: VisitorTab, saveId: string) => boolean;
}

/** `evaluated` hears each check made, for the report's counts. */
export function visitorViolations(
  checks: VisitorChecks,
  evaluated: (check: InvariantName) => void = () => {},
): InvariantViolation[] {
  const out: InvariantViolation[] = [];
  const report = (check: InvariantViolation['check'], message: string) =>
    out.push({ check, time: checks.now, sport: 0, message });
  const { maxGames, maxTeams } = checks.limits;
  // Every tab has read local storage since its last write: the cross-tab sync is done (S4-31).
  const localSynced = checks.now - checks.lastLocalWrite >= CROSS_TAB_SYNC_CHECK_MS;
  for (const tab of checks.tabs) {
    const name = `tab ${tab.index}`;
    const context = tab.myGames.getSnapshot().context;
    evaluated('follow-limit');
    const games = countTowardsLimit(context.follow.games);
    if (games > maxGames) report('follow-limit', `${name}: My Games holds ${games}, over ${maxGames} (S5-2, S9-2)`);
    const teams = Object.keys(context.follow.teams).length;
    if (teams > maxTeams) report('follow-limit', `${name}: My Teams holds ${teams}, over ${maxTeams} (S9-2)`);
    if (context.loggedIn || localSynced) {
      evaluated('follow-copies-agree');
      // The limits are judged above against the replay's own, not the ones the machine was started with.
      const view = { ...context, options: { ...context.options, maxCount: Infinity, maxTeams: Infinity } };
      const copies = { nowMs: checks.now, local: readLocalRaw(checks.storage), serverData: checks.serverData };
      for (const problem of followViolations(view, copies)) report('follow-copies-agree', `${name}: ${problem}`);
    }
    const pins = tab.pinToggle.getSnapshot().context;
    for (const [saveId, pin] of Object.entries(pins.pending)) {
      if (!checks.answered(tab, saveId)) continue;
      evaluated('pin-confirmed');
      report('pin-confirmed', `${name}: ${pin.labelKey} still waits after the server answered its save (S4-34)`);
    }
  }
  return out;
}

/** What is wrong with a notification a tab showed, or null (S4-40, S5-6). */
export function notificationProblem(tab: VisitorTab, notification: GameNotification): string | null {
  const { games } = tab.myGames.getSnapshot().context.follow;
  if (!Object.hasOwn(games, gameKey(notification.sportId, notification.gameId)))
    return 'is for a game the tab does not follow (S4-40)';
  const { subscribedAt } = tab.notifications.getSnapshot().context;
  if (notification.timestamp < subscribedAt)
    return `is older than the subscription of ${new Date(subscribedAt).toISOString()} (S4-40, S5-6)`;
  return null;
}

/** What a tab's My Games shows, for the trace. */
export interface FollowSummary {
  readonly session: string;
  readonly games: readonly string[];
  readonly teams: readonly string[];
  readonly alerts: number;
  readonly alert: string | null;
}

type MyGamesSnapshot = SnapshotFrom<typeof myGamesMachine>;

export function followSummary(snapshot: MyGamesSnapshot): FollowSummary {
  const { context } = snapshot;
  const session = (snapshot.value as { session: unknown }).session;
  const alert = context.alert;
  return {
    session: typeof session === 'string' ? session : Object.keys(session as object)[0]!,
    games: Object.keys(context.follow.games).sort(),
    teams: Object.keys(context.follow.teams).sort(),
    alerts: context.alerts,
    alert: alert ? (alert.kind === 'myGamesLimit' ? alert.text : alert.kind) : null,
  };
}

function added(before: readonly string[], after: readonly string[], sign: string, prefix = ''): string[] {
  const had = new Set(before);
  return after.filter((key) => !had.has(key)).map((key) => `${sign}${prefix}${key}`);
}

/** What changed between two summaries, or null when nothing did. */
export function followChange(before: FollowSummary | null, after: FollowSummary): string | null {
  const parts: string[] = [];
  if (before === null || before.session !== after.session)
    parts.push(before === null ? after.session : `${before.session} → ${after.session}`);
  const games = before?.games ?? [];
  const teams = before?.teams ?? [];
  parts.push(...added(games, after.games, '+'), ...added(after.games, games, '-'));
  parts.push(...added(teams, after.teams, '+', 'team '), ...added(after.teams, teams, '-', 'team '));
  if (after.alerts > (before?.alerts ?? 0) && after.alert) parts.push(`alert ${after.alert}`);
  if (before !== null && parts.length === 0) return null;
  return `${parts.join(' ')} (${after.games.length} game(s), ${after.teams.length} team(s))`;
}

/** The pins a tab shows, for the trace: pinned leagues, the ones waiting, an error, the login prompt. */
export interface PinSummary {
  readonly text: string;
}

export function pinSummary(context: PinToggleContext): PinSummary {
  const sports = new Set([...Object.keys(context.defaults), ...Object.keys(context.leagues)].map(Number));
  const pinned = [...sports].sort((a, b) => a - b).flatMap((sport) => [...pinnedLeagues(context, sport)].sort());
  const waiting = Object.values(context.pending).map((pin) =>
    pin.seed ? `${pin.labelKey} (seeds ${pin.sportId})` : pin.labelKey,
  );
  const parts = [`pinned ${pinned.join(', ') || 'none'}`];
  if (waiting.length > 0) parts.push(`waiting ${waiting.join(', ')}`);
  if (context.error) parts.push(`technical error on ${context.error.labelKey}`);
  if (context.loginNeeded) parts.push('login needed');
  return { text: parts.join('; ') };
}
