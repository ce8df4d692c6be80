// Game notifications in real Chromium against the real feed server (S2-45, S4-40, S4-41): a followed game's goal
// shows a box along the bottom, whose click opens the match; a game nobody follows shows none; with the page
// hidden and the browser's permission granted, a browser notification comes instead (recorded by an init script
// that stands in for the Notification constructor).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITION } from '../../src/domain/edition';
import { buildClient, launchBrowser, newPage, removeDir, type Site, startSite } from './support/site';

const P = EDITION.routePrefix;

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

const starOf = (page: Page, id: string) => page.locator(`.event-list [data-star-key="g_1_${id}"]`);
const boxes = (page: Page) => page.getByTestId('notification-box');

async function waitForScore(page: Page, id: string, text: string): Promise<void> {
  await page.waitForFunction(
    ([eventId, score]) =>
      document.querySelector(`[data-event-id="${eventId}"] [data-testid="row-score"]`)?.textContent === score,
    [id, text] as const,
    { timeout: 20_000 },
  );
}

/** The page's Notification, recorded: what `new Notification(title, options)` was called with. */
async function recordNotifications(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shown: { title: string; body: string; tag: string }[] = [];
    (window as unknown as { shownNotifications: typeof shown }).shownNotifications = shown;
    const Real = window.Notification;
    class Recorded extends EventTarget {
      static get permission() {
        return Real ? Real.permission : 'granted';
      }
      static requestPermission() {
        return Promise.resolve(Recorded.permission);
      }
      onclick: (() => void) | null = null;
      constructor(title: string, options: { body?: string; tag?: string } = {}) {
        super();
        shown.push({ title, body: options.body ?? '', tag: options.tag ?? '' });
      }
      close() {}
    }
    Object.defineProperty(window, 'Notification', { value: Recorded, configurable: true });
    // The page hides on demand: document.visibilityState reads this flag.
    let hidden = false;
    Object.defineProperty(document, 'visibilityState', { get: () => (hidden ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { get: () => hidden });
    (window as unknown as { setPageHidden: (h: boolean) => void }).setPageHidden = (h: boolean) => {
      hidden = h;
      document.dispatchEvent(new Event('visibilitychange'));
    };
  });
}

describe('game notifications in Chromium', () => {
  it('S2-45 S4-40: a followed game’s goal shows a box; a game not followed shows none; a click opens the match', async () => {
    const { page, context } = await newPage(browser);
    const followed = site.world.liveMatch(1);
    await page.goto(`${site.url}${P}/football/`);
    await waitForScore(page, followed.id, '10');
    await starOf(page, followed.id).click();
    site.world.append([{ type: 'ScoreChanged', matchId: followed.id, score: { homeScore: 2, awayScore: 0 } }]);
    await waitForScore(page, followed.id, '20');
    await boxes(page).first().waitFor({ timeout: 20_000 });
    expect(await boxes(page).count()).toBe(1);
    expect(await boxes(page).first().getAttribute('data-kind')).toBe('goal');
    expect(await boxes(page).first().textContent()).toContain('2-0');
    // S4-41, S9-9: a 262 px box along the bottom.
    const box = await boxes(page).first().boundingBox();
    expect(box?.width).toBe(262);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan(800);

    // Its close button removes it (after its fade).
    await boxes(page).first().getByRole('button').click();
    await boxes(page).first().waitFor({ state: 'detached', timeout: 5_000 });

    // The next goal's box opens the match page.
    site.world.append([{ type: 'ScoreChanged', matchId: followed.id, score: { homeScore: 3, awayScore: 0 } }]);
    await boxes(page).first().waitFor({ timeout: 20_000 });
    await boxes(page).first().getByRole('link').click();
    await page.waitForURL(`**${P}/match/${followed.id}/`, { timeout: 10_000 });
    expect(await boxes(page).count()).toBe(0);
    await context.close();
  }, 90_000);

  it('S4-40: a goal of a game nobody follows shows no box', async () => {
    const { page, context } = await newPage(browser);
    const other = site.world.liveMatch(4);
    await page.goto(`${site.url}${P}/hockey/`);
    await waitForScore(page, other.id, '10');
    site.world.append([{ type: 'ScoreChanged', matchId: other.id, score: { homeScore: 2, awayScore: 0 } }]);
    await waitForScore(page, other.id, '20');
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(await boxes(page).count()).toBe(0);
    await context.close();
  }, 90_000);

  it('with the page hidden and permission granted, a followed game’s goal is a browser notification, not a box', async () => {
    const { page, context } = await newPage(browser);
    await context.grantPermissions(['notifications'], { origin: site.url });
    await recordNotifications(context);
    const followed = site.world.liveMatch(1);
    await page.goto(`${site.url}${P}/football/`);
    await page.locator(`[data-event-id="${followed.id}"] [data-testid="row-score"]`).waitFor({ timeout: 20_000 });
    await starOf(page, followed.id).click();
    await page.evaluate(() => (window as unknown as { setPageHidden: (h: boolean) => void }).setPageHidden(true));
    const home = 7; // above any score the other tests set
    site.world.append([{ type: 'ScoreChanged', matchId: followed.id, score: { homeScore: home, awayScore: 0 } }]);
    await page.waitForFunction(
      () => (window as unknown as { shownNotifications: unknown[] }).shownNotifications.length > 0,
      null,
      { timeout: 20_000 },
    );
    const shown = await page.evaluate(
      () => (window as unknown as { shownNotifications: { title: string; tag: string }[] }).shownNotifications,
    );
    expect(shown).toHaveLength(1);
    expect(shown[0].title).toContain(`${home}-0`);
    expect(shown[0].tag).toBe(`${followed.id}:goal:${home}-0`);
    expect(await boxes(page).count()).toBe(0);
    await context.close();
  }, 90_000);
});
