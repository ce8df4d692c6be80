// The scores commands as a person runs them: `node cli/bin.mjs …`, their JSON shapes, messages on
// stderr and exit codes. The record test records from our own server on 127.0.0.1 (port 0).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createWorldBackend } from '../../cli/replay/backend';
import { loadReplayInput } from '../../cli/replay/input';
import { buildServer } from '../../server/app';
import { parseFactLog } from '../../sim/fact-log';
import { generateDay } from '../../sim/generate-day';
import { createWorldFeedSource } from '../../server/world-feed-source';
import { DEFAULT_FEED_PAGE } from '../../src/net/feed-names';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'scores-cli-'));

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

async function scores(...args: string[]): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run('node', ['cli/bin.mjs', ...args], { maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** Keys the report always has (cli/replay/run.ts returns more; --json prints it whole). */
const REPORT_KEYS = [
  'simulatedSeconds',
  'wallSeconds',
  'feedsApplied',
  'faultsInjected',
  'converged',
  'mismatches',
  'invariantViolations',
];

describe('scores generate and replay', () => {
  const day = join(dir, 'day.jsonl');

  it('S9-3 generate writes a day as a fact log and prints {facts, events, sports}', { timeout: 120_000 }, async () => {
    const out = await scores(
      'generate',
      '--seed',
      '3',
      '--date',
      '2026-05-01',
      '--sports',
      '38,39',
      '--out',
      day,
      '--json',
    );
    expect(out.code).toBe(0);
    const summary = JSON.parse(out.stdout) as Record<string, number>;
    expect(Object.keys(summary)).toEqual(['facts', 'events', 'sports']);
    expect(summary.sports).toBe(2);
    const input = await loadReplayInput(day);
    if (typeof input === 'string' || input.kind !== 'facts') throw new Error('not a fact log');
    expect(input.facts.length).toBe(summary.facts);
    expect(input.facts.filter((f) => f.type === 'MatchScheduled').length).toBe(summary.events);
    // The log is the world's documented stream format (docs/stream-format.md), read back whole.
    const log = parseFactLog(readFileSync(day, 'utf8'));
    expect(log.header).toMatchObject({ format: 'kz-scores-facts', seed: 3, date: '2026-05-01', sports: [38, 39] });
    expect(log.skipped).toBe(0);
    expect(log.facts.length).toBe(summary.facts);
    // Same seed, same day.
    const again = await scores(
      'generate',
      '--seed',
      '3',
      '--date',
      '2026-05-01',
      '--sports',
      '38,39',
      '--out',
      `${day}.2`,
    );
    expect(again.code).toBe(0);
    expect(readFileSync(`${day}.2`, 'utf8')).toBe(readFileSync(day, 'utf8'));
  });

  it('S8-1 replay --json prints the whole report and exits 0 when converged', { timeout: 300_000 }, async () => {
    const out = await scores('replay', day, '--faults', 'drop=0.1,error=0.05', '--json', '--step-ms', '5000');
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    const report = JSON.parse(out.stdout) as Record<string, unknown>;
    expect(Object.keys(report)).toEqual(expect.arrayContaining(REPORT_KEYS));
    expect(report.converged).toBe(true);
    expect(report.invariantViolations).toEqual([]);
    expect(report.faultsInjected as number).toBeGreaterThan(0);
  });

  it('S4-11 replay --trace prints the timeline of one match', { timeout: 300_000 }, async () => {
    const input = await loadReplayInput(day);
    if (typeof input === 'string' || input.kind !== 'facts') throw new Error('not a fact log');
    const started = input.facts.find((f) => f.type === 'MatchScheduled');
    if (started?.type !== 'MatchScheduled') throw new Error('no match');
    const out = await scores(
      'replay',
      day,
      '--trace',
      started.match.id,
      '--step-ms',
      '5000',
      '--sports',
      String(started.match.sportId),
    );
    expect(out.code).toBe(0);
    expect(out.stdout).toContain(`trace ${started.match.id}`);
    expect(out.stdout).toMatch(/full f_\d+_0_5_kk_1 v\d+/);
    expect(out.stdout).toContain('converged to the world');
  });

  it('S8-2 bad input gives a clear message on stderr and a non-zero exit', { timeout: 180_000 }, async () => {
    const missing = await scores('replay', join(dir, 'nope.jsonl'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^scores replay: cannot read/);
    const faults = await scores('replay', day, '--faults', 'drop=2');
    expect(faults.code).toBe(2);
    expect(faults.stderr).toContain('between 0 and 1');
    const unknown = await scores('replay', day, '--faults', 'meteor=0.1');
    expect(unknown.stderr).toContain("unknown fault 'meteor'");
    const date = await scores('generate', '--seed', '1', '--date', '2026-02-30', '--out', join(dir, 'x.jsonl'));
    expect(date.code).toBe(2);
    expect(date.stderr).toContain("no such date '2026-02-30'");
    const sport = await scores('generate', '--seed', '1', '--sports', '20', '--out', join(dir, 'x.jsonl'));
    expect(sport.stderr).toContain('unknown sport id 20');
    const notALog = join(dir, 'garbage.jsonl');
    await run('node', ['-e', `require('fs').writeFileSync(${JSON.stringify(notALog)}, 'hello\\n')`]);
    const garbage = await scores('replay', notALog);
    expect(garbage.code).toBe(2);
    expect(garbage.stderr).toContain(`${notALog}:1: not a fact log, a feed capture, a scenario or a raw feed body`);
  });

  it('S4-2 replay exits 1 when an invariant broke (the broken-applier regression example)', {
    timeout: 60_000,
  }, async () => {
    const out = await scores('replay', 'fixtures/regressions/older-overwrites-example.jsonl', '--json');
    expect(out.code).toBe(1);
    const report = JSON.parse(out.stdout) as { invariantViolations: { check: string }[] };
    expect(report.invariantViolations[0]?.check).toBe('older-never-overwrites');
  });

  it('every command answers --help', { timeout: 120_000 }, async () => {
    for (const command of ['generate', 'replay', 'fuzz', 'record']) {
      const out = await scores(command, '--help');
      expect(out.code).toBe(0);
      expect(out.stdout).toContain(`Usage: scores ${command}`);
    }
  });

  it('S4-2 fuzz --json reports passing runs', { timeout: 120_000 }, async () => {
    const out = await scores('fuzz', '--runs', '3', '--seed', '5', '--max-commands', '12', '--json', '--out-dir', dir);
    expect(out.code).toBe(0);
    const result = JSON.parse(out.stdout) as { passed: boolean; runs: number };
    expect(result.passed).toBe(true);
    expect(result.runs).toBe(3);
  });
});

describe('scores record', () => {
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it('S7-19 S7-23 records full, update and sys feeds with x-fsign, and push messages, as a replayable capture', {
    timeout: 60_000,
  }, async () => {
    const facts = generateDay({ seed: 7, date: '2026-09-02', sports: [4] });
    const firstStart = facts.find((f) => f.type === 'MatchStarted')?.time ?? 0;
    // The world runs 120× faster than the wall clock, from just before the first kick-off.
    const clock = { time: firstStart - 60_000 };
    const backend = createWorldBackend({
      facts,
      page: DEFAULT_FEED_PAGE,
      sports: [4],
      now: () => clock.time,
    });
    const started = Date.now();
    const base = clock.time;
    const timer = setInterval(() => {
      clock.time = base + (Date.now() - started) * 120;
      backend.advanceTo(clock.time);
    }, 50);
    const fsigns: string[] = [];
    const source = createWorldFeedSource(backend.world, { now: () => clock.time });
    const app = await buildServer({
      feedSource: {
        ...source,
        fetch: (request) => {
          fsigns.push(request.headers['x-fsign'] ?? '');
          return source.fetch(request);
        },
      },
      staticDir: null,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    closers.push(async () => {
      clearInterval(timer);
      await app.close();
      source.close();
      backend.close();
    });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const file = join(dir, 'capture.jsonl');
    const out = await scores(
      'record',
      '--url',
      `http://127.0.0.1:${port}`,
      '--sport',
      '4',
      '--seconds',
      '7',
      '--out',
      file,
      '--json',
    );
    expect(out.code).toBe(0);
    const counts = JSON.parse(out.stdout) as { feeds: number; pushes: number };
    expect(counts.feeds).toBeGreaterThanOrEqual(5);
    expect(fsigns.every((s) => s === 'SW9D1eZo')).toBe(true);
    const capture = await loadReplayInput(file);
    if (typeof capture === 'string' || capture.kind !== 'capture') throw new Error('not a capture');
    const names = new Set(capture.capture.feeds.map((f) => f.feed));
    expect(names).toEqual(new Set(['sys_1', 'r_4_1', 'f_4_0_5_kk_1', 'u_4_1']));
    expect(capture.capture.pushes.length).toBe(counts.pushes);
    expect(capture.capture.header.sport).toBe(4);
    const replayed = await scores('replay', file, '--json', '--faults', 'drop=0.1,error=0.05');
    expect(replayed.code).toBe(0);
    expect((JSON.parse(replayed.stdout) as { converged: boolean }).converged).toBe(true);
  });

  it('S8-2 a bad --url or sport is refused with a message', { timeout: 120_000 }, async () => {
    const url = await scores(
      'record',
      '--url',
      'ftp://x',
      '--sport',
      '1',
      '--seconds',
      '1',
      '--out',
      join(dir, 'r.jsonl'),
    );
    expect(url.code).toBe(2);
    expect(url.stderr).toContain('bad --url');
    const sport = await scores(
      'record',
      '--url',
      'http://127.0.0.1:9',
      '--sport',
      '999',
      '--seconds',
      '1',
      '--out',
      join(dir, 'r.jsonl'),
    );
    expect(sport.code).toBe(2);
    expect(sport.stderr).toContain("unknown sport id '999'");
  });
});
