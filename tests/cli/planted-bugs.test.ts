// The planted bugs of the feed engine (cli/replay/bugs.ts), each a site part with one thing broken by XState's
// `.provide()` or a wrapped store method, never an edited file: `replay` of a generated day, with and without
// faults, and `fuzz` with fixed seeds catch each one, while the unbroken build passes the same runs.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFuzz } from '../../cli/fuzz/run-fuzz';
import { FEED_BUGS, type FeedBug } from '../../cli/replay/bugs';
import { parseFaultSpec } from '../../cli/replay/faults';
import { loadReplayInput } from '../../cli/replay/input';
import { runReplay } from '../../cli/replay/run';

const DAY = 'fixtures/days/day-seed7-2026-09-02-cricket-snooker.jsonl.gz';
const ALL_FAULTS = parseFaultSpec('drop=0.1,error=0.05,dup=0.05,delay=0.1,reorder=0.05,pushloss=0.1,restart=0.01');
const BUGS = Object.keys(FEED_BUGS) as FeedBug[];
/** Bugs whose broken code runs only after a fault: a fault-free day never asks for a repair nor raises A2. */
const AFTER_FAULTS_ONLY: ReadonlySet<FeedBug> = new Set(['refresh-ignored', 'repair-dropped']);

async function replayDay(bug: FeedBug | null, faults: boolean) {
  const input = await loadReplayInput(DAY);
  if (typeof input === 'string') throw new Error(input);
  if (typeof ALL_FAULTS === 'string') throw new Error(ALL_FAULTS);
  const { report } = await runReplay(input, { injectBug: bug, faults: faults ? ALL_FAULTS : {}, seed: 7 });
  return report;
}

const failedChecks = (report: Awaited<ReturnType<typeof replayDay>>) =>
  report.checks.filter((c) => c.failed > 0).map((c) => c.check);

describe('planted feed bugs', () => {
  for (const faults of [false, true]) {
    const mode = faults ? 'with all 7 fault kinds' : 'without faults';
    it(`S4-2 S4-3 S4-11 S9-4 the unbroken build replays the day ${mode} with every check passing`, {
      timeout: 300_000,
    }, async () => {
      const report = await replayDay(null, faults);
      expect(failedChecks(report)).toEqual([]);
      expect(report.converged).toBe(true);
      const evaluated = (check: string) => report.checks.find((c) => c.check === check)?.evaluated ?? 0;
      expect(evaluated('push-latency')).toBeGreaterThan(100);
      expect(evaluated('highlight-ends')).toBeGreaterThan(100);
      if (faults) {
        for (const check of ['poll-latency', 'stale-sync-repairs', 'refresh-reloads'])
          expect(evaluated(check)).toBeGreaterThan(0);
        expect(Object.values(report.faultsByKind).every((n) => n > 0)).toBe(true);
      } else {
        // Why two bugs need faults to show: their code never runs on a fault-free day.
        expect(evaluated('stale-sync-repairs')).toBe(0);
        expect(evaluated('refresh-reloads')).toBe(0);
      }
    });

    for (const bug of BUGS) {
      if (!faults && AFTER_FAULTS_ONLY.has(bug)) continue;
      it(`S4-2 S4-3 S4-11 ${bug}: replay of a generated day ${mode} fails ${FEED_BUGS[bug]}`, {
        timeout: 300_000,
      }, async () => {
        const report = await replayDay(bug, faults);
        expect(failedChecks(report)).toContain(FEED_BUGS[bug]);
        expect(report.converged).toBe(false);
        expect(report.invariantViolations.length).toBeLessThanOrEqual(50);
        expect(report.violationCount).toBe(report.invariantViolations.length + report.violationsLeftOut);
      });
    }
  }

  it('S4-2 S4-3 S4-11 the unbroken build passes the fuzz runs of seed 1', { timeout: 600_000 }, async () => {
    const result = await runFuzz({
      runs: 30,
      seed: 1,
      maxCommands: 40,
      outDir: mkdtempSync(join(tmpdir(), 'planted-')),
    });
    expect(result.failure).toBeNull();
    expect(result.passed).toBe(true);
  });

  for (const bug of BUGS) {
    it(`S4-2 S4-3 S4-11 ${bug}: fuzz with seed 1 finds it, shrunk and saved`, { timeout: 600_000 }, async () => {
      const dir = mkdtempSync(join(tmpdir(), `planted-${bug}-`));
      const result = await runFuzz({ runs: 100, seed: 1, maxCommands: 40, injectBug: bug, outDir: dir });
      expect(result.passed).toBe(false);
      expect(result.failure).toMatch(new RegExp(`^(${FEED_BUGS[bug]}|converges|live-count):`));
      expect(result.counterexample!.length).toBeLessThanOrEqual(8);
      expect(result.file).toMatch(/fuzz-1-[0-9a-f]{10}\.jsonl$/);
      // The saved case fails with the bug and passes without it.
      const input = await loadReplayInput(result.file!);
      if (typeof input === 'string') throw new Error(input);
      const broken = await runReplay(input);
      expect(broken.report.converged).toBe(false);
      const fixed = await runReplay(input, { injectBug: null });
      expect(fixed.report.invariantViolations).toEqual([]);
      expect(fixed.report.converged).toBe(true);
    });
  }
});
