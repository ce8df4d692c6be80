// The client's scoreboard: a normalized, versioned store of leagues and events (DESIGN.md).
// Match data lives here as data: Maps keyed by id plus a version counter. Applying a feed
// mutates Map entries and stamps every changed event or league with the new store version, so
// a row re-renders only when its own version moves. Event and league objects are immutable
// values: a change replaces the entry with a new object, an unchanged entry keeps its identity.
//
// Ordering (an older update never overwrites a newer value): see feed-ordinal.ts. Every field
// remembers the ordinal of the feed that last wrote it; a write with a lower ordinal is skipped.
//
// The parts: scope.ts (the Maps of each scope and the snapshot), versions.ts (version counters and
// subscribers), full-load.ts (full feeds), feed-merge.ts and merge.ts (update, repair, odds and moved
// feeds through one merge), row-highlights.ts (S9-4), live-marks.ts (S4-11), collapsed-leagues.ts (S4-13).
import type { ListFeed } from '../protocol/list-feed-types';
import { CollapsedLeagues } from './collapsed-leagues';
import { compareEventsS426, leagueComparator, type StoreOrdering } from './event-order';
import { FeedMerger } from './feed-merge';
import { feedOrdinal } from './feed-ordinal';
import { loadFull } from './full-load';
import { clearLiveMark } from './live-marks';
import { ODDS, REPAIR, UPDATE } from './merge';
import { RowHighlights } from './row-highlights';
import { Scopes } from './scope';
import type { ApplyResult, FeedApplyKind, FullApplyOptions, Scoreboard, ScoreboardOptions } from './store-api';
import { NO_FIELD_CHANGES } from './store-api';
import type { ScoreboardLeague } from './types';
import { Versions } from './versions';

export type {
  ApplyResult,
  FeedApplyKind,
  FieldChange,
  FullApplyOptions,
  ScopeName,
  Scoreboard,
  ScoreboardOptions,
  StageChange,
  StoredEventFields,
} from './store-api';

const NO_RESULT: ApplyResult = {
  changed: 0,
  unknown: 0,
  removed: 0,
  stageChanges: [],
  resortedLeagues: [],
  fieldChanges: NO_FIELD_CHANGES,
};

export function createScoreboard(options: ScoreboardOptions): Scoreboard {
  const { now } = options;
  const isTopLeague = options.isTopLeague ?? ((league: ScoreboardLeague) => league.type === 't');
  const ordering: StoreOrdering = {
    events: options.compareEvents ?? compareEventsS426,
    leagues: options.compareLeagues ?? leagueComparator(isTopLeague), // S4-26 top leagues first
    isTopLeague,
  };
  const scopes = new Scopes();
  const versions = new Versions();
  const collapsed = new CollapsedLeagues(options.collapsedCookie, scopes, versions);
  const highlights = new RowHighlights(scopes, versions, now);
  const merger = new FeedMerger({ scopes, versions, highlights, ordering });
  const loadParts = { scopes, versions, ordering, collapsed, serverNow: options.serverNow ?? now };

  /** A change to the list's shape outside any feed: a scope swapped or cleared, a redraw asked for. */
  const shapeMoved = () => versions.commit(versions.next, true);
  const applyFull = (feed: ListFeed, opts?: FullApplyOptions) => loadFull(loadParts, feed, opts);
  const applyUpdate = (feed: ListFeed) => merger.apply(feed, UPDATE, true);
  const applyRepair = (feed: ListFeed) => merger.apply(feed, REPAIR, true);
  const applyOdds = (feed: ListFeed) => merger.apply(feed, ODDS, false);
  const applyMoved: Scoreboard['applyMoved'] = (moved, ordinal = null) => merger.applyMoved(moved, ordinal);

  function apply(kind: FeedApplyKind, feed: ListFeed, opts?: FullApplyOptions): ApplyResult {
    switch (kind) {
      case 'full':
        return applyFull(feed, opts);
      case 'update':
        return applyUpdate(feed);
      case 'repair':
        return applyRepair(feed);
      case 'odds':
        return applyOdds(feed);
      case 'moved':
        return applyMoved(feed.moved, feedOrdinal(feed));
      default:
        return NO_RESULT;
    }
  }

  return {
    get version() {
      return versions.version;
    },
    get activeScope() {
      return scopes.active;
    },
    apply,
    applyFull,
    applyUpdate,
    applyRepair,
    applyOdds,
    applyMoved,
    setScope(scope) {
      if (scope === scopes.active) return;
      scopes.active = scope;
      shapeMoved();
    },
    clearScope(name) {
      const scope = scopes.get(name);
      if (scope.empty) return;
      scope.clear();
      shapeMoved();
    },
    clearLiveMark: (id) => clearLiveMark(scopes, versions, id),
    expireHighlights: () => highlights.expire(),
    hasHighlights: () => highlights.pending(),
    nextHighlightEnd: () => highlights.nextEnd(),
    setCollapsed: (leagueId, value) => collapsed.set(leagueId, value),
    toggleCollapsed: (leagueId) => collapsed.toggle(leagueId),
    touch: shapeMoved,
    collectFieldChanges(on) {
      merger.collectFieldChanges = on;
    },
    getEvent: (id, scope) => scopes.get(scope).events.get(id),
    getLeague: (id, scope) => scopes.get(scope).leagues.get(id),
    snapshot: () => scopes.snapshot(versions.version, versions.listVersion),
    subscribe: (listener) => versions.subscribe(listener),
  };
}
