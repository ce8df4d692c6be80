// The ui-burst benchmark's trace reading: busy time between two page marks on the marks' thread.
import { describe, expect, it } from 'vitest';
import { busyBetween, readTrace, type TraceEvent, userMarks } from '../../bench/main-thread-trace';

const MAIN = { pid: 7, tid: 1 };
const OTHER = { pid: 7, tid: 2 };

function slice(name: string, ts: number, dur: number, tdur = dur, at = MAIN): TraceEvent {
  return { name, ph: 'X', ts, dur, tdur, cat: 'disabled-by-default-devtools.timeline', ...at };
}

function mark(name: string, ts: number, at = MAIN): TraceEvent {
  return { name, ph: 'R', ts, cat: 'blink.user_timing', ...at };
}

// Times in microseconds: a push task (1 ms), idle, a frame task (3 ms), the marker's task.
const EVENTS: TraceEvent[] = [
  slice('RunTask', 0, 500), // before the window
  slice('RunTask', 1_000, 1_000, 800),
  slice('FunctionCall', 1_100, 700),
  mark('kz-push:0', 1_050),
  slice('RunTask', 10_000, 3_000, 2_500),
  slice('FireAnimationFrame', 10_000, 1_000),
  slice('FunctionCall', 10_100, 800),
  slice('Layout', 11_000, 1_000),
  slice('Paint', 12_000, 500),
  slice('RunTask', 10_500, 2_000, 2_000, OTHER), // the compositor thread: not counted
  slice('RunTask', 14_000, 400),
  mark('kz-painted:0', 14_100),
  slice('RunTask', 20_000, 5_000), // after the window
];

describe('ui-burst main-thread trace', () => {
  it('sums top-level tasks from the push task up to the paint marker task, on the marks thread only', () => {
    const [from] = userMarks(EVENTS, 'kz-push:');
    const [to] = userMarks(EVENTS, 'kz-painted:');
    const busy = busyBetween(EVENTS, from, to);
    expect(busy.tasks).toBe(2);
    expect(busy.firstTaskMs).toBeCloseTo(1, 6);
    expect(busy.busyMs).toBeCloseTo(4, 6);
    expect(busy.cpuMs).toBeCloseTo(3.3, 6);
  });

  it('splits the busy time into kinds by self time, adding up to the whole', () => {
    const busy = busyBetween(EVENTS, userMarks(EVENTS, 'kz-push:')[0], userMarks(EVENTS, 'kz-painted:')[0]);
    expect(busy.byKind.script).toBeCloseTo(0.7 + 0.2 + 0.8, 6); // FireAnimationFrame's self 0.2
    expect(busy.byKind.layout).toBeCloseTo(1, 6);
    expect(busy.byKind.paint).toBeCloseTo(0.5, 6);
    const sum = Object.values(busy.byKind).reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(busy.busyMs, 6);
  });

  it('reads a trace object or array and shrugs off malformed text', () => {
    expect(readTrace(JSON.stringify({ traceEvents: EVENTS }))).toHaveLength(EVENTS.length);
    expect(readTrace(JSON.stringify(EVENTS))).toHaveLength(EVENTS.length);
    expect(readTrace('{"traceEvents": [')).toEqual([]);
    expect(readTrace('[{"name": 3}]')).toEqual([]);
  });
});
