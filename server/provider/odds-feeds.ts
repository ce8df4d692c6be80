// List odds (S7-11): fo_ carries the current and previous 1/X/2 odds (XA…XF) of a day's events,
// uo_ only the odds that changed after the client's version, with the update trailer.
import type { FeedRow } from '../../src/protocol/codec';
import { type EventFieldName, ODDS_FIELDS as ODDS_FIELD_LIST } from '../../src/protocol/keys';
import type { WorldState } from '../../sim/world/state';
import { feedBody } from './feed-body';
import { dayMatchesByLeague } from './full-feed';
import { selectedEventRow, sportRow } from './rows';
import { renderUpdate } from './update-feed';

export const ODDS_FIELDS: ReadonlySet<EventFieldName> = new Set(ODDS_FIELD_LIST);

export interface OddsListQuery {
  readonly sportId: number;
  readonly dayOffset: number;
  readonly timezoneHour: number;
  readonly now: number;
  readonly signature: string;
}

export function renderOddsList(world: WorldState, query: OddsListQuery): string {
  return feedBody(oddsListRows(world, query), { signature: query.signature });
}

/** One sport's rows of an odds list, without the trailer (a group's is its children's in a row). */
export function oddsListRows(world: WorldState, query: Omit<OddsListQuery, 'signature'>): FeedRow[] {
  const rows: FeedRow[] = [sportRow(query.sportId)];
  for (const { matches } of dayMatchesByLeague(world, query).leagues) {
    for (const match of matches) {
      const row = selectedEventRow(match, ODDS_FIELDS);
      if (row) rows.push(row);
    }
  }
  return rows;
}

export interface OddsUpdateQuery {
  readonly sportId: number;
  readonly sinceVersion: number;
  readonly refreshUtime: number;
  readonly signature: string;
}

export function renderOddsUpdate(world: WorldState, query: OddsUpdateQuery): string {
  return renderUpdate(world, { ...query, fields: ODDS_FIELDS });
}
