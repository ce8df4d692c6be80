// Initial JavaScript of the sport page, gzip-compressed, against a minimal React hello-world built
// the same way (vite, @vitejs/plugin-react, production mode) in the same run. Target ≤ 150 KB.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const projectRoot = resolve(import.meta.dirname, '..');
const TARGET_KB = 150;

/** Gzip bytes of the scripts index.html loads up front (entry and modulepreloads). */
function initialJsGzip(outDir: string): { bytes: number; files: number } {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const srcs = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map(
    (m) => m[1],
  );
  let bytes = 0;
  for (const src of srcs) bytes += gzipSync(readFileSync(join(outDir, src.replace(/^\.?\//, '')))).length;
  return { bytes, files: srcs.length };
}

async function buildSite(outDir: string): Promise<void> {
  await build({
    configFile: join(projectRoot, 'vite.config.ts'),
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
}

async function buildHelloWorld(outDir: string): Promise<void> {
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
}

export default async function (): Promise<Record<string, unknown>> {
  const siteDir = mkdtempSync(join(tmpdir(), 'ui-bundle-site-'));
  const helloDir = mkdtempSync(join(tmpdir(), 'ui-bundle-hello-'));
  try {
    await buildSite(siteDir);
    await buildHelloWorld(helloDir);
    const site = initialJsGzip(siteDir);
    const hello = initialJsGzip(helloDir);
    const assets = readdirSync(join(siteDir, 'assets')).filter((f) => f.endsWith('.js')).length;
    return {
      sportPageInitialJsGzipKB: Number((site.bytes / 1024).toFixed(1)),
      baselineHelloWorldJsGzipKB: Number((hello.bytes / 1024).toFixed(1)),
      ratioToBaseline: Number((site.bytes / hello.bytes).toFixed(2)),
      targetKB: TARGET_KB,
      withinTarget: site.bytes / 1024 <= TARGET_KB,
      initialScripts: site.files,
      builtScripts: assets,
    };
  } finally {
    rmSync(siteDir, { recursive: true, force: true });
    rmSync(helloDir, { recursive: true, force: true });
  }
}
