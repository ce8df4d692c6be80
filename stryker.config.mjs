// Mutation testing of the client's machines, scoreboard and network code (docs/mutants.md).
// `npm run mutants` (scripts/mutants.ts) runs it once per folder and merges the figures.

/** Folders whose code is mutated; scripts/mutants.ts runs one Stryker pass per folder. */
export const MUTATED_FOLDERS = ['machines', 'src/scoreboard', 'src/net'];

/**
 * The suites that must catch a mutant: the machine, scoreboard and network tests, and the replay and fuzz
 * suites that run in-process. Left out: Chromium tests, tests that spawn `node cli/bin.mjs` (a child process
 * never sees the active mutant, so it only costs time), and the whole-day replays (minutes per run).
 */
export const TEST_FILES = [
  'tests/machines/**/*.test.ts',
  'tests/scoreboard/**/*.test.ts',
  'tests/net/**/*.test.ts',
  'tests/cli/fuzz.test.ts',
  'tests/cli/replay-fixtures.test.ts',
  'tests/cli/replay-visitor.test.ts',
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.config.ts', related: false },
  testFiles: TEST_FILES,
  mutate: MUTATED_FOLDERS.map((folder) => `${folder}/**/*.ts`),
  // Two cores shared with other work.
  concurrency: 2,
  // Each test runs only against the mutants it reached in the dry run.
  coverageAnalysis: 'perTest',
  // Module-level constants would need a fresh module graph per mutant; they are listed as ignored.
  ignoreStatic: true,
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 85, low: 70, break: null },
  timeoutMS: 30_000,
  dryRunTimeoutMinutes: 20,
  // The sandbox sits inside the project, so tsconfig.json needs no rewriting; and TypeScript 7 has no JS API
  // for Stryker's rewriter to call. Naming a file that does not exist turns the rewriter off.
  tsconfigFile: 'no-tsconfig-rewrite.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  ignorePatterns: ['dist', 'data', 'coverage', 'reports', 'bench/results', '.stryker-tmp'],
};
