// Model-based fuzzing (DESIGN.md): random world changes, faults and visitor actions through the
// site's machines keep every invariant; a deliberately broken update applier is caught, shrunk to
// a short scenario, and `replay` reproduces the failure from that file.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFuzz, saveScenario } from '../../cli/fuzz/run-fuzz';
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
    // --max-commands is honoured: the median run performs at least half of it.
    expect(result.commandsPerRun.median).toBeGreaterThanOrEqual(15);
    expect(result.commandsPerRun.max).toBeLessThanOrEqual(30);
  });

  it('S4-2 a saved case is named by its seed and content hash: another case never overwrites it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fuzz-save-'));
    const a = await saveScenario(dir, 5, 'case a\n');
    const b = await saveScenario(dir, 5, 'case b\n');
    const again = await saveScenario(dir, 5, 'case a\n');
    expect(a).toMatch(/fuzz-5-[0-9a-f]{10}\.jsonl$/);
    expect(b).not.toBe(a);
    expect(again).toBe(a);
    expect(readdirSync(dir).sort()).toEqual([a, b].map((f) => f.slice(dir.length + 1)).sort());
    expect(readFileSync(a, 'utf8')).toBe('case a\n');
    expect(readFileSync(b, 'utf8')).toBe('case b\n');
  });

  it('S4-2 an update applier that lets an older update overwrite a newer one is caught, shrunk and replayed', {
    timeout: 300_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fuzz-bug-'));
    const result = await runFuzz({ runs: 200, seed: 42, injectBug: 'older-overwrites', outDir: dir });
    expect(result.passed).toBe(false);
    expect(result.failure).toMatch(/^older-never-overwrites|^scores-monotonic/);
    expect(result.counterexample!.length).toBeLessThanOrEqual(10);
    expect(result.file).toMatch(/fuzz-42-[0-9a-f]{10}\.jsonl$/);
    expect(result.replayCommand).toBe(`npx scores replay ${result.file}`);
    const text = readFileSync(result.file!, 'utf8');
    expect(text.split('\n').length).toBeLessThan(40);
    // Its first line says what it caught and how it was found.
    const header = JSON.parse(text.split('\n')[0]!) as { failure: string; found: string };
    expect(header.failure).toBe(result.failure);
    expect(header.found).toBe('scores fuzz --seed 42 --runs 200 --max-commands 40 --inject-bug older-overwrites');

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
});
