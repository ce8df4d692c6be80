// `scores fuzz`: fast-check model-based runs (fc.commands + fc.asyncModelRun) of world changes,
// faults and visitor actions through the site's machines. A failure is shrunk, written as a
// scenario under fixtures/regressions/ that `scores replay` accepts, and its replay command printed.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { createWorldBackend } from '../replay/backend';
import type { InjectableBug } from '../replay/bugs';
import { Harness, type VirtualClock } from '../replay/harness';
import { SCENARIO_FORMAT, type Scenario, serializeScenario } from '../replay/scenario';
import type { VisitorLimits } from '../replay/visitor-events';
import { DEFAULT_FEED_PAGE } from '../../src/net/feed-names';
import { FUZZ_SPORTS, FUZZ_START, type FuzzSport, miniWorld } from './mini-world';
import { type CommandKind, type FuzzCommand, type FuzzModel, fuzzCommands } from './model';

export interface FuzzOptions {
  readonly runs?: number;
  readonly seed?: number;
  readonly maxCommands?: number;
  readonly sports?: readonly FuzzSport[];
  /** Where a failing scenario is written. */
  readonly outDir?: string;
  readonly injectBug?: InjectableBug | null;
  readonly stepMs?: number;
  /** Fault-free time at the end of each run. */
  readonly settleMs?: number;
  /** Command kinds left out (e.g. restart while a known restart bug is open). */
  readonly without?: readonly CommandKind[];
}

export interface FuzzResult {
  readonly runs: number;
  readonly passed: boolean;
  readonly seed: number;
  /** The shrunk failing sequence, as command names. */
  readonly counterexample: readonly string[] | null;
  readonly failure: string | null;
  /** The scenario file written for the failure. */
  readonly file: string | null;
  readonly replayCommand: string | null;
}

const FUZZ_STEP_MS = 1_000;
const FUZZ_SETTLE_MS = 230_000;
/** Low enough that a run of stars and team follows reaches them (S9-2's are 500 and 200). */
export const FUZZ_VISITOR_LIMITS: VisitorLimits = { maxGames: 2, maxTeams: 1 };

/** The command kinds left out: without the visitor, its account server has nobody to answer. */
function leftOut(options: FuzzOptions): Set<CommandKind> {
  const without = new Set(options.without ?? []);
  if (without.has('visitor')) without.add('account');
  return without;
}

function newHarness(
  options: FuzzOptions,
  seed: number,
): { harness: Harness; model: FuzzModel; scenario: Omit<Scenario, 'ops'> } {
  const sports = options.sports ?? FUZZ_SPORTS;
  const world = miniWorld(sports);
  const clock: VirtualClock = { time: FUZZ_START };
  const backend = createWorldBackend({
    facts: world.facts,
    page: DEFAULT_FEED_PAGE,
    sports: sports.map((s) => s.id),
    now: () => clock.time,
    start: FUZZ_START,
  });
  const stepMs = options.stepMs ?? FUZZ_STEP_MS;
  const withVisitor = !leftOut(options).has('visitor');
  const harness = new Harness({
    backend,
    clock,
    seed,
    stepMs,
    injectBug: options.injectBug ?? null,
    visitor: withVisitor ? { limits: FUZZ_VISITOR_LIMITS } : null,
  });
  const model: FuzzModel = {
    matches: world.matches.map((match) => ({ match, phase: 'scheduled', period: 0, paused: false, home: 0, away: 0 })),
  };
  const scenario: Omit<Scenario, 'ops'> = {
    header: {
      format: SCENARIO_FORMAT,
      version: 1 as const,
      seed,
      start: FUZZ_START,
      sports: sports.map((s) => s.id),
      timezoneHour: DEFAULT_FEED_PAGE.timezoneHour,
      stepMs,
      ...(options.injectBug ? { injectedBug: options.injectBug } : {}),
      ...(withVisitor ? { visitorLimits: FUZZ_VISITOR_LIMITS } : {}),
    },
    facts: world.facts,
  };
  return { harness, model, scenario };
}

/** Runs commands and the final check; throws on the first broken invariant. Returns the harness. */
async function runSequence(options: FuzzOptions, seed: number, commands: Iterable<FuzzCommand>) {
  const { harness, model, scenario } = newHarness(options, seed);
  try {
    await harness.start();
    let failure: unknown = null;
    try {
      await fc.asyncModelRun(() => ({ model, real: harness }), commands);
      await harness.settle(options.settleMs ?? FUZZ_SETTLE_MS);
      harness.checkFinal();
      const first = harness.violations[0];
      if (first) throw new Error(`${first.check}: ${first.message}`);
    } catch (error) {
      failure = error;
    }
    return { harness, scenario, failure };
  } finally {
    harness.stop();
  }
}

export async function runFuzz(options: FuzzOptions = {}): Promise<FuzzResult> {
  const seed = options.seed ?? Date.now() % 2 ** 31;
  const runs = options.runs ?? 100;
  const sports = options.sports ?? FUZZ_SPORTS;
  const matchCount = miniWorld(sports).matches.length;
  const arbitrary = fc.commands(
    fuzzCommands(
      sports.map((s) => s.id),
      matchCount,
      leftOut(options),
    ),
    // fast-check's default size keeps sequences to about 10 commands whatever the maximum: ask for the maximum.
    { maxCommands: options.maxCommands ?? 40, size: 'max' },
  );
  const property = fc.asyncProperty(arbitrary, async (commands) => {
    const { failure } = await runSequence(options, seed, commands);
    if (failure) throw failure;
  });
  const details = await fc.check(property, { numRuns: runs, seed });
  if (!details.failed || !details.counterexample) {
    return {
      runs: details.numRuns,
      passed: true,
      seed,
      counterexample: null,
      failure: null,
      file: null,
      replayCommand: null,
    };
  }
  const [commands] = details.counterexample;
  // Commands after the failure, or whose precondition did not hold, never ran: they are not listed.
  const names = [...commands].filter((c) => (c as { hasRan?: boolean }).hasRan !== false).map((c) => String(c));
  // Run the shrunk sequence once more to record the operations it performs.
  const again = await runSequence(options, seed, commands);
  const failure = again.failure instanceof Error ? again.failure.message : String(details.errorInstance ?? 'failed');
  const scenario: Scenario = {
    header: { ...again.scenario.header, failure },
    facts: again.scenario.facts,
    ops: again.harness.ops,
  };
  const dir = options.outDir ?? join('fixtures', 'regressions');
  await mkdir(dir, { recursive: true });
  const file = join(dir, `fuzz-${seed}-${options.injectBug ?? 'machines'}.jsonl`);
  await writeFile(file, serializeScenario(scenario));
  return {
    runs: details.numRuns,
    passed: false,
    seed,
    counterexample: names,
    failure,
    file,
    replayCommand: `npx scores replay ${file}`,
  };
}
