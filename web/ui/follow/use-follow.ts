// Reading My Games and My Teams (the site's child 'myGames', machines/my-games.ts) from components. Every
// selector is a key lookup, so a row's star redraws only when its own entry comes or goes, and a star's
// click shows in the same frame: the machine's snapshot changes inside send().
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { badgeCount, isFollowed, isTeamFollowed, selectionOf } from '../../../machines/my-games';
import type { SiteChildren } from '../../../machines/site';
import type { MyGamesSelection } from '../../../src/follow/selection';
import { useSiteChild } from '../common/actors';

export type MyGamesRef = SiteChildren['myGames'];

export function useMyGames(): MyGamesRef {
  return useSiteChild('myGames');
}

/** Whether a game (g_<sport>_<id>) or a whole tournament (its cleaned league id) is followed. */
export function useFollowed(key: string): boolean {
  return useSelector(useMyGames(), (s) => isFollowed(s.context, key));
}

export function useTeamFollowed(sportId: number, participantId: string): boolean {
  return useSelector(useMyGames(), (s) => isTeamFollowed(s.context, sportId, participantId));
}

/** The header's count (entries as the limit counts them, S5-2). */
export function useBadgeCount(): number {
  return useSelector(useMyGames(), (s) => badgeCount(s.context));
}

/** Followed entries of one sport (the My Games tab's count). */
export function useSportCount(sportId: number): number {
  return useSelector(useMyGames(), (s) => {
    let n = 0;
    for (const entry of Object.values(s.context.follow.games)) if (entry.sport_id === sportId) n++;
    return n;
  });
}

const sameSelection = (a: MyGamesSelection, b: MyGamesSelection) =>
  a.ids.length === b.ids.length &&
  a.needs.length === b.needs.length &&
  a.ids.every((id, i) => id === b.ids[i]) &&
  a.needs.every((need, i) => need.sport === b.needs[i].sport && need.day === b.needs[i].day);

/** S4-9: what a My Games list loads; `sportId` keeps one sport's (the sport page's tab), null every sport's. */
export function useMyGamesSelection(sportId: number | null): MyGamesSelection {
  // The machine's snapshot moves every 500 ms while a guest's copy is watched (S4-31): the selection is worked
  // out again only when the entries changed or another minute began (days move at local midnight).
  const select = useMemo(() => {
    let follow: unknown = null;
    let minute = Number.NaN;
    let last: MyGamesSelection = { needs: [], ids: [] };
    return (s: ReturnType<MyGamesRef['getSnapshot']>): MyGamesSelection => {
      const now = Math.floor(s.context.now() / 60_000);
      if (s.context.follow === follow && now === minute) return last;
      follow = s.context.follow;
      minute = now;
      const all = selectionOf(s.context);
      last = sportId === null ? all : { needs: all.needs.filter((need) => need.sport === sportId), ids: all.ids };
      return last;
    };
  }, [sportId]);
  return useSelector(useMyGames(), select, sameSelection);
}
