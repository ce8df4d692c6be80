// The follow operations as pure functions over a FollowState: what the My Games machine does for each event,
// without storage or time of its own (`nowMs` is passed in). Each returns the next state (the same object
// when nothing changed, so callers can skip a write) and, at most once per call, an alert (S8-4).
import {
  addEntry,
  cleanLabelId,
  countTowardsLimit,
  createEntry,
  createTournamentEntry,
  gameKey,
  isGameKey,
  isExpired,
  isGroupKey,
  type MyGamesEntries,
  type MyGamesEntry,
  rebuildEntry,
  recalculateDay,
  setGroup,
} from '../domain/my-games-rules';
import { followTeam, type MyTeamsEntry, teamKey, unfollowTeam } from '../domain/my-teams-rules';
import { sportById } from '../domain/sports';
import { isLeagueKey } from './entry-shape';
import type { FollowOptions, FollowState } from './state';

/** S8-4: the text key of the limit alert. */
export const MY_GAMES_LIMIT_ALERT = 'TRANS_MY_GAMES_LIMIT_REACHED';

export type FollowAlert =
  | { readonly kind: 'myGamesLimit'; readonly text: typeof MY_GAMES_LIMIT_ALERT }
  | { readonly kind: 'myTeamsLimit' }
  | { readonly kind: 'unsupported'; readonly message: string };

export interface Refusal {
  readonly key: string;
  readonly reason: string;
}

export interface Outcome {
  readonly state: FollowState;
  readonly alert: FollowAlert | null;
  readonly refused: readonly Refusal[];
}

const LIMIT_ALERT: FollowAlert = { kind: 'myGamesLimit', text: MY_GAMES_LIMIT_ALERT };
const unchanged = (state: FollowState, refused: readonly Refusal[] = []): Outcome => ({ state, alert: null, refused });
const withGames = (state: FollowState, games: MyGamesEntries): FollowState =>
  games === state.games ? state : { ...state, games };

/** A game as a star on a row or the match page gives it (list row fields AD, AP, AB). */
export interface GameInput {
  readonly sportId: number;
  readonly eventId: string;
  readonly leagueId: string;
  readonly AD: number;
  readonly AP?: number;
  readonly AB: number;
  /** Defaults to the sport's kind (S3-3). */
  readonly noDuel?: boolean;
  /** Group to add it to (S4-30); '0' by default (S3-56). */
  readonly group?: string;
}

/** S5-1, S5-2, S8-4: adds games; a bulk add that hits the limit alerts once. */
export function addGames(
  state: FollowState,
  inputs: readonly GameInput[],
  nowMs: number,
  options: FollowOptions,
): Outcome {
  let games = state.games;
  const refused: Refusal[] = [];
  for (const input of inputs) {
    const key = gameKey(input.sportId, input.eventId);
    if (!isGameKey(key) || typeof input.leagueId !== 'string') {
      refused.push({ key, reason: 'invalid' });
      continue;
    }
    const entry = createEntry(
      {
        sportId: input.sportId,
        labelId: input.leagueId,
        AD: input.AD,
        AP: input.AP,
        AB: input.AB,
        noDuel: input.noDuel ?? sportById(input.sportId)?.noDuel ?? false,
        mgGroup: input.group !== undefined && isGroupKey(input.group) ? input.group : '0',
      },
      nowMs,
      options,
    );
    const added = addEntry(games, key, entry, nowMs, options);
    if (!added.ok) refused.push({ key, reason: added.result });
    games = added.entries;
  }
  const alert = refused.some((r) => r.reason === 'limit') ? LIMIT_ALERT : null;
  return { state: withGames(state, games), alert, refused };
}

export function removeEntry(state: FollowState, key: string): Outcome {
  if (!Object.hasOwn(state.games, key)) return unchanged(state);
  const { [key]: _gone, ...games } = state.games;
  return unchanged({ ...state, games });
}

export interface TournamentInput {
  readonly sportId: number;
  readonly leagueId: string;
  readonly AD: number;
  readonly AP?: number;
  readonly AB: number;
  /** Whether the tournament has matches in the feed now (S4-29 m_ok). */
  readonly hasMatches: boolean;
}

/** S4-29, S3-57: a whole tournament of a no-duel sport, keyed by its cleaned league id. */
export function addTournament(
  state: FollowState,
  input: TournamentInput,
  nowMs: number,
  options: FollowOptions,
): Outcome {
  const key = cleanLabelId(input.leagueId);
  if (!sportById(input.sportId)?.noDuel) return unchanged(state, [{ key, reason: 'duel-sport' }]);
  if (!isLeagueKey(key)) return unchanged(state, [{ key, reason: 'invalid' }]);
  const entry = createTournamentEntry(
    { sportId: input.sportId, labelId: key, AD: input.AD, AP: input.AP, AB: input.AB },
    input.hasMatches,
    nowMs,
    options,
  );
  const added = addEntry(state.games, key, entry, nowMs, options);
  return {
    state: withGames(state, added.entries),
    alert: added.result === 'limit' ? LIMIT_ALERT : null,
    refused: added.ok ? [] : [{ key, reason: added.result }],
  };
}

/** S4-30 */
export function groupEntry(state: FollowState, key: string, group: string, member: boolean): Outcome {
  const { result, entries } = setGroup(state.games, key, group, member);
  const refused = result === 'in-tournament' || result === 'invalid' ? [{ key, reason: result }] : [];
  return unchanged(withGames(state, entries), refused);
}

/** S9-2: at most 200 teams. */
export function followOne(state: FollowState, team: MyTeamsEntry, options: FollowOptions): Outcome {
  const { result, ok, teams } = followTeam(state.teams, team, options.maxTeams);
  const key = teamKey(team.sport_id, team.participant_id);
  return {
    state: teams === state.teams ? state : { ...state, teams },
    alert: result === 'limit' ? { kind: 'myTeamsLimit' } : null,
    refused: ok ? [] : [{ key, reason: result }],
  };
}

export function unfollowOne(state: FollowState, key: string): Outcome {
  const teams = unfollowTeam(state.teams, key);
  return unchanged(teams === state.teams ? state : { ...state, teams });
}

/** A list row as the feed gives it, reduced to what My Games reads. */
export interface FollowRow {
  readonly sportId: number;
  readonly eventId: string;
  readonly leagueId: string | null;
  readonly AD: number;
  readonly AP?: number;
  readonly AB: number;
}

function rebuilt(entry: MyGamesEntry, row: FollowRow, nowMs: number, options: FollowOptions): MyGamesEntry {
  return rebuildEntry(
    entry,
    {
      sportId: entry.sport_id,
      labelId: row.leagueId ?? entry.labl_id,
      AD: row.AD,
      AP: row.AP ?? entry.AP,
      AB: row.AB,
      noDuel: entry.noDuel,
      mgGroup: entry.mgGroup,
    },
    nowMs,
    options,
  );
}

/**
 * Whether two entries store alike (the same JSON): field by field when their keys come in the same order,
 * the JSON texts only otherwise. Rebuilt entries of today mostly equal the stored ones (S4-27).
 */
function sameEntry(a: MyGamesEntry, b: MyGamesEntry): boolean {
  const keys = Object.keys(a);
  const other = Object.keys(b);
  let alike = keys.length === other.length;
  for (let i = 0; alike && i < keys.length; i++)
    alike = keys[i] === other[i] && (a as never)[keys[i]] === (b as never)[keys[i]];
  return alike || JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Feed rows for followed games: an entry whose times changed, or that waits for fresh data (m_ok 0: moved to
 * today or into the past, or read from the server form), is rebuilt from the row (S4-27, S4-28); a confirmed
 * one only takes the new stage. A row of a followed tournament says it has matches (S4-29).
 */
export function applyRows(
  state: FollowState,
  rows: readonly FollowRow[],
  nowMs: number,
  options: FollowOptions,
): Outcome {
  let games: Record<string, MyGamesEntry> | null = null;
  const write = (key: string, entry: MyGamesEntry) => {
    games ??= { ...state.games };
    games[key] = entry;
  };
  for (const row of rows) {
    if (!Number.isFinite(row.AD) || row.AD <= 0) continue;
    const key = gameKey(row.sportId, row.eventId);
    const entry = (games ?? state.games)[key];
    if (entry && Object.hasOwn(state.games, key)) {
      const timesChanged = row.AD !== entry.AD || (row.AP !== undefined && row.AP !== entry.AP);
      const next =
        timesChanged || entry.m_ok === 0 || entry.labl_id === ''
          ? rebuilt(entry, row, nowMs, options)
          : entry.AB === row.AB
            ? entry
            : { ...entry, AB: row.AB };
      if (next !== entry && !sameEntry(next, entry)) write(key, next);
    }
    const league = row.leagueId === null ? null : cleanLabelId(row.leagueId);
    const tournament = league === null ? undefined : (games ?? state.games)[league];
    if (league !== null && tournament && tournament.sport_id === row.sportId && tournament.m_ok === 0)
      write(league, { ...tournament, m_ok: 1 });
  }
  return unchanged(games === null ? state : { ...state, games });
}

/** S4-27, S4-28: on each load and each new day, m_day is recalculated and expired entries dropped. */
export function refreshDays(state: FollowState, nowMs: number, options: FollowOptions): FollowState {
  let changed = false;
  const nowSec = Math.floor(nowMs / 1000);
  const games: Record<string, MyGamesEntry> = {};
  for (const [key, entry] of Object.entries(state.games)) {
    // One pass: the recalculation keeps the expiry date, so an expired entry is dropped before it.
    if (isExpired(entry, nowSec)) {
      changed = true;
      continue;
    }
    const next = recalculateDay(entry, nowMs, options).entry;
    if (next !== entry) changed = true;
    games[key] = next;
  }
  return changed ? { ...state, games } : state;
}

/**
 * S4-32, A4-3: at login the account's copy is loaded and what the guest followed joins it (the account's
 * entry wins a shared key); guest entries that would pass a limit are left out, with one alert (S8-4).
 * Guest keys join in key order, so every tab merging the same data gets the same result.
 */
export function mergeAtLogin(account: FollowState, guest: FollowState, options: FollowOptions): Outcome {
  const games: Record<string, MyGamesEntry> = { ...account.games };
  const teams: Record<string, MyTeamsEntry> = { ...account.teams };
  const refused: Refusal[] = [];
  let alert: FollowAlert | null = null;
  for (const key of Object.keys(guest.games).sort()) {
    if (Object.hasOwn(games, key)) continue;
    games[key] = guest.games[key];
    if (countTowardsLimit(games) > options.maxCount) {
      delete games[key];
      refused.push({ key, reason: 'limit' });
      alert = LIMIT_ALERT;
    }
  }
  for (const key of Object.keys(guest.teams).sort()) {
    if (Object.hasOwn(teams, key)) continue;
    if (Object.keys(teams).length >= options.maxTeams) {
      refused.push({ key, reason: 'limit' });
      alert ??= { kind: 'myTeamsLimit' };
      continue;
    }
    teams[key] = guest.teams[key];
  }
  return { state: { games, teams }, alert, refused };
}
