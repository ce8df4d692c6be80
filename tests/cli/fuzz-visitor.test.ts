// `scores fuzz` drives the visitor too: a My Games machine with its limits off (a planted bug, given at the tab's
// seam) is found among random feed, fault and visitor sequences, shrunk to the stars or team follows that pass
// the limit, written as a scenario with its visitor events, and `scores replay` reproduces it from that file.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FUZZ_VISITOR_LIMITS, runFuzz } from '../../cli/fuzz/run-fuzz';
import { loadReplayInput } from '../../cli/replay/input';
import { runReplay } from '../../cli/replay/run';
import { isVisitorOpName } from '../../cli/replay/visitor-events';

describe('scores fuzz with visitor events', () => {
  it('S5-2 S9-2: a My Games machine with its limit off is caught, shrunk to the follows past the limit and replayed', {
    timeout: 300_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fuzz-visitor-'));
    const result = await runFuzz({ runs: 200, seed: 7, injectBug: 'follow-limit-off', outDir: dir });
    expect(result.passed).toBe(false);
    expect(result.failure).toMatch(/^follow-limit: tab \d: My (Games|Teams) holds \d+, over \d+/);
    // The fewest follows that pass a limit of 2 games or 1 team, and nothing else.
    expect(result.counterexample!.length).toBeLessThanOrEqual(FUZZ_VISITOR_LIMITS.maxGames + 1);
    expect(result.counterexample!.every((c) => /^(star|team)\(/.test(c))).toBe(true);
    expect(result.file).toMatch(new RegExp(`^${dir}/fuzz-7-[0-9a-f]{10}\\.jsonl$`));
    expect(readFileSync(result.file!, 'utf8')).toContain('"visitorLimits":{"maxGames":2,"maxTeams":1}');

    const input = await loadReplayInput(result.file!);
    if (typeof input !== 'object' || input.kind !== 'scenario') throw new Error(String(input));
    expect(input.scenario.ops.filter((op) => isVisitorOpName(op.op)).length).toBe(result.counterexample!.length);
    const broken = await runReplay(input);
    expect(broken.report.invariantViolations.map((v) => v.check)).toContain('follow-limit');
    // The same scenario on the site's own machines: the limit holds.
    const fixed = await runReplay(input, { injectBug: null });
    expect(fixed.report.invariantViolations).toEqual([]);
    expect(fixed.report.converged).toBe(true);
  });
});
