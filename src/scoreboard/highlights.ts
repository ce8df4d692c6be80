// Score highlights and their lifetimes (S9-4): a goal glows 60 s, a correction 15 s, any other
// change of the score parts 60 s. Time is injected; the store stamps `until` from its clock.
import type { EventFieldName, EventFields } from '../protocol/keys';
import type { ScoreboardEvent } from './types';

export const GOAL_HIGHLIGHT_MS = 60_000; // S9-4 goal highlight 60
export const CORRECTION_HIGHLIGHT_MS = 15_000; // S9-4 correction 15
export const SCORES_CHANGED_HIGHLIGHT_MS = 60_000; // S9-4 scores-changed 60

export type HighlightKind = NonNullable<ScoreboardEvent['highlight']>['kind'];

const PART_FIELDS: readonly EventFieldName[] = [
  ...Array.from({ length: 11 }, (_, i) => [`homePart${i + 1}`, `awayPart${i + 1}`] as EventFieldName[]).flat(),
  ...Array.from({ length: 5 }, (_, i) => [`homeTiebreak${i + 1}`, `awayTiebreak${i + 1}`] as EventFieldName[]).flat(),
];

function score(value: number | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/**
 * Which highlight a change from `before` to `after` earns, or null. A higher total score is a
 * goal; a lower one (a retracted goal) is a correction; other score-part changes are "scores changed".
 */
export function highlightKind(before: EventFields, after: EventFields): HighlightKind | null {
  const homeBefore = score(before.homeScore);
  const awayBefore = score(before.awayScore);
  const homeAfter = score(after.homeScore);
  const awayAfter = score(after.awayScore);
  if (homeAfter !== homeBefore || awayAfter !== awayBefore) {
    if (homeAfter < homeBefore || awayAfter < awayBefore) return 'correction';
    return 'goal';
  }
  for (const field of PART_FIELDS) {
    if (before[field] !== after[field]) return 'scoresChanged';
  }
  return null;
}

export function highlightLifetime(kind: HighlightKind): number {
  if (kind === 'goal') return GOAL_HIGHLIGHT_MS;
  if (kind === 'correction') return CORRECTION_HIGHLIGHT_MS;
  return SCORES_CHANGED_HIGHLIGHT_MS;
}
