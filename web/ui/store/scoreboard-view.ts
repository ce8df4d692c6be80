// What the UI reads from the client's scoreboard: a snapshot and a change signal. The feed engine's
// store, a frame-batched wrapper around it, and hand-built snapshots in tests all fit this shape.
import type { ScoreboardSnapshot } from '../../../src/scoreboard/types';

export interface ScoreboardView {
  snapshot(): ScoreboardSnapshot;
  subscribe(listener: () => void): () => void;
}

export const EMPTY_SNAPSHOT: ScoreboardSnapshot = Object.freeze({
  version: 0,
  sportId: null,
  leagueOrder: [],
  leagues: new Map(),
  events: new Map(),
});

/** A view whose snapshot is replaced by hand (tests, benchmarks, the static baseline). */
export interface SettableScoreboard extends ScoreboardView {
  set(snapshot: ScoreboardSnapshot): void;
}

export function settableScoreboard(initial: ScoreboardSnapshot = EMPTY_SNAPSHOT): SettableScoreboard {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    snapshot: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(snapshot) {
      current = snapshot;
      for (const listener of [...listeners]) listener();
    },
  };
}

export type FrameScheduler = (callback: () => void) => void;

/**
 * Feed bursts are applied to the store as they come, but the page hears about them at most once per
 * animation frame (DESIGN.md "Rows subscribe narrowly"): listeners see the latest snapshot only.
 */
export function frameBatched(source: ScoreboardView, schedule: FrameScheduler): ScoreboardView {
  const listeners = new Set<() => void>();
  let published = source.snapshot();
  let pending = false;
  let unsubscribe: (() => void) | null = null;
  const flush = () => {
    pending = false;
    published = source.snapshot();
    for (const listener of [...listeners]) listener();
  };
  const onSourceChange = () => {
    if (pending) return;
    pending = true;
    schedule(flush);
  };
  return {
    snapshot: () => (listeners.size === 0 ? source.snapshot() : published),
    subscribe(listener) {
      if (listeners.size === 0) {
        published = source.snapshot();
        unsubscribe = source.subscribe(onSourceChange);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && unsubscribe) {
          unsubscribe();
          unsubscribe = null;
        }
      };
    },
  };
}
