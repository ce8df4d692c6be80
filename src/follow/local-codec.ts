// The local storage form of what a guest follows (S9-2, S6-1): one JSON text per key, written whole.
//   fsdc_my_local         game entries by game key (S3-56, S3-59)
//   fsdc_my_local_noduel  whole-tournament entries by league id (S3-57)
//   fsdc_my_local_labl    index: league id → followed game keys in it (lets a league header star without a scan)
//   fsdc_my_local_teams   My Teams by team key (ours: S9-2 names no key for teams)
//   fsdc_my_local_ts      `<epoch ms>.<tab id>` of the last write: the cross-tab signal (S4-31) and the age for
//                         the 172800 s expiry (S9-2); the tab id keeps two tabs writing in one ms apart.
// Decoding never throws: corrupt JSON is reported and aborts loading (S5-3).
import { MY_GAMES_LOCAL_EXPIRY_S, MY_GAMES_STORAGE_KEYS } from '../domain/limits';
import { isGameKey, type MyGamesEntry } from '../domain/my-games-rules';
import type { MyTeams, MyTeamsEntry } from '../domain/my-teams-rules';
import { isLeagueKey, isPlainObject, readEntry, readTeam } from './entry-shape';
import type { FollowState } from './state';

export const LOCAL_KEYS = Object.freeze({
  ...MY_GAMES_STORAGE_KEYS,
  teams: 'fsdc_my_local_teams', // ours, beside the S9-2 keys
});
export type LocalKey = (typeof LOCAL_KEYS)[keyof typeof LOCAL_KEYS];
export const ALL_LOCAL_KEYS: readonly LocalKey[] = Object.freeze(Object.values(LOCAL_KEYS));

/** What the keys hold, as read (null: absent). */
export type LocalRaw = Readonly<Record<LocalKey, string | null>>;
/** What to write: text to set, null to remove. */
export type LocalWrite = Readonly<Record<LocalKey, string | null>>;

export type LocalDecoded =
  | { readonly kind: 'empty'; readonly stamp: string | null }
  | { readonly kind: 'expired'; readonly stamp: string; readonly teams: MyTeams }
  | { readonly kind: 'corrupt'; readonly stamp: string | null; readonly key: LocalKey; readonly message: string }
  | { readonly kind: 'loaded'; readonly stamp: string; readonly state: FollowState };

/** The stamp for a write: never equal to or older than the one last seen, even within one ms. */
export function nextStamp(lastStamp: string | null, nowMs: number, tabId: string): string {
  const last = lastStamp === null ? Number.NaN : Math.floor(Number(lastStamp));
  const ms = Number.isFinite(last) ? Math.max(Math.floor(nowMs), last + 1) : Math.floor(nowMs);
  return `${ms}.${tabId}`;
}

/**
 * Each entry's JSON text as the last write wrote it, by entry object: entries are replaced, never changed in
 * place, and a write after a feed update re-encodes mostly the entries the previous write already did. Only the
 * last write's texts are kept.
 */
let lastTexts = new Map<MyGamesEntry, string>();

function entryJson(entry: MyGamesEntry, texts: Map<MyGamesEntry, string>): string {
  let text = lastTexts.get(entry);
  if (text === undefined) text = JSON.stringify(entry);
  texts.set(entry, text);
  return text;
}

/** The local form of a state, stamped. Entry objects are written as JSON.stringify writes them, in key order. */
export function encodeLocal(state: FollowState, stamp: string): LocalWrite {
  const games: string[] = [];
  const tournaments: string[] = [];
  const labels: Record<string, string[]> = {};
  const texts = new Map<MyGamesEntry, string>();
  for (const [key, entry] of Object.entries(state.games)) {
    if (!isGameKey(key)) {
      tournaments.push(`${JSON.stringify(key)}:${entryJson(entry, texts)}`);
      continue;
    }
    // A game key is letters, digits and underscores (S3-59): its JSON text is itself in quotes.
    games.push(`"${key}":${entryJson(entry, texts)}`);
    if (entry.labl_id !== '') {
      const keys = labels[entry.labl_id];
      if (keys) keys.push(key);
      else labels[entry.labl_id] = [key];
    }
  }
  lastTexts = texts;
  return {
    [LOCAL_KEYS.games]: `{${games.join(',')}}`,
    [LOCAL_KEYS.noDuel]: `{${tournaments.join(',')}}`,
    [LOCAL_KEYS.labels]: JSON.stringify(labels),
    [LOCAL_KEYS.teams]: JSON.stringify(state.teams),
    [LOCAL_KEYS.timestamp]: stamp,
  } as LocalWrite;
}

/** Removes every key (after a login moved the data into the account, or when the stored copy expired). */
export function clearLocal(): LocalWrite {
  return Object.fromEntries(ALL_LOCAL_KEYS.map((key) => [key, null])) as LocalWrite;
}

function parseObject(
  raw: LocalRaw,
  key: LocalKey,
): { readonly ok: true; readonly value: Record<string, unknown> } | { readonly ok: false; readonly message: string } {
  const text = raw[key];
  if (text === null || text === undefined) return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  return isPlainObject(value) ? { ok: true, value } : { ok: false, message: 'not a JSON object' };
}

/**
 * Reads the stored copy. Absent keys mean nothing stored; any key that is not a JSON object aborts the load
 * (S5-3); a stamp older than 172800 s (S9-2) means the games expired (teams stay). Malformed entries are skipped.
 */
export function decodeLocal(raw: LocalRaw, nowMs: number): LocalDecoded {
  const stamp = raw[LOCAL_KEYS.timestamp] ?? null;
  const hasData = ALL_LOCAL_KEYS.some((key) => key !== LOCAL_KEYS.timestamp && (raw[key] ?? null) !== null);
  if (!hasData) return { kind: 'empty', stamp };
  const writtenMs = stamp === null ? Number.NaN : Number(stamp);
  if (stamp === null || !Number.isFinite(writtenMs))
    return { kind: 'corrupt', stamp, key: LOCAL_KEYS.timestamp, message: 'missing or invalid timestamp' };
  const expired = nowMs - writtenMs > MY_GAMES_LOCAL_EXPIRY_S * 1000;
  const parsed: Partial<Record<LocalKey, Record<string, unknown>>> = {};
  for (const key of [LOCAL_KEYS.games, LOCAL_KEYS.noDuel, LOCAL_KEYS.labels, LOCAL_KEYS.teams] as const) {
    const result = parseObject(raw, key);
    if (!result.ok) return { kind: 'corrupt', stamp, key, message: result.message };
    parsed[key] = result.value;
  }
  // The parsed object of game entries becomes the record (its keys already in order): each value is replaced by
  // its checked entry, malformed ones are removed. Building a second record of 500 keys cost as much as the parse.
  const games = (parsed[LOCAL_KEYS.games] ?? {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(games)) {
    const entry = readEntry(value);
    if (entry && isGameKey(key)) games[key] = entry;
    else delete games[key];
  }
  for (const [key, value] of Object.entries(parsed[LOCAL_KEYS.noDuel] ?? {})) {
    const entry = readEntry(value);
    if (entry && isLeagueKey(key)) games[key] = entry;
  }
  const teams: Record<string, MyTeamsEntry> = {};
  for (const [key, value] of Object.entries(parsed[LOCAL_KEYS.teams] ?? {})) {
    const team = readTeam(key, value);
    if (team) teams[key] = team;
  }
  // S9-2: the expiry is My Games'; followed teams do not age out.
  if (expired) return { kind: 'expired', stamp, teams };
  return { kind: 'loaded', stamp, state: { games: games as Record<string, MyGamesEntry>, teams } };
}
