import { describe, expect, it } from 'vitest';
import { createScoreboard } from '../../src/scoreboard/store';
import { buildListItems, type ListFilter, listItemsSelector } from '../../web/ui/list/list-items';
import { event, league, listFeed } from '../scoreboard/helpers/answers';

const NOW = Date.UTC(2026, 8, 1, 6, 0);
const T = Date.UTC(2026, 8, 1, 7, 0) / 1000;

function loaded() {
  const store = createScoreboard({ now: () => NOW });
  store.applyFull(
    listFeed({
      leagues: [league('1_aaa')],
      events: [
        event('e1', '1_aaa', { startTime: T, stageType: 2, homeScore: 0, awayScore: 0 }),
        event('e2', '1_aaa', { startTime: T + 60, stageType: 1 }),
      ],
    }),
  );
  return store;
}

const live: ListFilter = { tab: 'live', oddsSub: 3, country: null, collapsed: new Map() };
const keys = (items: { key: string }[]) => items.map((i) => i.key);

describe('list items kept across score bursts', () => {
  it('S2-27 a score change keeps the item list; a stage change rebuilds it', () => {
    const store = loaded();
    const select = listItemsSelector(live);
    const first = select(store.snapshot());
    expect(keys(first)).toEqual(['L:1_aaa', 'E:e1']);
    store.applyUpdate(listFeed({ events: [event('e1', '1_aaa', { homeScore: 1 })] }));
    expect(select(store.snapshot())).toBe(first); // same array: the list does not re-render
    store.applyUpdate(listFeed({ events: [event('e2', '1_aaa', { stageType: 2 })] }));
    const next = select(store.snapshot());
    expect(keys(next)).toEqual(['L:1_aaa', 'E:e1', 'E:e2']);
    expect(next).toEqual(buildListItems(store.snapshot(), live));
  });

  it('S2-27 another store (another day) with the same list version never reuses the list', () => {
    const a = loaded();
    const b = createScoreboard({ now: () => NOW });
    b.applyFull(
      listFeed({ leagues: [league('1_bbb')], events: [event('x', '1_bbb', { startTime: T, stageType: 2 })] }),
    );
    expect(a.snapshot().listVersion).toBe(b.snapshot().listVersion);
    const select = listItemsSelector(live);
    select(a.snapshot());
    expect(keys(select(b.snapshot()))).toEqual(['L:1_bbb', 'E:x']);
  });
});
