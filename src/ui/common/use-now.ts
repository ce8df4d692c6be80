// A shared clock for live minutes. Time is injected (tests pass a fixed clock);
// one interval per period serves every subscribed row.
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';

export interface PageClock {
  now(): number;
  /** Calls back every `periodMs` while subscribed. */
  subscribe(periodMs: number, listener: () => void): () => void;
}

export function browserClock(offsetMs: () => number = () => 0): PageClock {
  const groups = new Map<number, { timer: ReturnType<typeof setInterval>; listeners: Set<() => void> }>();
  return {
    now: () => Date.now() + offsetMs(),
    subscribe(periodMs, listener) {
      let group = groups.get(periodMs);
      if (!group) {
        const listeners = new Set<() => void>();
        const timer = setInterval(() => {
          for (const l of [...listeners]) l();
        }, periodMs);
        group = { timer, listeners };
        groups.set(periodMs, group);
      }
      group.listeners.add(listener);
      return () => {
        const g = groups.get(periodMs);
        if (!g) return;
        g.listeners.delete(listener);
        if (g.listeners.size === 0) {
          clearInterval(g.timer);
          groups.delete(periodMs);
        }
      };
    },
  };
}

/** A clock that moves only when told to (tests). */
export function manualClock(start: number): PageClock & { advance(ms: number): void } {
  let current = start;
  const listeners = new Set<() => void>();
  return {
    now: () => current,
    subscribe(_periodMs, listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    advance(ms) {
      current += ms;
      for (const l of [...listeners]) l();
    },
  };
}

export const PageClockContext = createContext<PageClock>(browserClock());

export function usePageClock(): PageClock {
  return useContext(PageClockContext);
}

/**
 * The current time, refreshed every `periodMs` while `active`; the value is rounded to the period so
 * the component re-renders once per tick, not on every read.
 */
export function useNow(periodMs: number, active = true): number {
  const clock = usePageClock();
  // A stable subscribe: a re-render (every score change) must not unsubscribe and subscribe again.
  const subscribe = useCallback(
    (listener: () => void) => (active ? clock.subscribe(periodMs, listener) : () => {}),
    [clock, periodMs, active],
  );
  // A stable read too: a changed getSnapshot costs React an extra effect on every re-render.
  const read = useCallback(
    () => (active ? Math.floor(clock.now() / periodMs) * periodMs : 0),
    [clock, periodMs, active],
  );
  return useSyncExternalStore(subscribe, read, serverNow);
}

const serverNow = () => 0;
