// The site in real Chromium against the real feed server on loopback, over a test world.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITION } from '../../src/domain/edition';
import { SPORTS } from '../../src/domain/sports';
import { buildClient, launchBrowser, newPage, removeDir, type Site, startSite } from './support/site';

let dir: string;
let site: Site;
let browser: Browser;

beforeAll(async () => {
  dir = await buildClient();
  site = await startSite(dir);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (dir) removeDir(dir);
});

const rowCount = '[data-event-id]';

describe('scores site in Chromium', () => {
  it('S2-1…S2-6 every one of the 40 sport routes shows its day with events', async () => {
    const { page, context } = await newPage(browser);
    const empty: string[] = [];
    for (const sport of SPORTS) {
      await page.goto(`${site.url}${EDITION.routePrefix}/${sport.slug}/`);
      try {
        await page.waitForSelector(rowCount, { timeout: 10_000 });
      } catch {
        empty.push(sport.slug);
      }
    }
    await context.close();
    expect(empty).toEqual([]);
    expect(SPORTS.length).toBe(40);
  }, 180_000);

  it('S1-6 S2-1 a live score changes on screen without a reload', async () => {
    const { page, context } = await newPage(browser);
    const match = site.world.liveMatch(1);
    await page.goto(`${site.url}/kz/football/`);
    const score = page.locator(`[data-event-id="${match.id}"] [data-testid="row-score"]`);
    await score.waitFor();
    expect(await score.textContent()).toBe('10');
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 42;
    });
    site.world.append([{ type: 'ScoreChanged', matchId: match.id, score: { homeScore: 2, awayScore: 1 } }]);
    await page.waitForFunction(
      (id) => document.querySelector(`[data-event-id="${id}"] [data-testid="row-score"]`)?.textContent === '21',
      match.id,
      { timeout: 20_000 },
    );
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    expect(await page.locator(`[data-event-id="${match.id}"]`).getAttribute('class')).toContain('row--hl-goal');
    await context.close();
  }, 60_000);

  it('S2-27 S2-29 cat= sets the tab, tabs filter the list, and the date selector loads other days', async () => {
    const { page, context } = await newPage(browser);
    const feeds: string[] = [];
    page.on('request', (r) => {
      const m = /\/x\/feed\/(f_[^/?]+)/.exec(r.url());
      if (m) feeds.push(m[1]);
    });
    await page.goto(`${site.url}/kz/hockey/?cat=1`);
    await page.waitForSelector(rowCount);
    const live = site.world.matches.filter((m) => m.sportId === 4 && m.kind === 'live').map((m) => m.id);
    const shown = async () => page.$$eval(rowCount, (rows) => rows.map((r) => r.getAttribute('data-event-id')));
    expect((await shown()).sort()).toEqual([...live].sort());
    await page.getByRole('link', { name: 'Аяқталған' }).click();
    await page.waitForURL(/cat=2/);
    const finished = site.world.matches.filter((m) => m.sportId === 4 && m.kind === 'finished').map((m) => m.id);
    await page.waitForFunction(
      (ids) =>
        [...document.querySelectorAll('[data-event-id]')]
          .map((r) => r.getAttribute('data-event-id'))
          .sort()
          .join() === ids,
      [...finished].sort().join(),
    );
    expect((await shown()).sort()).toEqual([...finished].sort());
    await page.getByRole('button', { name: 'Келесі күн' }).click();
    await page.waitForSelector('.list-empty');
    expect(feeds).toContain('f_4_1_5_kk_1');
    await page.getByRole('button', { name: 'Алдыңғы күн' }).click();
    await page.waitForSelector(rowCount);
    expect(page.url()).toContain('cat=2');
    await context.close();
  }, 60_000);

  it('S4-13 a collapsed league stays collapsed after a reload', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${site.url}/kz/basketball/`);
    await page.waitForSelector(rowCount);
    const toggles = page.locator('.league__toggle');
    const before = await page.locator(rowCount).count();
    await toggles.nth(0).click();
    expect(await toggles.nth(0).getAttribute('aria-expanded')).toBe('false');
    await page.reload();
    await page.waitForSelector(rowCount);
    expect(await page.locator('.league__toggle').nth(0).getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator(rowCount).count()).toBe(before - 3);
    await context.close();
  }, 60_000);

  it('S2-33 S2-35 a match opens from its row as a full page and its tabs show data', async () => {
    const { page, context } = await newPage(browser);
    const match = site.world.liveMatch(1);
    await page.goto(`${site.url}/kz/football/`);
    await page.locator(`[data-event-id="${match.id}"]`).click();
    await page.waitForURL(new RegExp(`/kz/match/${match.id}/`));
    const header = page.getByTestId('match-header');
    await header.waitFor();
    await page.waitForFunction(
      (home) => document.querySelector('[data-testid="match-header"]')?.textContent?.includes(home),
      match.home,
    );
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="match-panel"]')?.textContent?.includes('Исламханов'),
    );
    await page.getByRole('button', { name: 'Статистика' }).click();
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="match-panel"]')?.querySelectorAll('[data-testid="stat-row"]').length ??
          0) > 0,
    );
    await page.getByRole('button', { name: 'Бетпе-бет' }).click();
    await page.waitForSelector('.h2h, .no-data');
    await page.reload();
    await page.waitForFunction(
      (home) => document.querySelector('[data-testid="match-header"]')?.textContent?.includes(home),
      match.home,
    );
    await context.close();
  }, 60_000);

  it('S2-49 the layout holds at 1280, 800 and 640 px without horizontal scrolling', async () => {
    const overflow: string[] = [];
    const match = site.world.liveMatch(2);
    for (const width of [1280, 800, 640]) {
      const { page, context } = await newPage(browser, width, 900);
      for (const path of [
        '/kz/football/?cat=4',
        '/kz/tennis/',
        '/kz/biathlon/',
        `/kz/match/${match.id}/`,
        '/kz/nope/',
      ]) {
        await page.goto(`${site.url}${path}`);
        await page.waitForSelector('main');
        await page.waitForTimeout(300);
        const [scrollWidth, innerWidth] = await page.evaluate(() => [
          document.documentElement.scrollWidth,
          window.innerWidth,
        ]);
        if (scrollWidth > innerWidth) overflow.push(`${width} ${path}: ${scrollWidth}`);
      }
      await context.close();
    }
    expect(overflow).toEqual([]);
  }, 90_000);

  it('S2-38 one window at a time: opening settings closes the sports menu; Escape closes it', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${site.url}/kz/football/`);
    await page.getByRole('button', { name: /Тағы/ }).click();
    await page.waitForSelector('#more-sports');
    await page.getByRole('button', { name: 'Баптаулар' }).click();
    expect(await page.locator('#more-sports').count()).toBe(0);
    await page.getByTestId('odds-format').waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('odds-format').count()).toBe(0);
    // S2-38 S2-40: the login button opens the account dialogs as the login window; closing it frees the page.
    await page.getByTestId('login-button').click();
    await page.getByTestId('login-dialog').waitFor();
    expect(await page.getByTestId('login-button').getAttribute('aria-expanded')).toBe('true');
    await page.getByTestId('login-dialog').getByRole('button', { name: 'Жабу' }).click();
    expect(await page.getByTestId('login-dialog').count()).toBe(0);
    expect(await page.getByTestId('login-button').getAttribute('aria-expanded')).toBe('false');
    await page.getByRole('button', { name: 'Баптаулар' }).click();
    await page.getByTestId('odds-format').waitFor();
    await context.close();
  }, 30_000);
});
