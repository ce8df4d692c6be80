// A sport page with 2,000 live events in Chromium on loopback, receiving bursts of 100 changed
// events over push (20 of them on visible rows). Figures: main-thread time to apply a burst and paint
// it (p95, target 8 ms), LCP and CLS (PerformanceObserver).
//
// What is counted (the headline, applyPaintMainThread*): a Chromium trace is recorded over the rounds.
// Per round the page marks the first push message of the burst (performance.mark in a message
// listener that runs before the page's own) and, after the frame that shows the whole burst, a paint
// marker (requestAnimationFrame → setTimeout 0, which runs once that frame's main-thread work —
// script, style, layout, paint, commit — is over; it checks that every changed visible row shows its
// new score, or waits for the next push and frame). The busy time is the sum of the durations of the
// top-level tasks (RunTask) on the renderer main thread that carries the marks, from the task holding
// the first push message up to (not including) the paint marker's task. Those are the tasks'
// durations, as DevTools shows them; their thread CPU time (tdur), which leaves out time the OS gave
// to other processes on a loaded machine, is reported too (*Cpu*). Idle time between tasks (waiting
// for vsync, the network, the compositor) is not counted; everything else the main thread ran in that
// window is, whoever posted it. Work on the compositor and raster threads is not main-thread time and
// is not counted.
//
// Three phases on one page, each its own trace:
// - warm-up (warmupMainThread*): the first bursts after load run while V8 still compiles the page's
//   hot code (Maglev, then TurboFan) on worker threads that share the two cores with the main
//   thread; on this machine those compile jobs go on for about the first 70 bursts. A page left open
//   on a live day receives bursts all day, so the headline is its state after that.
// - measured (the headline): traced with the task and user-timing categories only (toplevel,
//   blink.user_timing), which is enough to find the tasks and the marks. The DevTools timeline
//   categories record a stack trace at every requestAnimationFrame, timer and mark and an event per
//   repainted layer; that costs the page main-thread time of its own.
// - detail (detailed*): a few more bursts traced with the DevTools timeline categories, for the
//   breakdown by kind of work; its busy time is reported too, so the tracing's own cost shows.
//
// Baseline (baselineStatic*): the same page with nothing changing, measured the same way (light
// trace): a task that marks the start and asks for a frame, that frame, up to the paint marker.
//
// The earlier in-page wall figures stay, under wall*: push handler time (performance.now() around the
// handlers) plus the frame span from its rAF timestamp to the paint marker. That span includes
// waiting on vsync and the compositor, so it is not main-thread time; when no animation keeps frames
// coming, the rAF timestamp (the frame's begin time) can even precede the push. pushToPaintLatency* is
// the wall time a visitor waits, from the first push message to the paint marker, idle included.
import { writeFileSync } from 'node:fs';
import type { FactBody } from '../sim/facts';
import { buildClient, launchBrowser, newPage, removeDir, startSite } from '../tests/e2e/support/site';
import { createBulkWorld } from '../tests/e2e/support/test-world';
import { type BusyWindow, busyBetween, readTrace, userMarks, type WorkKind } from './main-thread-trace';

const EVENTS = 2000;
const BURST = 100;
const VISIBLE_CHANGED = 20;
const ROUNDS = 100;
/** Bursts after load while V8 still compiles the page's hot code: traced and reported apart. */
const WARMUP = 80;
/** Bursts traced with the DevTools timeline categories, for the breakdown. */
const DETAIL_ROUNDS = 20;
/** The static baseline compiles little: a short warm-up. */
const STATIC_WARMUP = 5;
const TARGETS = { applyPaintMainThreadP95Ms: 8, lcpMs: 1000, cls: 0.05 };
/** Enough to find the main thread's tasks and the page's marks. */
const LIGHT_CATEGORIES = ['toplevel', 'blink.user_timing'];
const DETAIL_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'toplevel',
  // UI_BURST_CATEGORIES adds categories to look closer (e.g. disabled-by-default-devtools.timeline.invalidationTracking).
  ...(process.env.UI_BURST_CATEGORIES ?? '').split(',').filter(Boolean),
];
/** Set UI_BURST_BREAKDOWN=1 to print each round's main-thread breakdown. */
const PRINT_ROUNDS = process.env.UI_BURST_BREAKDOWN === '1';
/** Set UI_BURST_TRACE=<file> to keep the detail phase's trace (open it in DevTools' Performance panel). */
const KEEP_TRACE = process.env.UI_BURST_TRACE;

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)];
}

function p50(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const round2 = (n: number) => Number(n.toFixed(2));

/** Page-side meter state (set up by METER before the page's scripts run). */
interface Meter {
  __lcp: number;
  __cls: number;
  __kz: {
    round: number;
    armed: boolean;
    pending: boolean;
    pushes: number;
    pushMs: number;
    frameMs: number;
    firstPushAt: number;
    expect: ReadonlyArray<readonly [string, string]>;
  };
  __kzStart(round: number): void;
  __kzArm(round: number, expect: ReadonlyArray<readonly [string, string]>): void;
  __kzDone(round: number, pushes: number, pushMs: number, frameMs: number, latencyMs: number): void;
}

const METER = () => {
  const w = window as unknown as Meter;
  w.__lcp = 0;
  w.__cls = 0;
  const m = {
    round: -1,
    armed: false,
    pending: false,
    pushes: 0,
    pushMs: 0,
    frameMs: 0,
    firstPushAt: 0,
    expect: [],
  } as Meter['__kz'];
  w.__kz = m;
  const complete = () =>
    m.expect.every(
      ([id, text]) => document.querySelector(`[data-event-id="${id}"] [data-testid="row-score"]`)?.textContent === text,
    );
  // After the frame that follows: done when the burst shows, else wait for the next push.
  const checkAfterFrame = () => {
    m.pending = true;
    requestAnimationFrame((frameStart) => {
      setTimeout(() => {
        m.pending = false;
        if (!m.armed) return;
        m.frameMs = performance.now() - frameStart;
        if (!complete()) return;
        m.armed = false;
        performance.mark(`kz-painted:${m.round}`);
        w.__kzDone(m.round, m.pushes, m.pushMs, m.frameMs, performance.now() - m.firstPushAt);
      }, 0);
    });
  };
  w.__kzArm = (round, expect) => {
    Object.assign(m, { round, armed: true, pending: false, pushes: 0, pushMs: 0, frameMs: 0, firstPushAt: 0, expect });
  };
  // The static baseline: this task stands for the first push, then one frame with nothing to apply.
  w.__kzStart = (round) => {
    w.__kzArm(round, []);
    m.firstPushAt = performance.now();
    performance.mark(`kz-push:${round}`);
    checkAfterFrame();
  };
  // The page's handler is set right after the socket is made: a first listener (added here) and a
  // last one (added after that) bracket it, microtasks included.
  const Native = WebSocket;
  let started = 0;
  const first = () => {
    started = performance.now();
    if (!m.armed) return;
    m.pushes += 1;
    if (m.pushes !== 1) return;
    m.firstPushAt = started;
    performance.mark(`kz-push:${m.round}`);
  };
  const last = () => {
    if (!m.armed) return;
    m.pushMs += performance.now() - started;
    if (!m.pending) checkAfterFrame(); // its frame callback is registered before the page's own
  };
  const Wrapped = function (this: unknown, url: string | URL, protocols?: string | string[]) {
    const socket = new Native(url, protocols);
    socket.addEventListener('message', first);
    setTimeout(() => socket.addEventListener('message', last), 0);
    return socket;
  } as unknown as typeof WebSocket;
  Wrapped.prototype = Native.prototype;
  Object.assign(Wrapped, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
  (window as unknown as { WebSocket: typeof WebSocket }).WebSocket = Wrapped;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
      if (!e.hadRecentInput) w.__cls += e.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
};

interface RoundWall {
  readonly pushes: number;
  readonly pushMs: number;
  readonly frameMs: number;
  /** From the first push message to the paint marker, idle time included: what a visitor waits. */
  readonly latencyMs: number;
}

/** A stretch of rounds traced with one set of categories. */
interface Phase {
  readonly rounds: number;
  readonly categories: readonly string[];
  /** Where to keep the trace, if anywhere. */
  readonly keepAs?: string;
}

interface PhaseFigures {
  readonly busy: BusyWindow[];
  readonly wall: RoundWall[];
}

interface RunFigures {
  readonly phases: PhaseFigures[];
  readonly lcp: number;
  readonly cls: number;
}

const KINDS: readonly WorkKind[] = ['script', 'gc', 'parse', 'style', 'layout', 'paint', 'other'];

function medianBreakdown(busy: readonly BusyWindow[]): Record<WorkKind, number> {
  return Object.fromEntries(KINDS.map((k) => [k, round2(p50(busy.map((b) => b.byKind[k])))])) as Record<
    WorkKind,
    number
  >;
}

function topNames(busy: readonly BusyWindow[], n: number): Record<string, number> {
  const total: Record<string, number> = {};
  for (const b of busy) for (const [name, ms] of Object.entries(b.byName)) total[name] = (total[name] ?? 0) + ms;
  return Object.fromEntries(
    Object.entries(total)
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, ms]) => [name, round2(ms / busy.length)]),
  );
}

function printRounds(label: string, busy: readonly BusyWindow[]): void {
  console.log(`${label}: main-thread ms per round (busy = ${KINDS.join(' + ')})`);
  busy.forEach((b, i) => {
    const parts = KINDS.map((k) => `${k} ${b.byKind[k].toFixed(2)}`).join(', ');
    const first = b.firstTaskMs.toFixed(2);
    console.log(
      `  #${i} busy ${b.busyMs.toFixed(2)} (cpu ${b.cpuMs.toFixed(2)}, first task ${first}) in ${b.tasks} tasks: ${parts}`,
    );
  });
  console.log(`  mean self time by event: ${JSON.stringify(topNames(busy, 14))}`);
}

/** Busy time of each round the trace holds marks for. */
function roundsOfTrace(trace: string, expected: number): BusyWindow[] {
  const events = readTrace(trace);
  const pushes = userMarks(events, 'kz-push:');
  const painted = new Map(userMarks(events, 'kz-painted:').map((m) => [m.name.slice('kz-painted:'.length), m]));
  const busy = pushes.flatMap((from) => {
    const to = painted.get(from.name.slice('kz-push:'.length));
    return to ? [busyBetween(events, from, to)] : [];
  });
  if (busy.length !== expected) throw new Error(`trace holds ${busy.length} of ${expected} rounds`);
  return busy;
}

const figuresOf = (busy: readonly BusyWindow[]) => ({
  p95: round2(p95(busy.map((b) => b.busyMs))),
  median: round2(p50(busy.map((b) => b.busyMs))),
  cpuP95: round2(p95(busy.map((b) => b.cpuMs))),
  cpuMedian: round2(p50(busy.map((b) => b.cpuMs))),
});

export default async function (): Promise<Record<string, unknown>> {
  const dir = await buildClient();
  const world = createBulkWorld(EVENTS);
  const site = await startSite(dir, world);
  const browser = await launchBrowser();
  const scores = new Map(world.matches.map((m) => [m.id, 0]));

  const run = async (bursts: boolean, phases: readonly Phase[]): Promise<RunFigures> => {
    const { page, context } = await newPage(browser, 1280, 900);
    let finish: ((wall: RoundWall) => void) | null = null;
    await page.exposeFunction(
      '__kzDone',
      (_round: number, pushes: number, pushMs: number, frameMs: number, latencyMs: number) =>
        finish?.({ pushes, pushMs, frameMs, latencyMs }),
    );
    // tsx keeps function names with a __name helper that the page does not have.
    await page.addInitScript({ content: 'window.__name = (f) => f;' });
    await page.addInitScript(METER);
    await page.goto(`${site.url}/kz/football/`);
    await page.waitForSelector('[data-event-id]');
    await page.waitForTimeout(1500); // push connected, first paint settled
    const playRound = async (round: number): Promise<RoundWall> => {
      const visible = await page.$$eval('[data-event-id]', (rows) =>
        rows.map((r) => r.getAttribute('data-event-id') ?? ''),
      );
      await page.waitForTimeout(100); // polls and timers of the previous round are over
      const done = new Promise<RoundWall>((resolve, reject) => {
        finish = resolve;
        setTimeout(() => reject(new Error(`round ${round}: the burst was not painted in 10 s`)), 10_000);
      });
      if (bursts) {
        const chosen = new Set(visible.slice(0, VISIBLE_CHANGED));
        for (let i = round; chosen.size < BURST; i += 19) chosen.add(world.matches[i % world.matches.length].id);
        const facts: FactBody[] = [...chosen].map((id) => {
          const next = (scores.get(id) ?? 0) + 1;
          scores.set(id, next);
          return { type: 'ScoreChanged', matchId: id, score: { homeScore: next, awayScore: 0 } };
        });
        const expect = visible.slice(0, VISIBLE_CHANGED).map((id) => [id, `${scores.get(id)}0`] as const);
        await page.evaluate(([r, e]) => (window as unknown as Meter).__kzArm(r, e), [round, expect] as const);
        world.append(facts);
      } else {
        await page.evaluate((r) => (window as unknown as Meter).__kzStart(r), round);
      }
      return done;
    };
    const figures: PhaseFigures[] = [];
    let round = 0;
    try {
      for (const phase of phases) {
        await browser.startTracing(page, { categories: [...phase.categories] });
        const wall: RoundWall[] = [];
        let trace = '';
        try {
          for (let i = 0; i < phase.rounds; i++) wall.push(await playRound(round++));
        } finally {
          trace = (await browser.stopTracing()).toString('utf8');
        }
        if (phase.keepAs) writeFileSync(phase.keepAs, trace);
        figures.push({ busy: roundsOfTrace(trace, phase.rounds), wall });
      }
    } finally {
      finish = null;
    }
    const { lcp, cls } = await page.evaluate(() => {
      const w = window as unknown as Meter;
      return { lcp: w.__lcp, cls: w.__cls };
    });
    await context.close();
    return { phases: figures, lcp, cls };
  };

  try {
    const live = await run(true, [
      { rounds: WARMUP, categories: LIGHT_CATEGORIES },
      { rounds: ROUNDS, categories: LIGHT_CATEGORIES },
      { rounds: DETAIL_ROUNDS, categories: DETAIL_CATEGORIES, keepAs: KEEP_TRACE },
    ]);
    const still = await run(false, [
      { rounds: STATIC_WARMUP, categories: LIGHT_CATEGORIES },
      { rounds: ROUNDS, categories: LIGHT_CATEGORIES },
    ]);
    const [warmup, measured, detail] = live.phases;
    const stillMeasured = still.phases[1];
    if (PRINT_ROUNDS) {
      printRounds('burst, detail phase', detail.busy);
      printRounds('static', stillMeasured.busy);
    }
    const headline = figuresOf(measured.busy);
    const warm = figuresOf(warmup.busy);
    const traced = figuresOf(detail.busy);
    const baseline = figuresOf(stillMeasured.busy);
    const wallOf = (w: readonly RoundWall[]) => w.map((r) => r.pushMs + r.frameMs);
    return {
      events: EVENTS,
      burst: BURST,
      visibleChanged: VISIBLE_CHANGED,
      rounds: ROUNDS,
      warmupRounds: WARMUP,
      detailRounds: DETAIL_ROUNDS,
      applyPaintMainThreadP95Ms: headline.p95,
      applyPaintMainThreadMedianMs: headline.median,
      applyPaintMainThreadCpuP95Ms: headline.cpuP95,
      applyPaintMainThreadCpuMedianMs: headline.cpuMedian,
      pushTaskMedianMs: round2(p50(measured.busy.map((b) => b.firstTaskMs))),
      afterPushMedianMs: round2(p50(measured.busy.map((b) => b.busyMs - b.firstTaskMs))),
      mainThreadTasksMedian: p50(measured.busy.map((b) => b.tasks)),
      pushMessagesMedian: p50(measured.wall.map((w) => w.pushes)),
      warmupMainThreadP95Ms: warm.p95,
      warmupMainThreadMedianMs: warm.median,
      warmupFirstBurstsMs: warmup.busy.slice(0, 5).map((b) => round2(b.busyMs)),
      detailedTraceMainThreadP95Ms: traced.p95,
      detailedTraceMainThreadMedianMs: traced.median,
      mainThreadBreakdownMedianMs: medianBreakdown(detail.busy),
      mainThreadTopEventsMeanMs: topNames(detail.busy, 12),
      baselineStaticMainThreadP95Ms: baseline.p95,
      baselineStaticMainThreadMedianMs: baseline.median,
      baselineStaticMainThreadCpuP95Ms: baseline.cpuP95,
      applyPaintMainThreadRatio: round2(headline.p95 / Math.max(baseline.p95, 0.01)),
      wallToPaintP95Ms: round2(p95(wallOf(measured.wall))),
      wallToPaintMedianMs: round2(p50(wallOf(measured.wall))),
      wallPushHandlersP95Ms: round2(p95(measured.wall.map((w) => w.pushMs))),
      wallFrameP95Ms: round2(p95(measured.wall.map((w) => w.frameMs))),
      baselineStaticWallP95Ms: round2(p95(wallOf(stillMeasured.wall))),
      pushToPaintLatencyP95Ms: round2(p95(measured.wall.map((w) => w.latencyMs))),
      pushToPaintLatencyMedianMs: round2(p50(measured.wall.map((w) => w.latencyMs))),
      lcpMs: round2(live.lcp),
      baselineLcpMs: round2(still.lcp),
      lcpRatio: round2(live.lcp / Math.max(still.lcp, 1)),
      cls: Number(live.cls.toFixed(4)),
      baselineCls: Number(still.cls.toFixed(4)),
      clsRatio: still.cls > 0 ? round2(live.cls / still.cls) : null,
      targets: TARGETS,
    };
  } finally {
    await browser.close();
    await site.close();
    removeDir(dir);
  }
}
