// Rows of list feeds built from world state with the key tables of src/protocol/keys.ts, so the
// server and the client cannot disagree on which key carries which field.
import { type FeedPair, type FeedRow, serializeRows } from '../../src/protocol/codec';
import { type EventFieldName, LEAGUE_FIELDS } from '../../src/protocol/keys';
import type { LeagueState, MatchState } from '../../sim/world/state';
import { EVENT_FIELDS_IN_ORDER } from './event-key-order';

export function formatValue(value: string | number | undefined): string {
  if (value === undefined) return '';
  return typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
}

/** `ZA` row with every league field the league has; `ZA` always comes first (it decides the row type). */
export function leagueRow(league: LeagueState): FeedRow {
  const row: FeedPair[] = [];
  for (const [field, key] of LEAGUE_FIELDS) {
    const value = league[field];
    if (field === 'name') row.push([key, formatValue(value)]);
    else if (value !== undefined) row.push([key, formatValue(value)]);
  }
  return row;
}

/** `AA` row with every present field of the match, in the provider's order (./event-key-order.ts). */
export function fullEventRow(match: MatchState): FeedRow {
  const row: FeedPair[] = [['AA', match.id]];
  const fields = match.fields;
  for (const [field, key] of EVENT_FIELDS_IN_ORDER) {
    const value = fields[field];
    if (value !== undefined) row.push([key, formatValue(value)]);
  }
  return row;
}

/** `AA` row with the present fields among `only`; null when the match has none of them. */
export function selectedEventRow(match: MatchState, only: ReadonlySet<EventFieldName>): FeedRow | null {
  const row: FeedPair[] = [['AA', match.id]];
  for (const [field, key] of EVENT_FIELDS_IN_ORDER) {
    const value = match.fields[field];
    if (value !== undefined && only.has(field)) row.push([key, formatValue(value)]);
  }
  return row.length > 1 ? row : null;
}

/**
 * `AA` row with only the fields changed after `sinceVersion` (update feeds, S7-4). A field that was
 * removed since (e.g. the live flag AI after the match ends) is sent with an empty value.
 * Null when nothing in the row changed.
 */
export function changedEventRow(
  match: MatchState,
  sinceVersion: number,
  only?: ReadonlySet<EventFieldName>,
): FeedRow | null {
  if (match.version <= sinceVersion) return null;
  const row: FeedPair[] = [['AA', match.id]];
  const versions = match.fieldVersions;
  for (const [field, key] of EVENT_FIELDS_IN_ORDER) {
    if (only && !only.has(field)) continue;
    const version = versions[field];
    if (version !== undefined && version > sinceVersion) row.push([key, formatValue(match.fields[field])]);
  }
  return row.length > 1 ? row : null;
}

/** `QA÷1¬QB÷<id>¬QC÷<start>|<end>` moved-event row (protocol.md §3.1). */
export function movedRow(match: MatchState): FeedRow {
  return [
    ['QA', '1'],
    ['QB', match.id],
    ['QC', `${formatValue(match.fields.startTime)}|${formatValue(match.fields.endTime)}`],
  ];
}

export function sportRow(sportId: number): FeedRow {
  return [['SA', String(sportId)]];
}

// Serialized full rows, reused while a match (or league) is unchanged: the world replaces a match
// object when it changes, and its version moves, so a day list re-rendered after a goal only
// serializes the rows that changed.
const eventText = new WeakMap<MatchState, { readonly version: number; readonly text: string }>();
const leagueText = new WeakMap<LeagueState, string>();

/** `fullEventRow` as feed text (`AA÷…¬…¬~`). */
export function fullEventRowText(match: MatchState): string {
  const hit = eventText.get(match);
  if (hit && hit.version === match.version) return hit.text;
  const text = serializeRows([fullEventRow(match)]);
  eventText.set(match, { version: match.version, text });
  return text;
}

/** `leagueRow` as feed text. League objects are replaced, never changed, when a league changes. */
export function leagueRowText(league: LeagueState): string {
  let text = leagueText.get(league);
  if (text === undefined) {
    text = serializeRows([leagueRow(league)]);
    leagueText.set(league, text);
  }
  return text;
}
