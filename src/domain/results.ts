// Result rules of an event (S4-14…S4-17): whether a score is shown, fully finished, and a participant's form.
import type { EventFields } from '../protocol/keys';
import {
  isFinishedStage,
  isFullyFinished as isFullyFinishedStage,
  isLiveStage,
  isPostponedOrCanceled,
  STAGE,
} from './stages';

/** S3-34 sides. */
export const SIDE = Object.freeze({ UNKNOWN: 0, HOME: 1, AWAY: 2 });
/** S3-34 winner values. */
export const WINNER = Object.freeze({ UNKNOWN: -1, DRAW: 0, HOME: 1, AWAY: 2 });
export type Side = 1 | 2;

/** An event as the result rules read it: the feed fields plus, optionally, its sport. */
export type ResultEvent = EventFields & { readonly sportId?: number | null };

const AUSSIE_RULES = 18;

const isScore = (n: number | undefined): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0;

/**
 * S4-14: a result shows when live, finished (not postponed or canceled) or to-finish, unless the score is empty,
 * or a finished 0-0 is neither a draw nor a retirement (a row with no real score, e.g. awarded). A live 0-0 shows.
 */
export function showsResult(event: ResultEvent): boolean {
  const live = isLiveStage(event.stageType);
  const finished = isFinishedStage(event.stageType, event.stage) && !isPostponedOrCanceled(event.stage);
  const toFinish = event.stage === STAGE.TO_FINISH;
  if (!live && !finished && !toFinish) return false;
  if (!isScore(event.homeScore) || !isScore(event.awayScore)) return false;
  if (!live && event.homeScore === 0 && event.awayScore === 0) {
    return event.winner === WINNER.DRAW || event.stage === STAGE.RETIRED;
  }
  return true;
}

/** S4-15: finished, not interrupted and not after-day. */
export function isFullyFinished(event: ResultEvent): boolean {
  return isFullyFinishedStage(event.stageType, event.stage);
}

const QUARTERS = [
  ['homePart1', 'awayPart1'],
  ['homePart2', 'awayPart2'],
  ['homePart3', 'awayPart3'],
  ['homePart4', 'awayPart4'],
] as const;

/** Sums of the four quarters, or null when any quarter is missing. */
function quarterSums(event: ResultEvent): { home: number; away: number } | null {
  let home = 0;
  let away = 0;
  for (const [h, a] of QUARTERS) {
    const hv = event[h];
    const av = event[a];
    if (!isScore(hv) || !isScore(av)) return null;
    home += hv;
    away += av;
  }
  return { home, away };
}

/** S4-17: an Aussie rules match went to extra time when the quarter points do not add up to the total. */
export function aussieRulesHadExtraTime(event: ResultEvent): boolean {
  const sums = quarterSums(event);
  if (!sums || !isScore(event.homeScore) || !isScore(event.awayScore)) return false;
  return sums.home !== event.homeScore || sums.away !== event.awayScore;
}

const compare = (home: number | undefined, away: number | undefined): number | undefined => {
  if (!isScore(home) || !isScore(away)) return undefined;
  return home > away ? WINNER.HOME : home < away ? WINNER.AWAY : WINNER.DRAW;
};
const known = (w: number | undefined): w is 0 | 1 | 2 => w === 0 || w === 1 || w === 2;

export type ResultForm = 'W' | 'L' | 'D' | 'DW' | 'DL' | 'WO' | 'LO';

/**
 * S4-16: the form of one side in a finished match. W, L or D from the full-time result; a full-time draw with
 * a winner (penalties, shoot-out) gives DW or DL; after extra time that followed a full-time draw an O is
 * added (WO, LO). Null for matches without a result (not finished, postponed, canceled, no score).
 */
export function resultForm(event: ResultEvent, side: Side): ResultForm | null {
  if (!isFinishedStage(event.stageType, event.stage) || isPostponedOrCanceled(event.stage)) return null;
  const aussie = event.sportId === AUSSIE_RULES;
  const sums = aussie ? quarterSums(event) : null;
  const afterExtraTime = event.stage === STAGE.AFTER_EXTRA_TIME || (aussie && aussieRulesHadExtraTime(event));

  const winner = known(event.winner) ? event.winner : compare(event.homeScore, event.awayScore);
  if (winner === undefined) return null;
  const fullTime = sums
    ? compare(sums.home, sums.away)
    : compare(event.homeFullTime ?? event.homeScore, event.awayFullTime ?? event.awayScore);
  const fullTimeWinner = known(event.fullTimeWinner) && !sums ? event.fullTimeWinner : (fullTime ?? winner);

  if (fullTimeWinner === WINNER.DRAW) {
    if (winner === WINNER.DRAW) return 'D';
    if (afterExtraTime) return winner === side ? 'WO' : 'LO';
    return winner === side ? 'DW' : 'DL';
  }
  return fullTimeWinner === side ? 'W' : 'L';
}
