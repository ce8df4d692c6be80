// Duel rows are plain links to their match page; the list listens for their clicks once, instead of
// each row holding a router hook and a click closure that every score change would rebuild. A plain
// click navigates inside the page with a hint for the match page; modified clicks open a tab as links do.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { EDITION } from '../../../src/domain/edition';
import type { MatchHint } from '../match/match-hint';
import { useScoreboardView } from '../store/hooks';

export const ROW_LINK_SELECTOR = 'a[data-event-id]';

export function matchHref(eventId: string): string {
  return `${EDITION.routePrefix}/match/${eventId}/`;
}

export function useRowNavigation(sportId: number): (e: React.MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  const view = useScoreboardView();
  return useCallback(
    (e: React.MouseEvent<HTMLElement>) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const target = e.target instanceof Element ? e.target : null;
      const row = target?.closest(ROW_LINK_SELECTOR);
      const eventId = row?.getAttribute('data-event-id');
      if (!eventId) return;
      e.preventDefault();
      const event = view.snapshot().events.get(eventId);
      const home = event?.home ?? event?.homeShort ?? '';
      const away = event?.away ?? event?.awayShort ?? '';
      navigate(matchHref(eventId), { state: { sportId, home, away } satisfies MatchHint });
    },
    [navigate, view, sportId],
  );
}
