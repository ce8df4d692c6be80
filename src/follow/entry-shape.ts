// Shape checks for follow data read back from storage or the server: a malformed entry is skipped, never
// trusted (it would otherwise reach the limit count, the feed selection and the page).
import { isGameKey, type MyGamesEntry } from '../domain/my-games-rules';
import { isTeamKey, type MyTeamsEntry, teamKey } from '../domain/my-teams-rules';

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A league id usable as an entry key and a dotted-key segment (A7-20): `<sport>_<id>`, no dots. */
const LEAGUE_KEY = /^(\d{1,3})_[A-Za-z0-9_-]{1,64}$/;

export function isLeagueKey(key: string): boolean {
  return LEAGUE_KEY.test(key) && !isGameKey(key);
}

/** S3-60: the sport id is the leading number of a league key. */
export function sportOfLeagueKey(key: string): number | null {
  const m = LEAGUE_KEY.exec(key);
  return m ? Number(m[1]) : null;
}

/** A stored My Games entry (S3-56) with every field of the right type; null otherwise. */
export function readEntry(value: unknown): MyGamesEntry | null {
  if (!isPlainObject(value)) return null;
  const { sport_id, labl_id, m_day, m_ok, m_expire_date, AD, AP, AB, noDuel, mgGroup } = value;
  if (!isNum(sport_id) || typeof labl_id !== 'string' || !isNum(m_day) || (m_ok !== 0 && m_ok !== 1)) return null;
  if (!isNum(m_expire_date) || !isNum(AD) || AD <= 0 || !isNum(AP) || !isNum(AB) || typeof noDuel !== 'boolean')
    return null;
  if (mgGroup !== undefined && typeof mgGroup !== 'string') return null;
  // Two literals rather than a spread: one object per entry, in the stored key order.
  return mgGroup === undefined
    ? { sport_id, labl_id, m_day, m_ok, m_expire_date, AD, AP, AB, noDuel }
    : { sport_id, labl_id, m_day, m_ok, m_expire_date, AD, AP, AB, noDuel, mgGroup };
}

/** A followed team whose key matches its fields; null otherwise. */
export function readTeam(key: string, value: unknown): MyTeamsEntry | null {
  if (!isTeamKey(key) || !isPlainObject(value)) return null;
  const { sport_id, participant_id, name } = value;
  if (!isNum(sport_id) || typeof participant_id !== 'string' || typeof name !== 'string') return null;
  if (teamKey(sport_id, participant_id) !== key) return null;
  return { sport_id, participant_id, name };
}
