// My Leagues (S3-60, S3-61, S4-33): league label keys, the default top leagues of a sport, the stored form
// kept in account data under `myLeagues` (S7-32) or in local storage (S4-36), the diffs a toggle sends
// through the account data sync (A3-11, A7-11, A7-20), and the order that puts pinned leagues first.
import type { DataDiff } from '../wire/account';

/** S7-32: the account data key My Leagues is stored under. */
export const MY_LEAGUES_DATA_KEY = 'myLeagues';
/** S3-61: the flag beside the label keys that says the sport's list was seeded. */
export const USED_FLAG = 'used';

/**
 * S3-60: `{sportId}_{tournamentId}_{participantOrName}` or `{sportId}_{templateKey}`, the sport id leading.
 * No dots or whitespace: a label key is one segment of a dotted data path (A7-20).
 */
const LABEL_KEY = /^([1-9]\d{0,3})_[^.\s]+$/;

export function isLabelKey(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 200 && LABEL_KEY.test(value);
}

/** S3-60: the sport id is the leading number; null when the key is malformed. */
export function sportOfLabelKey(labelKey: string): number | null {
  const match = LABEL_KEY.exec(labelKey);
  return match ? Number(match[1]) : null;
}

/** S3-60: a league's label key from its sport and template key (ZH), or null when either is missing. */
export function labelKeyOf(league: { readonly sportId?: number | null; readonly templateKey?: string }): string | null {
  if (!league.sportId || !league.templateKey) return null;
  const key = `${league.sportId}_${league.templateKey}`;
  return isLabelKey(key) ? key : null;
}

/** S3-61: a seeded list of one sport, label key → pinned. A sport without one shows its default top leagues. */
export type SportLeagues = Readonly<Record<string, boolean>>;
/** Seeded lists by sport id. */
export type MyLeagues = Readonly<Record<string, SportLeagues>>;

/** S3-61 default top leagues: the label keys of the leagues the feed marks top (S3-50 type t), in feed order. */
export function defaultTopLeagues(
  leagues: readonly { readonly sportId?: number | null; readonly templateKey?: string; readonly type?: string }[],
): string[] {
  const out: string[] = [];
  for (const league of leagues) {
    const key = league.type === 't' ? labelKeyOf(league) : null;
    if (key && !out.includes(key)) out.push(key);
  }
  return out;
}

/** The pinned leagues of a sport: its seeded list's true entries, else its defaults (S4-33). */
export function pinnedOf(seeded: SportLeagues | undefined, defaults: readonly string[]): ReadonlySet<string> {
  if (!seeded) return new Set(defaults);
  return new Set(Object.keys(seeded).filter((key) => seeded[key]));
}

/** S4-33: the list the first toggle of a sport starts from — its defaults, all pinned. */
export function seedFrom(defaults: readonly string[]): SportLeagues {
  const seeded: Record<string, boolean> = {};
  for (const key of defaults) if (isLabelKey(key)) seeded[key] = true;
  return seeded;
}

/** S3-61: the stored form of one sport's list: label key → boolean plus the used flag. */
export function toStoredForm(seeded: SportLeagues): Record<string, boolean> {
  return { ...seeded, [USED_FLAG]: true };
}

/** The stored form of every seeded list, by sport id (what local storage keeps, S4-36). */
export function toStoredMyLeagues(leagues: MyLeagues): Record<string, Record<string, boolean>> {
  const out: Record<string, Record<string, boolean>> = {};
  for (const [sportId, seeded] of Object.entries(leagues)) out[sportId] = toStoredForm(seeded);
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads stored My Leagues (account data or local storage). Only well-formed parts are kept: a sport id key whose
 * list has the used flag, and boolean entries whose label key belongs to that sport. Anything else reads as empty.
 */
export function parseMyLeagues(raw: unknown): MyLeagues {
  const out: Record<string, SportLeagues> = {};
  if (!isPlainObject(raw)) return out;
  for (const [sportId, list] of Object.entries(raw)) {
    if (!/^[1-9]\d{0,3}$/.test(sportId) || !isPlainObject(list) || list[USED_FLAG] !== true) continue;
    const seeded: Record<string, boolean> = {};
    for (const [key, value] of Object.entries(list)) {
      if (key === USED_FLAG || typeof value !== 'boolean') continue;
      if (isLabelKey(key) && sportOfLabelKey(key) === Number(sportId)) seeded[key] = value;
    }
    out[sportId] = seeded;
  }
  return out;
}

/** Local storage text → My Leagues; corrupt JSON reads as nothing stored rather than breaking the page (cf. S5-3). */
export function parseStoredJson(text: string | null): MyLeagues {
  if (!text) return {};
  try {
    return parseMyLeagues(JSON.parse(text));
  } catch {
    return {};
  }
}

const sportPath = (sportId: number) => `${MY_LEAGUES_DATA_KEY}.${sportId}`;
const leaguePath = (sportId: number, labelKey: string) => `${sportPath(sportId)}.${labelKey}`;

/** A7-11 dataDiff for seeding a sport's list (S4-33): the whole stored form at once. */
export function seedDiff(sportId: number, seeded: SportLeagues): DataDiff {
  return { merge: { [sportPath(sportId)]: toStoredForm(seeded) }, unmerge: [] };
}

/** A7-11 dataDiff for one league's new value in a seeded list; the used flag comes along so the copy stays well formed. */
export function toggleDiff(sportId: number, labelKey: string, pinned: boolean): DataDiff {
  return { merge: { [leaguePath(sportId, labelKey)]: pinned, [leaguePath(sportId, USED_FLAG)]: true }, unmerge: [] };
}

/** The diff that puts the data back as it was before a seed (the list absent) or a toggle (`before`, null: absent). */
export function undoDiff(sportId: number, labelKey: string | null, before: boolean | null): DataDiff {
  if (labelKey === null) return { merge: {}, unmerge: [sportPath(sportId)] };
  if (before === null) return { merge: {}, unmerge: [leaguePath(sportId, labelKey)] };
  return { merge: { [leaguePath(sportId, labelKey)]: before }, unmerge: [] };
}

/** Pinned leagues first (the left menu and the sport page, issue 15 item 3); otherwise the given order is kept. */
export function pinnedFirst<T>(leagues: readonly T[], isPinned: (league: T) => boolean): T[] {
  const pinned: T[] = [];
  const rest: T[] = [];
  for (const league of leagues) (isPinned(league) ? pinned : rest).push(league);
  return [...pinned, ...rest];
}
