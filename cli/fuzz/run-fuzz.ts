// `scores fuzz`: fast-check model-based runs (fc.commands + fc.asyncModelRun) of world changes,
// faults and visitor actions through the site's machines. A failure is shrunk, written as a
// scenario under fixtures/regressions/ that `scores replay` accepts (named by the seed and a hash of its content,
// so a rerun never overwrites another case), and its replay command printed.
import { createHash } from 'node:crypto';
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
import {
  type CommandKind,
  type FuzzCommand,
  type FuzzModel,
  fuzzCommands,
  raceActions,
  simplerCommands,
} from './model';

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
  /** Commands each run performed: the median and the longest (before a failure stopped a run). */
  readonly commandsPerRun: { readonly median: number; readonly max: number };
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

/** Runs commands and the final check; the first broken invariant is the failure. */
async function runSequence(
  options: FuzzOptions,
  seed: number,
  commands: Iterable<FuzzCommand>,
  scheduler?: fc.Scheduler,
) {
  const { harness, model, scenario } = newHarness(options, seed);
  model.scheduler = scheduler;
  try {
    await harness.start();
    let failure: unknown = null;
    // The commands that ran (a command whose precondition fails is skipped; none runs after a failure).
    const executed: FuzzCommand[] = [];
    const counted = (function* (): Generator<FuzzCommand> {
      for (const command of commands) {
        yield {
          check: (m) => command.check(m),
          run: (m, r) => {
            executed.push(command);
            return command.run(m, r);
          },
          toString: () => command.toString(),
        };
      }
    })();
    try {
      await fc.asyncModelRun(() => ({ model, real: harness }), counted);
      await harness.settle(options.settleMs ?? FUZZ_SETTLE_MS);
      harness.checkFinal();
      const first = harness.violations[0];
      if (first) throw new Error(`${first.check}: ${first.message}`);
    } catch (error) {
      failure = error;
    }
    return { harness, scenario, failure, executed };
  } finally {
    harness.stop();
  }
}

/** The check a failure names ("check: message"). */
function checkOf(failure: unknown): string {
  const text = failure instanceof Error ? failure.message : String(failure);
  return text.slice(0, text.indexOf(':'));
}

/** Reruns the search may spend removing commands from a failing sequence. */
const MINIMIZE_BUDGET = 80;

/**
 * Removes commands one at a time, last first, keeping each removal after which the same check still fails, tries
 * each race as its actions one after the other, then less time for each wait: fast-check stops at the first
 * failure, this shortens it.
 */
async function minimize(options: FuzzOptions, seed: number, failing: readonly FuzzCommand[], check: string) {
  let current = [...failing];
  let budget = MINIMIZE_BUDGET;
  const stillFails = async (candidate: FuzzCommand[]) => {
    budget--;
    const { failure, executed } = await runSequence(options, seed, candidate);
    return failure && checkOf(failure) === check ? executed : null;
  };
  const removeEach = async () => {
    for (let i = current.length - 1; i >= 0 && budget > 0; i--) {
      if (i >= current.length) continue;
      const kept = await stillFails(current.filter((_, j) => j !== i));
      if (kept) current = kept;
    }
  };
  await removeEach();
  let split = false;
  for (let i = current.length - 1; i >= 0 && budget > 0; i--) {
    const actions = current[i] ? raceActions(current[i]!) : null;
    if (!actions) continue;
    const kept = await stillFails([...current.slice(0, i), ...actions, ...current.slice(i + 1)]);
    if (kept) {
      current = kept;
      split = true;
    }
  }
  if (split) await removeEach();
  for (let i = 0; i < current.length && budget > 0; i++) {
    for (const simpler of simplerCommands(current[i]!)) {
      const kept = await stillFails([...current.slice(0, i), simpler, ...current.slice(i + 1)]);
      if (kept) {
        current = kept;
        break;
      }
    }
  }
  return current;
}

export async function runFuzz(options: FuzzOptions = {}): Promise<FuzzResult> {
  const seed = options.seed ?? Date.now() % 2 ** 31;
  const runs = options.runs ?? 100;
  const sports = options.sports ?? FUZZ_SPORTS;
  const maxCommands = options.maxCommands ?? 40;
  const matchCount = miniWorld(sports).matches.length;
  const commands = fuzzCommands(
    sports.map((s) => s.id),
    matchCount,
    leftOut(options),
  );
  // Each run is at least half of --max-commands long (fc.commands draws lengths from 0 up, so half its runs
  // were shorter); a failure is shortened again by minimize().
  const arbitrary = fc.array(fc.oneof(...commands), {
    minLength: Math.ceil(maxCommands / 2),
    maxLength: maxCommands,
    size: 'max',
  });
  const lengths: number[] = [];
  let shrinking = false;
  const property = fc.asyncProperty(arbitrary, fc.scheduler(), async (sequence, scheduler) => {
    const { failure, executed } = await runSequence(options, seed, sequence, scheduler);
    // Runs while shrinking are not runs of the search: they are left out of the lengths.
    if (!shrinking) lengths.push(executed.length);
    if (failure) {
      shrinking = true;
      throw failure;
    }
  });
  // fast-check stops at the first failure: minimize() shortens it (shrinking runs of 20–40 commands took minutes).
  const details = await fc.check(property, { numRuns: runs, seed, endOnFailure: true });
  const commandsPerRun = { median: median(lengths), max: Math.max(0, ...lengths) };
  if (!details.failed || !details.counterexample) {
    return {
      runs: details.numRuns,
      passed: true,
      seed,
      commandsPerRun,
      counterexample: null,
      failure: null,
      file: null,
      replayCommand: null,
    };
  }
  const [shrunk] = details.counterexample;
  const first = await runSequence(options, seed, shrunk);
  const short = await minimize(options, seed, first.executed, checkOf(first.failure ?? details.errorInstance));
  // Run the shortest sequence once more to record the operations it performs.
  const again = await runSequence(options, seed, short);
  const failure = again.failure instanceof Error ? again.failure.message : String(details.errorInstance ?? 'failed');
  const found = [
    `scores fuzz --seed ${seed} --runs ${runs} --max-commands ${maxCommands}`,
    ...(options.injectBug ? [`--inject-bug ${options.injectBug}`] : []),
    ...(options.without?.length ? [`--without ${options.without.join(',')}`] : []),
  ].join(' ');
  const scenario: Scenario = {
    header: { ...again.scenario.header, failure, found },
    facts: again.scenario.facts,
    ops: again.harness.ops,
  };
  const dir = options.outDir ?? join('fixtures', 'regressions');
  const file = await saveScenario(dir, seed, serializeScenario(scenario));
  return {
    runs: details.numRuns,
    passed: false,
    seed,
    commandsPerRun,
    counterexample: again.executed.map((c) => String(c)),
    failure,
    file,
    replayCommand: `npx scores replay ${file}`,
  };
}

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Writes a failing scenario as `fuzz-<seed>-<hash>.jsonl`, the hash of its content: another case never
 * overwrites it, and the same case found again is the same file.
 */
export async function saveScenario(dir: string, seed: number, text: string): Promise<string> {
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 10);
  const file = join(dir, `fuzz-${seed}-${hash}.jsonl`);
  await mkdir(dir, { recursive: true });
  try {
    await writeFile(file, text, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return file;
}
