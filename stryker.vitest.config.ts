// The vitest settings of mutation runs (stryker.config.mjs). Stryker stops a mutant's run at its first failing
// test, so quick unit tests go first and the replay and fuzz suites (seconds each) last: most mutants die in
// the first files, and only survivors pay for the whole set. Vitest's own order puts the slowest files first.
// The files share one module graph (the suite passes so), which saves importing the machines anew per file.
import { statSync } from 'node:fs';
import { defineConfig, mergeConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import base from './vitest.config';

/** Replay and fuzz suites run last; the other files go smallest first. */
export function mutationOrder(file: string): [number, number] {
  const slow = /\/tests\/cli\//.test(file) || /\.(property|model)\.test\.ts$/.test(file) ? 1 : 0;
  let size = 0;
  try {
    size = statSync(file).size;
  } catch {
    // a file vitest names but cannot stat keeps size 0
  }
  return [slow, size];
}

class QuickFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => {
      const [sa, za] = mutationOrder(a.moduleId);
      const [sb, zb] = mutationOrder(b.moduleId);
      return sa - sb || za - zb || a.moduleId.localeCompare(b.moduleId);
    });
  }
}

export default mergeConfig(base, defineConfig({ test: { sequence: { sequencer: QuickFirst }, isolate: false } }));
