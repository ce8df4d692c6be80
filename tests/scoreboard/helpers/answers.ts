// Test helpers: FeedAnswers and ListFeeds built by hand.
import type { FeedAnswer, FeedCall } from '../../../src/net/feed-call';
import type { EventRecord, LeagueRecord, ListFeed, MovedEvent } from '../../../src/protocol/list-feed-types';

export function listFeed(parts: Partial<ListFeed> = {}): ListFeed {
  return {
    sport: parts.sport ?? 1,
    leagues: parts.leagues ?? [],
    events: parts.events ?? [],
    repair: parts.repair ?? [],
    moved: parts.moved ?? ([] as MovedEvent[]),
    signature: parts.signature ?? '',
    refreshUtime: parts.refreshUtime ?? null,
    empty: parts.empty ?? false,
  };
}

export function league(id: string, extra: Partial<LeagueRecord> = {}): LeagueRecord {
  const [sport] = id.split('_');
  return { id, sportId: Number(sport), name: `League ${id}`, stageId: id.split('_')[1], type: 'p', ...extra };
}

export function event(id: string, leagueId: string, extra: Partial<EventRecord> = {}): EventRecord {
  return { id, sportId: Number(leagueId.split('_')[0]), leagueId, ...extra } as EventRecord;
}

export function answer(call: FeedCall, parts: Partial<FeedAnswer> = {}): FeedAnswer {
  return {
    call,
    status: parts.status ?? 200,
    headers: parts.headers ?? {},
    body: parts.body ?? 'SA÷1¬~A1÷¬~',
    noData: parts.noData ?? false,
    feed: parts.feed === undefined ? listFeed() : parts.feed,
    parseFailed: parts.parseFailed ?? false,
    sys: parts.sys ?? null,
    serverTime: parts.serverTime ?? null,
  };
}
