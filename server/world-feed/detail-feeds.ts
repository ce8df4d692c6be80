// Detail feeds of one match (S7-15): the tab asked for, rendered from the match and cached while the
// match (and, for head-to-head, the world) is unchanged.
import { sportById } from '../../src/domain/sports';
import type { FeedResponse } from '../../src/protocol/feed-source';
import type { MatchState, WorldState } from '../../sim/world/state';
import { renderCore } from '../provider/detail/core';
import { renderHashes } from '../provider/detail/hashes';
import { renderHeadToHead } from '../provider/detail/head-to-head';
import { renderLineups } from '../provider/detail/lineups';
import { renderOddsComparison } from '../provider/detail/odds-comparison';
import { renderStats } from '../provider/detail/stats';
import { renderSummary } from '../provider/detail/summary';
import type { DetailTab, ProviderRequest } from '../provider/feed-request';
import type { BodyCache } from './body-cache';
import { NOT_FOUND, ok } from './responses';

export function answerDetail(
  state: WorldState,
  request: Extract<ProviderRequest, { kind: 'detail' }>,
  cache: BodyCache,
): FeedResponse {
  const match = state.matches.get(request.eventId);
  if (!match) return NOT_FOUND;
  const key = `d|${request.tab}|${request.eventId}|${request.betType ?? ''}`;
  const stamp =
    request.tab === 'headToHead' ? `${state.version}` : `${match.version}|${match.detailVersion}|${state.version}`;
  return ok(cache.get(key, stamp, () => renderDetail(state, match, request.tab, request.betType)));
}

export function renderDetail(world: WorldState, match: MatchState, tab: DetailTab, betType: number | null): string {
  const duel = !sportById(match.sportId)?.noDuel;
  switch (tab) {
    case 'core':
      return renderCore(match, duel);
    case 'summary':
      return renderSummary(match);
    case 'stats':
      return renderStats(match);
    case 'lineups':
      return renderLineups(match);
    case 'headToHead':
      return renderHeadToHead(world, match);
    case 'odds':
      return renderOddsComparison(match, betType);
    case 'empty':
      return 'A1÷¬~';
    case 'hashes':
      return renderHashes({
        core: renderCore(match, duel),
        summary: renderSummary(match),
        lineups: renderLineups(match),
        stats: renderStats(match),
        odds: renderOddsComparison(match, null),
      });
  }
}
