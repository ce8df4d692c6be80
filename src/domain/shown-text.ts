// The domain rules the page and the CLI show, gathered in one place: sport names and status labels in Kazakh,
// the live clock, whether a result shows, and odds in the visitor's format.
import { clockReadsScore, clockTextForEvent, showsBlink } from './clock';
import { formatOdds, type OddsFormat } from './odds-format';
import { showsResult } from './results';
import { sportById } from './sports';
import { isLiveStage, STAGE, STAGE_TYPE } from './stages';
import { sportNameKk, statusLabel } from './status-labels';
import type { ScoreboardEvent } from '../scoreboard/types';

export function sportName(sportId: number): string {
  return sportNameKk(sportId) || (sportById(sportId)?.name ?? String(sportId));
}

export interface StatusText {
  /** What the status column shows: a live minute, a stage label, or '' for a scheduled match. */
  readonly text: string;
  /** The short form for narrow rows (S3-38). */
  readonly short: string;
  readonly live: boolean;
  /** S4-18: the clock's blink mark shows. */
  readonly blink: boolean;
}

const NO_STATUS: StatusText = { text: '', short: '', live: false, blink: false };

/** The status cell of a started or finished match: live minute or stage text (S4-18…S4-22, S3-38). */
export function statusText(event: ScoreboardEvent, sportId: number, serverNow: number): StatusText {
  const live = isLiveStage(event.stageType);
  if (event.stageType === STAGE_TYPE.SCHEDULED || event.stageType === undefined) return NO_STATUS;
  const stage = event.stage ?? (live ? STAGE.LIVE : STAGE.FINISHED);
  const staged = event.stage === stage ? event : { ...event, stage };
  const text = clockTextForEvent(staged, sportId, serverNow) || statusLabel(sportId, stage).name;
  const short = clockTextForEvent(staged, sportId, serverNow, { short: true }) || text;
  return {
    text,
    short,
    live,
    blink: showsBlink({ sportId, stage, gameTime: event.gameTime, stageType: event.stageType }),
  };
}

/** Every field statusText and a start time read, but the score (see statusInputsEqual). */
const STATUS_FIELDS = ['stageType', 'stage', 'startTime', 'periodStartTime', 'gameTime', 'playingOnSets'] as const;

/**
 * Whether two records of an event give the same status cell: a score change leaves it alone except
 * where the clock counts legs or frames (S4-22), so a burst of goals does not redraw status cells.
 */
export function statusInputsEqual(sportId: number): (a: ScoreboardEvent, b: ScoreboardEvent) => boolean {
  const readsScore = clockReadsScore(sportId);
  return (a, b) =>
    a === b ||
    (STATUS_FIELDS.every((key) => a[key] === b[key]) &&
      (!readsScore || (a.homeScore === b.homeScore && a.awayScore === b.awayScore)));
}

/** S4-14: whether the score shows. */
export function resultShows(event: ScoreboardEvent): boolean {
  return showsResult(event);
}

/** Odds in the visitor's format (S3-68); '-' when missing. */
export function oddsText(decimal: number | undefined, format: OddsFormat): string {
  return decimal === undefined ? '-' : formatOdds(decimal, format);
}
