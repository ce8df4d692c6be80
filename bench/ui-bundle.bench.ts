// Start-up JavaScript of the sport page, gzip-compressed, against a minimal React hello-world built the same way
// (vite, @vitejs/plugin-react, production mode) in the same run. Target ≤ 150 KB (issue 21).
//
// Counted: every script the page loads in Chromium before it is idle with no user action — the entry, its
// modulepreloads and the chunks it imports by itself (account slot, sound …) — by the page's resource timing, from
// the production server (`scores serve`, bench/page-load.ts) up to 5 s after the first painted score row. Each is
// asked again with `accept-encoding: gzip` and the body the server sends counted. The scripts index.html names are
// reported apart (the figure this bench gave before). The hello-world loads nothing but its index.html scripts.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { launchBrowser } from '../tests/e2e/support/site';
import { gzipBytes, newVisitorContext, openMetered, readLoad, scriptsLoaded, startProductionServer } from './page-load';

const projectRoot = resolve(import.meta.dirname, '..');
const TARGET_KB = 150;
const IDLE_AFTER_FIRST_ROW_MS = 5000;
const ROW = '.event-list [data-event-id] [data-testid="row-score"]';

/** Gzip bytes (level 9, as the build's .gz files) of the scripts index.html loads up front (entry and modulepreloads). */
export function initialJsGzip(outDir: string): { bytes: number; files: number } {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const srcs = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map(
    (m) => m[1],
  );
  let bytes = 0;
  for (const src of srcs) bytes += gzipSync(readFileSync(join(outDir, src.replace(/^\.?\//, ''))), { level: 9 }).length;
  return { bytes, files: srcs.length };
}

async function buildSite(outDir: string): Promise<void> {
  await build({
    configFile: join(projectRoot, 'vite.config.ts'),
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
}

/** A React hello-world built like the site; its index.html scripts' gzip bytes. */
export async function buildHelloWorld(): Promise<{ bytes: number; files: number; remove(): void }> {
  const outDir = mkdtempSync(join(tmpdir(), 'ui-bundle-hello-'));
  // Inside node_modules/.cache so react resolves from the project's node_modules.
  const root = join(projectRoot, 'node_modules', '.cache', 'ui-bench-hello');
  mkdirSync(root, { recursive: true });
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html lang="kk"><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>',
  );
  writeFileSync(
    join(root, 'main.tsx'),
    "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')!).render(<h1>Сәлем</h1>);\n",
  );
  await build({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
  return { ...initialJsGzip(outDir), remove: () => rmSync(outDir, { recursive: true, force: true }) };
}

/** Every script the sport page loads before it is idle, from the production server in Chromium. */
async function startupScripts(siteDir: string) {
  const server = await startProductionServer(siteDir);
  const browser = await launchBrowser();
  try {
    const context = await newVisitorContext(browser);
    const page = await openMetered(context, `${server.url}/kz/football/`, ROW);
    await readLoad(page, IDLE_AFTER_FIRST_ROW_MS);
    const scripts = await scriptsLoaded(page);
    await context.close();
    return { scripts, gzip: await gzipBytes(scripts) };
  } finally {
    await browser.close();
    await server.stop();
  }
}

export default async function (): Promise<Record<string, unknown>> {
  const siteDir = mkdtempSync(join(tmpdir(), 'ui-bundle-site-'));
  let hello: Awaited<ReturnType<typeof buildHelloWorld>> | null = null;
  try {
    await buildSite(siteDir);
    hello = await buildHelloWorld();
    const indexHtml = initialJsGzip(siteDir);
    const loaded = await startupScripts(siteDir);
    const assets = readdirSync(join(siteDir, 'assets')).filter((f) => f.endsWith('.js')).length;
    const startupKB = loaded.gzip / 1024;
    return {
      sportPageStartupJsGzipKB: Number(startupKB.toFixed(1)),
      startupScripts: loaded.scripts.map((s) => ({
        file: new URL(s.url).pathname,
        loadedAtMs: Math.round(s.loadedAtMs),
      })),
      startupJsServedBrotliKB: Number((loaded.scripts.reduce((n, s) => n + s.servedBytes, 0) / 1024).toFixed(1)),
      indexHtmlScriptsGzipKB: Number((indexHtml.bytes / 1024).toFixed(1)),
      baselineHelloWorldJsGzipKB: Number((hello.bytes / 1024).toFixed(1)),
      ratioToBaseline: Number((loaded.gzip / hello.bytes).toFixed(2)),
      targetKB: TARGET_KB,
      withinTarget: startupKB <= TARGET_KB,
      builtScripts: assets,
    };
  } finally {
    rmSync(siteDir, { recursive: true, force: true });
    hello?.remove();
  }
}
