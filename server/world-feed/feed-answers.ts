// What the world answers a feed request: the name parsed into a provider request (404 for names the
// world does not serve), then the list, update, system or detail answer. S7-2: a group sport's day
// list is its fp_ feed, so f_ of a group sport and fp_ of any other sport are not feeds (404).
import { sportById } from '../../src/domain/sports';
import type { FeedRequest, FeedResponse } from '../../src/protocol/feed-source';
import { toProviderRequest } from '../provider/feed-request';
import { renderSys } from '../provider/sys-feed';
import { answerDetail } from './detail-feeds';
import { answerDayList, answerRepair, answerUpdate, type ListFeedContext } from './list-feeds';
import { NOT_FOUND, ok } from './responses';
import { isGroupSport } from './sport-groups';

export interface AnswerContext extends ListFeedContext {
  readonly projectType: number;
}

export function answerFeed(context: AnswerContext, request: FeedRequest): FeedResponse {
  const parsed = toProviderRequest(request.feed);
  if (!parsed) return NOT_FOUND;
  if (parsed.projectType !== context.projectType) return NOT_FOUND;
  if (parsed.kind !== 'sys' && parsed.kind !== 'detail' && !sportById(parsed.sportId)) return NOT_FOUND;
  switch (parsed.kind) {
    case 'sys':
      return ok(renderSys(context.projectType, { now: context.now() }));
    case 'full':
    case 'groupFull':
      if (isGroupSport(parsed.sportId) !== (parsed.kind === 'groupFull')) return NOT_FOUND; // S7-2
      return answerDayList(context, request.feed, parsed);
    case 'odds':
      return answerDayList(context, request.feed, parsed);
    case 'update':
      return answerUpdate(context, 'u', parsed.sportId, request.headers['x-signature']);
    case 'oddsUpdate':
      return answerUpdate(context, 'uo', parsed.sportId, request.headers['x-signature']);
    case 'repair':
      return answerRepair(context, request.feed, parsed.sportId);
    case 'detail':
      return answerDetail(context.world(), parsed, context.cache);
  }
}
