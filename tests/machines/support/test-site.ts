// The site root as tests build it: the same tree as the browser's, on a SimulatedClock, with fakes
// for every effect (none by default) and the page's own origin as the resolver configuration.
import { createActor, SimulatedClock } from 'xstate';
import { provideSite, type SiteChildId, type SiteEffects, type SiteInput, siteChild } from '../../../machines/site';
import type { ResolverConfig } from '../../../src/net/origin-resolver';

/** 2026-11-22 10:00:00.250 UTC: a little past a second's boundary, so ticks show where they land. */
export const SITE_START = Date.UTC(2026, 10, 22, 10, 0, 0) + 250;

/** The site's own configuration: no country-bound entry, the page's origin as the default. */
export const OWN_ORIGIN: ResolverConfig = { local: [], global: [], default_url: 'https://kz.example.test' };

export interface TestSiteOptions {
  readonly clock?: SimulatedClock;
  /** Epoch ms at the clock's zero. */
  readonly start?: number;
  readonly effects?: Partial<SiteEffects>;
  readonly input?: Partial<SiteInput>;
}

export function startTestSite(options: TestSiteOptions = {}) {
  const clock = options.clock ?? new SimulatedClock();
  const start = options.start ?? SITE_START;
  const input: SiteInput = {
    now: () => start + clock.now(),
    session: { read: () => null },
    origin: { config: OWN_ORIGIN },
    ...options.input,
  };
  const site = createActor(provideSite(options.effects ?? {}), { clock, input }).start();
  return {
    site,
    clock,
    /** Epoch ms now on the simulated clock. */
    now: () => start + clock.now(),
    child: <K extends SiteChildId>(id: K) => siteChild(site, id),
  };
}
