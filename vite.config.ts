import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { kk } from './src/i18n/kk';
import { CACHED_FEED_PATTERN } from './web/app/sw-register';
import { FLAG_CODE_BY_COUNTRY_ID, FLAG_PATH } from './web/ui/common/flags';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const PRECOMPRESSED = /\.(?:js|mjs|css|html|svg|json|txt)$/;
const PRECOMPRESS_MIN_BYTES = 1024;

// The built files in .br (quality 11) and .gz (level 9) beside each text file of 1 KB or more, so the server
// (@fastify/static with preCompressed) sends them without compressing per request. Source maps are left as they are.
function precompress(): Plugin {
  return {
    name: 'kz-scores:precompress',
    apply: 'build',
    async writeBundle(output) {
      const dir = output.dir;
      if (!dir) return;
      const files: string[] = [];
      const visit = (folder: string) => {
        for (const entry of readdirSync(folder, { withFileTypes: true })) {
          const path = join(folder, entry.name);
          if (entry.isDirectory()) visit(path);
          else if (PRECOMPRESSED.test(entry.name) && statSync(path).size >= PRECOMPRESS_MIN_BYTES) files.push(path);
        }
      };
      visit(dir);
      await Promise.all(
        files.map(async (path) => {
          const bytes = readFileSync(path);
          const params = {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          };
          const [br, gz] = await Promise.all([brotli(bytes, { params }), gzipAsync(bytes, { level: 9 })]);
          if (br.length < bytes.length) writeFileSync(`${path}.br`, br);
          if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz);
        }),
      );
    },
  };
}

const FLAG_DIR = join(dirname(createRequire(import.meta.url).resolve('flag-icons/package.json')), 'flags', '4x3');
const FLAG_FILE = /^\/([a-z]{2}(?:-[a-z]{3})?)\.svg$/;

// The flag-icons SVGs of the countries the site knows (web/ui/common/flags.ts), as /flags/<code>.svg: copied into
// the build (and precompressed with it), and served from the package by the development server.
function flags(): Plugin {
  const codes = new Set(FLAG_CODE_BY_COUNTRY_ID.values());
  return {
    name: 'kz-scores:flags',
    generateBundle() {
      for (const code of codes)
        this.emitFile({
          type: 'asset',
          fileName: `${FLAG_PATH.slice(1)}${code}.svg`,
          source: readFileSync(join(FLAG_DIR, `${code}.svg`)),
        });
    },
    configureServer(server) {
      server.middlewares.use(FLAG_PATH, (request, response, next) => {
        const code = FLAG_FILE.exec(request.url ?? '')?.[1];
        if (!code || !codes.has(code)) return next();
        response.setHeader('content-type', 'image/svg+xml');
        response.end(readFileSync(join(FLAG_DIR, `${code}.svg`)));
      });
    },
  };
}

const NETWORK_TIMEOUT_S = 3; // after this a feed answer waits no longer: the cached one is shown
const FEED_CACHE_MAX_AGE_S = 24 * 60 * 60; // day lists are named by day offset: yesterday's "today" is no use

// Installable and offline (docs/ui.md, Offline): the manifest and a Workbox service worker, /sw.js, registered by
// web/app/sw-register.ts in built clients. It precaches the shell (scripts, styles, index.html and the icons)
// and answers /kz/ pages from the network, or the precached index.html when the network fails (Workbox allows a
// timeout only with a cache of its own, and a cached page could name scripts a newer build removed); pages keep
// their own status online (a 404 stays a 404). Feeds go network first and fall back to the last answer of the same
// address (CACHED_FEED_PATTERN: not the update feeds), but only for a page that has had no feed from the network:
// a page loaded offline starts from the cache, while a page that was live keeps its newer state and its requests
// fail, so its feed requests wait for the network (A4-11) instead of going back to older cached lists. Flags are
// cached as they are seen. Route matchers and plugins are copied into the worker's source, so they use nothing from
// outside their own bodies.
function pwa() {
  return VitePWA({
    registerType: 'autoUpdate',
    injectRegister: false,
    filename: 'sw.js',
    manifestFilename: 'manifest.webmanifest',
    includeManifestIcons: true,
    manifest: {
      id: '/kz/',
      name: kk.app.name,
      short_name: kk.app.shortName,
      description: kk.siteTagline,
      lang: 'kk',
      dir: 'ltr',
      start_url: '/kz/',
      scope: '/',
      display: 'standalone',
      theme_color: '#00141e', // the header's colour (styles.css --header)
      background_color: '#eef1f4', // the light theme's page (--bg)
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html}'],
      // Pages come from the network first (below); '/' is a redirect, never the shell.
      navigateFallback: null,
      directoryIndex: null,
      // The page request starts while the worker boots, not after: a repeat visit's navigation waits for no worker.
      navigationPreload: true,
      clientsClaim: true,
      skipWaiting: true,
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        {
          urlPattern: ({ request, url }) => request.mode === 'navigate' && url.pathname.startsWith('/kz/'),
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: 'index.html' } },
        },
        {
          urlPattern: CACHED_FEED_PATTERN,
          handler: 'NetworkFirst',
          options: {
            cacheName: 'kz-feeds',
            networkTimeoutSeconds: NETWORK_TIMEOUT_S,
            expiration: { maxEntries: 60, maxAgeSeconds: FEED_CACHE_MAX_AGE_S },
            plugins: [
              {
                // The pages (clients) that have had a feed from the network, for as long as the worker runs.
                fetchDidSucceed: async ({ event, response }) => {
                  const scope = globalThis as { kzLiveClients?: Set<string> };
                  scope.kzLiveClients ??= new Set();
                  const client = (event as { clientId?: string } | undefined)?.clientId;
                  if (client && response.ok) scope.kzLiveClients.add(client);
                  return response;
                },
                cachedResponseWillBeUsed: async ({ event, cachedResponse }) => {
                  const live = (globalThis as { kzLiveClients?: Set<string> }).kzLiveClients;
                  const client = (event as { clientId?: string } | undefined)?.clientId;
                  return client && live?.has(client) ? null : cachedResponse;
                },
              },
            ],
          },
        },
        {
          urlPattern: ({ url }) => url.pathname.startsWith('/flags/'),
          handler: 'StaleWhileRevalidate',
          options: { cacheName: 'kz-flags', expiration: { maxEntries: 300 } },
        },
      ],
    },
  });
}

// The browser client: built into dist/ and served by the Fastify server (server/).
export default defineConfig({
  plugins: [react(), flags(), pwa(), precompress()],
  root: 'web/app',
  // web/app/public: the app icons, copied as they are.
  publicDir: 'public',
  build: { outDir: '../../dist', emptyOutDir: true, sourcemap: true },
  server: {
    proxy: {
      '/47': 'http://127.0.0.1:3000',
      '/v3': 'http://127.0.0.1:3000',
      '/v4': 'http://127.0.0.1:3000',
      '/v5': 'http://127.0.0.1:3000',
    },
  },
});
