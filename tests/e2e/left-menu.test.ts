// Left menu league links in real Chromium (S2-31, S2-38): a country with many leagues, so the last
// one sits far below the fold and its header row is not rendered by the virtualized list until the
// list scrolls to it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FactBody } from '../../sim/facts';
import { EDITION } from '../../src/domain/edition';
import { buildClient, launchBrowser, newPage, removeDir, type Site, startSite } from './support/site';
import { createBulkWorld } from './support/test-world';

const COUNTRY = 'kop-liga';
const LEAGUES = 12;
const MATCHES_PER_LEAGUE = 15;

let dir: string;
let site: Site;
let browser: Browser;

/** One country with LEAGUES leagues of MATCHES_PER_LEAGUE scheduled matches, all later today. */
function manyLeagues(): { bodies: FactBody[]; leagueIds: string[] } {
  const nowS = Math.floor(Date.now() / 1000);
  const bodies: FactBody[] = [];
  const leagueIds: string[] = [];
  for (let l = 0; l < LEAGUES; l++) {
    const stageId = `Mn${String(l).padStart(4, '0')}zq`;
    const leagueId = `1_${stageId}`;
    leagueIds.push(leagueId);
    bodies.push({
      type: 'LeagueCreated',
      league: {
        id: leagueId,
        sportId: 1,
        top: false,
        name: `КӨП ЛИГА: Дивизион ${String(l).padStart(2, '0')}`,
        countryId: 4000,
        countryName: 'Көп лига',
        stageId,
        type: 'p',
        url: `/football/${COUNTRY}/div-${l}/`,
      },
    });
    for (let i = 0; i < MATCHES_PER_LEAGUE; i++) {
      const id = `M${String(l * MATCHES_PER_LEAGUE + i).padStart(5, '0')}zq`;
      bodies.push({
        type: 'MatchScheduled',
        match: {
          id,
          sportId: 1,
          leagueId,
          fields: { startTime: nowS + 60 + i * 60, stageType: 1, stage: 1, home: `Үй ${id}`, away: `Қонақ ${id}` },
        },
      });
    }
  }
  return { bodies, leagueIds };
}

beforeAll(async () => {
  dir = await buildClient();
  const world = createBulkWorld(40);
  world.append(manyLeagues().bodies);
  site = await startSite(dir, world);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (dir) removeDir(dir);
});

const countryPage = `${EDITION.routePrefix}/football/${COUNTRY}/`;

/** A league of the menu counted from its end (1 is the last): far down the list. */
async function menuLeagueFromEnd(page: Page, fromEnd: number): Promise<string> {
  const ids = await page.$$eval('.left-menu [data-league]', (links) => links.map((a) => a.getAttribute('data-league')));
  expect(ids.length).toBe(LEAGUES);
  return ids.at(-fromEnd) ?? '';
}

/** Where the league's header is against the viewport, and whether its toggle holds the focus. */
async function headerPlace(page: Page, leagueId: string) {
  return page.evaluate((id) => {
    const header = [...document.querySelectorAll<HTMLElement>('.league[data-league-id]')].find(
      (h) => h.dataset.leagueId === id,
    );
    if (!header) return null;
    const box = header.getBoundingClientRect();
    return {
      top: box.top,
      bottom: box.bottom,
      viewport: window.innerHeight,
      focused: document.activeElement === header.querySelector('.league__toggle'),
    };
  }, leagueId);
}

async function waitForHeaderShown(page: Page, leagueId: string): Promise<void> {
  await page.waitForFunction(
    (id) => {
      const header = [...document.querySelectorAll<HTMLElement>('.league[data-league-id]')].find(
        (h) => h.dataset.leagueId === id,
      );
      if (!header) return false;
      const box = header.getBoundingClientRect();
      // Scroll offsets are whole pixels, the list's offset need not be: allow a pixel.
      return box.top > -1 && box.bottom <= window.innerHeight;
    },
    leagueId,
    { timeout: 10_000 },
  );
}

describe('left menu league links in Chromium', () => {
  it('S2-31 at 1280 px a league far down the list is scrolled to the top of the view and its toggle focused', async () => {
    const { page, context } = await newPage(browser, 1280, 900);
    await page.goto(`${site.url}${countryPage}?cat=0`);
    await page.waitForSelector('.league[data-league-id]');
    // Three from the end: enough list below it for its header to reach the top (align start).
    const target = await menuLeagueFromEnd(page, 3);
    expect(await headerPlace(page, target)).toBeNull(); // off-screen: not rendered yet
    await page.locator(`.left-menu [data-league="${target}"]`).click();
    await waitForHeaderShown(page, target);
    const place = await headerPlace(page, target);
    expect(place?.focused).toBe(true);
    expect(Math.abs(place?.top ?? -1)).toBeLessThan(2);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const url = new URL(page.url());
    expect(url.searchParams.get('league')).toBe(target);
    expect(url.searchParams.get('cat')).toBe('0');
    await context.close();
  }, 60_000);

  it('S2-31 S2-38 at 640 px the vertical menu closes after the choice and the league header is shown and focused', async () => {
    const { page, context } = await newPage(browser, 640, 900);
    await page.goto(`${site.url}${countryPage}`);
    await page.waitForSelector('.league[data-league-id]');
    expect(await page.locator('#left-menu').isVisible()).toBe(false);
    await page.locator('.header__menu').click();
    await page.waitForSelector('#left-menu.left-menu--open');
    const target = await menuLeagueFromEnd(page, 1);
    await page.locator(`.left-menu [data-league="${target}"]`).click();
    await waitForHeaderShown(page, target);
    expect(await page.locator('#left-menu').isVisible()).toBe(false);
    expect(await page.locator('.header__menu').getAttribute('aria-expanded')).toBe('false');
    expect((await headerPlace(page, target))?.focused).toBe(true);
    await context.close();
  }, 60_000);

  it('S2-31 the keyboard reaches a menu league and Enter brings it into view; the address with league= brings it back', async () => {
    const { page, context } = await newPage(browser, 1280, 900);
    await page.goto(`${site.url}${countryPage}`);
    await page.waitForSelector('.league[data-league-id]');
    const target = await menuLeagueFromEnd(page, 1);
    const link = page.locator(`.left-menu [data-league="${target}"]`);
    await link.focus();
    await page.keyboard.press('Enter');
    await waitForHeaderShown(page, target);
    expect((await headerPlace(page, target))?.focused).toBe(true);
    const shared = page.url();
    expect(new URL(shared).searchParams.get('league')).toBe(target);
    await context.close();
    // A fresh visit to the address (a shared link): no scroll restoration, only league= to go by.
    const fresh = await newPage(browser, 1280, 900);
    await fresh.page.goto(shared);
    await fresh.page.waitForSelector('.league[data-league-id]');
    await waitForHeaderShown(fresh.page, target);
    expect((await headerPlace(fresh.page, target))?.focused).toBe(true);
    await fresh.context.close();
  }, 60_000);
});
