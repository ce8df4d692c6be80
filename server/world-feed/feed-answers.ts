// What the world answers a feed request: the name parsed into a provider request (404 for names the
// world does not serve), then the list, update, system or detail answer. Every project id and project
// type the address templates allow (S7-1) gets the same world; the language is the name's, or for names
// without one the project's (provider/i18n/language.ts). S7-2: a group sport's day list is its fp_ feed,
// so f_ of a group sport and fp_ of any other sport are not feeds (404).
import { EDITION } from '../../src/domain/edition';
import { sportById } from '../../src/domain/sports';
import type { FeedRequest, FeedResponse } from '../../src/protocol/feed-source';
import { type ProviderRequest, toProviderRequest } from '../provider/feed-request';
import { type FeedLanguage, feedLanguage, projectLanguage } from '../provider/i18n/language';
import { renderSys } from '../provider/sys-feed';
import { answerDetail } from './detail-feeds';
import { answerDayList, answerRepair, answerUpdate, type ListFeedContext } from './list-feeds';
import { NOT_FOUND, ok } from './responses';
import { isGroupSport } from './sport-groups';

export interface AnswerContext extends ListFeedContext {
  /** The project type of the pushed subjects (S7-23); requests may name any. */
  readonly projectType: number;
}

function languageOf(parsed: ProviderRequest, projectId: number): FeedLanguage {
  const named = 'language' in parsed ? parsed.language : undefined;
  return named !== undefined ? feedLanguage(named) : projectLanguage(projectId);
}

export function answerFeed(context: AnswerContext, request: FeedRequest): FeedResponse {
  const parsed = toProviderRequest(request.feed);
  if (!parsed) return NOT_FOUND;
  if (parsed.kind !== 'sys' && parsed.kind !== 'detail' && !sportById(parsed.sportId)) return NOT_FOUND;
  const language = languageOf(parsed, request.projectId ?? EDITION.projectId);
  switch (parsed.kind) {
    case 'sys':
      return ok(renderSys(parsed.projectType, { now: context.now() }));
    case 'full':
    case 'groupFull':
      if (isGroupSport(parsed.sportId) !== (parsed.kind === 'groupFull')) return NOT_FOUND; // S7-2
      return answerDayList(context, request.feed, parsed, language);
    case 'odds':
      return answerDayList(context, request.feed, parsed, language);
    case 'update':
      return answerUpdate(context, 'u', parsed.sportId, request.headers['x-signature'], language);
    case 'oddsUpdate':
      return answerUpdate(context, 'uo', parsed.sportId, request.headers['x-signature'], language);
    case 'repair':
      return answerRepair(context, request.feed, parsed.sportId, language);
    case 'detail':
      return answerDetail(context.world(), parsed, context.cache, language);
  }
}
