// What a feed name asks the provider for: the parsed FeedName (src/protocol/feed-names.ts)
// narrowed to the feeds the world renders. Null for names the world does not serve.
import { type FeedName, parseFeedName } from '../../src/protocol/feed-names';

export type DetailTab =
  | 'core'
  | 'hashes'
  | 'summary'
  | 'stats'
  | 'lineups'
  | 'headToHead'
  | 'odds'
  | 'oldOdds'
  | 'currentGame'
  | 'empty';

export type ProviderRequest =
  | {
      /** `groupFull`: the fp_ day list of a group sport (S7-2). */
      readonly kind: 'full' | 'groupFull' | 'odds';
      readonly sportId: number;
      readonly day: number;
      readonly timezoneHour: number;
      /** The name's language placeholder (`kk`, `en-uk` …). */
      readonly language: string;
      readonly projectType: number;
    }
  | { readonly kind: 'update' | 'oddsUpdate' | 'repair'; readonly sportId: number; readonly projectType: number }
  | { readonly kind: 'sys'; readonly projectType: number }
  | {
      readonly kind: 'detail';
      readonly tab: DetailTab;
      readonly projectType: number;
      readonly eventId: string;
      /** df_od_ bet type, null for the main market. */
      readonly betType: number | null;
      /** The language of older names that carry one (`d_su_<id>_<lang>_<pt>`). */
      readonly language?: string;
    };

// Older detail names (`d_su_`, `d_hh_`, `d_od_`) → the tab of their current form.
const LEGACY_TABS: Readonly<Record<string, DetailTab>> = { d_su: 'summary', d_hh: 'headToHead', d_od: 'odds' };

// Detail prefixes (S7-15) → the tab rendered; tabs the world has no content for answer an empty body.
const DETAIL_TABS: Readonly<Record<string, DetailTab>> = {
  dc: 'core',
  g: 'hashes',
  df_su: 'summary',
  df_sui: 'summary',
  df_st: 'stats',
  df_li: 'lineups',
  df_lu: 'lineups',
  df_hh: 'headToHead',
  df_mhs: 'currentGame',
};

export function providerRequestOf(name: FeedName): ProviderRequest | null {
  switch (name.kind) {
    case 'full':
      return {
        kind: 'full',
        sportId: name.sport,
        day: name.day,
        timezoneHour: name.tz,
        language: name.lang,
        projectType: name.projectType,
      };
    case 'fullGroup':
      return {
        kind: 'groupFull',
        sportId: name.sport,
        day: name.day,
        timezoneHour: name.tz,
        language: name.lang,
        projectType: name.projectType,
      };
    case 'fullOdds':
      return {
        kind: 'odds',
        sportId: name.sport,
        day: name.day,
        timezoneHour: name.tz,
        language: name.lang,
        projectType: name.projectType,
      };
    case 'update':
      return { kind: 'update', sportId: name.sport, projectType: name.projectType };
    case 'updatedOdds':
      return { kind: 'oddsUpdate', sportId: name.sport, projectType: name.projectType };
    case 'repair':
      return { kind: 'repair', sportId: name.sport, projectType: name.projectType };
    case 'sys':
      return { kind: 'sys', projectType: name.projectType };
    case 'detail':
      return {
        kind: 'detail',
        tab: DETAIL_TABS[name.prefix] ?? 'empty',
        projectType: name.projectType,
        eventId: name.eventId,
        betType: null,
      };
    case 'legacyDetail':
      return {
        kind: 'detail',
        tab: LEGACY_TABS[name.prefix] ?? 'empty',
        projectType: name.projectType,
        eventId: name.eventId,
        betType: null,
        language: name.lang,
      };
    case 'oldOdds':
      return { kind: 'detail', tab: 'oldOdds', projectType: name.projectType, eventId: name.eventId, betType: null };
    case 'odds':
      return {
        kind: 'detail',
        tab: 'odds',
        projectType: name.projectType,
        eventId: name.eventId,
        betType: name.betType ?? null,
      };
    default:
      return null;
  }
}

/** The provider request of a feed name text, or null (unknown, malformed or not served). */
export function toProviderRequest(feed: string): ProviderRequest | null {
  const name = parseFeedName(feed);
  return name ? providerRequestOf(name) : null;
}
