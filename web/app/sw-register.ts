// Registers the service worker (/sw.js, built by vite-plugin-pwa: vite.config.ts) in production builds, after the
// page has loaded, so the worker's precaching never competes with the first feeds. The development server has no
// worker: a cached shell would hide code changes.
const SERVICE_WORKER_URL = '/sw.js';

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => {
      // No worker (private mode, blocked storage): the site works online as before.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
