// Installable and offline in real Chromium against the real feed server: the service worker takes control of the
// sport page, the device goes offline and the page is reloaded: the last rows come from the worker's cache with the
// Kazakh offline notice and the cached day list's time; back online the notice goes and live scores move again.
// The manifest and its icons as the browser fetches them.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../src/domain/datetime';
import { kk } from '../../src/i18n/kk';
import { buildClient, launchBrowser, newPage, removeDir, type Site, startSite } from './support/site';

let dir: string;
let site: Site;
let browser: Browser;

beforeAll(async () => {
  dir = await buildClient();
  site = await startSite(dir);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (dir) removeDir(dir);
});

const NOTICE = '[data-testid="offline-notice"]';
const DAY_LIST = /\/47\/x\/feed\/f_1_0_/; // football today (S7-2)

/** The Date header of the football day list in the worker's feed cache, or null while it has none. */
function cachedDayListDate(page: Page): Promise<string | null> {
  return page.evaluate(async (pattern) => {
    const cache = await caches.open('kz-feeds');
    for (const request of await cache.keys()) {
      if (new RegExp(pattern).test(request.url)) return (await cache.match(request))?.headers.get('date') ?? null;
    }
    return null;
  }, DAY_LIST.source);
}

describe('installable and offline in Chromium', () => {
  it('A4-11 offline reload shows the last rows and "Желіден тыс · соңғы жаңарту HH:MM"; back online the notice goes and a score moves', async () => {
    const { page, context } = await newPage(browser);
    const match = site.world.liveMatch(1);
    const score = page.locator(`[data-event-id="${match.id}"] [data-testid="row-score"]`);
    await page.goto(`${site.url}/kz/football/`);
    await score.waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    // The first visit's day list is asked again through the worker once it controls the page.
    await page.waitForFunction(
      async (pattern) => {
        const keys = await (await caches.open('kz-feeds')).keys();
        return keys.some((request) => new RegExp(pattern).test(request.url));
      },
      DAY_LIST.source,
      { timeout: 20_000, polling: 200 },
    );
    const shown = await score.textContent();
    const cachedDate = await cachedDayListDate(page);
    expect(cachedDate).not.toBeNull();
    expect(await page.locator(NOTICE).isHidden()).toBe(true);

    await context.setOffline(true);
    // The open page keeps its rows and says it is offline at once.
    const notice = page.locator(NOTICE);
    await notice.waitFor({ state: 'visible' });
    expect(await notice.textContent()).toMatch(/^Желіден тыс · соңғы жаңарту \d\d:\d\d$/);
    expect(await score.textContent()).toBe(shown);
    const served: boolean[] = [];
    page.on('response', (response) => {
      if (DAY_LIST.test(response.url())) served.push(response.fromServiceWorker());
    });
    await page.reload();
    await score.waitFor({ timeout: 20_000 });
    expect(await score.textContent()).toBe(shown);
    expect(served).toEqual([true]); // the day list came from the worker, the network being off
    await notice.waitFor({ state: 'visible' });
    // The time of the cached list, in the visitor's zone (the page runs in Asia/Almaty).
    const hhmm = formatDate(Math.floor(Date.parse(cachedDate ?? '') / 1000), 'Asia/Almaty', 'H:i');
    expect(await notice.textContent()).toBe(kk.offline.notice(hhmm));

    await context.setOffline(false);
    await notice.waitFor({ state: 'hidden', timeout: 10_000 });
    const [home, away] = (shown ?? '').split('').map(Number);
    site.world.append([{ type: 'ScoreChanged', matchId: match.id, score: { homeScore: home + 1, awayScore: away } }]);
    await page.waitForFunction(
      ({ id, text }) =>
        document.querySelector(`[data-event-id="${id}"] [data-testid="row-score"]`)?.textContent === text,
      { id: match.id, text: `${home + 1}${away}` },
      { timeout: 40_000 },
    );
    await context.close();
  }, 120_000);

  it('the manifest names the site in Kazakh, starts at /kz/, and its icons load', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${site.url}/kz/football/`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await page.request.get(`${site.url}${href}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      lang: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest.name).toBe(kk.app.name);
    expect(manifest.short_name).toBe(kk.siteName);
    expect(manifest.lang).toBe('kk');
    expect(manifest.start_url).toBe('/kz/');
    expect(manifest.scope).toBe('/');
    expect(manifest.display).toBe('standalone');
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(manifest.theme_color);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    // Installable: 192 and 512 px PNGs, one maskable; every icon loads with its own type.
    const sizes = manifest.icons.filter((i) => i.type === 'image/png').map((i) => i.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const image = await page.request.get(`${site.url}${icon.src}`);
      expect([icon.src, image.status(), image.headers()['content-type']]).toEqual([icon.src, 200, icon.type]);
      // A PNG's size is in its header; it must be what the manifest says.
      if (icon.type === 'image/png') {
        const body = await image.body();
        expect([icon.src, `${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`]).toEqual([icon.src, icon.sizes]);
      }
    }
    const worker = await page.request.get(`${site.url}/sw.js`);
    expect(worker.headers()['cache-control']).toBe('no-cache');
    await context.close();
  }, 60_000);
});
