// runReplay: a fact log, capture or scenario through the provider and one client per sport, to a
// report. The `scores replay` command, the fuzzer, the tests and the benchmark all call it.
import { DEFAULT_FEED_PAGE } from '../../src/net/feed-names';
import { type Backend, createCaptureBackend, createWorldBackend, sportsOfFacts } from './backend';
import type { InjectableBug } from './bugs';
import type { FaultRates } from './faults';
import { widenYoungGeneration } from './heap';
import { Harness, localMidnight, type ReplayReport, SETTLE_MS, type VirtualClock } from './harness';
import type { ReplayInput } from './input';
import type { PushDrop } from './push-drops';
import type { SiteTraceEntry } from './site-trace';
import type { TraceEntry } from './trace';
import { isVisitorOpName } from './visitor-events';

export interface RunReplayOptions {
  /** Sports that get a client; null or undefined for all of the input's. */
  readonly sports?: readonly number[] | null;
  readonly faults?: FaultRates;
  readonly seed?: number;
  readonly stepMs?: number;
  readonly checkEveryMs?: number;
  readonly traceId?: string;
  /** False: the backend alone, no clients (benchmark baseline). */
  readonly clients?: boolean;
  /** A deliberately broken machine (harness self-test); a scenario's own injectedBug applies otherwise. */
  readonly injectBug?: InjectableBug | null;
  readonly settleMs?: number;
  /** Runs the site's root actor tree with this match's page open (its clock, match detail and push). */
  readonly match?: string | null;
  /** Drops the site's push socket at these times (runs the site even without a match). */
  readonly pushDrops?: readonly PushDrop[];
}

export interface ReplayResult {
  readonly report: ReplayReport;
  readonly trace: readonly TraceEntry[];
  /**
   * What the site's clock, match detail and push connection did, and the visitor's tabs (empty unless a match,
   * drops or visitor events were asked for).
   */
  readonly siteTrace: readonly SiteTraceEntry[];
  /** Visitor events the input carried. */
  readonly visitorEvents: number;
  readonly kind: ReplayInput['kind'];
  readonly sports: readonly number[];
  /** Events each client showed at the end, by sport. */
  readonly eventsShown: Readonly<Record<number, number>>;
}

function pickSports(available: readonly number[], wanted: readonly number[] | null | undefined): number[] {
  if (!wanted) return [...available];
  const set = new Set(wanted);
  return available.filter((s) => set.has(s));
}

export async function runReplay(input: ReplayInput, options: RunReplayOptions = {}): Promise<ReplayResult> {
  widenYoungGeneration();
  const clock: VirtualClock = { time: 0 };
  const now = () => clock.time;
  let backend: Backend;
  let seed = options.seed ?? 1;
  let stepMs = options.stepMs;
  let bug = options.injectBug ?? null;
  switch (input.kind) {
    case 'facts': {
      const tz = input.header?.timezoneHour ?? DEFAULT_FEED_PAGE.timezoneHour;
      const sports = pickSports(sportsOfFacts(input.facts), options.sports);
      backend = createWorldBackend({
        facts: input.facts,
        page: { ...DEFAULT_FEED_PAGE, timezoneHour: tz },
        sports,
        now,
      });
      break;
    }
    case 'scenario': {
      const { header } = input.scenario;
      seed = options.seed ?? header.seed;
      stepMs ??= header.stepMs;
      bug = options.injectBug === undefined ? (header.injectedBug ?? null) : options.injectBug;
      backend = createWorldBackend({
        facts: input.scenario.facts,
        page: { ...DEFAULT_FEED_PAGE, timezoneHour: header.timezoneHour ?? DEFAULT_FEED_PAGE.timezoneHour },
        sports: pickSports(header.sports, options.sports),
        now,
        start: header.start,
      });
      break;
    }
    case 'capture':
      backend = createCaptureBackend(input.capture, now);
      if (options.sports) backend = { ...backend, sports: pickSports(backend.sports, options.sports) };
      break;
  }
  const timedVisitor = input.kind === 'scenario' ? [] : (input.visitor ?? []);
  const visitorEvents =
    input.kind === 'scenario' ? input.scenario.ops.filter((op) => isVisitorOpName(op.op)).length : timedVisitor.length;
  const harness = new Harness({
    backend,
    clock,
    faults: options.faults,
    seed,
    stepMs,
    checkEveryMs: options.checkEveryMs,
    traceId: options.traceId,
    clients: options.clients,
    injectBug: bug,
    day: input.kind === 'capture' ? input.capture.header.day : 0,
    showDayStart: input.kind === 'facts' ? localMidnight(backend.start, backend.page.timezoneHour) : undefined,
    site:
      options.match || (options.pushDrops?.length ?? 0) > 0
        ? { matchId: options.match, pushDrops: options.pushDrops }
        : undefined,
    visitor:
      visitorEvents > 0
        ? { limits: input.kind === 'scenario' ? input.scenario.header.visitorLimits : undefined }
        : undefined,
  });
  try {
    await harness.start();
    if (input.kind === 'scenario') {
      for (const op of input.scenario.ops) await harness.run(op);
    } else {
      // A visitor event happens at its time (one before the start, at the start).
      for (const { time, op } of timedVisitor) {
        await harness.advanceTo(time);
        await harness.run(op);
      }
      await harness.advanceTo(backend.end);
    }
    if (options.clients === false)
      return {
        report: harness.summary([]),
        trace: [],
        siteTrace: [],
        visitorEvents,
        kind: input.kind,
        sports: [],
        eventsShown: {},
      };
    await harness.settle(options.settleMs ?? SETTLE_MS);
    const mismatches = harness.checkFinal();
    const eventsShown: Record<number, number> = {};
    for (const client of harness.clients) eventsShown[client.sport] = client.shownEvents().size;
    return {
      report: harness.summary(mismatches),
      trace: harness.trace,
      siteTrace: harness.siteTrace,
      visitorEvents,
      kind: input.kind,
      sports: backend.sports,
      eventsShown,
    };
  } finally {
    harness.stop();
  }
}
