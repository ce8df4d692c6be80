// A scoreboard row as My Games reads it (S3-56: AD start, AP end, AB stage type; the league id becomes the entry's
// labl_id): what a star hands the machine and what `feed.events` carries, in the browser and in the CLI replay.
import type { ScoreboardEvent } from '../scoreboard/types';
import type { GameInput } from './update';

/** Null when the row lacks a league or a start time. `stageType` defaults to the row's own (1: scheduled). */
export function followRowOfEvent(
  event: ScoreboardEvent | null | undefined,
  sportId: number,
  stageType: number = event?.stageType ?? 1,
): GameInput | null {
  if (!event?.leagueId || typeof event.startTime !== 'number') return null;
  return {
    sportId,
    eventId: event.id,
    leagueId: event.leagueId,
    AD: event.startTime,
    AP: event.endTime || undefined,
    AB: stageType,
  };
}
