// The Content-Security-Policy in real Chromium (server/http/security-headers.ts): the built site runs under it with
// no violation (the inline theme script by its hash, the bundles, styles, the favicon, feeds, the WebSocket on
// /push, the sound files), while a script the page did not ship is refused.
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, CHROMIUM_ARGS, newPage, removeDir, type Site, startSite } from '../e2e/support/site';

let dir: string;
let site: Site;
let browser: Browser;

beforeAll(async () => {
  dir = await buildClient();
  site = await startSite(dir);
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

interface Violation {
  readonly directive: string;
  readonly blocked: string;
}

/** Records every CSP violation the page reports, from its first script on. */
async function watchViolations(page: Page): Promise<() => Promise<Violation[]>> {
  await page.addInitScript(() => {
    const seen: { directive: string; blocked: string }[] = [];
    (window as unknown as { cspViolations: typeof seen }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI });
    });
  });
  const console: Violation[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text()))
      console.push({ directive: 'console', blocked: message.text() });
  });
  return async () => [
    ...(await page.evaluate(() => (window as unknown as { cspViolations: Violation[] }).cspViolations)),
    ...console,
  ];
}

describe('Content-Security-Policy in Chromium', () => {
  it('the site loads, updates live over /push and plays a sound with no violation; a foreign script is refused', async () => {
    const { page, context } = await newPage(browser);
    const violations = await watchViolations(page);
    const sockets: string[] = [];
    let frames = 0;
    page.on('websocket', (socket) => {
      sockets.push(new URL(socket.url()).pathname);
      socket.on('framereceived', () => {
        frames += 1;
      });
    });
    const response = await page.goto(`${site.url}/kz/football/`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self' 'sha256-");
    const match = site.world.liveMatch(1);
    const score = page.locator(`[data-event-id="${match.id}"] [data-testid="row-score"]`);
    await score.waitFor();
    // The inline theme script ran (allowed by its hash).
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toMatch(/^(?:light|dark)$/);
    // The stylesheet applied.
    expect(await page.evaluate(() => document.styleSheets.length)).toBeGreaterThan(0);
    await page.waitForFunction(() => document.documentElement.dataset.soundsLoaded === '4', null, { timeout: 20_000 });

    // A live change arrives over the WebSocket on the page's own origin.
    await expect.poll(() => sockets, { timeout: 10_000 }).toContain('/push');
    const framesBefore = frames;
    site.world.append([{ type: 'ScoreChanged', matchId: match.id, score: { homeScore: 2, awayScore: 0 } }]);
    await page.waitForFunction(
      (id) => document.querySelector(`[data-event-id="${id}"] [data-testid="row-score"]`)?.textContent === '20',
      match.id,
      { timeout: 20_000 },
    );
    expect(frames).toBeGreaterThan(framesBefore);
    await page.waitForFunction(() => document.documentElement.dataset.soundsStarted === '1', null, {
      timeout: 20_000,
    });

    // A match page (its own lazily loaded chunk).
    await page.locator(`[data-event-id="${match.id}"]`).click();
    await page.getByTestId('match-header').waitFor();
    expect(await violations()).toEqual([]);

    // The policy is enforced: a script injected into the page does not run.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = 1';
      document.head.append(script);
    });
    expect(await page.evaluate(() => (window as unknown as { injected?: number }).injected)).toBeUndefined();
    expect((await violations()).map((v) => v.directive)).toContain('script-src-elem');
    await context.close();
  }, 90_000);
});
