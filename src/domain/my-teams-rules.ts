// Pure My Teams rules: team keys, following within the S9-2 limit, the multi-operations S5-4 leaves out,
// and which of a day's matches involve a followed team (shown in their own section of the My Games page).
import { MY_TEAMS_MAX_COUNT } from './limits';
import { sportById } from './sports';

/** A followed team, as stored (field names follow the My Games entry style, S3-56). */
export interface MyTeamsEntry {
  readonly sport_id: number;
  /** Participant id (S3-55; PX/PY in list rows). */
  readonly participant_id: string;
  readonly name: string;
}

/** Keyed by teamKey: `<sport>_<participant id>`. */
export type MyTeams = Readonly<Record<string, MyTeamsEntry>>;

const PARTICIPANT_ID = /^[A-Za-z0-9]{1,32}$/;
const TEAM_KEY = /^(\d{1,3})_([A-Za-z0-9]{1,32})$/;

export function teamKey(sportId: number, participantId: string): string {
  return `${sportId}_${participantId}`;
}

export function isTeamKey(key: string): boolean {
  return TEAM_KEY.test(key);
}

export type FollowTeamResult = 'added' | 'duplicate' | 'limit' | 'unknown-sport' | 'invalid';

/** S9-2: follows a team; at most 200. A duplicate follow succeeds without change, as for games (S5-2). */
export function followTeam(
  teams: MyTeams,
  entry: MyTeamsEntry,
  maxCount: number = MY_TEAMS_MAX_COUNT,
): { readonly result: FollowTeamResult; readonly ok: boolean; readonly teams: MyTeams } {
  const refuse = (result: FollowTeamResult) => ({ result, ok: false, teams });
  if (!PARTICIPANT_ID.test(entry.participant_id) || typeof entry.name !== 'string') return refuse('invalid');
  if (!sportById(entry.sport_id)) return refuse('unknown-sport');
  const key = teamKey(entry.sport_id, entry.participant_id);
  if (Object.hasOwn(teams, key)) return { result: 'duplicate', ok: true, teams };
  if (Object.keys(teams).length >= maxCount) return refuse('limit');
  return { result: 'added', ok: true, teams: { ...teams, [key]: entry } };
}

export function unfollowTeam(teams: MyTeams, key: string): MyTeams {
  if (!Object.hasOwn(teams, key)) return teams;
  const { [key]: _gone, ...rest } = teams;
  return rest;
}

/** S5-4: multiple add and remove for My Teams, and a league toggle there, are not implemented. */
export const MY_TEAMS_UNSUPPORTED = Object.freeze({
  followMany: 'My Teams: following several teams in one operation is not supported (S5-4)',
  unfollowMany: 'My Teams: unfollowing several teams in one operation is not supported (S5-4)',
  leagueToggle: 'My Teams: toggling a league in My Teams is not supported (S5-4)',
});

/** The parts of a list row that say who plays (PX, PY). */
export interface TeamRow {
  readonly id: string;
  readonly sportId: number | null;
  readonly homeParticipantId?: string;
  readonly awayParticipantId?: string;
}

/** Ids of the rows a followed team plays in, in row order (the My Teams section of the My Games page). */
export function followedTeamMatches(rows: Iterable<TeamRow>, teams: MyTeams): string[] {
  const ids: string[] = [];
  for (const row of rows) {
    if (row.sportId === null) continue;
    const home = row.homeParticipantId && Object.hasOwn(teams, teamKey(row.sportId, row.homeParticipantId));
    const away = row.awayParticipantId && Object.hasOwn(teams, teamKey(row.sportId, row.awayParticipantId));
    if (home || away) ids.push(row.id);
  }
  return ids;
}
