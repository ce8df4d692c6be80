// What the My Games tab has to load (S4-9): the sports and days of the followed entries, and the ids the
// mygames scope keeps (event ids of games, league ids of whole tournaments). Followed teams add their sport's
// today, where their matches of the day are found. The shape is the feed cycle's `myGames.changed`.
import { MY_GAMES_FUTURE_DAYS, MY_GAMES_PAST_DAYS } from '../domain/limits';
import { daySpan, isGameKey } from '../domain/my-games-rules';
import type { FollowState } from './state';

export interface MyGamesSelection {
  readonly needs: readonly { readonly sport: number; readonly day: number }[];
  readonly ids: readonly string[];
}

export function myGamesSelection(state: FollowState, nowMs: number, timeZone: string): MyGamesSelection {
  const needs = new Map<string, { sport: number; day: number }>();
  const need = (sport: number, day: number) => {
    if (day < -MY_GAMES_PAST_DAYS || day > MY_GAMES_FUTURE_DAYS) return;
    const key = `${sport}:${day}`;
    if (!needs.has(key)) needs.set(key, { sport, day });
  };
  const ids: string[] = [];
  for (const [key, entry] of Object.entries(state.games)) {
    // A game key's event id follows the underscore after its sport id (S3-59).
    ids.push(isGameKey(key) ? key.slice(key.indexOf('_', 2) + 1) : key);
    const { first, last } = daySpan(entry.AD, entry.AP, nowMs, timeZone);
    for (let day = Math.max(first, -MY_GAMES_PAST_DAYS); day <= Math.min(last, MY_GAMES_FUTURE_DAYS); day++)
      need(entry.sport_id, day);
  }
  for (const team of Object.values(state.teams)) need(team.sport_id, 0);
  const sorted = [...needs.values()].sort((a, b) => a.sport - b.sport || a.day - b.day);
  return { needs: sorted, ids: ids.sort() };
}
