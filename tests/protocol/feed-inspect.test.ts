// What `scores feed parse` reads from a body (src/protocol/feed-inspect.ts): the feed kind from the records'
// keys, a lossless record form that writes back to the same bytes, and warnings for what is wrong with it.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderCore } from '../../server/provider/detail/core';
import { renderHashes } from '../../server/provider/detail/hashes';
import { renderHeadToHead } from '../../server/provider/detail/head-to-head';
import { renderLineups } from '../../server/provider/detail/lineups';
import { renderOddsComparison } from '../../server/provider/detail/odds-comparison';
import { renderStats } from '../../server/provider/detail/stats';
import { renderSummary } from '../../server/provider/detail/summary';
import { renderOddsList, renderOddsUpdate } from '../../server/provider/odds-feeds';
import { renderSys } from '../../server/provider/sys-feed';
import { decodeFeedBytes, encodeFeedText } from '../../src/protocol/feed-bytes';
import { detectFeedBodyKind, type FeedBodyKind } from '../../src/protocol/feed-body-kind';
import {
  type FeedInspection,
  feedBytesFromJson,
  formatFeedInspection,
  inspectFeed,
} from '../../src/protocol/feed-inspect';
import { readRawFeed, writeRawFeed } from '../../src/protocol/raw-feed';
import { escapeTerminalText } from '../../src/protocol/terminal-text';
import { league, match, T0, T0_S, world } from '../server/world-fixture';
import {
  BASKETBALL_TODAY,
  CORE,
  FOOTBALL_TODAY,
  FOOTBALL_TOMORROW,
  FOOTBALL_YESTERDAY,
  H2H,
  HASHES,
  ODDS_2016,
  REAL_FEED_FILES,
  realFeedPath,
  SUMMARY,
  TENNIS_GAME,
  TENNIS_TODAY,
  TOURNAMENT_2016,
} from './real-feeds';
import { seededBytes } from './seeded-bytes';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const utf8 = (text: string) => new TextEncoder().encode(text);
const realBytes = (file: string) => new Uint8Array(readFileSync(realFeedPath(file)));
/** What `--json` prints, read back. */
const viaJson = (inspection: FeedInspection) => JSON.parse(JSON.stringify(inspection)) as FeedInspection;
const codes = (inspection: FeedInspection) => inspection.warnings.map((w) => w.code);

describe('feed kind from the records (docs/protocol.md §0)', () => {
  const REAL_KINDS: Record<string, FeedBodyKind> = {
    [FOOTBALL_TODAY]: 'list',
    [FOOTBALL_YESTERDAY]: 'list',
    [FOOTBALL_TOMORROW]: 'list',
    [BASKETBALL_TODAY]: 'list',
    [TENNIS_TODAY]: 'list',
    [TOURNAMENT_2016]: 'list',
    [ODDS_2016]: 'odds',
    [CORE]: 'core',
    [SUMMARY]: 'summary',
    [H2H]: 'head-to-head',
    [HASHES]: 'hashes',
    [TENNIS_GAME]: 'current-game',
  };

  it('S7-2 S7-8 S7-15 every real recorded feed is named by its kind', () => {
    expect(Object.keys(REAL_KINDS).sort()).toEqual([...REAL_FEED_FILES]);
    for (const file of REAL_FEED_FILES) {
      const inspection = inspectFeed(realBytes(file));
      expect([file, inspection.kind]).toEqual([file, REAL_KINDS[file]]);
      expect(codes(inspection)).not.toContain('not-a-feed');
      expect(codes(inspection)).not.toContain('malformed-cells');
    }
  });

  it('S7-2 S7-3 S7-4 S7-6 full, repair, update and sys bodies recorded from our server are told apart', () => {
    const capture = readFileSync(resolve(root, 'fixtures/captures/hockey-live-server-5xx.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .slice(1)
      .map((line) => JSON.parse(line) as { kind: string; feed?: string; status?: number; body?: string })
      .filter((line) => line.kind === 'feed' && line.status === 200 && line.body);
    const expected: Record<string, FeedBodyKind> = { f: 'list', r: 'repair', u: 'update', sys: 'sys' };
    const seen = new Set<string>();
    for (const line of capture) {
      const prefix = (line.feed ?? '').split('_')[0];
      if (!(prefix in expected)) continue;
      seen.add(prefix);
      expect([line.feed, inspectFeed(utf8(line.body ?? '')).kind]).toEqual([line.feed, expected[prefix]]);
    }
    expect([...seen].sort()).toEqual(['f', 'r', 'sys', 'u']);
  });

  it('S7-22 S7-11 S7-15 our own sys, odds and detail bodies are named by their kind', () => {
    const kz = league('1_kzPL0001', 1, 'ҚАЗАҚСТАН: Премьер-лига');
    const m = match(
      'LiveKz01',
      kz.id,
      1,
      {
        startTime: T0_S - 3600,
        stageType: 2,
        stage: 13,
        home: 'Қайрат',
        away: 'Астана',
        homeScore: 1,
        awayScore: 0,
        odds1: 1.9,
        oddsX: 3.3,
        odds2: 4.1,
      },
      4,
      {
        incidents: [{ id: 'g1', side: 1, type: 3, minute: "15'", period: 1, player: 'P.', homeScore: 1, awayScore: 0 }],
        stats: [{ period: 0, lines: [{ id: 12, home: '55%', away: '45%' }] }],
        lineups: { home: [{ name: 'Keeper K.', number: 1, position: 'GK', starter: true }], away: [] },
        odds: [
          { bookmakerId: 16, bookmakerName: 'bet365', opening: [2, 3, 4], current: [1.9, 3.3, 4.1], active: true },
        ],
      },
    );
    const state = world([kz], [m]);
    const bodies: [FeedBodyKind, string][] = [
      ['sys', renderSys(1, { now: T0 })],
      ['core', renderCore(m, true)],
      [
        'hashes',
        renderHashes({
          core: renderCore(m, true),
          summary: renderSummary(m),
          lineups: renderLineups(m),
          stats: renderStats(m),
          odds: renderOddsComparison(m, null),
        }),
      ],
      ['summary', renderSummary(m)],
      ['statistics', renderStats(m)],
      ['lineups', renderLineups(m)],
      ['odds', renderOddsComparison(m, null)],
      ['head-to-head', renderHeadToHead(state, m)],
      [
        'odds-list',
        renderOddsList(state, { sportId: 1, dayOffset: 0, timezoneHour: 5, now: T0, signature: 'a'.repeat(32) }),
      ],
      ['odds-update', renderOddsUpdate(state, { sportId: 1, sinceVersion: 0, refreshUtime: T0_S, signature: '' })],
    ];
    for (const [kind, body] of bodies) expect([kind, inspectFeed(utf8(body)).kind]).toEqual([kind, kind]);
  });

  it('S7-15 tennis point by point, rankings and statistics in the shapes the provider writes', () => {
    const kind = (body: string) => inspectFeed(utf8(body)).kind;
    expect(kind('HA÷Set 1¬~HL÷15:0¬HL÷30:0¬~A1÷¬~')).toBe('match-history');
    expect(kind('TS÷RW¬PT÷PN¬PV÷Sinner J.¬PT÷RA¬PV÷1¬TE÷RW¬~')).toBe('ranking');
    expect(kind('SE÷Match¬~SF÷Top stats¬~SD÷12¬SG÷Ball possession¬SH÷49%¬SI÷51%¬~A1÷¬~')).toBe('statistics');
    expect(kind('OA÷1X2¬OAU÷1x2¬~OB÷Full Time¬~OE÷16¬OD÷bet365¬XA÷2.10[d]1.95¬XB÷3.4¬XC÷3.5¬~A1÷¬~')).toBe('odds');
    expect(kind('SA÷1¬~A2÷1788362251¬~A1÷d41d8cd98f00b204e9800998ecf8427e¬~')).toBe('update');
    expect(kind('SA÷1¬~A1÷d41d8cd98f00b204e9800998ecf8427e¬~')).toBe('list');
    expect(kind('ZZ÷1¬YY÷2¬~')).toBe('unknown');
  });

  it('S7-15 the kind is read from cells without ÷ as keys, and from parseRows-like pairs', () => {
    expect(
      detectFeedBodyKind([
        [
          ['CA', 'x'],
          ['CD', 'y'],
          ['A1', 'z'],
        ],
      ]),
    ).toBe('hashes');
    expect(
      detectFeedBodyKind([
        [
          ['SA', '1'],
          ['utime', '1788362251'],
        ],
      ]),
    ).toBe('sys');
    expect(detectFeedBodyKind([])).toBe('unknown');
  });
});

describe('lossless records: bytes → JSON → the same bytes', () => {
  it.each(REAL_FEED_FILES)('S7-1 round trip of the real feed %s', (file) => {
    const bytes = realBytes(file);
    const json = viaJson(inspectFeed(bytes));
    expect(Buffer.from(feedBytesFromJson(json)).equals(Buffer.from(bytes))).toBe(true);
  });

  it('S7-1 every key and value is there in order, repeats, empty values and values with ÷ kept', () => {
    const body = 'SA÷1¬~~III÷a¬IE÷3¬IF÷A¬IE÷8¬IF÷B¬ICT÷¬~AL÷{"1":[{"TVI":"x÷y"}]}¬NOKEY¬¬~A1÷¬';
    const json = viaJson(inspectFeed(utf8(body)));
    expect(json.records).toEqual([
      [['SA', '1']],
      [],
      [
        ['III', 'a'],
        ['IE', '3'],
        ['IF', 'A'],
        ['IE', '8'],
        ['IF', 'B'],
        ['ICT', ''],
      ],
      [['AL', '{"1":[{"TVI":"x÷y"}]}'], ['NOKEY'], ['']],
      [['A1', '']],
    ]);
    expect(json.framing).toEqual({ openCells: [], openRecord: true });
    expect(new TextDecoder().decode(feedBytesFromJson(json))).toBe(body);
  });

  it('S7-1 a record whose last cell has no ¬, and text after the last ~, are kept', () => {
    const body = 'SA÷1~AA÷x¬AE÷Hom';
    const raw = readRawFeed(body);
    expect(raw.records).toEqual([
      [['SA', '1']],
      [
        ['AA', 'x'],
        ['AE', 'Hom'],
      ],
    ]);
    expect(raw.framing).toEqual({ openCells: [0, 1], openRecord: true });
    expect(writeRawFeed(raw)).toBe(body);
  });

  it('S7-1 writeRawFeed(readRawFeed(s)) is s for any string rich in separators', () => {
    const unit = fc.oneof(
      fc.constantFrom('~', '¬', '÷', 'A', 'B', '1', ' ', '\n', 'ә', '\u0007'),
      fc.string({ maxLength: 1 }),
    );
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 60 }), (text) => {
        expect(writeRawFeed(readRawFeed(text))).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('S7-1 any bytes survive the JSON round trip: invalid UTF-8, Latin-1 separators, a byte-order mark', () => {
    const interesting = fc.constantFrom(
      0x7e,
      0xc2,
      0xac,
      0xc3,
      0xb7,
      0xf7,
      0xff,
      0xef,
      0xbb,
      0xbf,
      0xed,
      0xa0,
      0xf0,
      0x9f,
      0x41,
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(interesting, fc.integer({ min: 0, max: 255 })), { maxLength: 80 }), (list) => {
        const bytes = Uint8Array.from(list);
        const back = feedBytesFromJson(viaJson(inspectFeed(bytes)));
        expect(Buffer.from(back).equals(Buffer.from(bytes))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('S7-1 invalid bytes are kept as \\udcXX escapes and written back as those bytes', () => {
    const bytes = Uint8Array.from([0x41, 0xc3, 0xb7, 0x42, 0xff, 0xc2, 0xac, 0x7e, 0xc3]);
    const decoded = decodeFeedBytes(bytes);
    expect(decoded).toEqual({ text: 'A÷B\udcff¬~\udcc3', encoding: 'utf-8', invalidBytes: 2, firstInvalidByte: 4 });
    expect(Buffer.from(encodeFeedText(decoded.text, 'utf-8')).equals(Buffer.from(bytes))).toBe(true);
    expect(JSON.stringify(decoded.text)).toBe('"A÷B\\udcff¬~\\udcc3"');
  });

  it('S7-1 the serializer refuses JSON that no body could have given', () => {
    expect(() => feedBytesFromJson({ encoding: 'utf-16', records: [] })).toThrow(TypeError);
    expect(() => feedBytesFromJson({ encoding: 'utf-8', records: [[['A¬B', '1']]] })).toThrow(TypeError);
    expect(() => feedBytesFromJson({ encoding: 'utf-8', records: [[['A', '1~']]] })).toThrow(TypeError);
    expect(() => feedBytesFromJson({ encoding: 'utf-8', records: [[['A', '1', '2']]] })).toThrow(TypeError);
    expect(() => feedBytesFromJson({ encoding: 'latin1', records: [[['A', 'ә']]] })).toThrow(RangeError);
  });
});

describe('warnings', () => {
  it('S5-7 empty input, a blank body and the body 0 are empty: no feed', () => {
    for (const body of ['', '  \n', '0']) {
      const inspection = inspectFeed(utf8(body));
      expect(inspection.kind).toBe('empty');
      expect(codes(inspection)).toEqual(['empty']);
      expect(inspection.rows).toBe(0);
    }
  });

  it('S8-7 100 kB of random bytes (seeded) is not a feed, read losslessly, with its problems named', () => {
    const bytes = seededBytes(20260902, 100_000);
    const inspection = inspectFeed(bytes);
    expect(inspection.kind).toBe('not-a-feed');
    expect(codes(inspection)).toEqual(['not-a-feed', 'invalid-utf8', 'control-characters']);
    expect(inspection).toMatchObject({ sport: null, rows: 0, rowTypes: {}, leagues: [], bytes: 100_000 });
    expect(Buffer.from(feedBytesFromJson(viaJson(inspection))).equals(Buffer.from(bytes))).toBe(true);
  });

  it('S8-7 a feed cut inside a record keeps the events before the cut and warns of the truncated record', () => {
    const whole = realBytes(BASKETBALL_TODAY);
    const text = new TextDecoder().decode(whole);
    const cut = text.indexOf('Perth (Aus)') + 3; // inside a team name
    const bytes = utf8(text.slice(0, cut));
    const inspection = inspectFeed(bytes);
    expect(inspection.kind).toBe('list');
    expect(codes(inspection)).toEqual(['truncated-record']);
    const warning = inspection.warnings[0];
    expect(warning.message).toContain('inside a cell');
    expect(warning.offset).toBe(Buffer.from(text.slice(0, text.lastIndexOf('~', cut) + 1)).length);
    expect(warning.offset! + warning.count!).toBe(bytes.length);
    expect(inspection.framing.openRecord).toBe(true);
    expect(inspection.records.at(-1)?.at(-1)).toEqual(['AF', 'Per']);
  });

  it('S8-7 a feed cut inside a UTF-8 character: one invalid byte, still a feed', () => {
    const bytes = realBytes(FOOTBALL_YESTERDAY);
    const sep = bytes.indexOf(0xc3, 1000); // the first byte of a ÷
    const cut = bytes.subarray(0, sep + 1);
    const inspection = inspectFeed(cut);
    expect(inspection.kind).toBe('list');
    expect(codes(inspection)).toEqual(['invalid-utf8', 'truncated-record']);
    expect(inspection.warnings[0]).toMatchObject({ offset: sep, count: 1 });
    expect(Buffer.from(feedBytesFromJson(viaJson(inspection))).equals(Buffer.from(cut))).toBe(true);
  });

  it('S8-7 invalid UTF-8 inside a value is named with its byte offset, the rest of the feed reads as before', () => {
    const good = realBytes(FOOTBALL_TODAY);
    const at = Buffer.from(good).indexOf('AE÷Slavija') + Buffer.byteLength('AE÷Sla'); // inside a team name
    const bad = Uint8Array.from([...good.subarray(0, at), 0xff, ...good.subarray(at)]);
    const before = inspectFeed(good);
    const after = inspectFeed(bad);
    expect(codes(after)).toEqual(['invalid-utf8', ...codes(before)]);
    expect(after.warnings[0]).toMatchObject({ code: 'invalid-utf8', offset: at, count: 1 });
    expect(after.encoding).toBe('utf-8');
    expect(after.leagues.map((l) => l.id)).toEqual(before.leagues.map((l) => l.id));
    expect(after.leagues[1].events[0].home).toBe('Sla\udcffvija');
    expect(formatFeedInspection(after)).toContain('Sla\\xffvija 1:1 Sutjeska Foca');
  });

  it('S8-7 a Latin-1 body (separators as single bytes) is read as Latin-1 and written back the same', () => {
    const latin1 = encodeFeedText(
      'SA÷1¬~ZA÷CÔTE D’IVOIRE: Ligue 1¬ZC÷abc¬~AA÷x1¬AE÷Séwé¬AF÷Asec¬~'.replace('’', "'"),
      'latin1',
    );
    const inspection = inspectFeed(latin1);
    expect(inspection.encoding).toBe('latin1');
    expect(inspection.kind).toBe('list');
    expect(codes(inspection)).toEqual(['invalid-utf8']);
    expect(inspection.leagues[0].events[0].home).toBe('Séwé');
    expect(Buffer.from(feedBytesFromJson(viaJson(inspection))).equals(Buffer.from(latin1))).toBe(true);
  });

  it('S8-7 control characters are counted and located; the text output escapes them', () => {
    const body = 'SA÷1¬~ZA÷Bell\u0007 league¬ZC÷abc¬~AA÷x1¬AE÷Home\u001b[31m¬AF÷Away\u009b¬~';
    const inspection = inspectFeed(utf8(body));
    expect(inspection.kind).toBe('list');
    expect(inspection.warnings).toEqual([
      expect.objectContaining({ code: 'control-characters', count: 3, offset: Buffer.byteLength('SA÷1¬~ZA÷Bell') }),
    ]);
    const text = formatFeedInspection(inspection);
    expect(text).toContain('Bell\\x07 league');
    expect(text).toContain('Home\\x1b[31m');
    expect(text).toContain('Away\\u009b');
    expect(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/.test(text)).toBe(false);
  });

  it('S8-7 a byte-order mark and mojibake are named, and the feed is still read', () => {
    const bom = inspectFeed(Uint8Array.from([0xef, 0xbb, 0xbf, ...realBytes(CORE)]));
    expect(bom.kind).toBe('core');
    expect(codes(bom)).toEqual(['byte-order-mark']);
    const misread = Buffer.from(new TextDecoder('latin1').decode(realBytes(HASHES)), 'utf8');
    const mojibake = inspectFeed(new Uint8Array(misread));
    expect(mojibake.kind).toBe('hashes');
    expect(codes(mojibake)).toContain('mojibake');
    expect(Buffer.from(feedBytesFromJson(viaJson(mojibake))).equals(misread)).toBe(true);
  });

  it('S7-1 a whole body with a trailing newline, or a last cell closed by ~ alone, gets no warning', () => {
    for (const body of ['SA÷1¬~ZA÷L¬ZC÷c¬~A1÷x¬~\n', 'SA÷1¬~ZA÷L¬ZC÷c¬~A1÷x~']) {
      const inspection = inspectFeed(utf8(body));
      expect([body, inspection.kind, inspection.warnings]).toEqual([body, 'list', []]);
      expect(new TextDecoder().decode(feedBytesFromJson(viaJson(inspection)))).toBe(body);
    }
  });

  it('S8-7 a last record with whole cells but no ~ is named without "inside a cell"', () => {
    const inspection = inspectFeed(realBytes(ODDS_2016));
    expect(inspection.warnings).toEqual([
      expect.objectContaining({ code: 'truncated-record', offset: 0, count: inspection.bytes }),
    ]);
    expect(inspection.warnings[0].message).not.toContain('inside a cell');
  });

  it('S8-7 cells that are not key÷value in a feed are counted', () => {
    const inspection = inspectFeed(utf8('SA÷1¬~ZA÷L¬ZC÷c¬~AA÷x¬AE÷H¬stray text¬~A1÷¬~'));
    expect(inspection.kind).toBe('list');
    expect(inspection.warnings).toEqual([
      expect.objectContaining({
        code: 'malformed-cells',
        count: 1,
        offset: Buffer.byteLength('SA÷1¬~ZA÷L¬ZC÷c¬~AA÷x¬AE÷H¬'),
      }),
    ]);
  });

  it('S8-7 plain text and JSON are not feeds', () => {
    expect(inspectFeed(utf8('# Real recorded feeds\n\nSeparators: ~ row, ¬ cell, ÷ key/value\n')).kind).toBe(
      'not-a-feed',
    );
    expect(inspectFeed(utf8('{"sport":1,"rows":9}')).kind).toBe('not-a-feed');
  });
});

describe('terminal text', () => {
  it('escapes controls, layout characters, lone surrogates and escaped bytes, and the backslash itself', () => {
    expect(escapeTerminalText('a\u0007b\u001b[0m\tc\nd\\e\u202ef\u0085\udcff\ud800ә😀')).toBe(
      'a\\x07b\\x1b[0m\\tc\\nd\\\\e\\u202ef\\u0085\\xff\\ud800ә😀',
    );
  });
});
