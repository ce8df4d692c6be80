// The day list is shown in the spec's S4-26 order: the store sorts with the domain's key, and the
// list the page renders (buildListItems) keeps that order.
import { describe, expect, it } from 'vitest';
import { compareEvents, type SortableEvent } from '../../src/domain/sort';
import { createScoreboard } from '../../src/scoreboard/store';
import { buildListItems } from '../../web/ui/list/list-items';
import { event, league, listFeed } from './helpers/answers';

const NOW = Date.UTC(2026, 8, 1, 6, 0); // 11:00 in Kazakhstan
const T = Date.UTC(2026, 8, 1, 8, 0) / 1000; // 13:00 the same day

const ALL = { tab: 'all', oddsSub: 3, country: null, collapsed: new Map() } as const;

function shownOrder(feed: ReturnType<typeof listFeed>, isTopLeague?: (l: { id: string }) => boolean) {
  const store = createScoreboard({ now: () => NOW, isTopLeague });
  store.applyFull(feed);
  const items = buildListItems(store.snapshot(), ALL as unknown as Parameters<typeof buildListItems>[1]);
  return items.map((item) => (item.kind === 'league' ? `L:${item.leagueId}` : item.eventId));
}

describe('S4-26 display order', () => {
  it('S4-26 top leagues first, then league position; in a league start time, then names (10 chars), then id', () => {
    const feed = listFeed({
      leagues: [
        league('1_aaa', { sortKey: '01', type: 'p' }),
        league('1_bbb', { sortKey: '02', type: 't' }),
        league('1_ccc', { sortKey: '00', type: 's' }),
      ],
      events: [
        event('e1', '1_aaa', { startTime: T + 600, home: 'Arsenal', away: 'Chelsea' }),
        event('e2', '1_aaa', { startTime: T, home: 'Zenit', away: 'Ajax' }),
        // Same start: names decide; only the first 10 characters count, so the id breaks the tie.
        event('e4', '1_bbb', { startTime: T, home: 'Borussia Dortmund', away: 'Bayern' }),
        event('e3', '1_bbb', { startTime: T, home: 'Borussia Dortmund II', away: 'Bayern' }),
        event('e5', '1_bbb', { startTime: T, home: 'Augsburg', away: 'Bayern' }),
        event('e6', '1_ccc', { startTime: T + 60, home: 'B', away: 'C' }),
        event('e7', '1_ccc', { startTime: T + 60, home: 'A', away: 'Z' }),
      ],
    });
    expect(shownOrder(feed)).toEqual(['L:1_bbb', 'e5', 'e3', 'e4', 'L:1_ccc', 'e7', 'e6', 'L:1_aaa', 'e2', 'e1']);
  });

  it('S4-26 a league the visitor made top comes first; rank orders races ahead of start time', () => {
    const feed = listFeed({
      sport: 3,
      leagues: [league('3_one', { sortKey: '1', type: 't' }), league('3_two', { sortKey: '2', type: 'p' })],
      events: [
        event('r1', '3_two', { startTime: T, rank: 3, home: 'Carl' }),
        event('r2', '3_two', { startTime: T + 3600, rank: 1, home: 'Bea' }),
        event('r3', '3_two', { startTime: T, home: 'Abe' }), // unranked after ranked
        event('r4', '3_one', { startTime: T, home: 'Dan' }),
      ],
    });
    const order = shownOrder(feed, (l) => l.id === '3_two');
    expect(order).toEqual(['L:3_two', 'r2', 'r1', 'r3', 'L:3_one', 'r4']);

    // Agrees with the domain comparator over the whole page (label = position in the league order).
    const labels = new Map([
      ['3_two', 0],
      ['3_one', 1],
    ]);
    const sortable: SortableEvent[] = feed.events.map((e) => ({
      id: e.id,
      sportId: 3,
      startTime: e.startTime,
      rank: e.rank,
      home: e.home,
      away: e.away,
      labelIndex: labels.get(e.leagueId ?? ''),
      topLeague: e.leagueId === '3_two',
    }));
    const expected = [...sortable].sort((a, b) => compareEvents(a, b)).map((e) => e.id);
    expect(order.filter((id) => !id.startsWith('L:'))).toEqual(expected);
  });
});
