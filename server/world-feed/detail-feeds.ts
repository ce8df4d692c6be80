// Detail feeds of one match (S7-15): the tab asked for, rendered from the match in the feed's language,
// cached while the match (and, for head-to-head, the world) is unchanged. Each body closes with the md5
// of its content in A1, the very hash g_ publishes for its section (protocol.md §1, §4.2), so a client
// polling g_ fetches a tab exactly when it changed.
import { sportById } from '../../src/domain/sports';
import type { FeedResponse } from '../../src/protocol/feed-source';
import type { MatchState, WorldState } from '../../sim/world/state';
import { renderCore } from '../provider/detail/core';
import { renderCurrentGame } from '../provider/detail/current-game';
import { detailContent, renderHashes, signDetail } from '../provider/detail/hashes';
import { renderHeadToHead } from '../provider/detail/head-to-head';
import { renderLineups } from '../provider/detail/lineups';
import { renderOddsComparison } from '../provider/detail/odds-comparison';
import { renderOldOdds } from '../provider/detail/old-odds';
import { renderStats } from '../provider/detail/stats';
import { renderSummary } from '../provider/detail/summary';
import type { DetailTab, ProviderRequest } from '../provider/feed-request';
import type { FeedLanguage } from '../provider/i18n/language';
import { localizeBody } from '../provider/i18n/localize-body';
import { md5Hex } from '../provider/signature';
import type { BodyCache } from './body-cache';
import { NOT_FOUND, ok } from './responses';

export function answerDetail(
  state: WorldState,
  request: Extract<ProviderRequest, { kind: 'detail' }>,
  cache: BodyCache,
  language: FeedLanguage,
): FeedResponse {
  const match = state.matches.get(request.eventId);
  if (!match) return NOT_FOUND;
  const key = `d|${language}|${request.tab}|${request.eventId}|${request.betType ?? ''}`;
  const stamp =
    request.tab === 'headToHead' ? `${state.version}` : `${match.version}|${match.detailVersion}|${state.version}`;
  return ok(cache.get(key, stamp, () => renderDetail(state, match, request.tab, request.betType, language)));
}

/** A tab's body as rendered (kk), closing with an empty A1 cell. */
function renderTab(world: WorldState, match: MatchState, tab: Exclude<DetailTab, 'hashes'>, betType: number | null) {
  switch (tab) {
    case 'core':
      return renderCore(match, !sportById(match.sportId)?.noDuel);
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
    case 'oldOdds':
      return renderOldOdds(match);
    case 'currentGame':
      return renderCurrentGame(match);
    case 'empty':
      return 'A1÷¬~';
  }
}

export function renderDetail(
  world: WorldState,
  match: MatchState,
  tab: DetailTab,
  betType: number | null,
  language: FeedLanguage = 'kk',
): string {
  const body = (of: Exclude<DetailTab, 'hashes'>, bet: number | null = null) =>
    localizeBody(renderTab(world, match, of, bet), language);
  if (tab === 'hashes') {
    return renderHashes({
      core: body('core'),
      summary: body('summary'),
      lineups: body('lineups'),
      stats: body('stats'),
      odds: body('odds'),
    });
  }
  if (tab === 'summary' || tab === 'lineups') {
    // One section, CD, covers both tabs: each carries the hash of the two contents.
    const summary = body('summary');
    const lineups = body('lineups');
    return signDetail(tab === 'summary' ? summary : lineups, md5Hex(detailContent(summary) + detailContent(lineups)));
  }
  return signDetail(body(tab, betType));
}
