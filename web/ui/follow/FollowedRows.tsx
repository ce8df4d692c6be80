// A short list of followed rows (the My Games page's sections): league headers and rows as the sport page
// draws them, with their stars, but not virtualized: the page holds a few lists, one under another.
import { useMemo } from 'react';
import { sportById } from '../../../src/domain/sports';
import type { ScoreboardSnapshot } from '../../../src/scoreboard/types';
import { renderListItem } from '../list/EventList';
import { type ListFilter, listItemsSelector, sameItems } from '../list/list-items';
import { useRowNavigation } from '../list/row-navigation';
import { useCollapsedLeagues } from '../list/use-collapsed';
import { useScoreboardSelector } from '../store/hooks';

export interface FollowedRowsProps {
  readonly sportId: number;
  /** Under their leagues (S3-62 group view) or by start time. */
  readonly grouped: boolean;
  /** Only these rows (a team's matches); all the list holds when absent. */
  readonly only?: (snapshot: ScoreboardSnapshot) => ReadonlySet<string>;
  readonly empty: React.ReactNode;
}

export function FollowedRows({ sportId, grouped, only, empty }: FollowedRowsProps) {
  const [collapsed, toggleLeague] = useCollapsedLeagues();
  const select = useMemo(() => {
    const filter: ListFilter = { tab: 'all', oddsSub: 3, country: null, collapsed, byTime: !grouped };
    const items = listItemsSelector(filter);
    if (!only) return items;
    return (snapshot: ScoreboardSnapshot) => {
      const ids = only(snapshot);
      return items(snapshot).filter((item) => item.kind === 'event' && ids.has(item.eventId));
    };
  }, [collapsed, grouped, only]);
  const items = useScoreboardSelector(select, sameItems);
  const openMatch = useRowNavigation(sportId);
  const noDuel = sportById(sportId)?.noDuel ?? false;
  if (items.length === 0) return <p className="list-empty">{empty}</p>;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: delegated handler for the rows' own links
    // biome-ignore lint/a11y/noStaticElementInteractions: delegated handler for the rows' own links
    <div className="followed-rows" onClick={openMatch} data-items={items.length}>
      {items.map((item) => (
        <div key={item.key} className="followed-rows__item">
          {renderListItem(item, sportId, noDuel, false, toggleLeague)}
        </div>
      ))}
    </div>
  );
}
