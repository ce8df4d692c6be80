// List feeds of a sport's page: the day list and its odds (S7-2, S7-11), cached per sport version and
// local day; update feeds (S7-4, S7-11) for the version the client's signature names (S7-19); and
// the repair feed (S7-3). A group sport's lists are made of its children's (S3-2). Bodies are in the
// feed's language (provider/i18n): the day list's name carries it, updates and repair speak the project's.
import type { FeedResponse } from '../../src/protocol/feed-source';
import type { WorldState } from '../../sim/world/state';
import { localDayNumber } from '../provider/day-window';
import type { FeedLanguage } from '../provider/i18n/language';
import { localizeBody } from '../provider/i18n/localize-body';
import { ODDS_FIELDS } from '../provider/odds-feeds';
import { INITIAL_SIGNATURE } from '../provider/signature';
import { renderDayListOf, renderOddsListOf, renderRepairOf, renderUpdateOf } from '../provider/sport-lists';
import { renderRefresh } from '../provider/update-feed';
import type { BodyCache } from './body-cache';
import type { FeedVersions } from './feed-versions';
import { NOT_MODIFIED, ok } from './responses';
import { listSports } from './sport-groups';

export interface ListFeedContext {
  readonly world: () => WorldState;
  readonly now: () => number;
  readonly versions: FeedVersions;
  readonly cache: BodyCache;
  /** How far back a client without a signature gets changes, in ms. */
  readonly unsignedWindowMs: number;
}

export interface DayQuery {
  readonly kind: 'full' | 'groupFull' | 'odds';
  readonly sportId: number;
  readonly day: number;
  readonly timezoneHour: number;
}

/** `feed`: the feed name, the cache key of its body. */
export function answerDayList(
  context: ListFeedContext,
  feed: string,
  query: DayQuery,
  language: FeedLanguage = 'kk',
): FeedResponse {
  const { versions, now } = context;
  const { sportId, day, timezoneHour } = query;
  const version = versions.version(sportId);
  const dayNumber = localDayNumber(Math.floor(now() / 1000), timezoneHour);
  const refreshUtime = versions.refreshOf(sportId);
  const signature = versions.signature(sportId, version);
  const list = { dayOffset: day, timezoneHour, now: now(), signature, refreshUtime };
  const render = query.kind === 'odds' ? renderOddsListOf : renderDayListOf;
  return ok(
    context.cache.get(feed, `${version}|${dayNumber}|${refreshUtime}`, () =>
      localizeBody(render(context.world(), listSports(sportId), list), language),
    ),
  );
}

export function answerRepair(
  context: ListFeedContext,
  feed: string,
  sportId: number,
  language: FeedLanguage = 'kk',
): FeedResponse {
  const { versions } = context;
  const version = versions.version(sportId);
  return ok(
    context.cache.get(`${feed}|${language}`, `${version}`, () =>
      localizeBody(
        renderRepairOf(context.world(), listSports(sportId), versions.signature(sportId, version)),
        language,
      ),
    ),
  );
}

/** S7-19: the update (`u`) or odds update (`uo`) for the client whose signature came in x-signature. */
export function answerUpdate(
  context: ListFeedContext,
  kind: 'u' | 'uo',
  sportId: number,
  signature: string | undefined,
  language: FeedLanguage = 'kk',
): FeedResponse {
  const { versions, now } = context;
  const current = versions.version(sportId);
  const currentSignature = versions.signature(sportId, current);
  if (signature === currentSignature) return NOT_MODIFIED;
  let since: number | null;
  if (signature === undefined || signature === '' || signature === INITIAL_SIGNATURE) {
    since = versions.versionAt(now() - context.unsignedWindowMs);
  } else {
    since = versions.decode(signature, sportId);
    if (since !== null && since > current) since = null;
  }
  const refreshUtime = versions.refreshOf(sportId);
  if (since === null) {
    // Unknown signature (another world, garbled): raise A2 so the client reloads the full feed.
    return ok(renderRefresh(sportId, Math.max(refreshUtime, Math.floor(now() / 1000)), currentSignature));
  }
  const from = since;
  const query = { sinceVersion: from, refreshUtime, signature: currentSignature };
  // From the feed's ring of recent client versions: clients at one version share one render per world version.
  return ok(
    context.cache.update(`${kind}|${sportId}|${language}`, `${current}|${refreshUtime}`, from, () =>
      localizeBody(
        kind === 'u'
          ? renderUpdateOf(context.world(), listSports(sportId), query, (child) => versions.changedSince(child, from))
          : renderUpdateOf(context.world(), listSports(sportId), { ...query, fields: ODDS_FIELDS }),
        language,
      ),
    ),
  );
}
