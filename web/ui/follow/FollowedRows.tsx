// A short list of followed rows (the My Games page's sections): league headers and rows as the sport page
// draws them, with their stars, but not virtualized: the page holds a few lists, one under another.
import { useMemo } from 'react';
import { sportById } from '../../../src/domain/sports';
import type { ScoreboardSnapshot } from '../../../src/scoreboard/types';
import { DuelRow } from '../list/DuelRow';
import { LeagueHeader } from '../list/LeagueHeader';
import { type ListFilter, type ListItem, listItemsSelector, sameItems } from '../list/list-items';
import { RaceRow } from '../list/RaceRow';
import { useRowNavigation } from '../list/row-navigation';
import { useCollapsedLeagues } from '../list/use-collapsed';
import { useScoreboardSelector } from '../store/hooks';
import { RowGameStar, TournamentStar } from './Stars';

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
          {renderItem(item, sportId, noDuel, toggleLeague)}
        </div>
      ))}
    </div>
  );
}

function renderItem(
  item: ListItem,
  sportId: number,
  noDuel: boolean,
  onToggle: (leagueId: string, collapsed: boolean) => void,
) {
  if (item.kind === 'league') {
    const header = (
      <LeagueHeader leagueId={item.leagueId} sportId={sportId} collapsed={item.collapsed} onToggle={onToggle} />
    );
    return noDuel ? (
      <div className="followable">
        <TournamentStar sportId={sportId} leagueId={item.leagueId} />
        {header}
      </div>
    ) : (
      header
    );
  }
  if (noDuel) return <RaceRow eventId={item.eventId} leagueId={item.leagueId} sportId={sportId} tied={item.tied} />;
  return (
    <div className="followable">
      <RowGameStar sportId={sportId} eventId={item.eventId} />
      <DuelRow eventId={item.eventId} sportId={sportId} withOdds={false} />
    </div>
  );
}
