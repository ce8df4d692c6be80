// The not-found page and the /mobile page in Chromium against the real server on loopback: statuses from the
// route table, the Kazakh text the client shows, and the inline theme script still allowed by the policy on a 404.
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

/** Content-Security-Policy complaints the page logs (a blocked inline script shows up here). */
function policyErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

async function expectNotFoundPage(page: Page): Promise<void> {
  const main = page.locator('main.main--not-found');
  await main.getByRole('heading', { level: 1, name: kk.notFound.title }).waitFor();
  await main.getByText(kk.notFound.text).waitFor();
  expect(await main.getByRole('link', { name: kk.notFound.home }).getAttribute('href')).toBe('/kz/football/');
  expect(await page.title()).toBe(kkPages.notFound.documentTitle);
}

describe('not-found and mobile pages in Chromium', () => {
  it('S2-11 an unknown address answers 404 and shows the Kazakh not-found page, whose link leads home', async () => {
    const { page, context } = await newPage(browser);
    const errors = policyErrors(page);
    const response = await page.goto(`${site.url}/kz/football/nowhere/at-all/`);
    expect(response?.status()).toBe(404);
    await expectNotFoundPage(page);
    // The inline theme script of the 404 answer ran: its hash is the policy's.
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toMatch(/^(light|dark)$/);
    expect(errors).toEqual([]);

    await page.locator('main').getByRole('link', { name: kk.notFound.home }).click();
    await page.waitForURL(`${site.url}/kz/football/`);
    await page.waitForSelector('[data-event-id]');
    expect(await page.title()).not.toBe(kkPages.notFound.documentTitle);
    await context.close();
  }, 60_000);

  it('S2-1 S2-33 a route naming no sport or no event answers 404 with the not-found page', async () => {
    const { page, context } = await newPage(browser);
    for (const path of ['/kz/curling/', '/kz/match/Nope0000/']) {
      const response = await page.goto(`${site.url}${path}`);
      expect([path, response?.status()]).toEqual([path, 404]);
    }
    // A sport slug the site does not have: the client shows the not-found page too.
    await page.goto(`${site.url}/kz/curling/`);
    await expectNotFoundPage(page);
    await context.close();
  }, 60_000);

  it('S2-9 /mobile answers 200 with the Kazakh mobile page; moving in the page to an unknown address shows not-found', async () => {
    const { page, context } = await newPage(browser);
    const errors = policyErrors(page);
    const response = await page.goto(`${site.url}/mobile`);
    expect(response?.status()).toBe(200);
    const mobile = page.getByTestId('mobile-page');
    await mobile.getByRole('heading', { level: 1, name: kkPages.mobile.title }).waitFor();
    await mobile.getByText(kkPages.mobile.lead).waitFor();
    expect(await mobile.locator('li').allTextContents()).toEqual([...kkPages.mobile.offers]);
    expect(await page.title()).toBe(kkPages.mobile.documentTitle);
    expect(errors).toEqual([]);

    // In-page navigation to an address no route has.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/kz/team/kairat/abc12345/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expectNotFoundPage(page);

    await page.goBack();
    await mobile.getByRole('link', { name: kkPages.mobile.open }).click();
    await page.waitForURL(`${site.url}/kz/football/`);
    await page.waitForSelector('[data-event-id]');
    await context.close();
  }, 60_000);
});
