// Which feed a body is, told from its records' keys alone (docs/protocol.md §0): a day list, an update, a
// detail tab, odds, sys … A body does not carry its feed name, so this is what `scores feed parse` reports.
import type { RawCell } from './raw-feed';

export type FeedBodyKind =
  | 'list'
  | 'update'
  | 'repair'
  | 'odds-list'
  | 'odds-update'
  | 'sys'
  | 'core'
  | 'hashes'
  | 'summary'
  | 'statistics'
  | 'head-to-head'
  | 'lineups'
  | 'odds'
  | 'match-history'
  | 'current-game'
  | 'ranking'
  | 'unknown'
  | 'empty'
  | 'not-a-feed';

export interface FeedBodyKindInfo {
  /** The feeds that answer with such a body. */
  readonly feeds: string;
  readonly description: string;
}

export const FEED_BODY_KINDS: Readonly<Record<FeedBodyKind, FeedBodyKindInfo>> = {
  list: {
    feeds: 'f_, fm_, fp_, t_, c_, p_, s_, tf_, tr_, pf_, pr_',
    description: 'sport, leagues and their events',
  },
  update: { feeds: 'u_, ul_', description: 'changed event fields, refresh time and signature' },
  repair: { feeds: 'r_', description: 'full values of the listed live events (ST÷repair)' },
  'odds-list': { feeds: 'fo_, mo_', description: 'current and previous 1/X/2 odds per event' },
  'odds-update': { feeds: 'uo_', description: 'changed 1/X/2 odds, refresh time and signature' },
  sys: { feeds: 'sys_', description: 'server time, sync multiplier, service status, update interval' },
  core: { feeds: 'dc_', description: 'event core: stage, start, score, game time, tabs on offer' },
  hashes: { feeds: 'g_', description: 'event version hashes, one per tab' },
  summary: { feeds: 'df_su_, df_sui_', description: 'period scores, incidents, match info' },
  statistics: { feeds: 'df_st_', description: 'periods, groups, home and away values' },
  'head-to-head': { feeds: 'df_hh_', description: 'sections of past matches' },
  lineups: { feeds: 'df_li_', description: 'teams, sections and players' },
  odds: { feeds: 'df_od_, df_dos_', description: 'odds comparison: markets, bookmakers and their odds' },
  'match-history': { feeds: 'df_mh_', description: 'tennis point by point: set headers and points' },
  'current-game': { feeds: 'df_mhs_', description: 'tennis current game as a TS/TE tag tree' },
  ranking: { feeds: 'ran_', description: 'ranked rows as a TS/TE tag tree' },
  unknown: { feeds: '', description: 'a feed whose records match no known kind' },
  empty: { feeds: '', description: 'an empty body (S5-7: no data, fewer than 4 characters or `0`)' },
  'not-a-feed': { feeds: '', description: 'not a feed body' },
};

/** The 1/X/2 odds keys of list and update odds feeds (docs/protocol.md §3). */
const ODDS_KEYS = new Set(['XA', 'XB', 'XC', 'XD', 'XE', 'XF']);

function cellKey(cell: RawCell): string {
  return cell[0];
}

function cellValue(cell: RawCell): string {
  return cell.length === 2 ? cell[1] : '';
}

/**
 * The kind of a feed body from its records (cells as read by readRawFeed or parseRows). Bodies without any
 * record give 'unknown'; telling an empty or foreign body apart is the caller's part (feed-inspect.ts).
 */
export function detectFeedBodyKind(records: readonly (readonly RawCell[])[]): FeedBodyKind {
  const types = new Set<string>();
  const keys = new Set<string>();
  for (const record of records) {
    if (record.length === 0) continue;
    types.add(cellKey(record[0]));
    for (const cell of record) keys.add(cellKey(cell));
  }
  const has = (type: string) => types.has(type);
  const treeTags = () => {
    const tags = new Set<string>();
    for (const record of records) for (const cell of record) if (cellKey(cell) === 'TS') tags.add(cellValue(cell));
    return tags;
  };

  if (keys.has('utime')) return 'sys';
  if (has('TS') || (keys.has('TS') && keys.has('TE'))) return treeTags().has('RW') ? 'ranking' : 'current-game';
  if (has('SE') || has('SF') || (has('SD') && keys.has('SH') && keys.has('SI'))) return 'statistics';
  if (has('KA') || has('KB') || has('KC')) return 'head-to-head';
  if (has('III') || has('MIT') || (has('AC') && keys.has('IG') && keys.has('IH'))) return 'summary';
  if (has('DA')) return 'core';
  if (has('CA') || has('CD')) return 'hashes';
  if (has('OA') || has('OB') || has('OE') || has('MI') || has('MJ')) return 'odds';
  if (has('LA') || has('LB') || has('LP')) return 'lineups';
  if (has('HA') || has('HL')) return 'match-history';

  // List-feed family: where the ZA and AA records sit decides.
  let inRepair = false;
  let repairFirst = false;
  let seenRepair = false;
  let eventsBeforeRepair = false;
  let leaguesOutsideRepair = false;
  let events = 0;
  let oddsOnlyEvents = 0;
  for (const record of records) {
    if (record.length === 0) continue;
    const type = cellKey(record[0]);
    if (type === 'ST' && cellValue(record[0]) === 'repair') {
      inRepair = true;
      if (!seenRepair) repairFirst = !eventsBeforeRepair;
      seenRepair = true;
    } else if (type === 'A1') inRepair = false;
    else if (type === 'ZA' && !inRepair) leaguesOutsideRepair = true;
    else if (type === 'AA' && !inRepair) {
      eventsBeforeRepair ||= !seenRepair;
      events++;
      if (record.length > 1 && record.slice(1).every((cell) => ODDS_KEYS.has(cellKey(cell)))) oddsOnlyEvents++;
    }
  }
  if (leaguesOutsideRepair) return 'list';
  if (seenRepair && repairFirst) return 'repair';
  const refresh = has('A2');
  if (events > 0 && oddsOnlyEvents === events) return refresh ? 'odds-update' : 'odds-list';
  // Events without leagues, a refresh time or moved events only: what an update carries (a list always names the
  // league before its events). A bare sport and signature is a list of a day without events.
  if (events > 0 || refresh || seenRepair || has('QA')) return 'update';
  if (has('SA')) return 'list';
  return 'unknown';
}
