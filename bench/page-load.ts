// Page-load measurement in Chromium against the production server, shared by pages.bench.ts and ui-bundle.bench.ts.
//
// - startProductionServer: `scores serve` itself (cli/bin.mjs, a child process) over a built client folder, the
//   world of seed 1 with every sport at the real time (as `npm start` runs it: a world set in the past would read a
//   guest's My Games stamps, written in the world's time, as expired against the browser's clock before the first
//   feed tells the page the server's time), with its own account database.
// - LOAD_METER: given to the page before its own scripts run. LCP and CLS from PerformanceObservers (layout shifts
//   with recent input left out, as CLS does); the first score row: a MutationObserver sees the first element
//   matching the page's row selector enter the DOM, then the frame that follows is waited for
//   (requestAnimationFrame, then a task after it: the frame's script, style, layout and paint are over). The time is
//   taken then, in ms from the navigation's start.
// - scriptsLoaded: every script the page's resource timing holds (entry, preloads, lazy chunks), with the time it
//   finished and its body bytes as served to the browser (encodedBodySize: brotli when the browser asks as Chromium
//   does); gzipBytes asks the server for each again with `accept-encoding: gzip` and counts the body it sends.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';

const projectRoot = resolve(import.meta.dirname, '..');
const SERVER_START_TIMEOUT_MS = 120_000;

export interface ProductionServer {
  readonly url: string;
  readonly pid: number;
  stop(): Promise<void>;
}

/** `scores serve --static <dir>` on a free loopback port; resolves once its world is built. */
export async function startProductionServer(staticDir: string): Promise<ProductionServer> {
  const dbDir = mkdtempSync(join(tmpdir(), 'kz-pages-db-'));
  const child: ChildProcess = spawn(
    process.execPath,
    [
      join(projectRoot, 'cli', 'bin.mjs'),
      'serve',
      '--port',
      '0',
      '--no-build',
      '--static',
      staticDir,
      '--seed',
      '1',
      '--db',
      join(dbDir, 'accounts.db'),
    ],
    { cwd: projectRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dbDir, { recursive: true, force: true });
  };
  try {
    const url = await new Promise<string>((done, fail) => {
      let text = '';
      let base = '';
      const timer = setTimeout(() => fail(new Error('scores serve did not get ready')), SERVER_START_TIMEOUT_MS);
      child.once('exit', (code) => fail(new Error(`scores serve exited (${code})`)));
      child.stdout?.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        base ||= /scores serve: (http:\/\/[^/\s]+)\//.exec(text)?.[1] ?? '';
        if (base && /world ready/.test(text)) {
          clearTimeout(timer);
          done(base);
        }
      });
    });
    return { url, pid: child.pid ?? 0, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export interface LoadFigures {
  /** Largest contentful paint, ms from the navigation's start (0: none reported). */
  readonly lcpMs: number;
  /** What the largest contentful paint was: tag and class of its element. */
  readonly lcpElement: string;
  readonly fcpMs: number;
  /** The first score row in the DOM, and the end of the frame that painted it. */
  readonly firstRowInDomMs: number;
  readonly firstRowPaintedMs: number;
  readonly cls: number;
  readonly layoutShifts: number;
  /** Whether a service worker controlled the page. */
  readonly controlled: boolean;
  /** The page's feed requests by then: name, start, first byte and end, ms from the navigation's start. */
  readonly feeds: readonly FeedTiming[];
}

export interface FeedTiming {
  readonly feed: string;
  readonly startMs: number;
  readonly firstByteMs: number;
  readonly endMs: number;
}

interface MeterState {
  lcp: number;
  lcpElement: string;
  cls: number;
  shifts: number;
  rowInDom: number;
  rowPainted: number;
}

/**
 * The page-side meter for a row selector. A string: tsx would wrap a function's inner names in a helper the page
 * does not have.
 */
export function loadMeter(rowSelector: string): string {
  return `(function () {
  var m = { lcp: 0, lcpElement: '', cls: 0, shifts: 0, rowInDom: 0, rowPainted: 0 };
  window.__kzLoad = m;
  new PerformanceObserver(function (list) {
    list.getEntries().forEach(function (e) {
      m.lcp = e.startTime;
      var el = e.element;
      m.lcpElement = el ? el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ').join('.') : '') : '(removed)';
    });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver(function (list) {
    list.getEntries().forEach(function (e) {
      if (!e.hadRecentInput) { m.cls += e.value; m.shifts += 1; }
    });
  }).observe({ type: 'layout-shift', buffered: true });
  var selector = ${JSON.stringify(rowSelector)};
  var seen = function (observer) {
    if (m.rowInDom || !document.querySelector(selector)) return;
    m.rowInDom = performance.now();
    if (observer) observer.disconnect();
    requestAnimationFrame(function () {
      setTimeout(function () { m.rowPainted = performance.now(); }, 0);
    });
  };
  new MutationObserver(function (records, observer) { seen(observer); })
    .observe(document, { childList: true, subtree: true, characterData: true });
})();`;
}

/** Waits for the first painted row, then `settleMs` more (live updates for CLS), and reads the figures. */
export async function readLoad(page: Page, settleMs: number): Promise<LoadFigures> {
  await page.waitForFunction(() => (window as unknown as { __kzLoad?: MeterState }).__kzLoad?.rowPainted, undefined, {
    timeout: 60_000,
    polling: 50,
  });
  if (settleMs > 0) await page.waitForTimeout(settleMs);
  return page.evaluate(() => {
    const m = (window as unknown as { __kzLoad: MeterState }).__kzLoad;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    return {
      lcpMs: m.lcp,
      lcpElement: m.lcpElement,
      fcpMs: fcp,
      firstRowInDomMs: m.rowInDom,
      firstRowPaintedMs: m.rowPainted,
      cls: m.cls,
      layoutShifts: m.shifts,
      controlled: navigator.serviceWorker?.controller != null,
      feeds: performance
        .getEntriesByType('resource')
        .map((e) => e as PerformanceResourceTiming)
        .filter((e) => e.name.includes('/x/feed/'))
        .map((e) => ({
          feed: e.name.slice(e.name.lastIndexOf('/') + 1),
          startMs: Math.round(e.startTime),
          firstByteMs: Math.round(e.responseStart),
          endMs: Math.round(e.responseEnd),
        })),
    };
  });
}

export interface ScriptLoad {
  readonly url: string;
  /** Body bytes as the browser received them (brotli here). */
  readonly servedBytes: number;
  /** When the response ended, ms from the navigation's start. */
  readonly loadedAtMs: number;
}

/** Every script the page has fetched so far (resource timing: entry, modulepreloads, dynamic imports). */
export function scriptsLoaded(page: Page): Promise<ScriptLoad[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e as PerformanceResourceTiming)
      .filter((e) => /\.m?js(?:\?|$)/.test(new URL(e.name).pathname))
      .map((e) => ({ url: e.name, servedBytes: e.encodedBodySize, loadedAtMs: e.responseEnd })),
  );
}

/** The body bytes the server sends for a URL asked with `accept-encoding: <coding>`. */
export function servedBodyBytes(url: string, coding: string): Promise<number> {
  return new Promise((done, fail) => {
    const req = request(url, { headers: { 'accept-encoding': coding } }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => {
        bytes += c.length;
      });
      res.on('end', () => (res.statusCode === 200 ? done(bytes) : fail(new Error(`${url}: ${res.statusCode}`))));
    });
    req.on('error', fail);
    req.end();
  });
}

export async function gzipBytes(scripts: readonly ScriptLoad[]): Promise<number> {
  let total = 0;
  for (const s of scripts) total += await servedBodyBytes(s.url, 'gzip');
  return total;
}

/** A context as a visitor in Kazakhstan gets it (the page shows times in the browser's zone). */
export function newVisitorContext(
  browser: Browser,
  serviceWorkers: 'allow' | 'block' = 'allow',
): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1366, height: 900 }, timezoneId: 'Asia/Almaty', serviceWorkers });
}

/** Opens a page with the meter (and any storage set-up) and loads the URL. */
export async function openMetered(
  context: BrowserContext,
  url: string,
  rowSelector: string,
  initScripts: readonly string[] = [],
): Promise<Page> {
  const page = await context.newPage();
  for (const content of initScripts) await page.addInitScript({ content });
  await page.addInitScript({ content: loadMeter(rowSelector) });
  await page.goto(url);
  return page;
}

/** Resolves once a service worker controls the page (it has installed, precached the shell and activated). */
export async function workerControls(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
}
