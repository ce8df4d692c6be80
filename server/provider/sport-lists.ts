// List feeds over the sports that make up a page's list (S3-2, S7-2): a group sport's lists are its
// children's, each child's rows under its own SA row, with one trailer. For a single sport these are
// byte for byte the sport's own day list, odds list, repair and update feeds.
import type { MatchState, WorldState } from '../../sim/world/state';
import { feedBody, feedBodyFromText } from './feed-body';
import { type DayListQuery, dayListPart } from './full-feed';
import { type OddsListQuery, oddsListRows } from './odds-feeds';
import { repairPart } from './repair-feed';
import { type UpdateQuery, updateRows } from './update-feed';

export function renderDayListOf(
  world: WorldState,
  sportIds: readonly number[],
  query: Omit<DayListQuery, 'sportId'>,
): string {
  const text = sportIds.map((sportId) => dayListPart(world, { ...query, sportId })).join('');
  return feedBodyFromText(text, { signature: query.signature, refreshUtime: query.refreshUtime });
}

export function renderOddsListOf(
  world: WorldState,
  sportIds: readonly number[],
  query: Omit<OddsListQuery, 'sportId'>,
): string {
  const rows = sportIds.flatMap((sportId) => oddsListRows(world, { ...query, sportId }));
  return feedBody(rows, { signature: query.signature });
}

export function renderRepairOf(world: WorldState, sportIds: readonly number[], signature: string): string {
  return feedBodyFromText(sportIds.map((sportId) => repairPart(world, sportId)).join(''), { signature });
}

/** `changed`: per sport, its matches changed after the query's version, when the caller knows them. */
export function renderUpdateOf(
  world: WorldState,
  sportIds: readonly number[],
  query: Omit<UpdateQuery, 'sportId'>,
  changed?: (sportId: number) => readonly MatchState[],
): string {
  const rows = sportIds.flatMap((sportId) => updateRows(world, { ...query, sportId }, changed?.(sportId)));
  return feedBody(rows, { signature: query.signature, refreshUtime: query.refreshUtime });
}
