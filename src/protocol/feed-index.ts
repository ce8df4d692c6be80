// A zero-copy index of a feed body: one pass records where every row and cell starts and where
// its key ends; keys and values are cut out of the body only when asked for.
import { type FeedPair, type FeedRow, normalizeFeedBody } from './codec';
import { FeedScanner } from './feed-scanner';
import { numberAt } from './feed-number';

export class FeedIndex {
  /** The scanned body (repaired first when it was mis-decoded Latin-1). */
  readonly body: string;
  readonly rowCount: number;
  readonly cellCount: number;
  // Three ints per cell: start, key end (the `÷`, or the cell end when there is none), cell end.
  private readonly cells: Int32Array;
  // rowCount + 1 offsets into the cell list.
  private readonly rowStarts: Int32Array;

  constructor(body: string, cells: Int32Array, cellCount: number, rowStarts: Int32Array, rowCount: number) {
    this.body = body;
    this.cells = cells;
    this.cellCount = cellCount;
    this.rowStarts = rowStarts;
    this.rowCount = rowCount;
  }

  /** First cell of a row. */
  rowStart(row: number): number {
    return this.rowStarts[row];
  }

  /** One past the last cell of a row. */
  rowEnd(row: number): number {
    return this.rowStarts[row + 1];
  }

  /** The row type: the key of the row's first cell. */
  rowKey(row: number): string {
    return this.key(this.rowStarts[row]);
  }

  key(cell: number): string {
    return this.body.slice(this.cells[cell * 3], this.cells[cell * 3 + 1]);
  }

  value(cell: number): string {
    const keyEnd = this.cells[cell * 3 + 1];
    const end = this.cells[cell * 3 + 2];
    return keyEnd < end ? this.body.slice(keyEnd + 1, end) : '';
  }

  /** The value read as a number, or NaN (empty, blank or not finite). */
  numberValue(cell: number): number {
    const keyEnd = this.cells[cell * 3 + 1];
    const end = this.cells[cell * 3 + 2];
    return keyEnd < end ? numberAt(this.body, keyEnd + 1, end) : Number.NaN;
  }

  /** Compares a cell's key without cutting it out of the body. */
  keyIs(cell: number, key: string): boolean {
    const start = this.cells[cell * 3];
    return this.cells[cell * 3 + 1] - start === key.length && this.body.startsWith(key, start);
  }

  /** The first cell of the row with this key, or -1. */
  find(row: number, key: string): number {
    const end = this.rowStarts[row + 1];
    for (let cell = this.rowStarts[row]; cell < end; cell++) if (this.keyIs(cell, key)) return cell;
    return -1;
  }

  /** The first non-empty value of this key in the row, else the first (empty) one, else null. */
  get(row: number, key: string): string | null {
    const end = this.rowStarts[row + 1];
    let empty: string | null = null;
    for (let cell = this.rowStarts[row]; cell < end; cell++) {
      if (!this.keyIs(cell, key)) continue;
      const value = this.value(cell);
      if (value !== '') return value;
      empty = '';
    }
    return empty;
  }

  /** The row as ordered pairs. */
  row(row: number): FeedRow {
    const pairs: FeedPair[] = [];
    const end = this.rowStarts[row + 1];
    for (let cell = this.rowStarts[row]; cell < end; cell++) pairs.push([this.key(cell), this.value(cell)]);
    return pairs;
  }
}

/** Indexes a body (same framing rules as parseRows: empty cells and rows skipped). Never throws. */
export function indexFeed(body: string): FeedIndex {
  const text = typeof body === 'string' ? normalizeFeedBody(body) : '';
  const length = text.length;
  let cells = new Int32Array(Math.max(48, (length >> 4) * 3));
  let rowStarts = new Int32Array(Math.max(16, length >> 8));
  let cellCount = 0;
  let rowCount = 0;
  let rowFirstCell = 0;
  const scan = new FeedScanner(text);
  while (scan.next()) {
    if (scan.hasCell) {
      const at = cellCount * 3;
      if (at + 3 > cells.length) cells = grow(cells);
      cells[at] = scan.start;
      cells[at + 1] = scan.keyEnd;
      cells[at + 2] = scan.end;
      cellCount++;
    }
    if (scan.endsRow && cellCount > rowFirstCell) {
      if (rowCount + 2 > rowStarts.length) rowStarts = grow(rowStarts);
      rowStarts[rowCount] = rowFirstCell;
      rowCount++;
      rowFirstCell = cellCount;
    }
  }
  if (rowCount + 1 > rowStarts.length) rowStarts = grow(rowStarts);
  rowStarts[rowCount] = cellCount;
  return new FeedIndex(text, cells, cellCount, rowStarts, rowCount);
}

function grow(array: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(array.length * 2);
  bigger.set(array);
  return bigger;
}
