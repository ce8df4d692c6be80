// What a visitor follows: My Games entries (games and whole tournaments, S3-56, S3-57) and My Teams.
// One value, so local storage, the server form and the machine all move it as a whole.
import { MY_GAMES_MAX_COUNT, MY_TEAMS_MAX_COUNT } from '../domain/limits';
import type { MyGamesEntries, MyGamesOptions } from '../domain/my-games-rules';
import type { MyTeams } from '../domain/my-teams-rules';

export interface FollowState {
  readonly games: MyGamesEntries;
  readonly teams: MyTeams;
}

export const EMPTY_FOLLOW: FollowState = Object.freeze({ games: Object.freeze({}), teams: Object.freeze({}) });

/** The visitor's zone and the limits (S9-2; tests may lower them). */
export interface FollowOptions extends MyGamesOptions {
  readonly maxCount: number;
  readonly maxTeams: number;
}

export function followOptions(
  timeZone: string,
  limits: { readonly maxCount?: number; readonly maxTeams?: number } = {},
): FollowOptions {
  return {
    timeZone,
    maxCount: limits.maxCount ?? MY_GAMES_MAX_COUNT,
    maxTeams: limits.maxTeams ?? MY_TEAMS_MAX_COUNT,
  };
}

export function isEmptyFollow(state: FollowState): boolean {
  return Object.keys(state.games).length === 0 && Object.keys(state.teams).length === 0;
}
