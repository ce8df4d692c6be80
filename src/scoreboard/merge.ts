// The one merge of an update, repair or odds row into a row the store holds. Field by field the
// newest write wins (feed-ordinal.ts): a field is written only when the row's ordinal is at least
// the one that last wrote it. An empty value removes the field.
//
// Update and repair rows differ in one parameter, `wholeRow`:
//   - a repair row carries the whole event, so a field it leaves out is removed (unless a newer feed
//     wrote it), and the row's ordering memory resets to the repair's ordinal (per-field ordinals at
//     or below it are forgotten); a repair older than the row's last whole write is skipped, as a
//     stale full feed is;
//   - an update row writes only the keys it carries, and stamps its ordinal on each of them.
// Odds rows merge like update rows but never light a row up (S9-4).
import { isNotOlder } from './feed-ordinal';
import { type EventFieldsRow, type FieldMap, fieldOrdinal, IDENTITY_KEYS, type Row } from './row';

export interface MergeRule {
  /** The row carries the whole event (repair, protocol.md §6.3), not just the changed keys (update). */
  readonly wholeRow: boolean;
  /** A score change lights the row up (S9-4). */
  readonly highlights: boolean;
}

export const UPDATE: MergeRule = { wholeRow: false, highlights: true };
export const REPAIR: MergeRule = { wholeRow: true, highlights: true };
export const ODDS: MergeRule = { wholeRow: false, highlights: false };

/**
 * Merges `record` into `row`'s fields and ordering memory. Returns the new fields (a new object; the
 * caller stores it), or null when no value changed.
 */
export function mergeRow(
  row: Row,
  record: EventFieldsRow,
  ordinal: number | null,
  wholeRow: boolean,
): EventFieldsRow | null {
  const ordinals = row.ordinals;
  // A repair older than the row's last whole write can write nothing, and must not lower the base.
  if (wholeRow && ordinal !== null && ordinals.base !== null && ordinals.base > ordinal) return null;
  const old = row.fields as unknown as FieldMap;
  const incoming = record as unknown as FieldMap;
  let changes: FieldMap | null = null;
  const removals: string[] = [];
  const written: string[] = [];
  for (const key in incoming) {
    if (IDENTITY_KEYS.has(key)) continue;
    if (!isNotOlder(ordinal, fieldOrdinal(ordinals, key))) continue; // an older write never wins
    written.push(key);
    const field = incoming[key];
    if (field === '' || field === undefined) {
      if (key in old) removals.push(key);
    } else if (old[key] !== field) {
      changes ??= {};
      changes[key] = field;
    }
  }
  if (wholeRow) {
    // Fields the row leaves out are gone, unless a newer feed wrote them.
    for (const key in old) {
      if (IDENTITY_KEYS.has(key) || key in incoming) continue;
      if (!isNotOlder(ordinal, fieldOrdinal(ordinals, key))) continue;
      removals.push(key);
      written.push(key);
    }
  }
  if (ordinal !== null) {
    if (wholeRow) {
      const keep = new Map<string, number>();
      for (const [key, kept] of ordinals.fields ?? []) if (kept > ordinal) keep.set(key, kept);
      ordinals.base = ordinal;
      ordinals.fields = keep.size > 0 ? keep : null;
    } else {
      ordinals.fields ??= new Map();
      for (const key of written) ordinals.fields.set(key, ordinal);
    }
  }
  if (!changes && removals.length === 0) return null;
  const value: FieldMap = { ...old, ...changes };
  for (const key of removals) delete value[key];
  return value as unknown as EventFieldsRow;
}
