// The page's one root actor (machines/site.ts), handed down by the composition root (web/app) or by
// a test. Components reach its children by systemId and read them with useSelector.
import { createContext, useContext, useMemo } from 'react';
import type { SiteActorRef, SiteChildId, SiteChildren } from '../../../machines/site';
import { siteChild } from '../../../machines/site';

export type SettingsRef = SiteChildren['settings'];
export type WindowsRef = SiteChildren['windows'];
export type ClockRef = SiteChildren['clock'];
export type SessionRef = SiteChildren['session'];

export const SiteActorContext = createContext<SiteActorRef | null>(null);

export function useSite(): SiteActorRef {
  const site = useContext(SiteActorContext);
  if (!site) throw new Error('SiteActorContext is missing: wrap the page in <SiteActorContext value={site}>');
  return site;
}

/** A child of the site by its systemId ('settings', 'windows', 'clock', …). */
export function useSiteChild<K extends SiteChildId>(id: K): SiteChildren[K] {
  const site = useSite();
  return useMemo(() => siteChild(site, id), [site, id]);
}
