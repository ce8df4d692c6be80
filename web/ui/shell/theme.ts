// The colour theme: the visitor's choice, or the system setting when they made none.
import { useSelector } from '@xstate/react';
import { useEffect, useSyncExternalStore } from 'react';
import type { ThemeChoice } from '../../../machines/settings';
import type { SettingsRef } from '../common/actors';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribeSystem(listener: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener?.('change', listener);
  return () => query.removeEventListener?.('change', listener);
}

function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(DARK_QUERY).matches;
}

export function resolveTheme(choice: ThemeChoice, systemDark: boolean): 'light' | 'dark' {
  if (choice === 'system') return systemDark ? 'dark' : 'light';
  return choice;
}

/** The theme in force; it is also written to <html data-theme> so CSS follows. */
export function useResolvedTheme(settings: SettingsRef): 'light' | 'dark' {
  const choice = useSelector(settings, (s) => s.context.theme);
  const systemDark = useSyncExternalStore(subscribeSystem, systemPrefersDark, () => false);
  const theme = resolveTheme(choice, systemDark);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
  }, [theme]);
  return theme;
}
