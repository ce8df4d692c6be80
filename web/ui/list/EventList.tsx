// The day list, virtualized against the window's scroll (@tanstack/react-virtual). Items have fixed
// heights so nothing shifts while updates arrive; keys are league and event ids, so a reordering
// live list keeps its rows. The list re-renders only when its item keys change.
// A league asked for from the left menu is brought into view here (see machines/league-jump.ts).
// Every duel row has its My Games star beside it, a no-duel league its tournament star (S4-29).
import { useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { hasResultNote } from '../../../src/domain/score-parts';
import { sportById } from '../../../src/domain/sports';
import { RowGameStar, TournamentStar } from '../follow/Stars';
import { useScoreboardSelector } from '../store/hooks';
import { DuelRow } from './DuelRow';
import { LeagueHeader } from './LeagueHeader';
import { type LeagueJumpRef, useLeagueJump, useLeagueJumpView } from './league-jump';
import { type ListFilter, type ListItem, listItemsSelector, sameItems } from './list-items';
import { RaceHead, RaceRow } from './RaceRow';
import { useRowNavigation } from './row-navigation';

/** Item heights: a race league adds its column titles (24), a cricket row its result line (18). */
export const ITEM_HEIGHT = { league: 40, raceLeague: 64, duel: 54, notedDuel: 72, race: 34 } as const;

export interface EventListProps {
  readonly sportId: number;
  readonly filter: ListFilter;
  readonly withOdds: boolean;
  readonly onToggleLeague: (leagueId: string, collapsed: boolean) => void;
  /** Rows rendered beyond the viewport; tests raise it to see every row. */
  readonly overscan?: number;
  readonly empty: React.ReactNode;
}

export function EventList({ sportId, filter, withOdds, onToggleLeague, overscan = 10, empty }: EventListProps) {
  const select = useMemo(() => listItemsSelector(filter), [filter]);
  const items = useScoreboardSelector(select, sameItems);
  const noDuel = sportById(sportId)?.noDuel ?? false;
  const rowHeight = noDuel ? ITEM_HEIGHT.race : hasResultNote(sportId) ? ITEM_HEIGHT.notedDuel : ITEM_HEIGHT.duel;
  const leagueHeight = (collapsed: boolean) => (noDuel && !collapsed ? ITEM_HEIGHT.raceLeague : ITEM_HEIGHT.league);
  const openMatch = useRowNavigation(sportId);
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // The list element exists only once there are items (an empty or still-empty day renders a note
  // instead): measure its offset then, or the virtualizer's range and scrolls are off by it.
  const hasItems = items.length > 0;
  useLayoutEffect(() => {
    if (!hasItems) return;
    const measure = () => {
      const el = listRef.current;
      if (el) setScrollMargin(el.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [hasItems]);
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: (i) => {
      const item = items[i];
      return item?.kind === 'league' ? leagueHeight(item.collapsed) : rowHeight;
    },
    getItemKey: (i) => items[i]?.key ?? i,
    overscan,
    scrollMargin,
  });
  useLeagueJumpTarget(useLeagueJump(), items, virtualizer, listRef);
  if (items.length === 0) return <div className="list-empty">{empty}</div>;
  return (
    // Row links are focusable anchors; a keyboard Enter on one arrives here as its click.
    // biome-ignore lint/a11y/useKeyWithClickEvents: delegated handler for the rows' own links
    // biome-ignore lint/a11y/noStaticElementInteractions: delegated handler for the rows' own links
    <div
      ref={listRef}
      className="event-list"
      style={{ height: virtualizer.getTotalSize() }}
      data-items={items.length}
      onClick={openMatch}
    >
      {virtualizer.getVirtualItems().map((v) => {
        const item = items[v.index];
        if (!item) return null;
        return (
          <div
            key={v.key}
            className="event-list__item"
            style={{ height: v.size, transform: `translateY(${v.start - scrollMargin}px)` }}
          >
            {renderListItem(item, sportId, noDuel, withOdds, onToggleLeague)}
          </div>
        );
      })}
    </div>
  );
}

/** One item of a day list: a league header (with its tournament star for no-duel sports), a race row, or a duel
 * row with its star. The virtualized list and My Games' plain list render items alike. */
export function renderListItem(
  item: ListItem,
  sportId: number,
  noDuel: boolean,
  withOdds: boolean,
  onToggle: (leagueId: string, collapsed: boolean) => void,
) {
  if (item.kind === 'league') {
    const header = (
      <LeagueHeader leagueId={item.leagueId} sportId={sportId} collapsed={item.collapsed} onToggle={onToggle} />
    );
    if (!noDuel) return header;
    const starred = (
      <div className="followable">
        <TournamentStar sportId={sportId} leagueId={item.leagueId} />
        {header}
      </div>
    );
    if (item.collapsed) return starred;
    return (
      <div className="league-item">
        {starred}
        <RaceHead sportId={sportId} />
      </div>
    );
  }
  if (noDuel) return <RaceRow eventId={item.eventId} leagueId={item.leagueId} sportId={sportId} tied={item.tied} />;
  // The star sits beside the row's link, not inside it: a button in a link is neither valid nor reachable.
  return (
    <div className="followable">
      <RowGameStar sportId={sportId} eventId={item.eventId} />
      <DuelRow eventId={item.eventId} sportId={sportId} withOdds={withOdds} />
    </div>
  );
}

/**
 * Serves the page's league-jump request: once the list has the league, scroll the virtualizer to its
 * header (the header row may not be rendered yet, so no DOM scrollIntoView), then, when the header is
 * rendered, focus its collapse toggle. A collapsed league stays collapsed. Runs after every render:
 * items arriving and the virtualizer re-rendering after the scroll are both renders.
 */
function useLeagueJumpTarget(
  jump: LeagueJumpRef | null,
  items: readonly ListItem[],
  virtualizer: Virtualizer<Window, Element>,
  listRef: React.RefObject<HTMLDivElement | null>,
): void {
  const { phase, leagueId } = useLeagueJumpView(jump);
  useLayoutEffect(() => {
    if (!jump || phase === 'idle' || leagueId === null) return;
    if (phase === 'scrolling') {
      const index = items.findIndex((item) => item.kind === 'league' && item.leagueId === leagueId);
      if (index < 0) return; // not in this list (yet): the request waits
      virtualizer.scrollToIndex(index, { align: 'start' });
      jump.send({ type: 'list.scrolled', leagueId });
    }
    const toggle = leagueToggle(listRef.current, leagueId);
    if (!toggle) return; // rendered once the virtualizer has followed the scroll
    toggle.focus({ preventScroll: true });
    jump.send({ type: 'list.focused', leagueId });
  });
}

function leagueToggle(list: HTMLElement | null, leagueId: string): HTMLElement | null {
  if (!list) return null;
  for (const header of list.querySelectorAll<HTMLElement>('.league[data-league-id]')) {
    if (header.dataset.leagueId === leagueId) return header.querySelector<HTMLElement>('.league__toggle');
  }
  return null;
}
