// A list's board: the one scoreboard a feed cycle and its live marker write to, with what the page
// around it does on a sys feed (S4-2), a collapsed league (S4-13 cookie) and a live-tab reload
// (S4-11). A cycle writes through it in its own actions; the feed engine takes what the writes of a
// cycle step changed once the step is over (machines/feed/engine-machine.ts).
import type { SysFeed } from '../../src/net/sys-feed';
import type { ListFeed } from '../../src/protocol/list-feed-types';
import type { ApplyResult, FieldChange, Scoreboard, ScopeName, StageChange } from '../../src/scoreboard/store';
import type { ApplyFullParams } from './cycle-types';

/** What the applies since the last hand-over changed, oldest first. */
export interface BoardChanges {
  /** For the live marker (S4-11): every apply's. */
  readonly stageChanges: readonly StageChange[];
  /** For watchers (live sounds): one entry per update or repair feed that changed shown fields. */
  readonly fieldChanges: readonly (readonly FieldChange[])[];
}

export interface FeedBoard {
  applyFull(params: ApplyFullParams): void;
  applyRepair(feed: ListFeed): void;
  applyUpdate(feed: ListFeed): void;
  applyOdds(feed: ListFeed): void;
  applySys(sys: SysFeed): void;
  showScope(scope: ScopeName): void;
  toggleCollapsed(leagueId: string): void;
  /** S9-4: ends the highlights whose lifetime ran out. */
  expireHighlights(): void;
  hasHighlights(): boolean;
  /** When the first pending highlight ends (epoch ms); Infinity when none is pending. */
  nextHighlightEnd(): number;
  /** S4-11: the keep-live delay of an event ran out. */
  clearLiveMark(id: string): void;
  refreshViews(): void;
  reloadLiveTab(): void;
  /** Whether applies collect the shown scope's field changes (somebody watches them). */
  collectFieldChanges(on: boolean): void;
  /** What the applies since the last hand-over changed; null when nothing was applied since. */
  changes(): BoardChanges | null;
  /** The changes were handed on: forget them. */
  handOver(): void;
}

export interface ScoreboardBoardOptions {
  /** The page's time zone, for the S4-8 day rule of full feeds. */
  readonly timezoneHour?: number;
  readonly collapsedCookie?: { write(value: string): void };
  readonly onSys?: (sys: SysFeed) => void;
  readonly onLiveTabReload?: () => void;
}

/**
 * A board over a scoreboard. Methods are looked up on every call, so a wrapped method takes effect.
 * The changes of the applies are kept until the engine hands them on.
 */
export function scoreboardBoard(scoreboard: Scoreboard, options: ScoreboardBoardOptions = {}): FeedBoard {
  let stageChanges: StageChange[] = [];
  let fieldChanges: (readonly FieldChange[])[] = [];
  let applied = false;
  const took = (result: ApplyResult, watched: boolean) => {
    applied = true;
    if (result.stageChanges.length > 0) stageChanges.push(...result.stageChanges);
    // Full and odds feeds are not reported to watchers.
    if (watched && result.fieldChanges.length > 0) fieldChanges.push(result.fieldChanges);
  };
  return {
    applyFull(params) {
      const ids = params.include ? new Set(params.include) : null;
      const result = scoreboard.applyFull(params.feed, {
        scope: params.scope,
        day: params.day,
        timezoneHour: options.timezoneHour,
        merge: params.merge,
        include: ids ? (event) => ids.has(event.id) || (event.leagueId !== null && ids.has(event.leagueId)) : undefined,
      });
      took(result, false);
    },
    applyRepair: (feed) => took(scoreboard.applyRepair(feed), true),
    applyUpdate: (feed) => took(scoreboard.applyUpdate(feed), true),
    applyOdds: (feed) => took(scoreboard.applyOdds(feed), false),
    applySys: (sys) => options.onSys?.(sys),
    showScope: (scope) => scoreboard.setScope(scope),
    toggleCollapsed(leagueId) {
      const value = scoreboard.toggleCollapsed(leagueId);
      options.collapsedCookie?.write(value);
    },
    expireHighlights() {
      scoreboard.expireHighlights();
    },
    hasHighlights: () => scoreboard.hasHighlights(),
    nextHighlightEnd: () => scoreboard.nextHighlightEnd(),
    clearLiveMark(id) {
      scoreboard.clearLiveMark(id);
    },
    refreshViews: () => scoreboard.touch(),
    reloadLiveTab: () => options.onLiveTabReload?.(),
    collectFieldChanges: (on) => scoreboard.collectFieldChanges(on),
    changes: () => (applied ? { stageChanges, fieldChanges } : null),
    handOver() {
      applied = false;
      stageChanges = [];
      fieldChanges = [];
    },
  };
}
