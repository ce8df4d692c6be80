// The sport page's tabs and the cat= values that select them (S2-27, S2-28, S3-48, S4-9).
import type { ScoreboardEvent, ScoreboardLeague } from '../../../src/scoreboard/types';

export const LIST_TABS = ['all', 'live', 'finished', 'scheduled', 'odds', 'myGames'] as const;
export type ListTab = (typeof LIST_TABS)[number];

// S3-48: main list categories 0 all, 1 live, 2 finished, 3 scheduled, 4 odds; S2-27: 5 My Games.
export const TAB_CATEGORY: Readonly<Record<ListTab, number>> = {
  all: 0,
  live: 1,
  finished: 2,
  scheduled: 3,
  odds: 4,
  myGames: 5,
};

// S2-27: 5 My Games; country pages use 6 finished and 7 scheduled; 0 is the default.
const CATEGORY_TAB: ReadonlyMap<number, ListTab> = new Map([
  [0, 'all'],
  [1, 'live'],
  [2, 'finished'],
  [3, 'scheduled'],
  [4, 'odds'],
  [5, 'myGames'],
  [6, 'finished'],
  [7, 'scheduled'],
]);

/** The tab a cat= value selects; anything unknown or malformed is the default tab. */
export function tabFromCategory(value: string | null | undefined): ListTab {
  if (value === null || value === undefined || !/^\d{1,2}$/.test(value)) return 'all';
  return CATEGORY_TAB.get(Number(value)) ?? 'all';
}

/** Sub-categories of the odds tab: 3 upcoming (prematch odds), 2 finished (closing odds). */
export type OddsSub = 2 | 3;
export const ODDS_SUBS: readonly OddsSub[] = [3, 2];

export function oddsSubFromParam(value: string | null | undefined): OddsSub {
  return value === '2' ? 2 : 3;
}

/** S2-28: the odds tab's sub-categories 2 and 3 load the odds feed. */
export function loadsOdds(tab: ListTab, sub: OddsSub): boolean {
  return tab === 'odds' && (sub === 2 || sub === 3);
}

/** Stage type of an event; race rows fall back to their league's first race stage type. */
export function stageTypeOf(event: ScoreboardEvent, league: ScoreboardLeague | undefined): number {
  if (typeof event.stageType === 'number') return event.stageType;
  const first = league?.raceStageTypes?.split(',')[0];
  const parsed = first ? Number(first) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : 1;
}

export function isLiveNow(event: ScoreboardEvent, league: ScoreboardLeague | undefined): boolean {
  return event.liveMarked || stageTypeOf(event, league) === 2;
}

export function eventInTab(
  tab: ListTab,
  event: ScoreboardEvent,
  league: ScoreboardLeague | undefined,
  oddsSub: OddsSub = 3,
): boolean {
  switch (tab) {
    case 'all':
    case 'myGames': // the mygames scope holds exactly the followed rows (S4-9)
      return true;
    case 'live':
      // S4-11: a match that just finished stays in the live list while it is live-marked.
      return isLiveNow(event, league);
    case 'finished':
      return stageTypeOf(event, league) === 3;
    case 'scheduled':
      return stageTypeOf(event, league) === 1;
    case 'odds':
      return stageTypeOf(event, league) === (oddsSub === 2 ? 3 : 1);
  }
}
