// The server form of what a logged-in visitor follows, inside the account's synced data (A3-11):
//   data.mygames.data.<game key>   { AD, AP, MG, is_duel }   (S3-58)
//   data.mygames.noduel.<league>   { AD, AP, MG }            (S3-58)
//   data.myTeams.<team key>        { sport_id, participant_id, name }  (S7-32 names the key)
// Changes travel as dotted-key diffs (A7-11, A7-20); removals use mygames, mygames.data.<id> and
// mygames.noduel.<league> (S7-32). The form is lossy (no league, stage or day): an entry read from it waits,
// unconfirmed, for the feed to fill those in (S4-27), and keeps what this tab already knew when its times agree.
import type { DataDiff, JsonObject } from '../wire/account';
import {
  createEntry,
  createTournamentEntry,
  isGameKey,
  type MyGamesEntry,
  parseGameKey,
} from '../domain/my-games-rules';
import type { MyTeamsEntry } from '../domain/my-teams-rules';
import { isLeagueKey, isPlainObject, readTeam, sportOfLeagueKey } from './entry-shape';
import type { FollowOptions, FollowState } from './state';

export const MY_GAMES_DATA_KEY = 'mygames'; // S7-32
export const MY_TEAMS_DATA_KEY = 'myTeams'; // S7-32

export interface ServerGame {
  readonly AD: number;
  readonly AP: number;
  readonly MG: string;
  readonly is_duel: boolean;
}
export interface ServerTournament {
  readonly AD: number;
  readonly AP: number;
  readonly MG: string;
}

/** S3-58: what the server keeps of an entry (MG '' for a tournament entry without groups, S3-57). */
export function toServerEntry(key: string, entry: MyGamesEntry): ServerGame | ServerTournament {
  const MG = entry.mgGroup ?? '';
  return isGameKey(key)
    ? { AD: entry.AD, AP: entry.AP, MG, is_duel: !entry.noDuel }
    : { AD: entry.AD, AP: entry.AP, MG };
}

/** The dotted path of an entry or a team inside the account data (A7-20). */
export function serverPath(key: string): string {
  return isGameKey(key) ? `${MY_GAMES_DATA_KEY}.data.${key}` : `${MY_GAMES_DATA_KEY}.noduel.${key}`;
}
export function teamPath(key: string): string {
  return `${MY_TEAMS_DATA_KEY}.${key}`;
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const child = (value: unknown, key: string): Record<string, unknown> => {
  const next = isPlainObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
  return isPlainObject(next) ? next : {};
};

function withGroups(entry: MyGamesEntry, MG: string, keepAbsent: boolean): MyGamesEntry {
  if (MG === '' && keepAbsent) {
    const { mgGroup: _none, ...rest } = entry;
    return rest;
  }
  return { ...entry, mgGroup: MG === '' ? '0' : MG };
}

function gameFromServer(
  key: string,
  value: unknown,
  known: MyGamesEntry | undefined,
  nowMs: number,
  options: FollowOptions,
): MyGamesEntry | null {
  const parsed = parseGameKey(key);
  if (!parsed || !isPlainObject(value)) return null;
  const { AD, AP, MG, is_duel } = value;
  if (!isNum(AD) || AD <= 0 || !isNum(AP) || typeof MG !== 'string' || typeof is_duel !== 'boolean') return null;
  if (known && known.AD === AD && known.AP === AP) return withGroups({ ...known, noDuel: !is_duel }, MG, false);
  const entry = createEntry(
    { sportId: parsed.sportId, labelId: known?.labl_id ?? '', AD, AP, AB: known?.AB ?? 0, noDuel: !is_duel },
    nowMs,
    options,
  );
  return withGroups({ ...entry, m_ok: 0 }, MG, false);
}

function tournamentFromServer(
  key: string,
  value: unknown,
  known: MyGamesEntry | undefined,
  nowMs: number,
  options: FollowOptions,
): MyGamesEntry | null {
  const sportId = sportOfLeagueKey(key);
  if (sportId === null || !isLeagueKey(key) || !isPlainObject(value)) return null;
  const { AD, AP, MG } = value;
  if (!isNum(AD) || AD <= 0 || !isNum(AP) || typeof MG !== 'string') return null;
  if (known && known.AD === AD && known.AP === AP) return withGroups(known, MG, true);
  const entry = createTournamentEntry({ sportId, labelId: key, AD, AP, AB: known?.AB ?? 0 }, false, nowMs, options);
  return withGroups(entry, MG, true);
}

/** Reads the follow state out of the account data; `known` is what this tab holds (kept where times agree). */
export function fromServerData(data: unknown, known: FollowState, nowMs: number, options: FollowOptions): FollowState {
  const mygames = child(data, MY_GAMES_DATA_KEY);
  const games: Record<string, MyGamesEntry> = {};
  for (const [key, value] of Object.entries(child(mygames, 'data'))) {
    const entry = gameFromServer(key, value, known.games[key], nowMs, options);
    if (entry) games[key] = entry;
  }
  for (const [key, value] of Object.entries(child(mygames, 'noduel'))) {
    const entry = tournamentFromServer(key, value, known.games[key], nowMs, options);
    if (entry) games[key] = entry;
  }
  const teams: Record<string, MyTeamsEntry> = {};
  for (const [key, value] of Object.entries(child(data, MY_TEAMS_DATA_KEY))) {
    const team = readTeam(key, value);
    if (team) teams[key] = team;
  }
  return { games, teams };
}

/** The server form of a whole state, as the account data would hold it. */
export function toServerData(state: FollowState): JsonObject {
  const data: JsonObject = {};
  const noduel: JsonObject = {};
  for (const [key, entry] of Object.entries(state.games)) {
    if (isGameKey(key)) data[key] = toServerEntry(key, entry);
    else noduel[key] = toServerEntry(key, entry);
  }
  return { [MY_GAMES_DATA_KEY]: { data, noduel }, [MY_TEAMS_DATA_KEY]: { ...state.teams } };
}

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The dotted-key diff that turns the server copy of `before` into that of `after`; null when nothing changed. */
export function serverDiff(before: FollowState, after: FollowState): DataDiff | null {
  const merge: Record<string, unknown> = {};
  const unmerge: string[] = [];
  const gamesLeft = Object.keys(after.games).length;
  if (gamesLeft === 0 && Object.keys(before.games).length > 0) unmerge.push(MY_GAMES_DATA_KEY);
  else for (const key of Object.keys(before.games)) if (!Object.hasOwn(after.games, key)) unmerge.push(serverPath(key));
  for (const [key, entry] of Object.entries(after.games)) {
    const form = toServerEntry(key, entry);
    const old = before.games[key];
    if (!old || !sameJson(toServerEntry(key, old), form)) merge[serverPath(key)] = form;
  }
  for (const key of Object.keys(before.teams)) if (!Object.hasOwn(after.teams, key)) unmerge.push(teamPath(key));
  for (const [key, team] of Object.entries(after.teams))
    if (!before.teams[key] || !sameJson(before.teams[key], team)) merge[teamPath(key)] = team;
  return unmerge.length === 0 && Object.keys(merge).length === 0 ? null : { merge, unmerge };
}
