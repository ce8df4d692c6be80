// Feed names for the calls the feed cycle makes (S7-2…S7-6, S7-11).
import { EDITION } from '../domain/edition';
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
  const { timezoneHour: tz, language: lang, projectType: pt } = page;
  switch (call.kind) {
    case 'full':
      return `f_${call.sport}_${call.day}_${tz}_${lang}_${pt}`; // S7-2
    case 'repair':
      return `r_${call.sport}_${pt}`; // S7-3
    case 'update':
      return `u_${call.sport}_${pt}`; // S7-4
    case 'sys':
      return `sys_${pt}`; // S7-6
    case 'odds':
      return `fo_${call.sport}_${call.day}_${tz}_${lang}_${pt}`; // S7-11
  }
}

/** S7-23: the push subject of a sport's update feed. */
export function updateSubject(sport: number, page: FeedPage = DEFAULT_FEED_PAGE): string {
  return `u_${sport}_${page.projectType}`;
}
