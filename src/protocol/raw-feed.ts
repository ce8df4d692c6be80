// A byte-faithful reading of a feed body, next to the normalising parseRows (codec.ts) which skips empty and
// blank cells and repairs mis-decoded Latin-1. Here nothing is dropped or changed: every record between two `~`,
// every cell between two `¬`, a cell with no `÷`, an empty cell, a last cell without its `¬` and data after the
// last `~` are all kept, so writeRawFeed(readRawFeed(text)) === text for every string.

import { CELL_END, INDEX, ROW_END } from './feed-scanner';

/** `[key, value]` for a cell with a `÷` (split at the first one), `[text]` for a cell without. */
export type RawCell = readonly [key: string, value: string] | readonly [text: string];
export type RawRecord = readonly RawCell[];

/** Where the body departs from `k÷v¬…¬~` framing. Empty lists and false for a well-framed body. */
export interface RawFraming {
  /** Records (indexes into `records`) whose last cell is not closed by `¬`. */
  readonly openCells: readonly number[];
  /** The last record is not closed by `~`: the body has data after its last `~`. */
  readonly openRecord: boolean;
}

export interface RawFeed {
  readonly records: RawRecord[];
  readonly framing: RawFraming;
}

export interface RawFeedRead extends RawFeed {
  /** Character offset where each record starts, and one more entry: the text length. */
  readonly recordStarts: readonly number[];
}

export function readRawCell(text: string): RawCell {
  const at = text.indexOf(INDEX);
  return at === -1 ? [text] : [text.slice(0, at), text.slice(at + 1)];
}

/** Every record and cell of a body, exactly as written. */
export function readRawFeed(text: string): RawFeedRead {
  const records: RawRecord[] = [];
  const openCells: number[] = [];
  const recordStarts: number[] = [];
  let openRecord = false;
  let pos = 0;
  const length = text.length;
  while (pos < length) {
    let end = text.indexOf(ROW_END, pos);
    const closed = end !== -1;
    if (!closed) end = length;
    recordStarts.push(pos);
    const cells: RawCell[] = [];
    let cell = pos;
    while (cell < end) {
      let cellEnd = text.indexOf(CELL_END, cell);
      if (cellEnd === -1 || cellEnd > end) {
        // The record's last cell has no `¬`.
        cells.push(readRawCell(text.slice(cell, end)));
        openCells.push(records.length);
        break;
      }
      cells.push(readRawCell(text.slice(cell, cellEnd)));
      cellEnd++;
      cell = cellEnd;
    }
    records.push(cells);
    if (!closed) {
      openRecord = true;
      pos = length;
    } else pos = end + 1;
  }
  recordStarts.push(length);
  return { records, framing: { openCells, openRecord }, recordStarts };
}

/** The text of one cell. */
export function rawCellText(cell: RawCell): string {
  return cell.length === 1 ? cell[0] : cell[0] + INDEX + cell[1];
}

function fail(message: string): never {
  throw new TypeError(`not a raw feed: ${message}`);
}

function checkPart(text: unknown, forbidden: RegExp, where: string): string {
  if (typeof text !== 'string') fail(`${where} is not a string`);
  if (forbidden.test(text)) fail(`${where} holds a separator it cannot carry`);
  return text;
}

const KEY_FORBIDDEN = /[~¬÷]/;
const VALUE_FORBIDDEN = /[~¬]/;

/**
 * The body of a raw feed: the exact inverse of readRawFeed. Checks its input (as it may come from JSON) and
 * throws a TypeError for anything readRawFeed could not have produced, so the result always reads back the same.
 */
export function writeRawFeed(feed: RawFeed): string {
  const { records, framing } = (feed ?? {}) as Partial<RawFeed>;
  if (!Array.isArray(records)) fail('records is not a list');
  const openCells = new Set<number>(Array.isArray(framing?.openCells) ? framing.openCells : []);
  const openRecord = framing?.openRecord === true;
  let out = '';
  records.forEach((record: unknown, r: number) => {
    if (!Array.isArray(record)) fail(`record ${r} is not a list`);
    const last = r === records.length - 1;
    const openCell = openCells.has(r);
    if (openCell && record.length === 0) fail(`record ${r} has no cell to leave open`);
    let text = '';
    record.forEach((cell: unknown, c: number) => {
      if (!Array.isArray(cell) || (cell.length !== 1 && cell.length !== 2))
        fail(`cell ${r}.${c} is not [key, value] or [text]`);
      const key = checkPart(cell[0], KEY_FORBIDDEN, `key ${r}.${c}`);
      text += cell.length === 1 ? key : key + INDEX + checkPart(cell[1], VALUE_FORBIDDEN, `value ${r}.${c}`);
      if (!(openCell && c === record.length - 1)) text += CELL_END;
      else if (rawCellText(cell as unknown as RawCell) === '') fail(`record ${r} leaves an empty last cell open`);
    });
    if (openRecord && last) {
      if (text === '') fail('the open last record is empty');
    } else text += ROW_END;
    out += text;
  });
  for (const r of openCells) {
    if (!Number.isInteger(r) || r < 0 || r >= records.length) fail(`open cell index ${r} names no record`);
  }
  return out;
}
