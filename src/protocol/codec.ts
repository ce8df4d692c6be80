// The feed framing (protocol.md §1): `~` ends a row, `¬` ends a cell, the first `÷` of a cell
// splits key from value. Rows are ordered pair lists because keys repeat inside one row.
import { STRING_KEYS } from './keys';
import { looksMisdecodedLatin1, repairMisdecodedLatin1 } from './latin1';

export const ROW_END = '~'; // JS_ROW_END
export const CELL_END = '¬'; // JS_CELL_END, U+00AC
export const INDEX = '÷'; // JS_INDEX, U+00F7

export type FeedPair = readonly [key: string, value: string];
export type FeedRow = readonly FeedPair[];

/** The body to scan: the mis-decoded Latin-1 form is repaired first (see latin1.ts). */
export function normalizeFeedBody(body: string): string {
  return looksMisdecodedLatin1(body) ? repairMisdecodedLatin1(body) : body;
}

/** A cell without `÷` made only of whitespace is a recording artefact (a trailing newline), not data. */
export function isBlankCell(body: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = body.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return false;
  }
  return true;
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
  const length = text.length;
  let row: FeedPair[] = [];
  let nextCell = -1;
  let nextRow = -1;
  let nextIndex = -1;
  let pos = 0;
  while (pos <= length) {
    if (nextCell < pos) {
      nextCell = text.indexOf(CELL_END, pos);
      if (nextCell === -1) nextCell = length;
    }
    if (nextRow < pos) {
      nextRow = text.indexOf(ROW_END, pos);
      if (nextRow === -1) nextRow = length;
    }
    const end = Math.min(nextCell, nextRow);
    if (end > pos) {
      if (nextIndex < pos) {
        nextIndex = text.indexOf(INDEX, pos);
        if (nextIndex === -1) nextIndex = length;
      }
      if (nextIndex < end) row.push([text.slice(pos, nextIndex), text.slice(nextIndex + 1, end)]);
      else if (!isBlankCell(text, pos, end)) row.push([text.slice(pos, end), '']);
    }
    if (end === nextRow && row.length > 0) {
      rows.push(row);
      row = [];
    }
    pos = end + 1;
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
