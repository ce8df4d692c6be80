// Update feed u_<sport>_<pt> (S7-4, protocol.md §6.2): AA rows with only the fields changed after
// the client's version, QA rows for events moved since, then `A2÷<refresh utime>` and `A1÷<signature>`.
import type { FeedRow } from '../../src/protocol/codec';
import type { EventFieldName } from '../../src/protocol/keys';
import type { MatchState, WorldState } from '../../sim/world/state';
import { feedBody } from './feed-body';
import { changedEventRow, movedRow, sportRow } from './rows';
import { compareMatches, matchesOfSport } from './sport-version';

export interface UpdateQuery {
  readonly sportId: number;
  /** The client's version: fields changed after it are sent. */
  readonly sinceVersion: number;
  /** A2: the server's refresh utime; a value above the client's forces a full reload. */
  readonly refreshUtime: number;
  /** A1: the signature of the version this update brings the client to. */
  readonly signature: string;
  /** Only these fields (odds updates send XA…XF). */
  readonly fields?: ReadonlySet<EventFieldName>;
}

/** `sportMatches`: the sport's matches (at least those changed after the version), when the caller knows them. */
export function updateRows(
  world: WorldState,
  query: Omit<UpdateQuery, 'refreshUtime' | 'signature'>,
  sportMatches: readonly MatchState[] = matchesOfSport(world, query.sportId),
): FeedRow[] {
  const rows: FeedRow[] = [sportRow(query.sportId)];
  const changed = sportMatches.filter((m) => m.version > query.sinceVersion);
  changed.sort(compareMatches);
  for (const match of changed) {
    const row = changedEventRow(match, query.sinceVersion, query.fields);
    if (row) rows.push(row);
  }
  if (!query.fields) {
    for (const [id, version] of world.moved) {
      if (version <= query.sinceVersion) continue;
      const match = world.matches.get(id);
      if (match && match.sportId === query.sportId) rows.push(movedRow(match));
    }
  }
  return rows;
}

export function renderUpdate(world: WorldState, query: UpdateQuery, sportMatches?: readonly MatchState[]): string {
  return feedBody(updateRows(world, query, sportMatches), {
    signature: query.signature,
    refreshUtime: query.refreshUtime,
  });
}

/** An update that only raises A2: the client must reload the full feed (unknown or expired signature). */
export function renderRefresh(sportId: number, refreshUtime: number, signature: string): string {
  return feedBody([sportRow(sportId)], { signature, refreshUtime });
}
