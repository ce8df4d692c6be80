// A score highlight stays on until its `until` time (S9-4: goal 60 s, correction 15 s); the row
// checks once a second while one is on, so it switches off without an update, and re-renders only
// when it does.
import type { ScoreboardEvent } from '../../scoreboard/types';
import { useBefore } from '../common/use-now';

export function useActiveHighlight(event: ScoreboardEvent | undefined): 'goal' | 'correction' | 'scoresChanged' | null {
  const highlight = event?.highlight ?? null;
  const on = useBefore(highlight?.until ?? null, 1000);
  return on && highlight ? highlight.kind : null;
}
