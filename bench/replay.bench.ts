// Replay speed: a whole generated day, all sports, one site client per sport (feed cycle, feed
// requests, live marker, scoreboard) against the world FeedSource, in simulated seconds per wall
// second (target ≥ 500× real time). Baselines measured in the same run: the same replay with no
// clients (the world folded in the same steps, the provider idle), and folding the facts alone.
// REPLAY_BENCH_SPORTS=1,2 limits the sports for a quick look.
import { runReplay } from '../cli/replay/run';
import { generateDay } from '../sim/generate-day';
import { foldFacts } from '../sim/fold';

const SEED = 7;
const DATE = '2026-09-02';
const STEP_MS = 5_000;
const TARGET_X = 500;

function sportsFromEnv(): number[] | undefined {
  const value = process.env.REPLAY_BENCH_SPORTS;
  return value ? value.split(',').map(Number) : undefined;
}

export default async function replayBench(): Promise<Record<string, unknown>> {
  const sports = sportsFromEnv();
  const facts = generateDay({ seed: SEED, date: DATE, sports });
  const input = { kind: 'facts' as const, facts, header: null };

  let started = performance.now();
  foldFacts(facts);
  const foldWall = (performance.now() - started) / 1000;

  started = performance.now();
  const alone = await runReplay(input, { stepMs: STEP_MS, clients: false });
  const backendWall = (performance.now() - started) / 1000;

  started = performance.now();
  const replay = await runReplay(input, { stepMs: STEP_MS });
  const replayWall = (performance.now() - started) / 1000;

  const simulated = replay.report.simulatedSeconds;
  const speed = simulated / replayWall;
  return {
    day: `${DATE} seed ${SEED}`,
    sports: replay.sports.length,
    facts: facts.length,
    clients: replay.sports.length,
    stepMs: STEP_MS,
    simulatedSeconds: simulated,
    replayWallSeconds: Math.round(replayWall * 10) / 10,
    feedsApplied: replay.report.feedsApplied,
    converged: replay.report.converged,
    invariantViolations: replay.report.invariantViolations.length,
    /** Simulated seconds per wall second, clients included. */
    replaySpeedX: Math.round(speed),
    targetX: TARGET_X,
    meetsTarget: speed >= TARGET_X,
    /** Same steps without clients: how much the clients slow the replay down. */
    backendOnlySpeedX: Math.round(alone.report.simulatedSeconds / backendWall),
    replayVsBackendOnly: Math.round((backendWall / replayWall) * 1000) / 1000,
    /** Folding the whole log at once. */
    foldOnlySpeedX: Math.round(simulated / foldWall),
    replayVsFoldOnly: Math.round((foldWall / replayWall) * 10000) / 10000,
  };
}
