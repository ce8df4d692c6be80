// The feed framing (protocol.md §1): `~` ends a row, `¬` ends a cell, the first `÷` of a cell
// splits key from value. Rows are ordered pair lists because keys repeat inside one row.
import { CELL_END, FeedScanner, INDEX, ROW_END } from './feed-scanner';
import { STRING_KEYS } from './keys';
import { looksMisdecodedLatin1, repairMisdecodedLatin1 } from './latin1';

export { CELL_END, INDEX, isBlankCell, ROW_END } from './feed-scanner';

export type FeedPair = readonly [key: string, value: string];
export type FeedRow = readonly FeedPair[];

/** The body to scan: the mis-decoded Latin-1 form is repaired first (see latin1.ts). */
export function normalizeFeedBody(body: string): string {
  return looksMisdecodedLatin1(body) ? repairMisdecodedLatin1(body) : body;
}

/**
 * Rows of a feed body as ordered key/value pairs (protocol.md §1 rules 1–3, 5).
 * Empty cells and empty rows are skipped; a cell without `÷` is a key with an empty value.
 * Never throws: anything that is not a string gives no rows.
 */
export function parseRows(body: string): FeedRow[] {
  const rows: FeedRow[] = [];
  if (typeof body !== 'string' || body.length === 0) return rows;
  const text = normalizeFeedBody(body);
  const scan = new FeedScanner(text);
  let row: FeedPair[] = [];
  while (scan.next()) {
    if (scan.hasCell) row.push([text.slice(scan.start, scan.keyEnd), text.slice(scan.valueStart, scan.end)]);
    if (scan.endsRow && row.length > 0) {
      rows.push(row);
      row = [];
    }
  }
  if (row.length > 0) rows.push(row);
  return rows;
}

const ROW_END_ALL = /~/g;
const CELL_END_ALL = /¬/g;
const KEY_FORBIDDEN = /[~¬÷]/g;

/**
 * The feed body of the given rows: each row as `k÷v¬…¬~`; rows without pairs are left out.
 * The framing has no escape, so separators that cannot survive are dropped: `~`, `¬` and `÷`
 * from keys, `~` and `¬` from values (a value keeps its `÷`: only the first one splits).
 */
export function serializeRows(rows: readonly FeedRow[]): string {
  let out = '';
  for (const row of rows) {
    if (row.length === 0) continue;
    for (const [key, value] of row) {
      out += cleanKey(key) + INDEX + cleanValue(value) + CELL_END;
    }
    out += ROW_END;
  }
  return out;
}

function cleanKey(key: string): string {
  return key.indexOf(ROW_END) === -1 && key.indexOf(CELL_END) === -1 && key.indexOf(INDEX) === -1
    ? key
    : key.replace(KEY_FORBIDDEN, '');
}

function cleanValue(value: string): string {
  if (value.indexOf(ROW_END) === -1 && value.indexOf(CELL_END) === -1) return value;
  return value.replace(ROW_END_ALL, '').replace(CELL_END_ALL, '');
}

/** S5-7: a feed body shorter than 4 characters, or `0`, counts as empty. */
export function isEmptyFeedBody(body: string | null | undefined): boolean {
  return typeof body !== 'string' || body.length < 4 || body === '0';
}

/**
 * The reference client's generic value conversion (protocol.md §1 rule 7): every value becomes a
 * number unless its key is ND or NG, or it is empty, or it does not read as a finite number.
 */
export function toFeedNumber(key: string, value: string): number | string {
  if (STRING_KEYS.has(key) || value.trim() === '') return value;
  const n = Number(value);
  return Number.isFinite(n) ? n : value;
}
