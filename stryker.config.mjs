// Mutation testing of the client's machines, scoreboard and network code (docs/mutants.md).
// `npm run mutants` (scripts/mutants.ts) runs one pass per folder, setting MUTANTS_FOLDER, and merges the
// figures; `npx stryker run` alone mutates every folder in one pass.

/** Folders whose code is mutated. */
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

/** File name stem of one pass's reports: `src/scoreboard` → `src-scoreboard`, every folder → `all`. */
export function passName(folder) {
  return folder ? folder.replaceAll('/', '-') : 'all';
}

const folder = process.env.MUTANTS_FOLDER;
if (folder && !MUTATED_FOLDERS.includes(folder)) {
  throw new Error(`MUTANTS_FOLDER=${folder} is not one of ${MUTATED_FOLDERS.join(', ')}`);
}
const name = passName(folder);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'stryker.vitest.config.ts', related: false },
  testFiles: TEST_FILES,
  mutate: (folder ? [folder] : MUTATED_FOLDERS).map((f) => `${f}/**/*.ts`),
  // Two cores shared with other work.
  concurrency: 2,
  // Each test runs only against the mutants it reached in the dry run.
  coverageAnalysis: 'perTest',
  // Code run while a module loads (machine configs built at import) would need a fresh module graph and the
  // whole suite per mutant; those mutants are counted as ignored, not in the score.
  ignoreStatic: true,
  // Later runs retest only mutants whose code or covering tests changed.
  incremental: true,
  incrementalFile: `reports/mutation/${name}.incremental.json`,
  reporters: ['html', 'json', 'clear-text', 'dots'],
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  thresholds: { high: 85, low: 70, break: null },
  timeoutMS: 10_000,
  dryRunTimeoutMinutes: 20,
  // The sandbox sits inside the project, so tsconfig.json needs no rewriting; and TypeScript 7 has no JS API
  // for Stryker's rewriter to call. Naming a file that does not exist turns the rewriter off.
  tsconfigFile: 'no-tsconfig-rewrite.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  ignorePatterns: ['dist', 'data', 'coverage', 'reports', 'bench/results', '.stryker-tmp'],
};
