// One pass over a feed body's framing (protocol.md §1): the only place that finds separators.
// Each step lands on the text between two separators; it is a cell when it is not empty and not
// blank. A step that ends at `~` closes its row. Positions only: nothing is cut out of the body.

export const ROW_END = '~'; // JS_ROW_END
export const CELL_END = '¬'; // JS_CELL_END, U+00AC
export const INDEX = '÷'; // JS_INDEX, U+00F7

/** A cell without `÷` made only of whitespace is a recording artefact (a trailing newline), not data. */
export function isBlankCell(body: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = body.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return false;
  }
  return true;
}

export class FeedScanner {
  /** Start of the current cell. */
  start = 0;
  /** Where the key ends: the `÷`, or `end` when the cell has no `÷`. */
  keyEnd = 0;
  /** Where the value starts (`end` when there is no value). */
  valueStart = 0;
  /** End of the current cell (exclusive). */
  end = 0;
  /** The current step holds a cell (not empty, not blank). */
  hasCell = false;
  /** The current step ends its row (`~`, or the end of the body). */
  endsRow = false;

  private readonly text: string;
  private readonly length: number;
  private pos = 0;
  private nextCell = -1;
  private nextRow = -1;
  private nextIndex = -1;

  constructor(text: string) {
    this.text = text;
    this.length = text.length;
  }

  /** Moves to the next step; false once the body is used up. */
  next(): boolean {
    const { text, length } = this;
    const pos = this.pos;
    if (pos > length) return false;
    // Each separator is searched for once and remembered until the scan passes it.
    if (this.nextCell < pos) {
      const at = text.indexOf(CELL_END, pos);
      this.nextCell = at === -1 ? length : at;
    }
    if (this.nextRow < pos) {
      const at = text.indexOf(ROW_END, pos);
      this.nextRow = at === -1 ? length : at;
    }
    const end = Math.min(this.nextCell, this.nextRow);
    this.start = pos;
    this.end = end;
    this.endsRow = end === this.nextRow;
    this.hasCell = false;
    if (end > pos) {
      if (this.nextIndex < pos) {
        const at = text.indexOf(INDEX, pos);
        this.nextIndex = at === -1 ? length : at;
      }
      if (this.nextIndex < end) {
        this.keyEnd = this.nextIndex;
        this.valueStart = this.nextIndex + 1;
        this.hasCell = true;
      } else {
        this.keyEnd = end;
        this.valueStart = end;
        this.hasCell = !isBlankCell(text, pos, end);
      }
    }
    this.pos = end + 1;
    return true;
  }
}
