// The mutation-testing setup (docs/mutants.md): the Stryker config mutates the client's folders with the machine,
// scoreboard, network, replay and fuzz suites, no browser test, and the merge writes the figures bench/results keeps.
import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadStrykerConfig, type MutationReport, summarize, TARGET, TARGET_FOLDERS } from '../../scripts/mutants';

function report(files: Record<string, string[]>): MutationReport {
  return {
    files: Object.fromEntries(
      Object.entries(files).map(([path, statuses]) => [path, { mutants: statuses.map((status) => ({ status })) }]),
    ),
  };
}

describe('mutation testing setup', () => {
  it('mutates machines/, src/scoreboard/ and src/net/, and the target covers the first two', async () => {
    const config = await loadStrykerConfig();
    expect(config.MUTATED_FOLDERS).toEqual(['machines', 'src/scoreboard', 'src/net']);
    expect(config.default.mutate).toEqual(['machines/**/*.ts', 'src/scoreboard/**/*.ts', 'src/net/**/*.ts']);
    expect(TARGET_FOLDERS).toEqual(['machines', 'src/scoreboard']);
    expect(TARGET).toBe(85);
    expect(config.default.incremental).toBe(true);
    expect(config.passName('src/scoreboard')).toBe('src-scoreboard');
  });

  it('runs the machine, scoreboard, network, replay and fuzz suites, and no Chromium test', async () => {
    const config = await loadStrykerConfig();
    // Patterns are whole folders (`tests/x/**/*.test.ts`) or single files.
    const files = config.TEST_FILES.flatMap((pattern) => {
      const folder = /^(.*)\/\*\*\/\*\.test\.ts$/.exec(pattern)?.[1];
      if (!folder) return existsSync(pattern) ? [pattern] : [];
      return readdirSync(folder, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.test.ts'))
        .map((f) => `${folder}/${f}`);
    });
    for (const folder of ['tests/machines/', 'tests/scoreboard/', 'tests/net/']) {
      expect(files.some((f) => f.startsWith(folder))).toBe(true);
    }
    expect(files).toContain('tests/cli/fuzz.test.ts');
    expect(files.some((f) => f.startsWith('tests/cli/replay-'))).toBe(true);
    expect(files.filter((f) => f.startsWith('tests/e2e/'))).toEqual([]);
    expect(files.filter((f) => f.startsWith('tests/cli/')).length).toBe(
      config.TEST_FILES.filter((p) => p.startsWith('tests/cli/')).length,
    );
  });

  it('merges the passes per file and folder; the score counts killed and timed-out over valid mutants', () => {
    const figures = summarize(
      [
        report({
          'machines/a.ts': ['Killed', 'Killed', 'Survived', 'Timeout', 'Ignored'],
          'machines/feed/b.ts': ['NoCoverage', 'Killed', 'RuntimeError'],
        }),
        report({ 'src/scoreboard/c.ts': ['Killed', 'Survived'] }),
        report({ 'src/net/d.ts': ['Survived', 'Survived'] }),
      ],
      ['machines', 'src/scoreboard', 'src/net'],
      { machines: 120, 'src/scoreboard': null },
      new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
    );
    // Target folders only: detected 4 killed + 1 timeout of 8 valid (2 survived, 1 no coverage).
    expect(figures).toMatchObject({ killed: 4, timeout: 1, survived: 2, noCoverage: 1, ignored: 1, errors: 1 });
    expect(figures.score).toBe(62.5);
    expect(figures.target).toBe(85);
    expect(figures.missingFolders).toEqual([]);
    expect(figures.when).toBe('2026-01-02T03:04:05.000Z');
    expect(figures.byFile['machines/a.ts']).toMatchObject({ killed: 2, survived: 1, timeout: 1, score: 75 });
    expect(figures.byFile['src/net/d.ts'].score).toBe(0);
    expect(figures.byFolder.machines).toMatchObject({ killed: 3, noCoverage: 1, durationSeconds: 120 });
    expect(figures.byFolder['src/scoreboard']).toMatchObject({ score: 50, durationSeconds: null });
    expect(figures.byFolder['src/net']).toMatchObject({ score: 0, survived: 2 });
  });

  it('a folder with only ignored mutants has no score rather than a made-up one', () => {
    const figures = summarize([report({ 'machines/a.ts': ['Ignored'] })], ['machines'], {}, new Date(0));
    expect(figures.score).toBeNull();
    expect(figures.missingFolders).toEqual(['src/scoreboard']);
    expect(figures.byFolder.machines.score).toBeNull();
  });
});
