// Every saved case under fixtures/regressions/ replays on the current build with no check failing. Its first
// line says what it once caught; a case found against a planted bug still fails with that bug.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadReplayInput } from '../../cli/replay/input';
import { runReplay } from '../../cli/replay/run';

const DIR = 'fixtures/regressions';
const files = readdirSync(DIR).filter((f) => f.endsWith('.jsonl'));

describe('saved regressions', () => {
  it('S4-2 the folder holds cases', () => {
    expect(files.length).toBeGreaterThanOrEqual(3);
  });

  for (const file of files) {
    it(`S4-2 S4-3 S8-1 ${file} passes on the current build`, { timeout: 120_000 }, async () => {
      const header = JSON.parse(readFileSync(join(DIR, file), 'utf8').split('\n')[0] ?? '{}') as {
        failure?: unknown;
        injectedBug?: string;
      };
      // The first line documents what the case once caught: "<check>: <message>".
      expect(typeof header.failure).toBe('string');
      const check = String(header.failure).split(':')[0];
      const input = await loadReplayInput(join(DIR, file));
      if (typeof input === 'string') throw new Error(input);
      const { report } = await runReplay(input, { injectBug: null });
      expect(report.invariantViolations).toEqual([]);
      expect(report.converged).toBe(true);
      expect(report.checks.find((c) => c.check === check)?.evaluated).toBeGreaterThan(0);
      if (header.injectedBug) {
        const broken = await runReplay(input);
        expect(broken.report.invariantViolations.map((v) => v.check)).toContain(check);
        expect(broken.report.converged).toBe(false);
      }
    });
  }
});
