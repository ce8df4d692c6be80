// What must hold of a My Games machine after its sync, for the model tests and the CLI's fuzz to check:
// never over a limit (S5-2, S9-2), and the copy of the session agrees with what the tab shows: the local
// storage while logged out (S4-31), the account's data once the server answered every diff (A3-11, A7-11).
import { countTowardsLimit } from '../domain/my-games-rules';
import type { JsonObject } from '../wire/account';
import { decodeLocal, type LocalRaw } from './local-codec';
import { fromServerData, toServerData } from './server-form';
import { EMPTY_FOLLOW, type FollowOptions, type FollowState } from './state';

export interface FollowView {
  readonly follow: FollowState;
  readonly options: FollowOptions;
  readonly loggedIn: boolean;
  readonly pending: readonly unknown[];
  readonly loadError: unknown;
}

export interface FollowCopies {
  readonly nowMs: number;
  /** The fsdc_my_* keys as stored. */
  readonly local?: LocalRaw;
  /** The account's data as the server holds it. */
  readonly serverData?: JsonObject;
}

/** JSON with object keys sorted: two copies agree when their texts are equal. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

function storedState(local: LocalRaw, nowMs: number): FollowState | null {
  const decoded = decodeLocal(local, nowMs);
  if (decoded.kind === 'loaded') return decoded.state;
  if (decoded.kind === 'expired') return { games: {}, teams: decoded.teams };
  if (decoded.kind === 'empty') return EMPTY_FOLLOW;
  return null;
}

/** The broken invariants, in words; empty when all hold. */
export function followViolations(view: FollowView, copies: FollowCopies): string[] {
  const problems: string[] = [];
  const games = countTowardsLimit(view.follow.games);
  if (games > view.options.maxCount) problems.push(`My Games holds ${games}, over ${view.options.maxCount} (S5-2)`);
  const teams = Object.keys(view.follow.teams).length;
  if (teams > view.options.maxTeams) problems.push(`My Teams holds ${teams}, over ${view.options.maxTeams} (S9-2)`);
  if (!view.loggedIn && copies.local && view.loadError === null) {
    const stored = storedState(copies.local, copies.nowMs);
    if (stored === null) problems.push('local storage holds corrupt data the tab did not report (S5-3)');
    else if (canonicalJson(stored) !== canonicalJson(view.follow))
      problems.push('local storage and the tab disagree (S4-31)');
  }
  if (view.loggedIn && copies.serverData && view.pending.length === 0) {
    const server = toServerData(fromServerData(copies.serverData, EMPTY_FOLLOW, copies.nowMs, view.options));
    if (canonicalJson(server) !== canonicalJson(toServerData(view.follow)))
      problems.push("the account's data and the tab disagree (A3-11)");
  }
  return problems;
}
