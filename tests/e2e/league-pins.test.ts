// My Leagues in real Chromium against the real server and account service: a guest's pin asks for a login with the
// login-needed text, a logged-in visitor's pins are stored in the account (after a reload, and on another browser),
// and a pin the server does not take is put back with the technical error. Every text checked is the Kazakh one.
import type { FastifyPluginAsync } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITION } from '../../src/domain/edition';
import { kk } from '../../src/i18n/kk';
import { kkAccount } from '../../web/ui/account/kk-account';
import { type AccountSite, createVerifiedUser, startAccountSite } from './support/account-site';
import { logInFromHeader } from './support/header-login';
import { buildClient, launchBrowser, newPage, removeDir } from './support/site';

const P = EDITION.routePrefix;
const PASSWORD = 'Bastau-Kupiya1';
// S3-60 label keys of the test world's football leagues (tests/e2e/support/test-world.ts): England's is the top one.
const TOP = '1_198_Tp10';
const SECOND = '1_119_Tp11';

/** While on, the account's store answers as it does when it fails inside (XE0), before touching the data. */
const storeFails = { on: false };
const failingStore: FastifyPluginAsync = Object.assign(
  async (app: Parameters<FastifyPluginAsync>[0]) => {
    app.addHook('onRequest', async (request, reply) => {
      if (storeFails.on && request.url.startsWith('/v3/storemergeddata')) return reply.send({ err: 'XE0' });
    });
  },
  { [Symbol.for('skip-override')]: true }, // a root hook: it sees the account service's routes
);

let dir: string;
let site: AccountSite;
let browser: Browser;

beforeAll(async () => {
  dir = await buildClient();
  site = await startAccountSite(dir, { plugins: [failingStore] });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (dir) removeDir(dir);
});

const pin = (page: Page, labelKey: string) => page.locator(`.event-list .league__pin[data-label-key="${labelKey}"]`);

async function openFootball(page: Page): Promise<void> {
  await page.goto(`${site.url}${P}/football/`);
  await pin(page, SECOND).waitFor();
}

/** Whether the pin shows as pinned, once the server has answered (S4-34). */
async function settledPin(page: Page, labelKey: string): Promise<boolean> {
  await page.locator(`.event-list .league__pin[data-label-key="${labelKey}"]:not([aria-busy])`).waitFor();
  return (await pin(page, labelKey).getAttribute('aria-pressed')) === 'true';
}

/** The label keys of the list's league headings, top to bottom. */
async function listedLeagues(page: Page): Promise<string[]> {
  return page
    .locator('.event-list .league__pin')
    .evaluateAll((pins) => pins.map((p) => p.getAttribute('data-label-key') ?? ''));
}

/** Logs in from the header and reloads, so the page starts with the account's data (A3-11). */
async function logIn(page: Page, email: string): Promise<void> {
  await logInFromHeader(page, email, PASSWORD);
  await page.reload();
  await pin(page, SECOND).waitFor();
}

describe('league pins in Chromium', () => {
  it('S5-5 S8-5 S6-2 S2-44: a guest’s pin opens the login dialog with the login-needed text and pins nothing', async () => {
    const { page, context } = await newPage(browser);
    await openFootball(page);
    expect(await pin(page, SECOND).getAttribute('title')).toBe(kk.pins.add); // S2-43
    await pin(page, SECOND).click();
    const dialog = page.getByTestId('login-dialog');
    await dialog.getByText(kkAccount.login.loginNeeded).waitFor();
    expect(await pin(page, SECOND).getAttribute('aria-pressed')).toBe('false');
    // Closed and opened again from the header, it is an ordinary login dialog.
    await dialog.getByRole('button', { name: kkAccount.close }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('login-button').click();
    await dialog.getByRole('heading', { name: kkAccount.login.title }).waitFor();
    expect(await dialog.textContent()).not.toContain(kkAccount.login.loginNeeded);
    await context.close();
  }, 60_000);

  it('S4-33 S4-34 S6-2 S2-42: a logged-in visitor’s pins lead the list and stay after a reload and on another browser', async () => {
    const email = 'aliya.pins@example.kz';
    await createVerifiedUser(site, email, PASSWORD, 'Aliya_P');
    const { page, context } = await newPage(browser);
    await openFootball(page);
    await logIn(page, email);
    expect(await listedLeagues(page)).toEqual([TOP, SECOND]);
    expect(await settledPin(page, TOP)).toBe(true); // S3-61: the top league is pinned by default
    expect(await settledPin(page, SECOND)).toBe(false);

    await pin(page, SECOND).click(); // S4-33: seeds the defaults, then pins the league
    expect(await settledPin(page, SECOND)).toBe(true);
    await pin(page, TOP).click();
    expect(await settledPin(page, TOP)).toBe(false);
    expect(await listedLeagues(page)).toEqual([SECOND, TOP]);
    expect(await page.getByTestId('menu-pinned').textContent()).toBe('Қазақстан: Бірінші лига');

    await page.reload();
    await pin(page, SECOND).waitFor();
    expect(await settledPin(page, SECOND)).toBe(true);
    expect(await settledPin(page, TOP)).toBe(false);
    expect(await listedLeagues(page)).toEqual([SECOND, TOP]);
    expect(await page.locator(`.league:has([data-label-key="${SECOND}"]) h2 .league__star`).count()).toBe(1);
    await context.close();

    // The account holds them: another browser gets them at login.
    const other = await newPage(browser);
    await openFootball(other.page);
    await logIn(other.page, email);
    expect(await settledPin(other.page, SECOND)).toBe(true);
    expect(await settledPin(other.page, TOP)).toBe(false);
    expect(await listedLeagues(other.page)).toEqual([SECOND, TOP]);
    await other.context.close();
  }, 90_000);

  it('S4-35 S8-6: with the account’s store failing, the pin is put back and the technical error shows until dismissed', async () => {
    const email = 'bolat.pins@example.kz';
    await createVerifiedUser(site, email, PASSWORD, 'Bolat_P');
    const { page, context } = await newPage(browser);
    await openFootball(page);
    await logIn(page, email);
    storeFails.on = true;
    try {
      await pin(page, SECOND).click();
      const notice = page.getByTestId('pin-error');
      await notice.getByText(kk.pins.failed).waitFor();
      expect(await settledPin(page, SECOND)).toBe(false);
      expect(await settledPin(page, TOP)).toBe(true);
      expect(await listedLeagues(page)).toEqual([TOP, SECOND]);
      await notice.getByRole('button', { name: kk.pins.dismiss }).click();
      await notice.waitFor({ state: 'detached' });
      // The local copy was put back too: a reload shows the league unpinned.
      await page.reload();
      await pin(page, SECOND).waitFor();
      expect(await settledPin(page, SECOND)).toBe(false);
    } finally {
      storeFails.on = false;
    }
    // Once the store works again, the same pin is taken.
    await pin(page, SECOND).click();
    expect(await settledPin(page, SECOND)).toBe(true);
    expect(await page.getByTestId('pin-error').count()).toBe(0);
    await context.close();
  }, 90_000);
});
