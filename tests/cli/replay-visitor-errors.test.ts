// Visitor events that cannot be what the stream meant stop `scores replay` with one clear line on stderr and
// exit code 2 (bad input), before anything runs: a scenario's operations, a fact log's timed events, a header.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { FUZZ_START, miniWorld } from '../../cli/fuzz/mini-world';
import { parseReplayInput } from '../../cli/replay/input';
import { SCENARIO_FORMAT } from '../../cli/replay/scenario';
import { factLogHeader, serializeFactLog } from '../../sim/fact-log';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'replay-visitor-errors-'));

async function replay(file: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('node', ['cli/bin.mjs', 'replay', file]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

const HEADER = { format: SCENARIO_FORMAT, version: 1, seed: 1, start: FUZZ_START, sports: [1, 4] };
const FACTS = miniWorld().facts.map((fact) => JSON.stringify(fact));

/** A scenario whose line after the header and the 14 facts is `op` (line 16). */
function scenarioText(op: unknown, header: object = HEADER): string {
  return [JSON.stringify(header), ...FACTS, JSON.stringify({ op: 'advance', ms: 1000 }), JSON.stringify(op)].join('\n');
}

describe('scores replay: bad visitor events', () => {
  const cases: [string, unknown, string][] = [
    [
      'S3-59',
      { op: 'star', sport: 1, eventId: 'abc' },
      'line 17: star: eventId must be 8-16 letters and digits (S3-59), got "abc"',
    ],
    ['S3-59', { op: 'unstar', eventId: 'Fz1m0001' }, 'line 17: unstar: sport must be a sport id, got undefined'],
    [
      'S4-31',
      { op: 'star', tab: 3, sport: 1, eventId: 'Fz1m0001' },
      'line 17: star: tab must be 1 or 2 (the second tab), got 3',
    ],
    [
      'S4-30',
      { op: 'group', sport: 1, eventId: 'Fz1m0001', group: 'a b', member: true },
      'line 17: group: group must be a group key (letters, digits, _ and -), got "a b"',
    ],
    [
      'S4-30',
      { op: 'group', sport: 1, eventId: 'Fz1m0001', group: 'a' },
      'line 17: group: member must be true (join) or false (leave)',
    ],
    [
      'S9-2',
      { op: 'followTeam', sport: 1, participantId: '' },
      'line 17: followTeam: participantId must be a non-empty string',
    ],
    [
      'S3-60',
      { op: 'pin', labelKey: 'fzt1' },
      'line 17: pin: labelKey must be {sportId}_{templateKey} (S3-60), got "fzt1"',
    ],
    ['S4-31', { op: 'secondTab', open: 'yes' }, 'line 17: secondTab: open must be true or false'],
    [
      'S4-40',
      { op: 'notificationPermission', permission: 'always' },
      'line 17: notificationPermission: permission must be granted, denied or default, got "always"',
    ],
    ['S4-35', { op: 'account', fail: 1 }, 'line 17: account: fail must be true or false'],
    [
      'S4-35',
      { op: 'account', fail: true, delayMs: -5 },
      'line 17: account: delayMs must be an integer from 0 to 600000',
    ],
  ];
  for (const [ids, op, message] of cases) {
    it(`${ids}: ${JSON.stringify(op)} is refused: ${message}`, () => {
      expect(parseReplayInput(scenarioText(op))).toBe(message);
    });
  }

  it('S9-2: a scenario header with bad visitor limits is refused', () => {
    const header = { ...HEADER, visitorLimits: { maxGames: 0, maxTeams: 2 } };
    expect(parseReplayInput(scenarioText({ op: 'login' }, header))).toBe(
      'line 1: visitorLimits needs maxGames and maxTeams, positive integers',
    );
  });

  it('S3-59: the command prints the reason on one line and exits with code 2, running nothing', async () => {
    const file = join(dir, 'bad-star.jsonl');
    writeFileSync(file, `${scenarioText({ op: 'star', sport: 1, eventId: 'abc' })}\n`);
    const out = await replay(file);
    expect(out.code).toBe(2);
    expect(
      out.stderr
        .trim()
        .split('\n')
        .filter((l) => !l.startsWith('npm warn')),
    ).toEqual([`scores replay: ${file}:17: star: eventId must be 8-16 letters and digits (S3-59), got "abc"`]);
    expect(out.stdout).toBe('');
  });

  it('S4-32: a visitor event in a fact log without its time exits with code 2', async () => {
    const header = factLogHeader({ seed: 1, date: '2026-09-02', timezoneHour: 5, sports: [1, 4] });
    const text = `${serializeFactLog(header, miniWorld().facts)}${JSON.stringify({ op: 'login' })}\n`;
    expect(parseReplayInput(text)).toBe('line 16: login: a visitor event in a timed stream needs time (epoch ms)');
    const file = join(dir, 'untimed-login.jsonl');
    writeFileSync(file, text);
    const out = await replay(file);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain(
      `scores replay: ${file}:16: login: a visitor event in a timed stream needs time (epoch ms)`,
    );
  });
});
