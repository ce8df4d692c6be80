// List-feed mapping rules (protocol.md §1 rule 6, §3, §6) on bodies built with serializeRows.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FeedRow, serializeRows, toFeedNumber } from '../../src/protocol/codec';
import { EVENT_SETTER_NAMES } from '../../src/protocol/event-field-setters';
import { EVENT_FIELDS, LEAGUE_FIELDS } from '../../src/protocol/keys';
import { parseListFeed } from '../../src/protocol/list-feed';

const league = (zc: string, name: string): FeedRow => [
  ['ZA', name],
  ['ZEE', 'tpl'],
  ['ZB', '112'],
  ['ZC', zc],
];

describe('list feed mapping (protocol.md §3)', () => {
  it('S7-2 SA sets the sport, ZA opens a league, AA rows belong to the latest league', () => {
    const body = serializeRows([
      [['SA', '1']],
      league('abc', 'KAZAKHSTAN: Premier League'),
      [
        ['AA', 'e1'],
        ['AE', 'Kairat'],
        ['AF', 'Astana'],
      ],
      [['AA', 'e2']],
      [['SA', '4']],
      league('hk1', 'KAZAKHSTAN: Vyschaya Liga'),
      [['AA', 'e3']],
      [['A1', 'd41d8cd98f00b204e9800998ecf8427e']],
    ]);
    const feed = parseListFeed(body);
    expect(feed.sport).toBe(1);
    expect(feed.leagues.map((l) => [l.id, l.sportId, l.countryId])).toEqual([
      ['1_abc', 1, 112],
      ['4_hk1', 4, 112],
    ]);
    expect(feed.events.map((e) => [e.id, e.sportId, e.leagueId])).toEqual([
      ['e1', 1, '1_abc'],
      ['e2', 1, '1_abc'],
      ['e3', 4, '4_hk1'],
    ]);
    expect(feed.signature).toBe('d41d8cd98f00b204e9800998ecf8427e');
  });

  it('S7-2 events before any league or sport, and a league without ZC, get null ids', () => {
    const feed = parseListFeed(
      serializeRows([
        [['AA', 'early']],
        [
          ['ZA', 'NO SPORT: League'],
          ['ZC', 'x'],
        ],
        [['AA', 'e1']],
        [['SA', '2']],
        [['ZA', 'No stage id']],
        [['AA', 'e2']],
      ]),
    );
    expect(feed.events.map((e) => [e.id, e.sportId, e.leagueId])).toEqual([
      ['early', null, null],
      ['e1', null, null],
      ['e2', 2, null],
    ]);
    expect(feed.leagues.map((l) => l.id)).toEqual([null, null]);
  });

  it('S7-2 only keys present in a row are set, typed per keys.ts; unknown keys are ignored', () => {
    const feed = parseListFeed(
      serializeRows([
        [['SA', '1']],
        [
          ['AA', 'e1'],
          ['AG', '2'],
          ['XA', '1.95'],
          ['WA', '15'],
          ['ZZZ', 'unknown'],
          ['ND', '3'],
          ['BX', ''],
          ['AM', ''],
          ['AB', 'x'],
        ],
      ]),
    );
    const [e] = feed.events;
    expect(Object.keys(e)).toEqual(['id', 'sportId', 'leagueId', 'homeScore', 'odds1', 'homeGamePoints', 'infoNotice']);
    expect(e.homeScore).toBe(2);
    expect(e.odds1).toBe(1.95);
    expect(e.homeGamePoints).toBe('15'); // a 'str' field stays text
    expect(e.infoNotice).toBe(''); // an empty text value is kept
    expect('gameTime' in e).toBe(false); // an empty number is not
    expect('stageType' in e).toBe(false); // nor a value that is not a number
  });

  it('S7-2 a key repeated in one row keeps its first non-empty value', () => {
    const feed = parseListFeed(
      serializeRows([
        [
          ['AA', 'e1'],
          ['AZ', ''],
          ['AZ', '2'],
          ['AZ', '1'],
          ['AM', ''],
          ['AM', 'Closed roof'],
          ['AM', 'later'],
          ['AE', 'Home'],
          ['AE', ''],
        ],
      ]),
    );
    expect(feed.events[0]).toMatchObject({ fullTimeWinner: 2, infoNotice: 'Closed roof', home: 'Home' });
  });

  it('S4-3 QA blocks give moved events with start|end, empty parts null', () => {
    const feed = parseListFeed(
      serializeRows([
        [
          ['QA', '1'],
          ['QB', 'm1'],
          ['QC', '1788764400|'],
          ['QB', 'm2'],
          ['QC', '|1788770000'],
        ],
        [
          ['QB', 'm3'],
          ['QC', '1788764400|1788770000'],
        ],
        [
          ['QA', '1'],
          ['QB', 'm4'],
        ],
      ]),
    );
    expect(feed.moved).toEqual([
      { id: 'm1', startTime: 1788764400, endTime: null },
      { id: 'm2', startTime: null, endTime: 1788770000 },
      { id: 'm3', startTime: 1788764400, endTime: 1788770000 },
      { id: 'm4', startTime: null, endTime: null },
    ]);
    expect(feed.events).toEqual([]);
  });

  it('S4-1 ST÷repair sends the following AA rows to repair until the next A1; A2 is the refresh utime', () => {
    const feed = parseListFeed(
      serializeRows([
        [
          ['AA', 'u1'],
          ['AG', '1'],
        ],
        [['ST', 'repair']],
        [
          ['ZA', 'KAZ: League'],
          ['ZC', 'z'],
        ],
        [
          ['AA', 'r1'],
          ['AG', '3'],
        ],
        [['AA', 'r2']],
        [['A1', 'aaa']],
        [['AA', 'u2']],
        [['A2', '1788362251']],
        [['A1', 'bbb']],
      ]),
    );
    expect(feed.events.map((e) => e.id)).toEqual(['u1', 'u2']);
    expect(feed.repair.map((e) => [e.id, e.homeScore])).toEqual([
      ['r1', 3],
      ['r2', undefined],
    ]);
    // A league row inside a repair block resets a known league: it is not a new one.
    expect(feed.leagues).toEqual([]);
    expect(feed.signature).toBe('bbb');
    expect(feed.refreshUtime).toBe(1788362251);
  });

  it('S3-33 no-duel league rows carry comma lists as text', () => {
    const feed = parseListFeed(
      serializeRows([
        [['SA', '23']],
        [
          ['ZA', 'PGA Tour'],
          ['ZC', 'g1'],
          ['AB', '2,3'],
          ['AC', '66,3'],
          ['AD', '1788300000,1788386400'],
        ],
        [
          ['AA', 'p1'],
          ['RK', '1'],
          ['RPR', '-12'],
          ['RG', '+2'],
        ],
      ]),
    );
    expect(feed.leagues[0]).toMatchObject({
      id: '23_g1',
      raceStageTypes: '2,3',
      raceStages: '66,3',
      raceStartTimes: '1788300000,1788386400',
    });
    expect(feed.events[0]).toMatchObject({ rank: 1, parScore: -12, gap: '+2' });
  });

  it('S7-2 every EVENT_FIELDS and LEAGUE_FIELDS key maps to its field and kind (property)', () => {
    const eventValue = fc.oneof(
      fc.integer({ min: -1e6, max: 1e9 }).map(String),
      fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,8}$/),
    );
    fc.assert(
      fc.property(
        fc.subarray([...EVENT_FIELDS]),
        fc.array(eventValue, { minLength: EVENT_FIELDS.length, maxLength: EVENT_FIELDS.length }),
        (fields, values) => {
          const row: [string, string][] = [['AA', 'e']];
          for (const [i, [, key]] of fields.entries()) row.push([key, values[i]]);
          const [e] = parseListFeed(serializeRows([row])).events as unknown as Record<string, unknown>[];
          let expectedKeys = 3; // id, sportId, leagueId
          fields.forEach(([name, key, kind], i) => {
            const generic = toFeedNumber(key, values[i]);
            const expected = kind === 'num' ? (typeof generic === 'number' ? generic : undefined) : values[i];
            expect(e[name], key).toBe(expected);
            if (expected !== undefined) expectedKeys++;
          });
          expect(Object.keys(e)).toHaveLength(expectedKeys);
        },
      ),
      { numRuns: 200 },
    );
    const leagueRow: [string, string][] = LEAGUE_FIELDS.map(([, key, kind]) => [
      key,
      kind === 'num' ? '7' : `v-${key}`,
    ]);
    const [l] = parseListFeed(serializeRows([[['SA', '1']], leagueRow])).leagues as unknown as Record<
      string,
      unknown
    >[];
    for (const [name, key, kind] of LEAGUE_FIELDS) expect(l[name], key).toBe(kind === 'num' ? 7 : `v-${key}`);
  });

  it('S7-2 records built from shared shape templates stay independent', () => {
    const rows: FeedRow[] = [];
    for (let i = 0; i < 40; i++)
      rows.push([
        ['AA', `e${i}`],
        ['AG', String(i)],
        ['AE', `Team ${i}`],
      ]);
    const feed = parseListFeed(serializeRows(rows));
    feed.events.forEach((e, i) => {
      expect(e).toEqual({ id: `e${i}`, sportId: null, leagueId: null, homeScore: i, home: `Team ${i}` });
    });
    // Property order follows the row (the template copies it).
    expect(Object.keys(feed.events[5])).toEqual(['id', 'sportId', 'leagueId', 'homeScore', 'home']);
  });

  it('S7-2 every event field has a named store (event-field-setters.ts matches keys.ts)', () => {
    expect([...EVENT_SETTER_NAMES].sort()).toEqual(EVENT_FIELDS.map(([name]) => name).sort());
  });

  it('S8-7 a feed with thousands of distinct key sequences still maps every row correctly', () => {
    const keys = ['AG', 'AH', 'AE', 'AF', 'AB', 'AC', 'AD', 'BA', 'BB', 'AM', 'ER', 'XA'];
    const rows: FeedRow[] = [];
    for (let mask = 1; mask < 1 << keys.length; mask++) {
      const row: [string, string][] = [['AA', `e${mask}`]];
      keys.forEach((key, bit) => {
        if (mask & (1 << bit)) row.push([key, String(bit + 1)]);
      });
      rows.push(row);
    }
    const feed = parseListFeed(serializeRows(rows));
    expect(feed.events).toHaveLength(rows.length);
    const byKey = new Map<string, readonly [string, string]>(
      EVENT_FIELDS.map(([name, key, kind]) => [key, [name, kind]]),
    );
    feed.events.forEach((e, i) => {
      const expected: Record<string, unknown> = { id: `e${i + 1}`, sportId: null, leagueId: null };
      for (const [key, value] of rows[i].slice(1)) {
        const [name, kind] = byKey.get(key) ?? ['?', 'str'];
        expected[name] = kind === 'num' ? Number(value) : value;
      }
      expect(e).toEqual(expected);
      expect(Object.keys(e).slice(0, 3)).toEqual(['id', 'sportId', 'leagueId']);
    });
  });
});
