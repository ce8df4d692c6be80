// Narrow subscriptions: a row reads its own event and re-renders only when that event's version
// moves (DESIGN.md "Rows subscribe narrowly"); lists re-render only when their item keys change.
import { createContext, useCallback, useContext, useRef, useSyncExternalStore } from 'react';
import type { ScoreboardEvent, ScoreboardLeague, ScoreboardSnapshot } from '../../scoreboard/types';
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
 */
export function useEventFields(
  id: string,
  same: (a: ScoreboardEvent, b: ScoreboardEvent) => boolean,
): ScoreboardEvent | undefined {
  const sameOrMissing = useCallback(
    (a: ScoreboardEvent | undefined, b: ScoreboardEvent | undefined) =>
      a === b || (a !== undefined && b !== undefined && same(a, b)),
    [same],
  );
  return useScoreboardSelector(
    useCallback((s: ScoreboardSnapshot) => s.events.get(id), [id]),
    sameOrMissing,
  );
}

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
