// My Leagues as the list and the left menu read them: a league's label key (S3-60), the sport's pinned
// leagues from the site's 'pinToggle' child (machines/pin-toggle.ts), and the sport's default top leagues
// taken from the day's feed and handed to that child (S3-61).
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { pinnedLeagues } from '../../../machines/pin-toggle';
import { defaultTopLeagues, labelKeyOf, sportOfLabelKey } from '../../../src/domain/pinned-leagues';
import type { ScoreboardLeague, ScoreboardSnapshot } from '../../../src/scoreboard/types';
import { useSiteChild } from '../common/actors';
import { useScoreboardSelector } from '../store/hooks';

/** S3-60: the league's label key; a league row without a sport takes the list's. */
export function leagueLabelKey(
  league: Pick<ScoreboardLeague, 'sportId' | 'templateKey'>,
  sportId: number | null,
): string | null {
  return labelKeyOf({ sportId: league.sportId ?? sportId, templateKey: league.templateKey });
}

export function sameKeys(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  for (const key of a) if (!b.has(key)) return false;
  return true;
}

/** The sport's pinned label keys (confirmed or not); the set keeps its identity while its members stay. */
export function usePinnedLeagues(sportId: number): ReadonlySet<string> {
  const pins = useSiteChild('pinToggle');
  return useSelector(pins, (s) => pinnedLeagues(s.context, sportId), sameKeys);
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((key, i) => key === b[i]);

/** S3-61: the label keys of the sport's leagues the day's feed marks top (ZD t), in feed order. */
function topLeaguesSelector(sportId: number): (snapshot: ScoreboardSnapshot) => string[] {
  let seenVersion: number | undefined;
  let seenOrder: readonly string[] | null = null;
  let top: string[] = [];
  return (snapshot) => {
    // Score updates leave the list's shape alone: the top leagues are read again only when it moves.
    if (
      snapshot.listVersion !== undefined &&
      snapshot.listVersion === seenVersion &&
      snapshot.leagueOrder === seenOrder
    )
      return top;
    seenVersion = snapshot.listVersion;
    seenOrder = snapshot.leagueOrder;
    const leagues = [];
    for (const id of snapshot.leagueOrder) {
      const league = snapshot.leagues.get(id);
      if (league) leagues.push({ ...league, sportId: league.sportId ?? snapshot.sportId });
    }
    top = defaultTopLeagues(leagues).filter((key) => sportOfLabelKey(key) === sportId);
    return top;
  };
}

/**
 * Tells the pin toggle the sport's default top leagues once the list knows them. Each day's feed adds the top
 * leagues it names to those already known: a top league that does not play today is still one.
 */
export function usePinDefaults(sportId: number): void {
  const pins = useSiteChild('pinToggle');
  const top = useScoreboardSelector(
    useMemo(() => topLeaguesSelector(sportId), [sportId]),
    sameList,
  );
  const known = useSelector(pins, (s) => s.context.defaults[sportId]);
  const merged = useMemo(() => {
    const keys = [...(known ?? [])];
    for (const key of top) if (!keys.includes(key)) keys.push(key);
    return keys;
  }, [known, top]);
  useEffect(() => {
    if (merged.length > (known?.length ?? 0)) pins.send({ type: 'pin.defaults', sportId, labelKeys: merged });
  }, [pins, sportId, merged, known]);
}
