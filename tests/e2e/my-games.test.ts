// My Games in real Chromium against the real server and account service: a guest's star survives a reload and shows
// under My Games, two logged-out tabs agree within a second (S4-31), and at login the local stars merge into the
// account, where a second browser finds them (S4-32, A3-11).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITION } from '../../src/domain/edition';
import { kk } from '../../src/i18n/kk';
import { type AccountSite, createVerifiedUser, startAccountSite } from './support/account-site';
import { logInFromHeader } from './support/header-login';
import { buildClient, launchBrowser, newPage, removeDir } from './support/site';

const P = EDITION.routePrefix;
const PASSWORD = 'Bastau-Kupiya1';

let dir: string;
let site: AccountSite;
let browser: Browser;

beforeAll(async () => {
  dir = await buildClient();
  site = await startAccountSite(dir);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (dir) removeDir(dir);
});

const starOf = (page: Page, id: string) => page.locator(`.event-list [data-star-key="g_1_${id}"]`);

/** The football list, and the ids of its first duel rows. */
async function openFootball(page: Page, count = 1): Promise<string[]> {
  await page.goto(`${site.url}${P}/football/`);
  await page.locator('.event-list a[data-event-id]').first().waitFor();
  const ids = await page
    .locator('.event-list a[data-event-id]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-event-id') ?? ''));
  return ids.slice(0, count);
}

async function pressed(page: Page, id: string): Promise<boolean> {
  return (await starOf(page, id).getAttribute('aria-pressed')) === 'true';
}

describe('My Games in Chromium', () => {
  it('S4-27 S6-1 S2-27 S4-9 a star survives a reload and shows, alone, under My Games', async () => {
    const { page, context } = await newPage(browser);
    const [id] = await openFootball(page);
    expect(await starOf(page, id).getAttribute('title')).toBe(kk.follow.addGame);
    await starOf(page, id).click();
    expect(await pressed(page, id)).toBe(true);
    expect(await page.getByTestId('my-games-badge').textContent()).toBe('1');

    await page.reload();
    await starOf(page, id).waitFor();
    expect(await pressed(page, id)).toBe(true);
    expect(await page.getByTestId('my-games-badge').textContent()).toBe('1');

    // The sport page's My Games tab: exactly the followed match.
    await page.locator('a[data-tab="myGames"]').click();
    await page.waitForFunction(
      (wanted) => {
        const rows = [...document.querySelectorAll('.event-list a[data-event-id]')];
        return rows.length === 1 && rows[0].getAttribute('data-event-id') === wanted;
      },
      id,
      { timeout: 15_000 },
    );
    expect(new URL(page.url()).searchParams.get('cat')).toBe('5');

    // The My Games page from the header.
    await page.getByTestId('my-games-link').click();
    const games = page.getByTestId('my-games-games');
    await games.locator(`a[data-event-id="${id}"]`).waitFor({ timeout: 15_000 });
    expect(await games.locator('a[data-event-id]').count()).toBe(1);
    await context.close();
  }, 90_000);

  it('S4-31 two logged-out tabs agree within a second', async () => {
    const { page: first, context } = await newPage(browser);
    const second = await context.newPage();
    const [a, b] = await openFootball(first, 2);
    await openFootball(second, 2);
    await starOf(first, a).click();
    const seen = Date.now();
    await second.locator(`.event-list [data-star-key="g_1_${a}"][aria-pressed="true"]`).waitFor({ timeout: 1_000 });
    expect(Date.now() - seen).toBeLessThan(1_000);
    // And back the other way: a star added there and one removed here.
    await starOf(second, b).click();
    await starOf(second, a).click();
    await first.locator(`.event-list [data-star-key="g_1_${b}"][aria-pressed="true"]`).waitFor({ timeout: 1_000 });
    await first.locator(`.event-list [data-star-key="g_1_${a}"][aria-pressed="false"]`).waitFor({ timeout: 1_000 });
    await context.close();
  }, 60_000);

  it('S4-32 A3-11 A4-3 at login the local stars merge into the account; another browser logged in sees them', async () => {
    const email = 'dana.stars@example.kz';
    await createVerifiedUser(site, email, PASSWORD, 'Dana_S');
    const { page, context } = await newPage(browser);
    const [a, b] = await openFootball(page, 2);
    await starOf(page, a).click();
    await logInFromHeader(page, email, PASSWORD);
    // The guest's copy moved into the account: fsdc_my_* is gone, the account's data names the game.
    await page.waitForFunction(
      (key) =>
        localStorage.getItem('fsdc_my_local') === null && (localStorage.getItem('lsid_data') ?? '').includes(key),
      `g_1_${a}`,
    );
    expect(await pressed(page, a)).toBe(true);
    await starOf(page, b).click(); // logged in: stored in the account as a diff (A7-11)
    await page.waitForFunction((key) => (localStorage.getItem('lsid_data') ?? '').includes(key), `g_1_${b}`);
    await page.waitForLoadState('networkidle');
    await context.close();

    const other = await newPage(browser);
    await openFootball(other.page, 2);
    expect(await pressed(other.page, a)).toBe(false);
    await logInFromHeader(other.page, email, PASSWORD);
    await other.page.locator(`.event-list [data-star-key="g_1_${a}"][aria-pressed="true"]`).waitFor();
    await other.page.locator(`.event-list [data-star-key="g_1_${b}"][aria-pressed="true"]`).waitFor();
    expect(await other.page.getByTestId('my-games-badge').textContent()).toBe('2');
    // A reload starts logged in, with the account's copy.
    await other.page.reload();
    await starOf(other.page, a).waitFor();
    expect(await pressed(other.page, a)).toBe(true);
    expect(await pressed(other.page, b)).toBe(true);
    await other.context.close();
  }, 120_000);
});
