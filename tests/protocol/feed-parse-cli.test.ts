// `scores feed parse <file|-> [--json]` on real feeds and on broken input, through the real CLI entry point:
// output, warnings on stderr, exit codes (0 read, 2 bad usage, unreadable or not a feed).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { feedBytesFromJson } from '../../src/protocol/feed-inspect';
import {
  BASKETBALL_TODAY,
  FOOTBALL_TODAY,
  REAL_FEED_FILES,
  realFeed,
  realFeedPath,
  SUMMARY,
  TENNIS_TODAY,
} from './real-feeds';
import { seededBytes } from './seeded-bytes';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dir = mkdtempSync(join(tmpdir(), 'scores-feed-parse-'));

/** Writes a temporary input file and gives its path. */
function inputFile(name: string, bytes: Uint8Array | string): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

/** Raw control characters a terminal would act on (tab and line feed are layout). */
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

const SUMMARY_KEYS = ['sport', 'rows', 'rowTypes', 'leagues'] as const;
const summaryOf = (out: Record<string, unknown>) => Object.fromEntries(SUMMARY_KEYS.map((key) => [key, out[key]]));

function scores(
  args: string[],
  input?: string | Uint8Array,
): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['cli/bin.mjs', ...args], {
    cwd: root,
    input,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('scores feed parse (CLI)', () => {
  it('S7-2 --json on the real football day feed prints leagues with their events', () => {
    const { status, stdout } = scores(['feed', 'parse', realFeedPath(FOOTBALL_TODAY), '--json']);
    expect(status).toBe(0);
    expect(stdout.trim().split('\n')).toHaveLength(1);
    const out = JSON.parse(stdout);
    expect(Object.keys(out).slice(0, 4)).toEqual([...SUMMARY_KEYS]);
    expect(out.kind).toBe('list');
    expect(summaryOf(out)).toEqual({
      sport: 1,
      rows: 9,
      rowTypes: { SA: 1, ZA: 4, AA: 4 },
      leagues: [
        {
          id: '1_p6bNd8qp',
          name: 'ARGENTINA: Reserve League - Clausura',
          events: [
            {
              id: 'pdmRhdwH',
              home: 'Atl. Tucuman 2',
              away: 'San Lorenzo 2',
              stageType: 1,
              stage: 1,
              homeScore: null,
              awayScore: null,
              startTime: 1788372000,
            },
          ],
        },
        {
          id: '1_hn4BnBIP',
          name: 'BOSNIA AND HERZEGOVINA: Prva Liga - RS',
          events: [
            {
              id: 'feIxEokD',
              home: 'Slavija',
              away: 'Sutjeska Foca',
              stageType: 2,
              stage: 13,
              homeScore: 1,
              awayScore: 1,
              startTime: 1788357600,
            },
          ],
        },
        {
          id: '1_jch8u3dn',
          name: 'ENGLAND: EFL Trophy',
          events: [
            {
              id: 'CppsZsN5',
              home: 'Doncaster',
              away: 'Liverpool U21',
              stageType: 3,
              stage: 4,
              homeScore: null,
              awayScore: null,
              startTime: 1788372000,
            },
          ],
        },
        {
          id: '1_fgs8qKsB',
          name: 'ITALY: Coppa Italia',
          events: [
            {
              id: 'KxrZoe94',
              home: 'Sassuolo',
              away: 'Frosinone',
              stageType: 3,
              stage: 11,
              homeScore: 2,
              awayScore: 1,
              startTime: 1788354000,
            },
          ],
        },
      ],
    });
  });

  it('S7-2 --json reads stdin with -, basketball with moved block and trailer rows', () => {
    const { status, stdout } = scores(['feed', 'parse', '-', '--json'], realFeed(BASKETBALL_TODAY));
    expect(status).toBe(0);
    const out = JSON.parse(stdout);
    expect(out.sport).toBe(3);
    expect(out.rows).toBe(16);
    expect(out.rowTypes).toEqual({ SA: 1, ZA: 3, AA: 10, QA: 1, A1: 1 });
    expect(out.leagues.map((l: { id: string; events: unknown[] }) => [l.id, l.events.length])).toEqual([
      ['3_dddz4h2L', 1],
      ['3_ldYmKfZG', 2],
      ['3_QDX55FiU', 7],
    ]);
    expect(out.leagues[2].events[1]).toEqual({
      id: 'zwlogWyh',
      home: 'Cairns Taipans (Aus)',
      away: 'Perth (Aus)',
      stageType: 3,
      stage: 3,
      homeScore: 85,
      awayScore: 82,
      startTime: 1788334200,
    });
  });

  it('S7-15 a detail feed has no leagues and shows its rows by type', () => {
    const { status, stdout } = scores(['feed', 'parse', realFeedPath(SUMMARY), '--json']);
    expect(status).toBe(0);
    const out = JSON.parse(stdout);
    expect(summaryOf(out)).toEqual({ sport: null, rows: 24, rowTypes: { AC: 2, III: 21, MIT: 1 }, leagues: [] });
    expect(out.kind).toBe('summary');
    expect(out.warnings).toEqual([]);
    // Every detail row reaches the JSON: the match-info pairs of the last record, in order.
    expect(out.records).toHaveLength(24);
    expect(out.records[23].slice(0, 4)).toEqual([
      ['MIT', 'REF'],
      ['MIV', 'Vargas Carreno G. A.'],
      ['MIT', 'RCO'],
      ['MIV', '36'],
    ]);
  });

  it('S7-2 --json carries every key of an event row, period scores included', () => {
    const { stdout } = scores(['feed', 'parse', realFeedPath(BASKETBALL_TODAY), '--json']);
    const out = JSON.parse(stdout);
    const row = out.records.find((record: string[][]) => record[0][0] === 'AA' && record[0][1] === 'zwlogWyh');
    const get = (key: string) => row.filter((cell: string[]) => cell[0] === key).map((cell: string[]) => cell[1]);
    expect([get('AG'), get('AH')]).toEqual([['85'], ['82']]);
    const quarters = ['BA', 'BC', 'BE', 'BG'].map((key) => Number(get(key)[0]));
    expect(quarters.reduce((a, b) => a + b, 0)).toBe(85);
  });

  it.each(REAL_FEED_FILES)('S7-1 --json of %s serializes back to the same bytes', (file) => {
    const { status, stdout } = scores(['feed', 'parse', realFeedPath(file), '--json']);
    expect(status).toBe(0);
    const back = Buffer.from(feedBytesFromJson(JSON.parse(stdout)));
    expect(back.equals(readFileSync(realFeedPath(file)))).toBe(true);
  });

  it('S7-2 without --json prints a readable summary', () => {
    const { status, stdout } = scores(['feed', 'parse', realFeedPath(TENNIS_TODAY)]);
    expect(status).toBe(0);
    expect(stdout).toContain('kind: list');
    expect(stdout).toContain('ATP - SINGLES: US Open (USA), hard [2_tQZGKy9k]: 5 events');
    expect(stdout).toContain('Zverev A. 3:2 Sonego L.');
  });

  it('S7-15 without --json a detail feed names its kind and shows its records', () => {
    const { status, stdout } = scores(['feed', 'parse', realFeedPath(SUMMARY)]);
    expect(status).toBe(0);
    expect(stdout).toContain('kind: summary (df_su_, df_sui_)');
    expect(stdout).toContain('records (24):');
    expect(stdout).toContain('  AC÷1st Half ¬ IG÷4 ¬ IH÷0');
  });

  it('S8-2 an unreadable file is a clear error on stderr with exit code 2', () => {
    const { status, stdout, stderr } = scores(['feed', 'parse', resolve(root, 'no-such-feed.txt'), '--json']);
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('cannot read');
    expect(stderr).toContain('no-such-feed.txt');
  });
});

describe('scores feed parse: warnings and exit codes', () => {
  const warningLines = (stderr: string) =>
    stderr.split('\n').filter((line) => line.startsWith('scores feed parse: warning: '));

  it('S5-7 empty input is not a feed: exit 2, a warning on stderr, kind empty in the JSON', () => {
    const { status, stdout, stderr } = scores(['feed', 'parse', inputFile('empty.txt', ''), '--json']);
    expect(status).toBe(2);
    expect(warningLines(stderr)).toEqual(['scores feed parse: warning: empty input: no bytes, so no feed']);
    const out = JSON.parse(stdout);
    expect(out).toMatchObject({ kind: 'empty', bytes: 0, rows: 0, records: [], warnings: [{ code: 'empty' }] });
  });

  it('S5-7 the body 0 from stdin is empty: exit 2', () => {
    const { status, stdout, stderr } = scores(['feed', 'parse', '-'], '0');
    expect(status).toBe(2);
    expect(stdout).toContain('kind: empty');
    expect(stderr).toContain('an empty body (S5-7');
  });

  it('S8-7 100 kB of seeded random bytes on stdin is not a feed: exit 2, warnings, escaped output', () => {
    const bytes = seededBytes(7, 100_000);
    const human = scores(['feed', 'parse', '-'], bytes);
    expect(human.status).toBe(2);
    expect(human.stdout).toContain('kind: not-a-feed');
    const lines = warningLines(human.stderr);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('not a feed');
    expect(lines[1]).toMatch(/\d+ bytes not valid UTF-8, the first at byte \d+/);
    expect(lines[2]).toMatch(/\d+ control characters, the first \(\\[xu][0-9a-f]+\) at byte \d+/);
    expect(RAW_CONTROL.test(human.stdout)).toBe(false);
    expect(RAW_CONTROL.test(human.stderr)).toBe(false);
    const json = scores(['feed', 'parse', '-', '--json'], bytes);
    expect(json.status).toBe(2);
    const out = JSON.parse(json.stdout);
    expect(out.warnings.map((w: { code: string }) => w.code)).toEqual([
      'not-a-feed',
      'invalid-utf8',
      'control-characters',
    ]);
    expect(Buffer.from(feedBytesFromJson(out)).equals(Buffer.from(bytes))).toBe(true);
  });

  it('S8-7 a feed cut mid-record: exit 0, a truncated-record warning, the events before the cut', () => {
    const text = realFeed(BASKETBALL_TODAY);
    const cut = text.slice(0, text.indexOf('Perth (Aus)') + 3);
    const { status, stdout, stderr } = scores(['feed', 'parse', inputFile('cut.txt', cut), '--json']);
    expect(status).toBe(0);
    expect(warningLines(stderr)).toEqual([
      expect.stringMatching(
        /^scores feed parse: warning: the last record is cut short inside a cell \(\d+ bytes from byte \d+/,
      ),
    ]);
    const out = JSON.parse(stdout);
    expect(out.kind).toBe('list');
    expect(out.warnings).toEqual([expect.objectContaining({ code: 'truncated-record' })]);
    expect(out.leagues.map((l: { events: unknown[] }) => l.events.length)).toEqual([1, 2, 2]);
  });

  it('S8-7 invalid UTF-8 in a feed: exit 0, the byte offset on stderr, the JSON still writes back the same bytes', () => {
    const good = readFileSync(realFeedPath(FOOTBALL_TODAY));
    const at = good.indexOf('AE÷Slavija') + Buffer.byteLength('AE÷Sla');
    const bad = Buffer.concat([good.subarray(0, at), Buffer.from([0xff]), good.subarray(at)]);
    const { status, stdout, stderr } = scores(['feed', 'parse', inputFile('bad-utf8.txt', bad), '--json']);
    expect(status).toBe(0);
    expect(stderr).toContain(`1 byte not valid UTF-8, the first at byte ${at}`);
    const out = JSON.parse(stdout);
    expect(out.encoding).toBe('utf-8');
    expect(out.leagues[1].events[0].home).toBe('Sla\udcffvija');
    expect(Buffer.from(feedBytesFromJson(out)).equals(bad)).toBe(true);
    const human = scores(['feed', 'parse', inputFile('bad-utf8.txt', bad)]);
    expect(human.stdout).toContain('Sla\\xffvija 1:1 Sutjeska Foca');
  });

  it('S8-7 control characters are escaped in the text output, never written raw', () => {
    const body =
      'SA÷1¬~ZA÷Bell\u0007 League¬ZC÷abc¬~AA÷x1¬AE÷Home\u001b[31m¬AF÷Away\u001b]0;title\u0007¬AG÷1¬AH÷0¬~A1÷¬~';
    const { status, stdout, stderr } = scores(['feed', 'parse', inputFile('controls.txt', body)]);
    expect(status).toBe(0);
    expect(RAW_CONTROL.test(stdout)).toBe(false);
    expect(RAW_CONTROL.test(stderr)).toBe(false);
    expect(stdout).toContain('Bell\\x07 League [1_abc]: 1 event');
    expect(stdout).toContain('x1  Home\\x1b[31m 1:0 Away\\x1b]0;title\\x07');
    expect(warningLines(stderr)).toEqual([
      `scores feed parse: warning: 4 control characters, the first (\\x07) at byte ${Buffer.byteLength('SA÷1¬~ZA÷Bell')}; the text output shows them escaped`,
    ]);
  });

  it('S8-2 commander usage errors exit 2 with one line; --help lists the exit codes', () => {
    const missing = scores(['feed', 'parse']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe("scores feed parse: missing required argument 'file' (see scores feed parse --help)\n");
    const unknown = scores(['feed', 'parse', realFeedPath(FOOTBALL_TODAY), '--jsn']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("unknown option '--jsn'");
    const help = scores(['feed', 'parse', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Exit codes:');
    expect(help.stdout).toMatch(/2 {2}bad usage .* or not a feed: empty input/);
  });
});
