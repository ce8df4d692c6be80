// Feed names for the calls the feed cycle makes (S7-2…S7-6, S7-11), through the shared
// src/protocol/feed-names.ts builder.
import { EDITION } from '../domain/edition';
import { sportById } from '../domain/sports';
import { buildFeedName } from '../protocol/feed-names';
import { updateSubject as pushUpdateSubject } from '../protocol/push-subjects';
import type { FeedCall } from './feed-call';

export interface FeedPage {
  readonly timezoneHour: number;
  readonly language: string;
  readonly projectType: number;
}

export const DEFAULT_FEED_PAGE: FeedPage = {
  timezoneHour: EDITION.timezoneHour,
  language: EDITION.language,
  projectType: EDITION.projectType,
};

export function feedNameFor(call: FeedCall, page: FeedPage = DEFAULT_FEED_PAGE): string {
  const { timezoneHour: tz, language: lang, projectType } = page;
  switch (call.kind) {
    case 'full': {
      // S7-2: group sports (S3-2) load their day list from fp_, with their children's events.
      const kind = sportById(call.sport)?.isGroup ? 'fullGroup' : 'full';
      return buildFeedName({ kind, sport: call.sport, day: call.day, tz, lang, projectType });
    }
    case 'repair':
      return buildFeedName({ kind: 'repair', sport: call.sport, projectType }); // S7-3
    case 'update':
      return buildFeedName({ kind: 'update', sport: call.sport, projectType }); // S7-4
    case 'sys':
      return buildFeedName({ kind: 'sys', projectType }); // S7-6
    case 'odds':
      return buildFeedName({
        kind: 'fullOdds',
        sport: call.sport,
        day: call.day,
        tz,
        lang,
        projectType,
        liveOdds: EDITION.liveOddsFlag,
      }); // S7-11
  }
}

/** S7-23: the push subject of a sport's update feed. */
export function updateSubject(sport: number, page: FeedPage = DEFAULT_FEED_PAGE): string {
  return pushUpdateSubject(sport, page.projectType);
}
