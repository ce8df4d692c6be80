// Page speed of the sport page, a match page and the My Games page in Chromium on loopback, against the production
// server (`scores serve` in a child process over the built client, service worker included; bench/page-load.ts).
// Per page, VISITS rounds, each in fresh browser contexts:
// - first visit (nothing cached): LCP, the first painted score row, CLS over the load and LIVE_WINDOW_MS of live
//   updates after the first row, and every script the page loaded by the end of that window with no user action
//   (gzip bytes as the server sends them to `accept-encoding: gzip`, and the brotli bytes Chromium received);
// - repeat visit with the service worker controlling the page (a new page of the same context, once the worker has
//   taken control): time to the first painted row against the first visit's;
// - the same two visits with service workers blocked: the browser's HTTP cache alone (baseline for the repeat);
// - baseline for LCP and the first row: the first visit's DOM at the end of its window, scripts removed, served as a
//   static HTML page from another loopback port (its styles and flags from the site): the same rows with no script.
// Medians over the rounds, with min and max. The machine has 2 cores shared with other work; its load average is
// written with the figures.
import { createServer, type Server } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildClient, launchBrowser, removeDir } from '../tests/e2e/support/site';
import {
  gzipBytes,
  type LoadFigures,
  newVisitorContext,
  openMetered,
  readLoad,
  type ScriptLoad,
  scriptsLoaded,
  startProductionServer,
  workerControls,
} from './page-load';
import { buildHelloWorld } from './ui-bundle.bench';

const VISITS = Number(process.env.PAGES_BENCH_VISITS ?? 3);
/** Live updates watched for layout shifts after the first row. */
const LIVE_WINDOW_MS = 5000;
/** After the first row of a repeat or baseline visit: a later, larger paint still counts for LCP. */
const SETTLE_MS = 1000;
const STARRED_GAMES = 6;
const TARGETS = { lcpMs: 1000, cls: 0.05, startupJsGzipKB: 150, firstRowMs: 600, repeatToFirstRatio: 0.5 };

const ROW = {
  sport: '.event-list [data-event-id] [data-testid="row-score"]',
  // The header's score digits (a dash before the core feed arrives is not a score).
  match: '[data-testid="match-score"] span:not([aria-hidden])',
  // The starred games are the list's first rows, not all begun: a row, scored or not.
  myGames: '[data-testid="my-games-games"] [data-event-id]',
} as const;
type PageKind = keyof typeof ROW;

interface Visit {
  readonly first: LoadFigures;
  readonly scripts: ScriptLoad[];
  readonly scriptGzipBytes: number;
  readonly repeat: LoadFigures;
  readonly firstNoWorker: LoadFigures;
  readonly repeatNoWorker: LoadFigures;
  readonly staticPage: LoadFigures;
}

const round1 = (n: number) => Number(n.toFixed(1));
const kb = (bytes: number) => round1(bytes / 1024);

function spread(values: readonly number[], digits = 1) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  const r = (n: number) => Number(n.toFixed(digits));
  return { median: r(median), min: r(sorted[0]), max: r(sorted[sorted.length - 1]) };
}

/** The page as it stands, scripts and preloads removed, its addresses resolved against the site. */
function staticCopy(page: Page, site: string): Promise<string> {
  return page.evaluate((base) => {
    const root = document.documentElement.cloneNode(true) as HTMLElement;
    for (const el of root.querySelectorAll('script, link[rel="modulepreload"], link[rel="manifest"]')) el.remove();
    for (const el of root.querySelectorAll('[crossorigin]')) el.removeAttribute('crossorigin');
    const head = root.querySelector('head');
    const baseEl = document.createElement('base');
    baseEl.href = `${base}/`;
    head?.prepend(baseEl);
    return `<!doctype html>${root.outerHTML}`;
  }, site);
}

/** Serves static copies at /<n> on a free loopback port. */
async function startStaticServer(): Promise<{ url: string; add(html: string): string; close(): Promise<void> }> {
  const pages: string[] = [];
  const server: Server = createServer((req, res) => {
    const html = pages[Number((req.url ?? '').slice(1))];
    res.writeHead(html === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html ?? '');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    add(html) {
      pages.push(html);
      return `${url}/${pages.length - 1}`;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** A football event with a score (live or finished), and the local storage of a guest who starred the first games. */
async function prepare(browser: Browser, site: string): Promise<{ matchUrl: string; storage: string }> {
  const context = await newVisitorContext(browser, 'block');
  try {
    const page = await context.newPage();
    await page.goto(`${site}/kz/football/`);
    await page.locator(ROW.sport).first().waitFor({ timeout: 60_000 });
    const rows = await page.$$eval('.event-list a[data-event-id]', (links) =>
      links.map((row) => ({
        id: row.getAttribute('data-event-id') ?? '',
        href: row.getAttribute('href') ?? '',
        scored: /\d/.test(row.querySelector('[data-testid="row-score"]')?.textContent ?? ''),
      })),
    );
    const scored = rows.find((row) => row.scored);
    if (!scored || rows.length < STARRED_GAMES) throw new Error(`${rows.length} football rows, none with a score`);
    const starred = rows.slice(0, STARRED_GAMES);
    for (const { id } of starred) await page.locator(`.event-list [data-star-key="g_1_${id}"]`).click();
    const last = starred[STARRED_GAMES - 1].id;
    await page.waitForFunction((id) => (localStorage.getItem('fsdc_my_local') ?? '').includes(id), last);
    const saved = await page.evaluate(() =>
      Object.fromEntries(
        Object.keys(localStorage)
          .filter((k) => k.startsWith('fsdc_my_local'))
          .map((k) => [k, localStorage.getItem(k)]),
      ),
    );
    // Set before the page's scripts run, unless the page has written its own since.
    const storage = `if (localStorage.getItem('fsdc_my_local') === null) {
      var saved = ${JSON.stringify(saved)};
      Object.keys(saved).forEach(function (k) { localStorage.setItem(k, saved[k]); });
    }`;
    return { matchUrl: new URL(scored.href, site).href, storage };
  } finally {
    await context.close();
  }
}

async function visitTwice(
  context: BrowserContext,
  url: string,
  kind: PageKind,
  init: readonly string[],
  withWorker: boolean,
): Promise<{ first: LoadFigures; repeat: LoadFigures; scripts: ScriptLoad[]; firstPage: Page }> {
  const page = await openMetered(context, url, ROW[kind], init);
  const first = await readLoad(page, withWorker ? LIVE_WINDOW_MS : SETTLE_MS).catch((error: unknown) => {
    throw new Error(`${kind}: no score row painted at ${url}`, { cause: error });
  });
  const scripts = await scriptsLoaded(page);
  if (withWorker) await workerControls(page);
  const again = await openMetered(context, url, ROW[kind], init);
  const repeat = await readLoad(again, SETTLE_MS);
  if (withWorker && !repeat.controlled) throw new Error(`${kind}: the repeat visit had no service worker`);
  await again.close();
  return { first, repeat, scripts, firstPage: page };
}

async function measurePage(
  browser: Browser,
  statics: Awaited<ReturnType<typeof startStaticServer>>,
  site: string,
  kind: PageKind,
  url: string,
  init: readonly string[],
): Promise<Visit> {
  const worker = await newVisitorContext(browser, 'allow');
  let html: string;
  let withWorker: Awaited<ReturnType<typeof visitTwice>>;
  try {
    withWorker = await visitTwice(worker, url, kind, init, true);
    html = await staticCopy(withWorker.firstPage, site);
  } finally {
    await worker.close();
  }
  const plain = await newVisitorContext(browser, 'block');
  let noWorker: Awaited<ReturnType<typeof visitTwice>>;
  try {
    noWorker = await visitTwice(plain, url, kind, init, false);
  } finally {
    await plain.close();
  }
  const still = await newVisitorContext(browser, 'block');
  let staticPage: LoadFigures;
  try {
    staticPage = await readLoad(await openMetered(still, statics.add(html), ROW[kind]), SETTLE_MS);
  } finally {
    await still.close();
  }
  return {
    first: withWorker.first,
    scripts: withWorker.scripts,
    scriptGzipBytes: await gzipBytes(withWorker.scripts),
    repeat: withWorker.repeat,
    firstNoWorker: noWorker.first,
    repeatNoWorker: noWorker.repeat,
    staticPage,
  };
}

function longestWait(load: LoadFigures): number {
  const before = load.feeds.filter((f) => f.startMs <= load.firstRowPaintedMs);
  return Math.max(0, ...before.map((f) => f.firstByteMs - f.startMs));
}

function summarize(kind: PageKind, url: string, visits: readonly Visit[], helloGzipBytes: number) {
  const of = (pick: (v: Visit) => number, digits = 1) => spread(visits.map(pick), digits);
  const first = of((v) => v.first.firstRowPaintedMs);
  const repeat = of((v) => v.repeat.firstRowPaintedMs);
  const lcp = of((v) => v.first.lcpMs);
  const cls = of((v) => v.first.cls, 4);
  const js = of((v) => v.scriptGzipBytes / 1024);
  const ratios = of((v) => v.repeat.firstRowPaintedMs / v.first.firstRowPaintedMs, 2);
  const staticLcp = of((v) => v.staticPage.lcpMs);
  const last = visits[visits.length - 1];
  return {
    path: new URL(url).pathname,
    rowSelector: ROW[kind],
    lcpMs: lcp,
    lcpElements: [...new Set(visits.map((v) => v.first.lcpElement))],
    baselineStaticLcpMs: staticLcp,
    lcpToStaticRatio: Number((lcp.median / Math.max(staticLcp.median, 1)).toFixed(2)),
    fcpMs: of((v) => v.first.fcpMs),
    firstRowInDomMs: of((v) => v.first.firstRowInDomMs),
    firstRowPaintedMs: first,
    baselineStaticFirstRowPaintedMs: of((v) => v.staticPage.firstRowPaintedMs),
    // The longest wait for a feed's first byte before the first row: the server's share (its world ticks and
    // compression run on the same two cores).
    longestFeedWaitBeforeFirstRowMs: of((v) => longestWait(v.first)),
    firstVisitFeedsMs: last.first.feeds
      .filter((f) => f.startMs <= last.first.firstRowPaintedMs)
      .map((f) => [f.feed, f.startMs, f.firstByteMs, f.endMs]),
    cls,
    layoutShifts: of((v) => v.first.layoutShifts, 0),
    baselineStaticCls: of((v) => v.staticPage.cls, 4),
    startupJsGzipKB: js,
    startupJsServedBrotliKB: of((v) => v.scripts.reduce((n, s) => n + s.servedBytes, 0) / 1024),
    startupScripts: last.scripts.map((s) => ({
      file: new URL(s.url).pathname,
      servedBrotliKB: kb(s.servedBytes),
      loadedAtMs: round1(s.loadedAtMs),
    })),
    baselineHelloWorldJsGzipKB: kb(helloGzipBytes),
    repeatWithWorkerFirstRowPaintedMs: repeat,
    repeatToFirstRatio: ratios,
    repeatWithWorkerLcpMs: of((v) => v.repeat.lcpMs),
    noWorkerFirstRowPaintedMs: of((v) => v.firstNoWorker.firstRowPaintedMs),
    noWorkerRepeatFirstRowPaintedMs: of((v) => v.repeatNoWorker.firstRowPaintedMs),
    met: {
      lcp: lcp.median <= TARGETS.lcpMs,
      cls: cls.median <= TARGETS.cls,
      startupJs: js.median <= TARGETS.startupJsGzipKB,
      firstRow: first.median <= TARGETS.firstRowMs,
      repeat: ratios.median <= TARGETS.repeatToFirstRatio,
    },
  };
}

export default async function (): Promise<Record<string, unknown>> {
  const loadBefore = loadavg();
  const startedAt = Date.now();
  const dir = await buildClient();
  const hello = await buildHelloWorld();
  const server = await startProductionServer(dir);
  const statics = await startStaticServer();
  const browser = await launchBrowser();
  try {
    const { matchUrl, storage } = await prepare(browser, server.url);
    const pages: [PageKind, string, string[]][] = [
      ['sport', `${server.url}/kz/football/`, []],
      ['match', matchUrl, []],
      ['myGames', `${server.url}/kz/my-games`, [storage]],
    ];
    const figures: Record<string, unknown> = {};
    for (const [kind, url, init] of pages) {
      const visits: Visit[] = [];
      for (let i = 0; i < VISITS; i++) {
        visits.push(await measurePage(browser, statics, server.url, kind, url, init));
        console.error(`pages: ${kind} round ${i + 1} of ${VISITS} measured`);
      }
      figures[kind] = summarize(kind, url, visits, hello.bytes);
    }
    return {
      machine: {
        cores: availableParallelism(),
        shared: 'the 2 cores run the server, Chromium and other work at once',
        loadAverage1mBefore: round1(loadBefore[0]),
        loadAverage1mAfter: round1(loadavg()[0]),
      },
      server: 'scores serve (child process), seed 1, every sport, real-time speed',
      worldStart: new Date(startedAt).toISOString(),
      visitsPerPage: VISITS,
      liveWindowMs: LIVE_WINDOW_MS,
      targets: TARGETS,
      pages: figures,
    };
  } finally {
    await browser.close();
    await statics.close();
    await server.stop();
    removeDir(dir);
    hello.remove();
  }
}
