// Shared browser-test setup: build the client once per test file into a temporary folder, serve it
// with the real feed server on 127.0.0.1 (port 0) over a test world, and drive headless Chromium.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { buildServer } from '../../../server/app';
import { createWorldFeedSource } from '../../../server/world-feed-source';
import { createTestWorld, type TestWorld } from './test-world';

const projectRoot = resolve(import.meta.dirname, '../../..');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Builds the client with the project's vite config into a fresh temporary folder. */
export async function buildClient(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'kz-scores-client-'));
  const { build } = await import('vite');
  await build({
    configFile: join(projectRoot, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
  return outDir;
}

export interface Site {
  readonly url: string;
  readonly world: TestWorld;
  readonly server: FastifyInstance;
  close(): Promise<void>;
}

export async function startSite(staticDir: string, world: TestWorld = createTestWorld()): Promise<Site> {
  const source = createWorldFeedSource(world.simulation, { now: () => Date.now() });
  const server = await buildServer({ feedSource: source, staticDir });
  await server.listen({ host: '127.0.0.1', port: 0 });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    world,
    server,
    async close() {
      await server.close();
      source.close();
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export async function newPage(
  browser: Browser,
  width = 1280,
  height = 900,
): Promise<{ context: BrowserContext; page: Page }> {
  // A visitor in Kazakhstan: the page shows times in the browser's zone.
  const context = await browser.newContext({ viewport: { width, height }, timezoneId: 'Asia/Almaty' });
  const page = await context.newPage();
  return { context, page };
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
