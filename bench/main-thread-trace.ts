// Reads a Chromium trace (Trace Event Format, as browser.stopTracing() returns it) and measures a
// renderer main thread's busy time between two performance.mark()s the page set. The thread is the
// one the marks were recorded on (the page's CrRendererMain). Busy time is the sum of top-level task
// durations (`RunTask` complete events, or `ThreadControllerImpl::RunTask` when the trace has none);
// idle time between tasks is not counted. The same tasks' thread CPU time (tdur) is summed apart: on
// a loaded machine a task's duration also holds time the OS gave to other threads. A breakdown by kind uses each nested event's self time.

export interface TraceEvent {
  readonly name: string;
  readonly cat?: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  /** Thread (CPU) time of a complete event, when the trace has it. */
  readonly tdur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly args?: Record<string, unknown>;
}

export interface TraceMark {
  readonly name: string;
  /** Microseconds, trace clock. */
  readonly ts: number;
  readonly pid: number;
  readonly tid: number;
}

export type WorkKind = 'script' | 'gc' | 'parse' | 'style' | 'layout' | 'paint' | 'other';

export interface BusyWindow {
  /** Sum of top-level task durations, ms (wall time, so it includes time the OS ran other threads). */
  readonly busyMs: number;
  /** The same tasks' thread CPU time, ms (tdur; a task without it counts its duration). */
  readonly cpuMs: number;
  readonly tasks: number;
  /** Duration of the task holding `from` (for a burst: the push message handler), ms. */
  readonly firstTaskMs: number;
  /** Self time by kind, ms; the kinds add up to busyMs. */
  readonly byKind: Record<WorkKind, number>;
  /** Self time by event name, ms (to check what the kinds hold). */
  readonly byName: Record<string, number>;
}

/** Reads the JSON of a trace; a malformed trace reads as no events. */
export function readTrace(text: string): TraceEvent[] {
  try {
    const value: unknown = JSON.parse(text);
    const list = Array.isArray(value) ? value : (value as { traceEvents?: unknown }).traceEvents;
    if (!Array.isArray(list)) return [];
    return list.filter(
      (e): e is TraceEvent =>
        typeof e === 'object' &&
        e !== null &&
        typeof (e as TraceEvent).name === 'string' &&
        typeof (e as TraceEvent).ts === 'number' &&
        typeof (e as TraceEvent).pid === 'number',
    );
  } catch {
    return [];
  }
}

/** performance.mark() entries (blink.user_timing) whose name starts with `prefix`, in time order. */
export function userMarks(events: readonly TraceEvent[], prefix: string): TraceMark[] {
  return events
    .filter((e) => e.cat?.includes('blink.user_timing') && e.name.startsWith(prefix) && e.ph !== 'E')
    .map((e) => ({ name: e.name, ts: e.ts, pid: e.pid, tid: e.tid }))
    .sort((a, b) => a.ts - b.ts);
}

/** Complete events (ph X) of one thread, time-ordered, parents before children. */
function threadSlices(events: readonly TraceEvent[], pid: number, tid: number): TraceEvent[] {
  return events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && typeof e.dur === 'number')
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
}

const TASK_NAMES = ['RunTask', 'ThreadControllerImpl::RunTask'];

/** The thread's top-level tasks: the first task name the thread has, outermost occurrences only. */
function topLevelTasks(slices: readonly TraceEvent[]): TraceEvent[] {
  for (const name of TASK_NAMES) {
    const tasks = slices.filter((e) => e.name === name);
    if (tasks.length === 0) continue;
    const top: TraceEvent[] = [];
    let end = Number.NEGATIVE_INFINITY;
    for (const t of tasks) {
      if (t.ts >= end) {
        top.push(t);
        end = t.ts + (t.dur ?? 0);
      }
    }
    return top;
  }
  return [];
}

const KIND_BY_NAME: Record<string, WorkKind> = {
  FunctionCall: 'script',
  EventDispatch: 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  RunMicrotasks: 'script',
  EvaluateScript: 'script',
  'v8.run': 'script',
  'v8.execute': 'script',
  'V8.Execute': 'script',
  'v8.callFunction': 'script',
  'v8.evaluateModule': 'script',
  FireIdleCallback: 'script',
  XHRReadyStateChange: 'script',
  XHRLoad: 'script',
  ResourceReceivedData: 'script',
  ResourceFinish: 'script',
  MinorGC: 'gc',
  MajorGC: 'gc',
  'V8.GC_SCAVENGER': 'gc',
  'V8.GCScavenger': 'gc',
  'BlinkGC.AtomicPhase': 'gc',
  'CppGC.IncrementalSweep': 'gc',
  'V8.GC_MC_INCREMENTAL': 'gc',
  'V8.GCIncrementalMarking': 'gc',
  'V8.GCFinalizeMC': 'gc',
  ParseHTML: 'parse',
  ParseAuthorStyleSheet: 'parse',
  'v8.compile': 'parse',
  'v8.compileModule': 'parse',
  'V8.ParseFunction': 'parse',
  'v8.parseOnBackground': 'parse',
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  ScheduleStyleRecalculation: 'style',
  Layout: 'layout',
  UpdateLayer: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  PaintImage: 'paint',
  PaintSetup: 'paint',
  Layerize: 'paint',
  UpdateLayerTree: 'paint',
  CompositeLayers: 'paint',
  Commit: 'paint',
};

function kindOf(name: string): WorkKind {
  const known = KIND_BY_NAME[name];
  if (known) return known;
  if (name.startsWith('V8.GC') || name.includes('GC')) return 'gc';
  if (name.startsWith('v8.') || name.startsWith('V8.')) return 'script';
  return 'other';
}

/**
 * Busy time of the marks' thread from the start of the task holding `from` to the start of the task
 * holding `to` (that task itself not counted): every top-level task beginning in between.
 */
export function busyBetween(events: readonly TraceEvent[], from: TraceMark, to: TraceMark): BusyWindow {
  const slices = threadSlices(events, from.pid, from.tid);
  const tasks = topLevelTasks(slices);
  const holding = (ts: number) => tasks.find((t) => t.ts <= ts && ts <= t.ts + (t.dur ?? 0));
  const start = holding(from.ts)?.ts ?? from.ts;
  const end = holding(to.ts)?.ts ?? to.ts;
  const inside = tasks.filter((t) => t.ts >= start && t.ts < end);
  const byKind: Record<WorkKind, number> = { script: 0, gc: 0, parse: 0, style: 0, layout: 0, paint: 0, other: 0 };
  const byName: Record<string, number> = {};
  let busyUs = 0;
  let cpuUs = 0;
  for (const task of inside) {
    busyUs += task.dur ?? 0;
    cpuUs += task.tdur ?? task.dur ?? 0;
    const taskEnd = task.ts + (task.dur ?? 0);
    const nested = slices.filter((e) => e.ts >= task.ts && e.ts + (e.dur ?? 0) <= taskEnd);
    for (const [name, selfUs] of selfTimes(nested)) {
      byKind[kindOf(name)] += selfUs / 1000;
      byName[name] = (byName[name] ?? 0) + selfUs / 1000;
    }
  }
  const firstTaskMs = (inside[0]?.ts === start ? (inside[0].dur ?? 0) : 0) / 1000;
  return { busyMs: busyUs / 1000, cpuMs: cpuUs / 1000, tasks: inside.length, firstTaskMs, byKind, byName };
}

/** Self time per event name of a nest of slices (first slice encloses the rest), microseconds. */
function selfTimes(nest: readonly TraceEvent[]): Map<string, number> {
  const self = new Map<string, number>();
  const stack: { event: TraceEvent; childUs: number }[] = [];
  const close = (frame: { event: TraceEvent; childUs: number }) => {
    const dur = frame.event.dur ?? 0;
    self.set(frame.event.name, (self.get(frame.event.name) ?? 0) + Math.max(0, dur - frame.childUs));
    const parent = stack[stack.length - 1];
    if (parent) parent.childUs += dur;
  };
  for (const event of nest) {
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      if (event.ts >= top.event.ts + (top.event.dur ?? 0)) {
        stack.pop();
        close(top);
      } else break;
    }
    stack.push({ event, childUs: 0 });
  }
  while (stack.length > 0) {
    const top = stack.pop();
    if (top) close(top);
  }
  return self;
}
