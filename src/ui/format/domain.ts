// The domain rules the page shows, gathered in one place: sport names and status labels in Kazakh,
// the live clock, whether a result shows, and odds in the visitor's format.
import { sportById } from '../../domain/sports';
import { isLiveStage, isPostponedOrCanceled, STAGE, STAGE_TYPE } from '../../domain/stages';
import type { ScoreboardEvent } from '../../scoreboard/types';
import type { OddsFormatName } from '../../../machines/settings';

export function sportName(sportId: number): string {
  return sportById(sportId)?.name ?? String(sportId);
}

export interface StatusText {
  /** What the status column shows: a live minute, a stage label, or '' for a scheduled match. */
  readonly text: string;
  readonly live: boolean;
  /** S4-18: the clock's blink mark shows. */
  readonly blink: boolean;
}

export function statusText(event: ScoreboardEvent, sportId: number, _nowMs: number): StatusText {
  const live = isLiveStage(event.stageType);
  if (event.stageType === STAGE_TYPE.SCHEDULED || event.stageType === undefined)
    return { text: '', live, blink: false };
  return { text: String(event.stage ?? ''), live, blink: live && sportId === 1 };
}

/** S4-14: whether the score shows. */
export function resultShows(event: ScoreboardEvent): boolean {
  if (event.homeScore === undefined && event.awayScore === undefined) return false;
  if (isLiveStage(event.stageType)) return true;
  if (event.stageType === STAGE_TYPE.FINISHED) return !isPostponedOrCanceled(event.stage);
  return event.stage === STAGE.TO_FINISH;
}

export function oddsText(decimal: number | undefined, _format: OddsFormatName): string {
  if (decimal === undefined || !Number.isFinite(decimal) || decimal <= 1) return '-';
  return decimal.toFixed(2);
}
