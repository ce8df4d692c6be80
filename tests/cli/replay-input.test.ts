// `scores replay` and `scores capture wrap` as a person runs them (`node cli/bin.mjs …`): honest exit codes (0 ok,
// 1 a check failed, 2 bad usage or bad input), corrupt lines refused with file:line, facts checked against the
// writer's schema, raw real recordings and directories of them replayed, and the trace of one match, dated, in text
// and as JSON lines on stdout.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRawFeeds, loadReplayInput, parseReplayInput } from '../../cli/replay/input';
import { factLogHeader, serializeFactLog } from '../../sim/fact-log';
import { factProblem } from '../../sim/fact-schema';
import type { Fact } from '../../sim/facts';
import { generateDay } from '../../sim/generate-day';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'scores-input-'));
const REAL = 'fixtures/real-feeds';
const FOOTBALL_TODAY = join(REAL, 'EliasMumo__prime-sportdata__football_day_today.txt');

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
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** stderr without npm's own chatter. */
function errLines(out: Outcome): string[] {
  return out.stderr.split('\n').filter((l) => l !== '' && !l.startsWith('npm warn'));
}

// A small world: ice hockey (4) on one day, written by the real writer.
const facts: Fact[] = generateDay({ seed: 3, date: '2026-05-01', sports: [4] });
const header = factLogHeader({ seed: 3, date: '2026-05-01', timezoneHour: 5, sports: [4] });
const day = join(dir, 'day.jsonl');
writeFileSync(day, serializeFactLog(header, facts));
const lines = readFileSync(day, 'utf8').trimEnd().split('\n');

function withLine(name: string, lineNumber: number, text: string): string {
  const copy = [...lines];
  copy[lineNumber - 1] = text;
  const file = join(dir, name);
  writeFileSync(file, `${copy.join('\n')}\n`);
  return file;
}

describe('exit codes', () => {
  it('S8-2 an unknown flag, a missing argument and a bad option value exit 2 with one line', async () => {
    const unknown = await scores('replay', day, '--jsn');
    expect(unknown.code).toBe(2);
    expect(errLines(unknown)).toEqual([
      "scores replay: unknown option '--jsn' (Did you mean --json?) (see scores replay --help)",
    ]);
    const missing = await scores('replay');
    expect(missing.code).toBe(2);
    expect(errLines(missing)).toEqual(["scores replay: missing required argument 'file' (see scores replay --help)"]);
    const seed = await scores('replay', day, '--seed', 'abc');
    expect(seed.code).toBe(2);
    expect(errLines(seed)).toEqual(["scores replay: --seed must be an integer, got 'abc'"]);
    const noValue = await scores('fuzz', '--runs');
    expect(noValue.code).toBe(2);
    expect(errLines(noValue)[0]).toMatch(/^scores fuzz: option '--runs <n>' argument missing/);
    const command = await scores('replai', day);
    expect(command.code).toBe(2);
    expect(errLines(command)[0]).toMatch(/^scores: unknown command 'replai'/);
    const wrap = await scores('capture', 'wrap', FOOTBALL_TODAY);
    expect(wrap.code).toBe(2);
    expect(errLines(wrap)[0]).toContain("required option '--out <file>' not specified");
  });
});

describe('corrupt lines and the fact schema', () => {
  it('S8-2 a line that is not JSON stops the replay: file:line: reason, exit 2, nothing run', async () => {
    const file = withLine('torn.jsonl', 40, '{"seq": 39, "time": 17');
    const out = await scores('replay', file, '--json');
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
    expect(errLines(out)).toEqual([`scores replay: ${file}:40: not JSON`]);
  });

  it('S8-2 --skip-bad-lines skips them, tells how many and which, and exits 0', async () => {
    const torn = withLine('torn2.jsonl', 40, 'garbage');
    const copy = readFileSync(torn, 'utf8').split('\n');
    copy[99] = '{"seq": 99, "time": 1, "type": "ScoreChanged", "matchId": "x1", "score": {"homeScore": "2"}}';
    writeFileSync(torn, copy.join('\n'));
    const refused = await scores('replay', torn);
    expect(refused.code).toBe(2);
    expect(errLines(refused)[0]).toMatch(new RegExp(`^scores replay: ${torn}:40: not JSON \\(and 1 more bad line`));
    const out = await scores('replay', torn, '--skip-bad-lines', '--json', '--step-ms', '10000');
    expect(out.code).toBe(0);
    expect(errLines(out)).toEqual([
      `scores replay: skipped 2 bad line(s) in ${torn}: 40, 100 (first: line 40: not JSON)`,
    ]);
    expect((JSON.parse(out.stdout) as { converged: boolean }).converged).toBe(true);
  }, 180_000);

  it('S8-2 a fact with a wrong-typed value is refused with its line number', async () => {
    const index = lines.findIndex((l) => l.includes('"type":"ScoreChanged"'));
    const fact = JSON.parse(lines[index]!) as Record<string, unknown>;
    const bad = JSON.stringify({ ...fact, score: { homeScore: 'two' } });
    const file = withLine('wrong-type.jsonl', index + 1, bad);
    const out = await scores('replay', file);
    expect(out.code).toBe(2);
    expect(errLines(out)).toEqual([
      `scores replay: ${file}:${index + 1}: ScoreChanged.score.homeScore must be number, got "two"`,
    ]);
    // The same schema, in memory: every reader and the writer share it.
    expect(factProblem(fact)).toBeNull();
    expect(factProblem({ ...fact, matchId: 7 })).toBe('ScoreChanged.matchId must be string, got 7');
    expect(factProblem({ ...fact, type: 'Goal' })).toBe('unknown fact type "Goal"');
    expect(factProblem({ ...fact, score: { homeScroe: 1 } })).toBe('ScoreChanged.score.homeScroe is not a field here');
    const badLines: number[] = [];
    parseReplayInput(readFileSync(file, 'utf8'), (line) => badLines.push(line));
    expect(badLines).toEqual([index + 1]);
  });

  it('S8-2 the writer refuses a fact the schema refuses, so every log it writes reads back', () => {
    const scheduled = facts.find((f) => f.type === 'MatchScheduled')!;
    const broken = { ...scheduled, match: { ...scheduled.match, fields: { stageType: '1' } } } as unknown as Fact;
    expect(() => serializeFactLog(header, [broken])).toThrow(
      `fact ${scheduled.seq} cannot be written: MatchScheduled.match.fields.stageType must be number, got "1"`,
    );
    for (const fact of facts) expect(factProblem(fact)).toBeNull();
  });
});

describe('raw real recordings', () => {
  const rawDir = join(dir, 'football-days');
  beforeAll(() => {
    mkdirSync(rawDir);
    for (const when of ['yesterday', 'today', 'tomorrow']) {
      const name = `EliasMumo__prime-sportdata__football_day_${when}.txt`;
      copyFileSync(join(REAL, name), join(rawDir, name));
    }
    const summary = 'EliasMumo__prime-sportdata__summary_df_su_1_O6KrS6uP.txt';
    copyFileSync(join(REAL, summary), join(rawDir, summary));
  });

  it('S4-6 S4-8 a raw day list replays through the machines and converges', async () => {
    const out = await scores('replay', FOOTBALL_TODAY);
    expect(out.code).toBe(0);
    expect(errLines(out)).toEqual([]);
    expect(out.stdout).toContain(`${FOOTBALL_TODAY}: capture, 1 sport(s), 4 event(s) shown at the end`);
    expect(out.stdout).toContain('converged to the world, every check passed');
  }, 60_000);

  it('S4-8 a directory of raw feeds replays as one day: its lists by day offset, a detail body skipped', async () => {
    const input = await loadRawFeeds([rawDir]);
    if (typeof input === 'string' || input.kind !== 'capture') throw new Error(String(input));
    expect(input.capture.feeds.map((f) => f.feed).sort()).toEqual(['f_1_-1_5_kk_1', 'f_1_0_5_kk_1', 'f_1_1_5_kk_1']);
    expect(input.capture.header.sport).toBe(1);
    // The yesterday list is the one with the yesterday file's body.
    const yesterday = input.capture.feeds.find((f) => f.feed === 'f_1_-1_5_kk_1')!;
    expect(yesterday.body).toBe(
      readFileSync(join(REAL, 'EliasMumo__prime-sportdata__football_day_yesterday.txt'), 'utf8'),
    );
    const out = await scores('replay', rawDir, '--json', '--faults', 'drop=0.1,error=0.1');
    expect(out.code).toBe(0);
    expect(errLines(out)).toEqual([
      `scores replay: skipped ${join(rawDir, 'EliasMumo__prime-sportdata__summary_df_su_1_O6KrS6uP.txt')}: a summary body is not part of a day's lists`,
    ]);
    const report = JSON.parse(out.stdout) as { converged: boolean; feedsApplied: number };
    expect(report.converged).toBe(true);
    expect(report.feedsApplied).toBeGreaterThan(0);
  }, 60_000);

  it('S8-2 a body that is not a feed, or one no day list reads, is refused with exit 2', async () => {
    const notFeed = join(dir, 'notes.txt');
    writeFileSync(notFeed, 'just words\n');
    const out = await scores('replay', notFeed);
    expect(out.code).toBe(2);
    expect(errLines(out)).toEqual([
      `scores replay: ${notFeed}:1: not a fact log, a feed capture, a scenario or a raw feed body (its first line is none of them)`,
    ]);
    const summary = await scores('replay', join(REAL, 'EliasMumo__prime-sportdata__summary_df_su_1_O6KrS6uP.txt'));
    expect(summary.code).toBe(2);
    expect(errLines(summary).at(-1)).toContain('no day list, update, repair, odds or sys feed body among 1 file(s)');
    const mixed = await scores('capture', 'wrap', REAL, '--out', join(dir, 'mixed.jsonl'));
    expect(mixed.code).toBe(2);
    expect(errLines(mixed).at(-1)).toMatch(/feeds of sports .*: a capture follows one sport/);
  }, 60_000);

  it('S4-8 capture wrap writes the capture replay builds in memory, and it replays the same', async () => {
    const file = join(dir, 'wrapped.jsonl');
    const out = await scores('capture', 'wrap', rawDir, '--out', file, '--json');
    expect(out.code).toBe(0);
    const summary = JSON.parse(out.stdout) as { feeds: number; sport: number; skipped: { kind: string }[] };
    expect(summary).toMatchObject({ feeds: 3, sport: 1, skipped: [{ kind: 'summary' }] });
    const wrapped = await loadReplayInput(file);
    const direct = await loadRawFeeds([rawDir]);
    if (typeof wrapped === 'string' || typeof direct === 'string') throw new Error('not replayable');
    expect(wrapped).toEqual({ ...direct, visitor: [] });
    const fromFile = await scores('replay', file, '--json', '--seed', '4', '--faults', 'drop=0.2');
    const fromDir = await scores('replay', rawDir, '--json', '--seed', '4', '--faults', 'drop=0.2');
    const strip = (text: string) => ({ ...(JSON.parse(text) as Record<string, unknown>), wallSeconds: 0 });
    expect(strip(fromFile.stdout)).toEqual(strip(fromDir.stdout));
  }, 90_000);
});

describe('the trace of one match', () => {
  const live = facts.find((f) => f.type === 'MatchStarted');
  if (live?.type !== 'MatchStarted') throw new Error('no match started');
  const id = live.matchId;
  const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

  it('S4-11 text: dated lines with world and feed versions, states, faults, clock and score', async () => {
    const out = await scores('replay', day, '--trace', id, '--faults', 'drop=0.1,error=0.1', '--seed', '2');
    expect(out.code).toBe(0);
    const trace = out.stdout
      .slice(out.stdout.indexOf(`trace ${id}`))
      .split('\n')
      .slice(1)
      .filter(Boolean);
    expect(trace.length).toBeGreaterThan(5);
    for (const line of trace) expect(line.trim().split(/\s+/)[0]).toMatch(ISO);
    const first = trace[0]!;
    expect(first).toMatch(/world v\d+ {2}full f_4_0_5_kk_1 v\d+ {2}\[/);
    expect(first).toContain('{feedCycle: ');
    expect(first).toContain('push: ');
    expect(trace.some((l) => /world v\d+ {2}fault (drop|error) on u_4_1$/.test(l))).toBe(true);
    // A goal: the clock as the page shows it and the score after it.
    expect(trace.some((l) => /\[[^\]|]+ \| \d+:\d+\] {2}.*(homeScore|awayScore)/.test(l))).toBe(true);
  }, 180_000);

  it('S4-11 --json: the whole report, then the trace as JSON lines, all on stdout', async () => {
    const out = await scores('replay', day, '--json', '--trace', id, '--faults', 'drop=0.1,error=0.1', '--seed', '2');
    expect(out.code).toBe(0);
    expect(errLines(out)).toEqual([]);
    const [reportLine, ...traceLines] = out.stdout.trimEnd().split('\n');
    const report = JSON.parse(reportLine!) as Record<string, unknown>;
    expect(report).toHaveProperty('checks');
    expect(report).toHaveProperty('faultsByKind');
    const entries = traceLines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries.length).toBeGreaterThan(5);
    for (const entry of entries) {
      expect(entry.trace).toBe(id);
      expect(entry.date).toMatch(ISO);
      expect(new Date(entry.date as string).getTime()).toBe(entry.time);
      expect(typeof entry.worldVersion).toBe('number');
    }
    const changes = entries.filter((e) => e.fault === undefined);
    expect(changes[0]).toMatchObject({ feed: 'full f_4_0_5_kk_1', sport: 4 });
    expect(typeof changes[0]!.feedVersion).toBe('number');
    expect(changes[0]!.states).toMatch(/^feedCycle: .* · push: /);
    expect(changes.some((e) => typeof e.score === 'string' && /^\d+:\d+$/.test(e.score))).toBe(true);
    const faults = entries.filter((e) => e.fault !== undefined);
    expect(faults.length).toBeGreaterThan(0);
    for (const fault of faults) expect(['drop', 'error']).toContain(fault.fault);
    // World versions never go back along the timeline.
    const versions = entries.map((e) => e.worldVersion as number);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
  }, 180_000);
});
