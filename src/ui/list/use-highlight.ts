// A score highlight stays on until its `until` time (S9-4: goal 60 s, correction 15 s); the row
// re-checks once a second while one is on, so it switches off without an update.
import type { ScoreboardEvent } from '../../scoreboard/types';
import { useNow, usePageClock } from '../common/use-now';

export function useActiveHighlight(event: ScoreboardEvent | undefined): 'goal' | 'correction' | 'scoresChanged' | null {
  const clock = usePageClock();
  const highlight = event?.highlight ?? null;
  const on = highlight !== null && highlight.until > clock.now();
  useNow(1000, on);
  return on && highlight && highlight.until > clock.now() ? highlight.kind : null;
}
