// Pure My Games rules over plain entries (S3-56…S3-59): game keys, label ids, the day window and limit for
// adding (S5-1, S5-2), day recalculation and confirmation (S4-27), expiry and rebuilds (S4-28, S4-29).
import { endOfLocalDay, utcOffsetMinutes } from './datetime';
import { MY_GAMES_FUTURE_DAYS, MY_GAMES_MAX_COUNT, MY_GAMES_PAST_DAYS } from './limits';
import { sportById } from './sports';
import { STAGE_TYPE } from './stages';

/** S3-56 a stored My Games entry (field names as stored). */
export interface MyGamesEntry {
  readonly sport_id: number;
  /** League id, cleaned of a trailing hyphen suffix (S3-59). */
  readonly labl_id: string;
  /** Day offset from today: 0 today, positive future, negative past. */
  readonly m_day: number;
  /** 1 once the entry's data is confirmed for its day (S4-27). */
  readonly m_ok: 0 | 1;
  /** Epoch seconds after which the entry is invalid (S4-28). */
  readonly m_expire_date: number;
  /** Start time, epoch seconds. */
  readonly AD: number;
  /** End time, epoch seconds (0 when unknown). */
  readonly AP: number;
  /** Stage type (S3-35). */
  readonly AB: number;
  readonly noDuel: boolean;
  /** Comma-separated group keys, '0' by default; absent on a new whole-tournament entry (S3-57). */
  readonly mgGroup?: string;
}

/** Entries keyed by game key (g_<sport>_<id>) or, for whole tournaments, by league id (S3-56, S3-57). */
export type MyGamesEntries = Readonly<Record<string, MyGamesEntry>>;

export interface MyGamesOptions {
  readonly timeZone: string;
  readonly pastDays?: number;
  readonly futureDays?: number;
  readonly maxCount?: number;
}

const GAME_KEY = /^g_(\d{1,3})_([A-Za-z0-9]{8,16})$/;

/** S3-59: g_ + sport id + '_' + an 8-16 character event id. */
export function gameKey(sportId: number, eventId: string): string {
  return `g_${sportId}_${eventId}`;
}

/** S3-59: reads a game key; null when it is not one. */
export function parseGameKey(key: string): { sportId: number; eventId: string } | null {
  const m = GAME_KEY.exec(key);
  return m ? { sportId: Number(m[1]), eventId: m[2] } : null;
}

export function isGameKey(key: string): boolean {
  return GAME_KEY.test(key);
}

/** S3-59: label ids are cleaned by removing the trailing hyphen suffix ('1_ABC-2' → '1_ABC'). */
export function cleanLabelId(labelId: string): string {
  const i = labelId.lastIndexOf('-');
  return i > 0 ? labelId.slice(0, i) : labelId;
}

/** Epoch seconds past which Date (and so zonedParts) has no calendar date. */
const MAX_DATE_S = 8.64e12;

/**
 * The local calendar day (days since 1970-01-01) of an epoch: what datetime's dayOffset reads through
 * zonedParts, as arithmetic on the zone's offset. My Games reads thousands of these per load (S4-27).
 */
function localDay(epochSec: number, timeZone: string): number {
  const sec = Number.isFinite(epochSec) ? Math.floor(epochSec) : 0;
  if (Math.abs(sec) > MAX_DATE_S) return Number.NaN;
  const local = sec + offsetMinutes(sec, timeZone) * 60;
  return Math.abs(local) > MAX_DATE_S ? Number.NaN : Math.floor(local / 86_400);
}

/**
 * The zone's offset per quarter-hour slice, as datetime reads it (offsets hold over a whole slice), kept by
 * slice number per zone: numeric keys, no text key built per date.
 */
const SLICE_S = 900;
const MAX_SLICES = 50_000;
const ZONE_SLICES = new Map<string, Map<number, number>>();

function offsetMinutes(sec: number, timeZone: string): number {
  let slices = ZONE_SLICES.get(timeZone);
  if (!slices) {
    slices = new Map();
    ZONE_SLICES.set(timeZone, slices);
  }
  const slice = Math.floor(sec / SLICE_S);
  let offset = slices.get(slice);
  if (offset === undefined) {
    offset = utcOffsetMinutes(slice * SLICE_S, timeZone);
    if (slices.size >= MAX_SLICES) slices.clear(); // bounded; refilled as dates are read
    slices.set(slice, offset);
  }
  return offset;
}

/** Today's local day, kept for the last (now, zone) asked: a batch of entries shares one now. */
let today = { nowMs: Number.NaN, timeZone: '', day: 0 };

/** Calendar-day difference between an epoch's local date and today's (0 today, 1 tomorrow, -1 yesterday). */
function daysFromToday(epochSec: number, nowMs: number, timeZone: string): number {
  if (today.nowMs !== nowMs || today.timeZone !== timeZone)
    today = { nowMs, timeZone, day: localDay(nowMs / 1000, timeZone) };
  return localDay(epochSec, timeZone) - today.day;
}

/** The day span of a match (start and end day offsets from today). */
export function daySpan(
  AD: number,
  AP: number,
  nowMs: number,
  timeZone: string,
): { readonly first: number; readonly last: number } {
  const first = daysFromToday(AD, nowMs, timeZone);
  const last = AP > AD ? daysFromToday(AP, nowMs, timeZone) : first;
  return { first, last };
}

/**
 * S5-1: a match can be added if its day span includes today, or some day of it lies within the past and future
 * days allowed (1 and 7, S9-2).
 */
export function canAddByDay(AD: number, AP: number, nowMs: number, options: MyGamesOptions): boolean {
  if (!Number.isFinite(AD) || AD <= 0) return false;
  const past = options.pastDays ?? MY_GAMES_PAST_DAYS;
  const future = options.futureDays ?? MY_GAMES_FUTURE_DAYS;
  const { first, last } = daySpan(AD, Number.isFinite(AP) ? AP : 0, nowMs, options.timeZone);
  if (first <= 0 && last >= 0) return true;
  return last >= -past && first <= future;
}

/** S5-2: entries counted against the limit: known sports only, no-duel entries once per tournament. */
export function countTowardsLimit(entries: MyGamesEntries): number {
  let count = 0;
  const tournaments = new Set<string>();
  for (const entry of Object.values(entries)) {
    if (!sportById(entry.sport_id)) continue;
    // An entry loaded from the server form (S3-58) has no league until the feed names it: counted alone.
    if (entry.noDuel && entry.labl_id !== '') {
      const key = `${entry.sport_id}|${cleanLabelId(entry.labl_id)}`;
      if (tournaments.has(key)) continue;
      tournaments.add(key);
    }
    count++;
  }
  return count;
}

/** S4-27: m_ok is 1 for a scheduled future or a finished past match; other days wait for a refresh. */
function confirmedFor(m_day: number, AB: number): 0 | 1 {
  return (m_day > 0 && AB === STAGE_TYPE.SCHEDULED) || (m_day < 0 && AB === STAGE_TYPE.FINISHED) ? 1 : 0;
}

/**
 * S9-2, S4-28: the entry stays valid to the end of the local day of its last day plus the past days it may
 * still be shown (S5-1).
 */
export function expiryFor(AD: number, AP: number, options: MyGamesOptions): number {
  const last = Math.max(AP, AD);
  const addDays = options.pastDays ?? MY_GAMES_PAST_DAYS;
  // The end of a local day depends on that day alone: one zone walk per day, not per entry.
  const day = localDay(last, options.timeZone);
  if (!Number.isFinite(day) || !Number.isInteger(addDays)) return endOfLocalDay(last, options.timeZone, addDays);
  let ends = DAY_ENDS.get(options.timeZone);
  if (!ends) {
    ends = new Map();
    DAY_ENDS.set(options.timeZone, ends);
  }
  let end = ends.get(day + addDays);
  if (end === undefined) {
    end = endOfLocalDay(last, options.timeZone, addDays);
    if (ends.size >= MAX_DAY_ENDS) ends.clear(); // bounded; refilled as days are read
    ends.set(day + addDays, end);
  }
  return end;
}

/** Per zone: the last second of each local day (by day number, the kept past days added). */
const DAY_ENDS = new Map<string, Map<number, number>>();
const MAX_DAY_ENDS = 10_000;

export interface NewEntryInput {
  readonly sportId: number;
  readonly labelId: string;
  readonly AD: number;
  readonly AP?: number;
  readonly AB: number;
  readonly noDuel?: boolean;
  readonly mgGroup?: string;
}

/** S3-56: a game entry built from fresh match data. */
export function createEntry(input: NewEntryInput, nowMs: number, options: MyGamesOptions): MyGamesEntry {
  return rebuildEntry(null, input, nowMs, options);
}

/** The fields of a game entry in the order createEntry writes them. */
const ENTRY_KEYS = ['sport_id', 'labl_id', 'm_day', 'm_ok', 'm_expire_date', 'AD', 'AP', 'AB', 'noDuel', 'mgGroup'];

function inEntryKeyOrder(entry: MyGamesEntry): boolean {
  const keys = Object.keys(entry);
  return keys.length === ENTRY_KEYS.length && keys.every((key, i) => key === ENTRY_KEYS[i]);
}

/**
 * S4-27, S4-28: an entry rebuilt from fresh match data, as createEntry builds it; `entry` itself when the
 * rebuild would hold the same fields in the same order (a waiting entry of today is rebuilt on each feed update).
 */
export function rebuildEntry(
  entry: MyGamesEntry | null,
  input: NewEntryInput,
  nowMs: number,
  options: MyGamesOptions,
): MyGamesEntry {
  const sport_id = input.sportId;
  const labl_id = cleanLabelId(input.labelId);
  const AP = input.AP !== undefined && Number.isFinite(input.AP) ? input.AP : 0;
  const m_day = daysFromToday(input.AD, nowMs, options.timeZone);
  const m_ok = confirmedFor(m_day, input.AB);
  const m_expire_date = expiryFor(input.AD, AP, options);
  const { AD, AB } = input;
  const noDuel = input.noDuel ?? false;
  const mgGroup = input.mgGroup ?? '0';
  if (
    entry !== null &&
    entry.sport_id === sport_id &&
    entry.labl_id === labl_id &&
    entry.m_day === m_day &&
    entry.m_ok === m_ok &&
    entry.m_expire_date === m_expire_date &&
    entry.AD === AD &&
    entry.AP === AP &&
    entry.AB === AB &&
    entry.noDuel === noDuel &&
    entry.mgGroup === mgGroup &&
    inEntryKeyOrder(entry)
  )
    return entry;
  return { sport_id, labl_id, m_day, m_ok, m_expire_date, AD, AP, AB, noDuel, mgGroup };
}

/** S3-57, S4-29: a whole-tournament entry (no-duel sports), without mgGroup; m_ok says whether matches exist. */
export function createTournamentEntry(
  input: Omit<NewEntryInput, 'noDuel' | 'mgGroup'>,
  hasMatches: boolean,
  nowMs: number,
  options: MyGamesOptions,
): MyGamesEntry {
  const { mgGroup: _dropped, ...entry } = createEntry({ ...input, noDuel: true }, nowMs, options);
  return { ...entry, m_ok: hasMatches ? 1 : 0 };
}

export type AddResult = 'added' | 'duplicate' | 'limit' | 'out-of-range' | 'unknown-sport';

/**
 * S5-1, S5-2: adds an entry under its key. A duplicate add succeeds without change; a full list (maximum_count,
 * 500) refuses; matches outside the day window and unknown sports are refused.
 */
export function addEntry(
  entries: MyGamesEntries,
  key: string,
  entry: MyGamesEntry,
  nowMs: number,
  options: MyGamesOptions,
): { readonly result: AddResult; readonly ok: boolean; readonly entries: MyGamesEntries } {
  const refuse = (result: AddResult) => ({ result, ok: false, entries });
  if (Object.hasOwn(entries, key)) return { result: 'duplicate', ok: true, entries };
  if (!sportById(entry.sport_id)) return refuse('unknown-sport');
  if (!canAddByDay(entry.AD, entry.AP, nowMs, options)) return refuse('out-of-range');
  const next = { ...entries, [key]: entry };
  if (countTowardsLimit(next) > (options.maxCount ?? MY_GAMES_MAX_COUNT)) return refuse('limit');
  return { result: 'added', ok: true, entries: next };
}

/**
 * S4-27: m_day is recalculated on each load. Moving from the future to today sets m_ok to 0 and asks for a
 * rebuild; moving into the past sets m_ok to 0 until refreshed.
 */
export function recalculateDay(
  entry: MyGamesEntry,
  nowMs: number,
  options: MyGamesOptions,
): { readonly entry: MyGamesEntry; readonly rebuild: boolean } {
  const m_day = daysFromToday(entry.AD, nowMs, options.timeZone);
  if (m_day === entry.m_day) return { entry, rebuild: false };
  if (entry.m_day > 0 && m_day === 0) return { entry: { ...entry, m_day, m_ok: 0 }, rebuild: true };
  if (m_day < 0 && entry.m_day >= 0) return { entry: { ...entry, m_day, m_ok: 0 }, rebuild: false };
  return { entry: { ...entry, m_day }, rebuild: false };
}

/** S4-27: fresh data confirms an entry: m_ok becomes 1 for a scheduled future or finished past match. */
export function confirmEntry(entry: MyGamesEntry, AB: number): MyGamesEntry {
  const m_ok = entry.m_ok === 1 ? 1 : confirmedFor(entry.m_day, AB);
  if (m_ok === entry.m_ok && AB === entry.AB) return entry;
  return { ...entry, AB, m_ok };
}

/** S4-28: an entry is invalid after its expiry date. */
export function isExpired(entry: MyGamesEntry, nowSec: number): boolean {
  return !(nowSec <= entry.m_expire_date);
}

/** S4-28: drops entries past their expiry date. */
export function dropExpired(entries: MyGamesEntries, nowSec: number): MyGamesEntries {
  const kept: Record<string, MyGamesEntry> = {};
  for (const [key, entry] of Object.entries(entries)) if (!isExpired(entry, nowSec)) kept[key] = entry;
  return kept;
}

/** S4-28: an entry whose times changed is rebuilt with the new times (its groups kept). */
export function applyTimeChange(
  entry: MyGamesEntry,
  AD: number,
  AP: number,
  nowMs: number,
  options: MyGamesOptions,
): MyGamesEntry {
  if (AD === entry.AD && AP === entry.AP) return entry;
  const rebuilt = createEntry(
    {
      sportId: entry.sport_id,
      labelId: entry.labl_id,
      AD,
      AP,
      AB: entry.AB,
      noDuel: entry.noDuel,
      mgGroup: entry.mgGroup,
    },
    nowMs,
    options,
  );
  if (entry.mgGroup !== undefined) return rebuilt;
  const { mgGroup: _none, ...withoutGroup } = rebuilt;
  return withoutGroup;
}

/** S3-57: whether a key names a whole-tournament entry (a league id) rather than a game. */
export function isTournamentKey(key: string): boolean {
  return !isGameKey(key);
}

/** S4-30: a no-duel game whose whole tournament is followed is shown inside that entry. */
export function inWholeTournament(entries: MyGamesEntries, entry: MyGamesEntry): boolean {
  if (!entry.noDuel || entry.labl_id === '') return false;
  const tournament = entries[cleanLabelId(entry.labl_id)];
  return tournament !== undefined && tournament.sport_id === entry.sport_id;
}

/** S4-30 group keys: short, and free of the list separator and of dotted-key separators (A7-20). */
const GROUP_KEY = /^[A-Za-z0-9_-]{1,32}$/;

export function isGroupKey(group: string): boolean {
  return GROUP_KEY.test(group);
}

/** The group keys of an entry (S3-56 mgGroup, comma-separated; absent on a new tournament entry, S3-57). */
export function groupsOf(entry: MyGamesEntry): string[] {
  return entry.mgGroup === undefined || entry.mgGroup === '' ? [] : entry.mgGroup.split(',');
}

export type GroupResult = 'grouped' | 'ungrouped' | 'deleted' | 'unchanged' | 'missing' | 'in-tournament' | 'invalid';

/**
 * S4-30: puts an entry into a group or takes it out of one. Leaving one of several groups drops only that
 * group; leaving the last deletes the entry. A game inside a followed whole tournament cannot be grouped.
 */
export function setGroup(
  entries: MyGamesEntries,
  key: string,
  group: string,
  member: boolean,
): { readonly result: GroupResult; readonly entries: MyGamesEntries } {
  const same = (result: GroupResult) => ({ result, entries });
  if (!isGroupKey(group)) return same('invalid');
  const entry = Object.hasOwn(entries, key) ? entries[key] : undefined;
  if (!entry) return same('missing');
  if (isGameKey(key) && inWholeTournament(entries, entry)) return same('in-tournament');
  const groups = groupsOf(entry);
  if (member) {
    if (groups.includes(group)) return same('unchanged');
    return { result: 'grouped', entries: { ...entries, [key]: { ...entry, mgGroup: [...groups, group].join(',') } } };
  }
  if (!groups.includes(group)) return same('unchanged');
  const left = groups.filter((g) => g !== group);
  if (left.length === 0) {
    const { [key]: _gone, ...rest } = entries;
    return { result: 'deleted', entries: rest };
  }
  return { result: 'ungrouped', entries: { ...entries, [key]: { ...entry, mgGroup: left.join(',') } } };
}
