// What a star hands the My Games machine, read from the row as the list holds it (S3-56: AD start, AP end,
// AB stage type; the league id is the entry's labl_id).
import type { FollowRow, GameInput, TournamentInput } from '../../../machines/my-games';
import { followRowOfEvent } from '../../../src/follow/row-of-event';
import type { ScoreboardEvent, ScoreboardLeague } from '../../../src/scoreboard/types';
import { stageTypeOf } from '../list/tabs';

/** A duel row's game; null when the row lacks a league or a start time. */
export function gameInputOf(event: ScoreboardEvent | null | undefined, sportId: number): GameInput | null {
  return followRowOfEvent(event, sportId);
}

/** S4-29: a no-duel league as one tournament entry: its first start, its first row's stage, whether it has rows. */
export function tournamentInputOf(
  league: ScoreboardLeague | undefined,
  events: ReadonlyMap<string, ScoreboardEvent>,
  sportId: number,
): TournamentInput | null {
  if (!league) return null;
  const rows = league.eventIds.map((id) => events.get(id)).filter((e): e is ScoreboardEvent => e !== undefined);
  const raceStart = Number((league.raceStartTimes ?? '').split(',')[0]);
  const starts = rows.map((e) => e.startTime).filter((t): t is number => typeof t === 'number' && t > 0);
  const AD = Number.isFinite(raceStart) && raceStart > 0 ? raceStart : starts.length > 0 ? Math.min(...starts) : null;
  if (AD === null) return null;
  return {
    sportId,
    leagueId: league.id,
    AD,
    AB: rows[0] ? stageTypeOf(rows[0], league) : 1,
    hasMatches: rows.length > 0,
  };
}

/** A row as `feed.events` carries it (day recalculation and confirmation, S4-27, S4-28). */
export function followRowOf(
  event: ScoreboardEvent,
  league: ScoreboardLeague | undefined,
  sportId: number,
): FollowRow | null {
  return followRowOfEvent(event, sportId, stageTypeOf(event, league));
}
