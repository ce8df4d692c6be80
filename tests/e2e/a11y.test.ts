// WCAG 2.2 AA in Chromium: axe-core on every page kind and every account dialog (no serious or critical violation),
// focus kept in an open dialog and given back to its opener, Escape and outside taps closing menus and the drawer,
// one H1 before any H2, and a visible focus style on every control Tab reaches.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kk } from '../../src/i18n/kk';
import { kkAccount } from '../../web/ui/account/kk-account';
import { type AccountSite, createVerifiedUser, startAccountSite } from './support/account-site';
import { buildClient, launchBrowser, newPage, removeDir } from './support/site';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PASSWORD = 'Dala-Zhuldyz-2024';

let dir: string;
let site: AccountSite;
let browser: Browser;

beforeAll(async () => {
  dir = await buildClient();
  site = await startAccountSite(dir);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (dir) removeDir(dir);
});

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Serious and critical axe-core violations of the page as it is now, WCAG 2.0–2.2 A and AA rules. */
async function seriousViolations(page: Page): Promise<Violation[]> {
  // Evaluated over the DevTools protocol, which the page's Content-Security-Policy does not govern.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, options: unknown): Promise<AxeResults> } }).axe;
    interface AxeResults {
      violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
    }
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** The page's headings in document order, as levels (shown ones only). */
async function headingLevels(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
      .filter((h) => h.getClientRects().length > 0)
      .map((h) => Number(h.tagName.slice(1))),
  );
}

async function expectAccessible(page: Page, label: string): Promise<void> {
  expect([label, await seriousViolations(page)]).toEqual([label, []]);
  // One H1, and it comes before every other heading.
  const levels = await headingLevels(page);
  expect([label, levels[0], levels.filter((l) => l === 1).length]).toEqual([label, 1, 1]);
}

async function expectAccessibleInBothThemes(page: Page, label: string): Promise<void> {
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
    await expectAccessible(page, `${label} (${theme})`);
  }
}

async function openList(page: Page, path = '/kz/football/'): Promise<void> {
  await page.goto(`${site.url}${path}`);
  await page.waitForSelector('[data-event-id]');
}

describe('accessibility in Chromium (axe-core, keyboard)', () => {
  it('WCAG 2.2 AA: sport lists (duel, tennis, race), a country page and the tabs have no serious or critical axe violation', async () => {
    const { page, context } = await newPage(browser);
    await openList(page);
    await expectAccessibleInBothThemes(page, 'sport list');
    await openList(page, '/kz/football/kazakhstan/');
    await expectAccessibleInBothThemes(page, 'country page');
    await openList(page, '/kz/football/?cat=1');
    await expectAccessible(page, 'live tab');
    await openList(page, '/kz/football/?cat=4');
    await expectAccessible(page, 'odds tab');
    // Other row kinds: tennis (serve, sets) and a race list (no duel).
    await openList(page, '/kz/tennis/');
    await expectAccessible(page, 'tennis list');
    await openList(page, '/kz/golf/');
    await expectAccessibleInBothThemes(page, 'golf list');
    await context.close();
  }, 90_000);

  it('WCAG 2.2 AA: every match page tab has no serious or critical axe violation', async () => {
    const { page, context } = await newPage(browser);
    const match = site.world.liveMatch(1);
    await page.goto(`${site.url}/kz/match/${match.id}/`);
    await page.locator('[data-match-tab]').first().waitFor();
    const tabs = await page
      .locator('[data-match-tab]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-match-tab')));
    expect(tabs.length).toBeGreaterThan(1);
    for (const tab of tabs) {
      await page.locator(`[data-match-tab="${tab}"]`).click();
      await page.waitForFunction(
        (t) => document.querySelector(`[data-match-tab="${t}"]`)?.getAttribute('aria-current') === 'page',
        tab,
      );
      await page.waitForLoadState('networkidle');
      await expectAccessibleInBothThemes(page, `match tab ${tab}`);
    }
    await context.close();
  }, 90_000);

  it('WCAG 2.2 AA: My Games, the not-found page and the mobile page have no serious or critical axe violation', async () => {
    const { page, context } = await newPage(browser);
    await openList(page);
    const id = await page.locator('.event-list a[data-event-id]').first().getAttribute('data-event-id');
    await page.locator(`.event-list [data-star-key="g_1_${id}"]`).click();
    await page.getByTestId('my-games-link').click();
    await page.getByTestId('my-games-games').waitFor();
    await expectAccessibleInBothThemes(page, 'My Games');
    await page.goto(`${site.url}/kz/football/nowhere/at-all/`);
    await page.getByRole('heading', { level: 1, name: kk.notFound.title }).waitFor();
    await expectAccessibleInBothThemes(page, 'not found');
    await page.goto(`${site.url}/mobile`);
    await page.getByTestId('mobile-page').waitFor();
    await expectAccessibleInBothThemes(page, 'mobile page');
    await context.close();
  }, 90_000);

  it('WCAG 2.2 AA: at 390 px the list, the open drawer and the settings menu have no serious or critical axe violation', async () => {
    const { page, context } = await newPage(browser, 390, 844);
    await openList(page);
    await expectAccessibleInBothThemes(page, 'narrow list');
    await page.getByRole('button', { name: kk.header.menu }).click();
    await page.locator('#left-menu.left-menu--open').waitFor();
    await expectAccessible(page, 'open drawer');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: kk.header.settings }).click();
    await page.getByRole('region', { name: kk.settings.title }).waitFor();
    await expectAccessibleInBothThemes(page, 'settings menu');
    await context.close();
  }, 90_000);

  it('WCAG 2.2 AA: each account dialog open has no serious or critical axe violation', async () => {
    const email = 'aigerim.a11y@example.kz';
    await createVerifiedUser(site, email, PASSWORD, 'Aigerim_A');
    const { page, context } = await newPage(browser);
    await openList(page);
    await page.getByTestId('login-button').click();
    const login = page.getByTestId('login-dialog');
    await login.waitFor();
    await expectAccessibleInBothThemes(page, 'login dialog');
    await login.getByRole('button', { name: kkAccount.login.forgotten }).click();
    await page.getByRole('dialog').waitFor();
    await expectAccessibleInBothThemes(page, 'forgotten password dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByTestId('login-button').click();
    await login.getByRole('button', { name: kkAccount.login.register }).click();
    await page.getByRole('dialog').waitFor();
    await expectAccessibleInBothThemes(page, 'registration dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // New terms since registration: the login asks for consent (A4-1), then the marketing statement (A4-2).
    await site.publishTerms(2);
    await page.getByTestId('login-button').click();
    await login.getByLabel(kkAccount.email).fill(email);
    await login.getByLabel(kkAccount.password).fill(PASSWORD);
    await login.locator('button[type=submit]').click();
    const consent = page.getByTestId('consent-dialog');
    await consent.getByRole('heading', { name: kkAccount.consent.title }).waitFor();
    await expectAccessibleInBothThemes(page, 'consent dialog');
    await consent.getByRole('button', { name: kkAccount.consent.accept }).click();
    const marketing = page.getByTestId('marketing-dialog');
    await marketing.getByRole('heading', { name: kkAccount.marketing.title }).waitFor();
    await expectAccessibleInBothThemes(page, 'marketing dialog');
    await marketing.getByRole('button', { name: kkAccount.marketing.later }).click();
    await marketing.waitFor({ state: 'detached' });

    await page.getByTestId('login-button').click();
    const settings = page.getByTestId('settings-dialog');
    await settings.waitFor();
    await expectAccessibleInBothThemes(page, 'account settings dialog');
    await settings.getByRole('button', { name: kkAccount.settings.changePassword }).click();
    await page.getByTestId('password-change-dialog').waitFor();
    await expectAccessibleInBothThemes(page, 'password change dialog');
    await context.close();
  }, 120_000);

  it('WCAG 2.1.2 2.4.3: the login dialog keeps Tab inside it, Escape closes it and focus returns to the header button', async () => {
    const { page, context } = await newPage(browser);
    await openList(page);
    await page.getByTestId('login-button').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('login-dialog');
    await dialog.waitFor();
    const stops: string[] = [];
    for (let i = 0; i < 30; i++) {
      // Inside the dialog, or the browser's own controls (the body here): never a control of the page behind.
      stops.push(
        await page.evaluate(() => {
          const active = document.activeElement;
          if (!active || active === document.body) return 'browser';
          return active.closest('dialog[data-testid="login-dialog"]')
            ? 'dialog'
            : `page: ${active.outerHTML.slice(0, 80)}`;
        }),
      );
      await page.keyboard.press('Tab');
    }
    expect(stops.filter((s) => s !== 'dialog' && s !== 'browser')).toEqual([]);
    expect(stops.filter((s) => s === 'dialog').length).toBeGreaterThan(20);
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('login-button');
    // The close button gives focus back too, after moving to the registration dialog and back.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: kkAccount.login.register }).click();
    const registration = page.getByRole('dialog');
    await registration.getByRole('button', { name: kkAccount.close }).click();
    await registration.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('login-button');
    await context.close();
  }, 60_000);

  it('WCAG 2.1.1: Escape and a tap outside close the drawer, the settings menu and the sports menu', async () => {
    const { page, context } = await newPage(browser, 390, 844);
    await openList(page);
    const menuButton = page.getByRole('button', { name: kk.header.menu });
    const drawer = page.locator('#left-menu.left-menu--open');
    await menuButton.click();
    await drawer.waitFor();
    await drawer.locator('a').first().focus();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(await menuButton.evaluate((b) => b === document.activeElement)).toBe(true);

    await menuButton.click();
    await drawer.waitFor();
    const box = await drawer.boundingBox();
    const head = await page.locator('.main__head').boundingBox();
    if (!box || !head) throw new Error('the drawer or the page head has no box');
    // Beside the drawer, on the page's heading (no link there).
    await page.mouse.click(box.x + box.width + 20, head.y + head.height / 2);
    await drawer.waitFor({ state: 'detached' });
    // It opens again from its button (the drawer covers that button while open).
    await menuButton.click();
    await drawer.waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    const settingsButton = page.getByRole('button', { name: kk.header.settings });
    const settings = page.getByRole('region', { name: kk.settings.title });
    await settingsButton.click();
    await settings.waitFor();
    await settings.getByRole('combobox').focus();
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });
    expect(await settingsButton.evaluate((b) => b === document.activeElement)).toBe(true);
    await settingsButton.click();
    await settings.waitFor();
    await page.mouse.click(3, head.y + head.height / 2); // the panel spans the width but for an 8 px margin
    await settings.waitFor({ state: 'detached' });

    const moreButton = page.getByRole('button', { name: kk.nav.more });
    await moreButton.click();
    await page.locator('#more-sports').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('#more-sports').waitFor({ state: 'detached' });
    expect(await moreButton.evaluate((b) => b === document.activeElement)).toBe(true);
    await context.close();
  }, 60_000);

  it('WCAG 2.1.1 2.4.7: Tab reaches every control of the header and the toolbar, each with a visible focus ring', async () => {
    const { page, context } = await newPage(browser);
    await openList(page);
    const controls = await page.evaluate(() => {
      const selector = 'a[href], button:not([disabled]), select, input:not([type=hidden]), [tabindex="0"]';
      const marked: string[] = [];
      for (const [i, el] of [
        ...document.querySelectorAll<HTMLElement>(`header :is(${selector}), .toolbar :is(${selector})`),
      ].entries()) {
        if (el.getClientRects().length === 0) continue;
        el.dataset.a11yControl = String(i);
        marked.push(String(i));
      }
      return marked;
    });
    expect(controls.length).toBeGreaterThan(10);
    const reached = new Set<string>();
    const unstyled: string[] = [];
    await page.locator('body').focus();
    for (let i = 0; i < 200; i++) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        const ring = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2;
        return {
          id: el.dataset.a11yControl ?? null,
          ring,
          row: el.matches('[data-event-id]'),
          html: el.outerHTML.slice(0, 60),
        };
      });
      if (!stop) continue;
      if (!stop.ring) unstyled.push(stop.html);
      if (stop.id !== null) reached.add(stop.id);
      if (stop.row) break; // the list begins: the header and the toolbar are behind
    }
    expect(controls.filter((c) => !reached.has(c))).toEqual([]);
    expect(unstyled).toEqual([]);
    await context.close();
  }, 60_000);
});
