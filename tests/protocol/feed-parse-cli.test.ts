// `scores feed parse <file|-> [--json]` on real feeds, through the real CLI entry point.
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BASKETBALL_TODAY, FOOTBALL_TODAY, realFeed, realFeedPath, SUMMARY, TENNIS_TODAY } from './real-feeds';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function scores(args: string[], input?: string): { status: number | null; stdout: string; stderr: string } {
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
    expect(JSON.parse(stdout)).toEqual({
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
    expect(JSON.parse(stdout)).toEqual({ sport: null, rows: 24, rowTypes: { AC: 2, III: 21, MIT: 1 }, leagues: [] });
  });

  it('S7-2 without --json prints a readable summary', () => {
    const { status, stdout } = scores(['feed', 'parse', realFeedPath(TENNIS_TODAY)]);
    expect(status).toBe(0);
    expect(stdout).toContain('ATP - SINGLES: US Open (USA), hard [2_tQZGKy9k]: 5 events');
    expect(stdout).toContain('Zverev A. 3:2 Sonego L.');
  });

  it('S8-2 an unreadable file is a clear error on stderr with exit code 2', () => {
    const { status, stdout, stderr } = scores(['feed', 'parse', resolve(root, 'no-such-feed.txt'), '--json']);
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('cannot read');
    expect(stderr).toContain('no-such-feed.txt');
  });
});
