// Framing rules (protocol.md §1), serialize/parse round trip, S5-7 empty bodies, number conversion.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FeedRow, isEmptyFeedBody, parseRows, serializeRows, toFeedNumber } from '../../src/protocol/codec';
import { indexFeed } from '../../src/protocol/feed-index';
import { numberAt } from '../../src/protocol/feed-number';
import { parseListFeed } from '../../src/protocol/list-feed';

/** Keys and values without separators: what the framing carries unchanged. */
const keyArb = fc.string({
  unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abz'.split('')),
  minLength: 1,
  maxLength: 4,
});
const valueArb = fc.string({ unit: 'binary', maxLength: 12 }).map((s) => s.replace(/[~¬÷]/g, ''));
const rowArb = fc.array(fc.tuple(keyArb, valueArb), { minLength: 1, maxLength: 8 });
/** Strings rich in separators and mojibake fragments. */
const noisyArb = fc.string({
  unit: fc.oneof(
    fc.constantFrom(
      '~',
      '¬',
      '÷',
      'Ã',
      '·',
      'Â',
      'AA',
      'ZA',
      'SA',
      'QA',
      'QB',
      'QC',
      'A1',
      'A2',
      'ST',
      '|',
      '1',
      '\n',
      '',
    ),
    fc.string({ unit: 'binary', maxLength: 1 }),
  ),
  maxLength: 80,
});

describe('feed framing (protocol.md §1)', () => {
  it('S7-1 splits rows on ~, cells on ¬, key and value on the first ÷ only', () => {
    const rows = parseRows('SA÷1¬~AA÷x1¬AL÷{"a":"1÷2"}¬AZ÷0¬AZ÷0¬~');
    expect(rows).toEqual([
      [['SA', '1']],
      [
        ['AA', 'x1'],
        ['AL', '{"a":"1÷2"}'],
        ['AZ', '0'],
        ['AZ', '0'],
      ],
    ]);
  });

  it('S7-1 ignores empty cells and empty rows, keeps empty values and cells without ÷', () => {
    expect(parseRows('¬¬AA÷1¬¬WL÷¬~~~A1÷¬~')).toEqual([
      [
        ['AA', '1'],
        ['WL', ''],
      ],
      [['A1', '']],
    ]);
    expect(parseRows('AA÷1¬odd¬~')).toEqual([
      [
        ['AA', '1'],
        ['odd', ''],
      ],
    ]);
    // A recorder's trailing newline is not a cell.
    expect(parseRows('KS÷away¬\n')).toEqual([[['KS', 'away']]]);
    expect(parseRows('')).toEqual([]);
    expect(parseRows('~~~')).toEqual([]);
  });

  it('S7-1 serialize writes k÷v¬…¬~ per row and drops rows without pairs', () => {
    expect(
      serializeRows([
        [['SA', '1']],
        [],
        [
          ['AA', 'x'],
          ['AE', 'Қайрат'],
        ],
      ]),
    ).toBe('SA÷1¬~AA÷x¬AE÷Қайрат¬~');
  });

  it('S7-1 serialize then parse gives the rows back (property)', () => {
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 10 }), (rows) => {
        expect(parseRows(serializeRows(rows))).toEqual(rows);
      }),
      { numRuns: 500 },
    );
  });

  it('S7-1 separators that the framing cannot carry are dropped; ÷ survives in values', () => {
    const rows: FeedRow[] = [
      [
        ['A~B¬C÷', 'x~y¬z'],
        ['K', 'a÷b'],
      ],
    ];
    expect(parseRows(serializeRows(rows))).toEqual([
      [
        ['ABC', 'xyz'],
        ['K', 'a÷b'],
      ],
    ]);
    // Property: the round trip equals the input with those characters removed.
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.tuple(noisyArb, noisyArb), { minLength: 1, maxLength: 4 }), { maxLength: 5 }),
        (raw) => {
          const body = serializeRows(raw);
          const expected = raw.map((row) => row.map(([k, v]) => [k.replace(/[~¬÷]/g, ''), v.replace(/[~¬]/g, '')]));
          expect(parseRows(body)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('S8-7 parsing never throws on arbitrary strings, and the index agrees with parseRows', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.string(), noisyArb), (body) => {
        const rows = parseRows(body);
        const index = indexFeed(body);
        expect(index.rowCount).toBe(rows.length);
        for (let r = 0; r < rows.length; r++) expect(index.row(r)).toEqual(rows[r]);
        expect(() => parseListFeed(body)).not.toThrow();
      }),
      { numRuns: 1000 },
    );
  });

  it('S8-7 non-string input gives nothing instead of an exception', () => {
    for (const bad of [null, undefined, 42, {}, []] as unknown as string[]) {
      expect(parseRows(bad)).toEqual([]);
      expect(indexFeed(bad).rowCount).toBe(0);
      expect(parseListFeed(bad).empty).toBe(true);
    }
  });
});

describe('S5-7 empty feed bodies', () => {
  it('S5-7 shorter than 4 characters or 0 is empty', () => {
    for (const body of [null, undefined, '', '0', 'A', 'A1÷', '~~~'])
      expect(isEmptyFeedBody(body), String(body)).toBe(true);
    for (const body of ['0000', 'A1÷¬', 'SA÷1¬~']) expect(isEmptyFeedBody(body), body).toBe(false);
  });

  it('S5-7 an empty body maps to an empty list feed flagged empty', () => {
    expect(parseListFeed('0')).toMatchObject({ empty: true, events: [], leagues: [], signature: null });
    expect(parseListFeed('A1÷¬~').empty).toBe(false);
    expect(parseListFeed('A1÷¬~').signature).toBe('');
  });
});

describe('number conversion (protocol.md §1 rule 7)', () => {
  it('S7-1 converts numbers, keeps ND/NG, empty and non-numbers as text', () => {
    expect(toFeedNumber('AG', '3')).toBe(3);
    expect(toFeedNumber('BX', '-1')).toBe(-1);
    expect(toFeedNumber('XA', '1.95')).toBe(1.95);
    expect(toFeedNumber('ND', '12')).toBe('12');
    expect(toFeedNumber('NG', '7')).toBe('7');
    expect(toFeedNumber('BX', '')).toBe('');
    expect(toFeedNumber('BX', '  ')).toBe('  ');
    expect(toFeedNumber('AA', 'KxrZoe94')).toBe('KxrZoe94');
    expect(toFeedNumber('QC', '1788764400|')).toBe('1788764400|');
    expect(toFeedNumber('AA', 'Infinity')).toBe('Infinity');
  });

  it('S7-1 the scanner reads numbers exactly as the generic conversion does (property)', () => {
    const numeric = fc.oneof(
      fc.double({ noNaN: true }).map(String),
      fc.integer().map(String),
      fc.tuple(fc.nat(99999), fc.nat(9999)).map(([a, b]) => `${a}.${b}`),
      fc.stringMatching(/^-?[0-9]{0,17}(\.[0-9]{0,17})?$/),
      fc.string({ unit: fc.constantFrom('0', '1', '9', '.', '-', '+', 'e', ' ', 'x', 'I') }),
    );
    fc.assert(
      fc.property(numeric, (text) => {
        const generic = toFeedNumber('AG', text);
        const expected = typeof generic === 'number' ? generic : Number.NaN;
        expect(Object.is(numberAt(`~${text}¬`, 1, text.length + 1), expected), text).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
