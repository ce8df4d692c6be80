// Game notifications for a logged-in visitor in real Chromium against the real server and account service
// (S7-23 lsid_, S4-32, S3-62): the page subscribes the account's own push subject with its session's proof, so
// a followed football game's goal reaches the hockey page, which does not list it, as a box, and with
// mygamesNotifications set to yessound it plays the score sound.
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITION } from '../../src/domain/edition';
import { kk } from '../../src/i18n/kk';
import { lsidSubject } from '../../src/protocol/push-subjects';
import { type AccountSite, createVerifiedUser, E2E_NAMESPACE, startAccountSite } from './support/account-site';
import { logInFromHeader } from './support/header-login';
import { buildClient, CHROMIUM_ARGS, newPage, removeDir } from './support/site';

const P = EDITION.routePrefix;
const PASSWORD = 'Bastau-Kupiya1';

let dir: string;
let site: AccountSite;
let browser: Browser;

beforeAll(async () => {
  dir = await buildClient();
  site = await startAccountSite(dir);
  // Audio may start without a click, as it would after the visitor's first one.
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (dir) removeDir(dir);
});

async function until(condition: () => boolean, what: string, limitMs = 20_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('game notifications for a logged-in visitor in Chromium', () => {
  it('S7-23 S4-32 S3-62: a followed game’s goal reaches another sport’s page through the account’s own subject, as a box with its sound', async () => {
    const email = 'notify1@example.kz';
    await createVerifiedUser(site, email, PASSWORD, 'Aru_N');
    const { page, context } = await newPage(browser);
    const followed = site.world.liveMatch(1);
    await page.goto(`${site.url}${P}/football/`);
    await page.locator(`[data-event-id="${followed.id}"] [data-testid="row-score"]`).waitFor({ timeout: 20_000 });
    await logInFromHeader(page, email, PASSWORD);
    const id = await page.evaluate(() => localStorage.getItem('lsid_id'));
    const subject = lsidSubject(id ?? '', E2E_NAMESPACE);
    // Starred while logged in: the star goes into the account's data, which the personal push reads.
    await page.locator(`.event-list [data-star-key="g_1_${followed.id}"]`).click();

    // A page that does not list the game: only the account's subject can bring its goal.
    await page.goto(`${site.url}${P}/hockey/`);
    await page.locator('.event-list a[data-event-id]').first().waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: kk.header.settings }).click();
    await page.getByRole('radio', { name: kk.notifications.yessound }).check();
    await page.getByRole('button', { name: kk.header.settings }).click();
    expect(await page.evaluate(() => localStorage.getItem('fsdc_mygames_notifications'))).toBe('yessound');
    await page.waitForFunction(() => document.documentElement.dataset.soundsLoaded === '4', null, { timeout: 20_000 });

    const broker = site.server.pushBroker;
    await until(() => broker.subscriberCount(subject) === 1, 'the account’s subject subscribed');
    await until(() => broker.subscriberCount('u_1_1') >= 1, 'the followed sport watched');
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500))); // the day lists seed the game
    site.world.append([{ type: 'ScoreChanged', matchId: followed.id, score: { homeScore: 5, awayScore: 0 } }]);
    const box = page.getByTestId('notification-box').first();
    await box.waitFor({ timeout: 20_000 });
    expect(await box.getAttribute('data-kind')).toBe('goal');
    expect(await box.textContent()).toContain('5-0');
    await page.waitForFunction(() => document.documentElement.dataset.soundsStarted === '1', null, {
      timeout: 20_000,
    });
    expect(await page.evaluate(() => document.documentElement.dataset.lastSound)).toBe('score-incremented');
    await context.close();
  }, 120_000);
});
