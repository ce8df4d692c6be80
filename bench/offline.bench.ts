// The repeat visit with the service worker: time to first rows of the football page against the first visit's,
// in Chromium over loopback, on a day of 2,000 events. Target (issue 19): the repeat visit at most half the first.
//
// Time to first rows: from the navigation's start (performance.timeOrigin) to the first list row in the DOM, seen
// by a MutationObserver the page is given before its own scripts run. Each round uses a fresh browser context:
// - first visit: nothing cached; the worker installs after the page has loaded and the day list is asked again
//   through it (web/app/sw-register.ts), then the round waits for the worker to control the page and for the
//   feed cache to hold the day list;
// - repeat visit: a new page of the same context, so the worker answers the scripts and styles from its precache
//   and the feeds network first (vite.config.ts).
// The same two visits with service workers blocked give the browser's HTTP cache alone (*NoWorker*). No throttled
// run: DevTools network conditions apply to the page's own requests, not to the worker's, so a throttled repeat
// visit would get its feeds at loopback speed and flatter the worker.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildClient, launchBrowser, removeDir, startSite } from '../tests/e2e/support/site';
import { createBulkWorld } from '../tests/e2e/support/test-world';

const EVENTS = 2000;
const ROUNDS = 5;
const TARGET_RATIO = 0.5;
const ROW = '[data-event-id]';

/** Records when the first list row appears, in ms from the navigation's start. A string: tsx would wrap a function's
 * inner names in a helper the page does not have. */
const WATCH_FIRST_ROW = `
  new MutationObserver(function (records, observer) {
    if (document.querySelector('${ROW}')) {
      window.firstRowAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

async function visit(context: BrowserContext, url: string): Promise<{ page: Page; ms: number }> {
  const page = await context.newPage();
  await page.addInitScript({ content: WATCH_FIRST_ROW });
  await page.goto(url);
  await page.waitForSelector(ROW, { timeout: 60_000 });
  const ms = await page.waitForFunction(() => (window as unknown as { firstRowAt?: number }).firstRowAt);
  return { page, ms: Number(await ms.jsonValue()) };
}

async function workerReady(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
  await page.waitForFunction(
    async () => (await (await caches.open('kz-feeds')).keys()).some((r) => /\/x\/feed\/f_1_0_/.test(r.url)),
    undefined,
    { timeout: 60_000, polling: 200 },
  );
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const round1 = (n: number) => Number(n.toFixed(1));

async function measure(browser: Browser, url: string) {
  const first: number[] = [];
  const repeat: number[] = [];
  const firstNoWorker: number[] = [];
  const repeatNoWorker: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'Asia/Almaty' });
    const one = await visit(context, url);
    first.push(one.ms);
    await workerReady(one.page);
    await one.page.close();
    repeat.push((await visit(context, url)).ms);
    await context.close();

    const plain = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      timezoneId: 'Asia/Almaty',
      serviceWorkers: 'block',
    });
    const two = await visit(plain, url);
    firstNoWorker.push(two.ms);
    await two.page.close();
    repeatNoWorker.push((await visit(plain, url)).ms);
    await plain.close();
  }
  const ratio = median(repeat) / median(first);
  return {
    firstVisitMs: round1(median(first)),
    repeatVisitWithWorkerMs: round1(median(repeat)),
    repeatToFirstRatio: Number(ratio.toFixed(2)),
    withinTarget: ratio <= TARGET_RATIO,
    firstVisitNoWorkerMs: round1(median(firstNoWorker)),
    repeatNoWorkerMs: round1(median(repeatNoWorker)),
    repeatNoWorkerToFirstRatio: Number((median(repeatNoWorker) / median(firstNoWorker)).toFixed(2)),
    samplesMs: {
      first: first.map(round1),
      repeat: repeat.map(round1),
      firstNoWorker: firstNoWorker.map(round1),
      repeatNoWorker: repeatNoWorker.map(round1),
    },
  };
}

export default async function (): Promise<Record<string, unknown>> {
  const dir = await buildClient();
  const site = await startSite(dir, createBulkWorld(EVENTS));
  const browser = await launchBrowser();
  try {
    return {
      events: EVENTS,
      rounds: ROUNDS,
      targetRatio: TARGET_RATIO,
      ...(await measure(browser, `${site.url}/kz/football/`)),
    };
  } finally {
    await browser.close();
    await site.close();
    removeDir(dir);
  }
}
