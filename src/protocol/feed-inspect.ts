// What `scores feed parse` reports about a feed body: the summary (feed-summary.ts), the feed kind, every record
// as written (lossless: feedBytesFromJson gives the same bytes back), and warnings about what is wrong with it.
import { isEmptyFeedBody } from './codec';
import { byteOffset, decodeFeedBytes, encodeFeedText, type FeedEncoding } from './feed-bytes';
import { detectFeedBodyKind, FEED_BODY_KINDS, type FeedBodyKind } from './feed-body-kind';
import { type FeedSummary, formatFeedSummary, summarizeFeed } from './feed-summary';
import { looksMisdecodedLatin1, repairMisdecodedLatin1 } from './latin1';
import {
  type RawCell,
  type RawFeed,
  type RawFeedRead,
  type RawFraming,
  type RawRecord,
  rawCellText,
  readRawFeed,
  writeRawFeed,
} from './raw-feed';
import { escapeTerminalText, findControlChars } from './terminal-text';

export type FeedWarningCode =
  | 'empty'
  | 'not-a-feed'
  | 'invalid-utf8'
  | 'byte-order-mark'
  | 'mojibake'
  | 'truncated-record'
  | 'malformed-cells'
  | 'control-characters';

export interface FeedWarning {
  readonly code: FeedWarningCode;
  /** One line of English, safe for a terminal (input text in it is escaped). */
  readonly message: string;
  /** Byte offset in the input where the problem starts, when it has one place. */
  readonly offset?: number;
  /** How many bytes, cells or characters are concerned. */
  readonly count?: number;
}

/** The `--json` output: the summary keys first (as before), then the rest. */
export interface FeedInspection extends FeedSummary {
  readonly kind: FeedBodyKind;
  readonly encoding: FeedEncoding;
  /** Input length in bytes. */
  readonly bytes: number;
  readonly warnings: FeedWarning[];
  /** Where the body departs from `k÷v¬…¬~` framing (raw-feed.ts). */
  readonly framing: RawFraming;
  /** Every record with every cell, in order, exactly as written (raw-feed.ts). */
  readonly records: RawRecord[];
}

/** Kinds that are no feed at all: `scores feed parse` exits 3 for them. */
export function isNotAFeed(kind: FeedBodyKind): boolean {
  return kind === 'empty' || kind === 'not-a-feed';
}

/** A key as feeds write them: `SA`, `ZEE`, `A1`, `utime`. */
const FEED_KEY = /^[A-Za-z0-9_]{1,16}$/;
const BLANK = /^[ \t\r\n]*$/;
const BOM = '\uFEFF';

const EMPTY_SUMMARY: FeedSummary = { sport: null, rows: 0, rowTypes: {}, leagues: [] };

interface CellCounts {
  /** Cells that are not empty or blank. */
  readonly nonBlank: number;
  /** Cells `key÷value` with a key as feeds write them. */
  readonly keyed: number;
  /** Non-blank cells that are not keyed (the open last cell of an open last record not counted). */
  readonly malformed: number;
  /** Character offset of the first malformed cell, or -1. */
  readonly firstMalformed: number;
}

function countCells(raw: RawFeedRead): CellCounts {
  let nonBlank = 0;
  let keyed = 0;
  let malformed = 0;
  let firstMalformed = -1;
  const openCells = new Set(raw.framing.openCells);
  const lastRecord = raw.records.length - 1;
  raw.records.forEach((record, r) => {
    let at = raw.recordStarts[r];
    record.forEach((cell, c) => {
      const text = rawCellText(cell);
      const start = at;
      at += text.length + 1;
      if (BLANK.test(text)) return;
      nonBlank++;
      if (cell.length === 2 && FEED_KEY.test(cell[0])) {
        keyed++;
        return;
      }
      const truncatedCell = raw.framing.openRecord && r === lastRecord && c === record.length - 1 && openCells.has(r);
      if (truncatedCell) return;
      malformed++;
      if (firstMalformed < 0) firstMalformed = start;
    });
  });
  return { nonBlank, keyed, malformed, firstMalformed };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Reads a feed body from its bytes: summary, kind, lossless records and warnings. Never throws. */
export function inspectFeed(bytes: Uint8Array): FeedInspection {
  const decoded = decodeFeedBytes(bytes);
  const { text, encoding } = decoded;
  const raw = readRawFeed(text);
  const at = (index: number) => byteOffset(text, index, encoding);
  // Reported in this order: what the input is not, how it was read, its framing, its characters.
  const verdict: FeedWarning[] = [];
  const reading: FeedWarning[] = [];
  const framing: FeedWarning[] = [];
  const characters: FeedWarning[] = [];

  if (decoded.invalidBytes > 0) {
    const how =
      encoding === 'latin1'
        ? 'the body is read as Latin-1 (one character per byte)'
        : 'each is kept as an escape \\udcXX in the JSON (\\xXX on the terminal)';
    reading.push({
      code: 'invalid-utf8',
      message: `${plural(decoded.invalidBytes, 'byte')} not valid UTF-8, the first at byte ${decoded.firstInvalidByte}; ${how}`,
      offset: decoded.firstInvalidByte,
      count: decoded.invalidBytes,
    });
  }

  // The text the summary and the kind are read from: without a byte-order mark, mojibake repaired.
  let body = text;
  if (body.startsWith(BOM)) {
    body = body.slice(1);
    reading.push({ code: 'byte-order-mark', message: 'the body starts with a byte-order mark (EF BB BF)', offset: 0 });
  }
  if (looksMisdecodedLatin1(body)) {
    body = repairMisdecodedLatin1(body);
    reading.push({
      code: 'mojibake',
      message:
        'the body is UTF-8 that was once read as Latin-1 (÷ shows as Ã·); kind and summary come from the repaired text, the records stay as written',
    });
  }
  const analysed = body === text ? raw : readRawFeed(body);

  let kind: FeedBodyKind;
  const trimmed = body.trim();
  if (trimmed === '' || isEmptyFeedBody(trimmed)) {
    kind = 'empty';
    verdict.push({
      code: 'empty',
      message:
        bytes.length === 0
          ? 'empty input: no bytes, so no feed'
          : `an empty body (S5-7: fewer than 4 characters or 0): "${escapeTerminalText(trimmed)}"`,
      count: bytes.length,
    });
  } else {
    const cells = countCells(analysed);
    if (cells.keyed === 0 || cells.keyed * 2 < cells.nonBlank) {
      kind = 'not-a-feed';
      verdict.push({
        code: 'not-a-feed',
        message:
          cells.keyed === 0
            ? 'not a feed: no key÷value cell in it'
            : `not a feed: only ${cells.keyed} of ${cells.nonBlank} cells are key÷value cells`,
        count: cells.nonBlank - cells.keyed,
      });
    } else {
      kind = detectFeedBodyKind(analysed.records);
      if (cells.malformed > 0) {
        const offset = body === text ? at(cells.firstMalformed) : undefined;
        framing.push({
          code: 'malformed-cells',
          message: `${plural(cells.malformed, 'cell')} without a key÷value (a key is 1–16 letters, digits or _)${offset === undefined ? '' : `, the first at byte ${offset}`}`,
          ...(offset === undefined ? {} : { offset }),
          count: cells.malformed,
        });
      }
      const last = raw.records.length - 1;
      if (raw.framing.openRecord) {
        const start = raw.recordStarts[last];
        const tail = text.slice(start);
        if (!BLANK.test(tail)) {
          const midCell =
            raw.framing.openCells.includes(last) && !BLANK.test(rawCellText(raw.records[last].at(-1) as RawCell));
          const offset = at(start);
          const size = bytes.length - offset;
          framing.unshift({
            code: 'truncated-record',
            message: midCell
              ? `the last record is cut short inside a cell (${plural(size, 'byte')} from byte ${offset}, no ¬ or ~ after them)`
              : `the last record has no row end ~ (${plural(size, 'byte')} from byte ${offset}), so the body may be cut short`,
            offset,
            count: size,
          });
        }
      }
    }
  }

  const controls = findControlChars(text);
  if (controls.count > 0) {
    characters.push({
      code: 'control-characters',
      message: `${plural(controls.count, 'control character')}, the first (${escapeTerminalText(String.fromCharCode(controls.firstCode))}) at byte ${at(controls.first)}; the text output shows them escaped`,
      offset: at(controls.first),
      count: controls.count,
    });
  }

  const summary = isNotAFeed(kind) ? EMPTY_SUMMARY : summarizeFeed(body);
  return {
    ...summary,
    kind,
    encoding,
    bytes: bytes.length,
    warnings: [...verdict, ...reading, ...framing, ...characters],
    framing: raw.framing,
    records: raw.records,
  };
}

/**
 * The lossless serializer: the bytes of a `--json` output (or any object with `encoding`, `records` and
 * `framing`), identical to the input it was read from. Throws a TypeError for input it could not have come from.
 */
export function feedBytesFromJson(json: unknown): Uint8Array {
  const value = (json ?? {}) as Partial<FeedInspection>;
  const encoding = value.encoding;
  if (encoding !== 'utf-8' && encoding !== 'latin1')
    throw new TypeError('not a raw feed: encoding is not utf-8 or latin1');
  const feed: RawFeed = {
    records: value.records as RawRecord[],
    framing: value.framing ?? { openCells: [], openRecord: false },
  };
  return encodeFeedText(writeRawFeed(feed), encoding);
}

/** Kinds whose summary lists leagues and events; the others show their records. */
const LIST_KINDS: ReadonlySet<FeedBodyKind> = new Set(['list', 'update', 'repair', 'odds-list', 'odds-update']);
const MAX_RECORDS_SHOWN = 40;
const MAX_LINE = 160;

function recordLine(record: RawRecord): string {
  const line = escapeTerminalText(record.map(rawCellText).join(' ¬ '));
  return line.length > MAX_LINE ? `${line.slice(0, MAX_LINE - 1)}…` : line;
}

/** The terminal text of an inspection; every piece of input text in it is escaped. */
export function formatFeedInspection(inspection: FeedInspection): string {
  const info = FEED_BODY_KINDS[inspection.kind];
  const lines = [
    `kind: ${inspection.kind}${info.feeds ? ` (${info.feeds})` : ''}: ${info.description}`,
    `${plural(inspection.bytes, 'byte')}, ${inspection.encoding}${inspection.warnings.length ? `, ${plural(inspection.warnings.length, 'warning')} (on stderr)` : ''}`,
  ];
  if (isNotAFeed(inspection.kind)) return lines.join('\n');
  lines.push(formatFeedSummary(inspection));
  if (!LIST_KINDS.has(inspection.kind)) {
    const records = inspection.records.filter((record) => record.some((cell) => !BLANK.test(rawCellText(cell))));
    lines.push('', `records (${records.length}):`);
    for (const record of records.slice(0, MAX_RECORDS_SHOWN)) lines.push(`  ${recordLine(record)}`);
    if (records.length > MAX_RECORDS_SHOWN)
      lines.push(`  … ${records.length - MAX_RECORDS_SHOWN} more (--json has them all)`);
  }
  return lines.join('\n');
}
