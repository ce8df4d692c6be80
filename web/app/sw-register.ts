// Registers the service worker (/sw.js, built by vite-plugin-pwa: vite.config.ts) in built clients, after the
// page has loaded, so the worker's precaching never competes with the first feeds. The development server has no
// worker: a cached shell would hide code changes.
import { EDITION } from '../../src/domain/edition';

const SERVICE_WORKER_URL = '/sw.js';

/**
 * The feeds the worker keeps the last answer of (network first): every feed but the update feeds (u_, ul_), which
 * are diffs against the signature the page sent (X-Signature) and cannot be answered from a cache keyed by address.
 * The repair feed is cached: a page's initial action on today's list asks it first (S4-1). Matched against the whole
 * URL; vite.config.ts gives it to Workbox as it is.
 */
export const CACHED_FEED_PATTERN = /\/\d+\/x\/feed\/(?!u_|ul_)/;

export function registerServiceWorker(): void {
  // import.meta.hot exists only under the development server (a build's mode follows NODE_ENV, 'test' in tests).
  if (import.meta.hot || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  const register = () => {
    // A first visit's feeds went to the network before the worker existed: once it controls the page, they are
    // asked again through it, so a reload offline has them.
    if (!container.controller) container.addEventListener('controllerchange', cacheFeedsFetched, { once: true });
    container.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => {
      // No worker (private mode, blocked storage): the site works online as before.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

function cacheFeedsFetched(): void {
  const urls = new Set(
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => CACHED_FEED_PATTERN.test(url)),
  );
  for (const url of urls) fetch(url, { headers: { 'x-fsign': EDITION.feedSignature } }).catch(() => {});
}
