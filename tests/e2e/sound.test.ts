// Live sounds in real Chromium against the real feed server: a score pushed to the open sport page
// makes the page fetch the sound files (static assets of the build) and start the score sound.
// Playing is observed through the marks the Web Audio player sets when a buffer really starts.
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kk } from '../../src/i18n/kk';
import { buildClient, CHROMIUM_ARGS, newPage, removeDir, type Site, startSite } from './support/site';

let dir: string;
let site: Site;
let browser: Browser;

beforeAll(async () => {
  dir = await buildClient();
  site = await startSite(dir);
  // For this test only: audio may start without a click, as it would after the visitor's first one.
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'],
  });
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (dir) removeDir(dir);
});

const SOUND_FILE = /\/assets\/sound-[a-z-]+-[\w-]+\.wav$/;

function soundRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (SOUND_FILE.test(new URL(request.url()).pathname)) seen.push(new URL(request.url()).pathname);
  });
  return seen;
}

const marks = (page: Page) =>
  page.evaluate(() => ({
    loaded: document.documentElement.dataset.soundsLoaded ?? null,
    last: document.documentElement.dataset.lastSound ?? null,
    started: document.documentElement.dataset.soundsStarted ?? null,
  }));

async function waitForScore(page: Page, id: string, text: string): Promise<void> {
  await page.waitForFunction(
    ([eventId, score]) =>
      document.querySelector(`[data-event-id="${eventId}"] [data-testid="row-score"]`)?.textContent === score,
    [id, text] as const,
    { timeout: 20_000 },
  );
}

describe('live sounds in Chromium', () => {
  it('S1-6 S4-37 S7-31 with sound on, a goal on the open sport page fetches the sound files and plays the score sound', async () => {
    const { page, context } = await newPage(browser);
    const requests = soundRequests(page);
    const match = site.world.liveMatch(1);
    await page.goto(`${site.url}/kz/football/`);
    await waitForScore(page, match.id, '10');
    await page.waitForFunction(() => document.documentElement.dataset.soundsLoaded === '4', null, { timeout: 20_000 });
    expect((await marks(page)).started).toBeNull(); // loading alone plays nothing
    site.world.append([{ type: 'ScoreChanged', matchId: match.id, score: { homeScore: 2, awayScore: 0 } }]);
    await waitForScore(page, match.id, '20');
    await page.waitForFunction(() => document.documentElement.dataset.soundsStarted === '1', null, {
      timeout: 20_000,
    });
    expect(await marks(page)).toEqual({ loaded: '4', last: 'score-incremented', started: '1' });
    // S7-31: each file is a static asset of the build, fetched once.
    const names = ['sound-correction', 'sound-finished', 'sound-score', 'sound-tennis-game'];
    expect(requests).toHaveLength(names.length);
    for (const name of names) expect(requests.filter((path) => path.startsWith(`/assets/${name}-`))).toHaveLength(1);
    const score = requests.find((path) => path.startsWith('/assets/sound-score'))!;
    const response = await page.request.get(`${site.url}${score}`);
    expect(response.ok()).toBe(true);
    expect((await response.body()).subarray(0, 4).toString('latin1')).toBe('RIFF');

    // S2-46: switched off in the settings, the next goal stays silent.
    await page.getByRole('button', { name: kk.header.settings }).click();
    await page.getByRole('checkbox', { name: kk.settings.sound }).uncheck();
    site.world.append([{ type: 'ScoreChanged', matchId: match.id, score: { homeScore: 3, awayScore: 0 } }]);
    await waitForScore(page, match.id, '30');
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect((await marks(page)).started).toBe('1');
    await context.close();
  }, 90_000);

  it('S2-46 S4-39 with sound off nothing loads or plays; switching it on in the settings plays the next goal', async () => {
    const { page, context } = await newPage(browser);
    await context.addInitScript(() => localStorage.setItem('fsdc_sound_disabled', '1'));
    const requests = soundRequests(page);
    const match = site.world.liveMatch(4);
    await page.goto(`${site.url}/kz/hockey/`);
    await waitForScore(page, match.id, '10');
    site.world.append([{ type: 'ScoreChanged', matchId: match.id, score: { homeScore: 2, awayScore: 0 } }]);
    await waitForScore(page, match.id, '20');
    expect(requests).toEqual([]);
    expect(await marks(page)).toEqual({ loaded: null, last: null, started: null });

    await page.getByRole('button', { name: kk.header.settings }).click();
    await page.getByRole('checkbox', { name: kk.settings.sound }).check();
    await page.waitForFunction(() => document.documentElement.dataset.soundsLoaded === '4', null, { timeout: 20_000 });
    expect(await page.evaluate(() => localStorage.getItem('fsdc_sound_disabled'))).toBe('0');
    site.world.append([{ type: 'ScoreChanged', matchId: match.id, score: { homeScore: 2, awayScore: 1 } }]);
    await waitForScore(page, match.id, '21');
    await page.waitForFunction(() => document.documentElement.dataset.soundsStarted === '1', null, {
      timeout: 20_000,
    });
    expect((await marks(page)).last).toBe('score-incremented');
    expect(requests).toHaveLength(4);
    await context.close();
  }, 90_000);
});
