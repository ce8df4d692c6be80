// Model-based fuzzing (DESIGN.md): random world changes, faults and visitor actions through the
// site's machines keep every invariant; a deliberately broken update applier is caught, shrunk to
// a short scenario, and `replay` reproduces the failure from that file.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFuzz } from '../../cli/fuzz/run-fuzz';
import { loadReplayInput } from '../../cli/replay/input';
import { runReplay } from '../../cli/replay/run';

describe('scores fuzz', () => {
  it('S4-2 S4-10 S8-1 S9-1 random feed, fault and visitor sequences keep every invariant', {
    timeout: 300_000,
  }, async () => {
    const result = await runFuzz({
      runs: 12,
      seed: 20260902,
      maxCommands: 30,
      outDir: mkdtempSync(join(tmpdir(), 'fuzz-')),
    });
    expect(result.failure).toBeNull();
    expect(result.passed).toBe(true);
    expect(result.runs).toBe(12);
  });

  it('S4-2 an update applier that lets an older update overwrite a newer one is caught, shrunk and replayed', {
    timeout: 300_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fuzz-bug-'));
    const result = await runFuzz({ runs: 200, seed: 42, injectBug: 'older-overwrites', outDir: dir });
    expect(result.passed).toBe(false);
    expect(result.failure).toMatch(/^older-never-overwrites|^scores-monotonic/);
    expect(result.counterexample!.length).toBeLessThanOrEqual(10);
    expect(result.file).not.toBeNull();
    expect(result.replayCommand).toBe(`npx scores replay ${result.file}`);
    const text = readFileSync(result.file!, 'utf8');
    expect(text.split('\n').length).toBeLessThan(40);

    const input = await loadReplayInput(result.file!);
    if (typeof input === 'string') throw new Error(input);
    expect(input.kind).toBe('scenario');
    // The file names the broken machine: replay runs it and sees the same failure.
    const broken = await runReplay(input);
    expect(broken.report.invariantViolations.map((v) => v.check)).toContain('older-never-overwrites');
    // The same scenario against the real machines passes.
    const fixed = await runReplay(input, { injectBug: null });
    expect(fixed.report.invariantViolations).toEqual([]);
    expect(fixed.report.converged).toBe(true);
  });

  it('S4-2 the committed regression example still fails only with the broken applier', async () => {
    const input = await loadReplayInput('fixtures/regressions/older-overwrites-example.jsonl');
    if (typeof input === 'string') throw new Error(input);
    const broken = await runReplay(input);
    expect(broken.report.invariantViolations.some((v) => v.check === 'older-never-overwrites')).toBe(true);
    const fixed = await runReplay(input, { injectBug: null });
    expect(fixed.report.invariantViolations).toEqual([]);
    expect(fixed.report.converged).toBe(true);
  });

  // Found by `scores fuzz --seed 1`: a server restart, then a kick-off before the client's next poll.
  // The poll's unknown signature is answered with A2 and the current signature. Day lists now carry
  // the server's A2 too, so the client knows the old refresh time and reloads instead of skipping.
  it('S7-19 S4-2 a kick-off right after a server restart reaches the client', async () => {
    const input = await loadReplayInput('fixtures/regressions/restart-then-kickoff-lost.jsonl');
    if (typeof input === 'string') throw new Error(input);
    const { report } = await runReplay(input);
    expect(report.invariantViolations).toEqual([]);
    expect(report.converged).toBe(true);
  });
});
