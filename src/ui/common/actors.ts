// The page's long-lived actors, handed down by the composition root (src/app) or by a test.
import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { settingsMachine } from '../../../machines/settings';
import type { windowsMachine } from '../../../machines/windows';

export type SettingsRef = ActorRefFrom<typeof settingsMachine>;
export type WindowsRef = ActorRefFrom<typeof windowsMachine>;

export interface PageActors {
  readonly settings: SettingsRef;
  readonly windows: WindowsRef;
}

export const PageActorsContext = createContext<PageActors | null>(null);

export function usePageActors(): PageActors {
  const actors = useContext(PageActorsContext);
  if (!actors) throw new Error('PageActorsContext is missing: wrap the page in <PageActorsContext value={…}>');
  return actors;
}
