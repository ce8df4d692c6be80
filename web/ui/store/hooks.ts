// Narrow subscriptions: a row reads its own event and re-renders only when that event's version
// moves (DESIGN.md "Rows subscribe narrowly"); lists re-render only when their item keys change.
import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useReducer,
  useRef,
  useSyncExternalStore,
} from 'react';
import type { ScoreboardEvent, ScoreboardLeague, ScoreboardSnapshot } from '../../../src/scoreboard/types';
import { EMPTY_SNAPSHOT, type ScoreboardView } from './scoreboard-view';

const EMPTY_VIEW: ScoreboardView = { snapshot: () => EMPTY_SNAPSHOT, subscribe: () => () => {} };

export const ScoreboardContext = createContext<ScoreboardView>(EMPTY_VIEW);

export function useScoreboardView(): ScoreboardView {
  return useContext(ScoreboardContext);
}

/**
 * Selects from the snapshot; the previous result is kept while `same` says nothing changed, so the
 * component re-renders only when its own slice moves. `select` should be memoised, `same` stable.
 */
export function useScoreboardSelector<T>(select: (s: ScoreboardSnapshot) => T, same: (a: T, b: T) => boolean): T {
  const view = useScoreboardView();
  const last = useRef<{ value: T; snapshot: ScoreboardSnapshot; select: (s: ScoreboardSnapshot) => T } | null>(null);
  const getSnapshot = useCallback(() => {
    const snapshot = view.snapshot();
    const cached = last.current?.select === select ? last.current : null;
    if (cached && cached.snapshot === snapshot) return cached.value;
    const value = select(snapshot);
    const kept = cached && same(cached.value, value) ? cached.value : value;
    last.current = { value: kept, snapshot, select };
    return kept;
  }, [view, select, same]);
  return useSyncExternalStore(view.subscribe, getSnapshot, getSnapshot);
}

function sameVersion<T extends { readonly version: number }>(a: T | undefined, b: T | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.version === b.version);
}

const sameEventVersion = (a: ScoreboardEvent, b: ScoreboardEvent) => a.version === b.version;

/** One event, re-read only when its version changes. */
export function useScoreboardEvent(id: string): ScoreboardEvent | undefined {
  return useEventFields(id, sameEventVersion);
}

/**
 * One event, passed on only when `same` says the fields a component reads moved: a row's cells each
 * watch their own fields, so a score change redraws the score cell and nothing else. `same` must be
 * stable (module level or memoised).
 *
 * The hottest subscription on a live page, so it skips useSyncExternalStore, which schedules an
 * effect task for every redrawn subscriber: it reads the view in render and redraws through a
 * reducer when a notification moves its fields. The page's view notifies inside a synchronous
 * React flush in the animation frame (gateway.ts), so a burst still paints in that frame; the
 * check on subscribe catches a change between render and subscription.
 */
export function useEventFields(
  id: string,
  same: (a: ScoreboardEvent, b: ScoreboardEvent) => boolean,
): ScoreboardEvent | undefined {
  const view = useScoreboardView();
  const [, redraw] = useReducer(bump, 0);
  const shown = useRef<ScoreboardEvent | undefined>(undefined);
  const current = view.snapshot().events.get(id);
  const kept = shown.current;
  const value =
    kept !== undefined && current !== undefined && (kept === current || same(kept, current)) ? kept : current;
  shown.current = value;
  useLayoutEffect(() => {
    const check = () => {
      const next = view.snapshot().events.get(id);
      const seen = shown.current;
      if (next === seen || (next !== undefined && seen !== undefined && same(seen, next))) return;
      redraw();
    };
    check();
    return view.subscribe(check);
  }, [view, id, same]);
  return value;
}

const bump = (n: number) => n + 1;

export function useScoreboardLeague(id: string): ScoreboardLeague | undefined {
  return useScoreboardSelector(
    useCallback((s: ScoreboardSnapshot) => s.leagues.get(id), [id]),
    sameVersion,
  );
}

export function sameArray<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
