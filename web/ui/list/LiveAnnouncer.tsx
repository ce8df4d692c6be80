// The list page's polite live region: goals of live matches the visitor follows or has in the list on screen, spoken
// at most once per ANNOUNCE_INTERVAL_MS (web/ui/list/live-announcer.ts). The rate limit runs on the site's clock.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { isFollowed } from '../../../machines/my-games';
import { useSite } from '../common/actors';
import { useMyGames } from '../follow/use-follow';
import { useScoreboardView } from '../store/hooks';
import { liveAnnouncerMachine, newGoals, type SeenGoals } from './live-announcer';

/** Ids of the rows the list has rendered (its window over the list, the screen and a little more). */
function renderedRows(): Set<string> {
  const ids = new Set<string>();
  for (const row of document.querySelectorAll<HTMLElement>('.event-list [data-event-id]')) {
    const id = row.dataset.eventId;
    if (id) ids.add(id);
  }
  return ids;
}

export function LiveAnnouncer() {
  const view = useScoreboardView();
  const myGames = useMyGames();
  const site = useSite();
  const announcer = useActorRef(liveAnnouncerMachine, { clock: site.system._clock });
  const text = useSelector(announcer, (s) => s.context.text);

  useEffect(() => {
    let seen: SeenGoals | null = null;
    let version = -1;
    const scan = () => {
      const snapshot = view.snapshot();
      if (snapshot.version === version) return;
      version = snapshot.version;
      const sportId = snapshot.sportId;
      let rows: Set<string> | null = null; // read once, and only when some goal needs it
      const follow = myGames.getSnapshot().context;
      const wanted = (id: string) => {
        if (sportId !== null && isFollowed(follow, `g_${sportId}_${id}`)) return true;
        rows ??= renderedRows();
        return rows.has(id);
      };
      const scanned = newGoals(snapshot, seen, wanted);
      seen = scanned.seen;
      if (scanned.goals.length > 0) announcer.send({ type: 'goals', goals: scanned.goals });
    };
    scan();
    return view.subscribe(scan);
  }, [view, myGames, announcer]);

  return (
    <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="live-announcer">
      {text}
    </div>
  );
}
