// `scores replay --serve` in Chromium: the real site over a replayed day, moved with the timeline bar. The page
// must show the world at the moment chosen (a score the test folds itself from the same facts), after a jump back
// as after a jump forward, and change when the bar steps to a match's next event.
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadReplayInput } from '../../cli/replay/input';
import { type ReplayServe, startReplayServe } from '../../cli/replay/serve';
import type { Fact } from '../../sim/facts';
import { foldFacts } from '../../sim/fold';
import { sportById } from '../../src/domain/sports';
import { sportPagePath } from '../../src/routes/site-routes';
import { kkReplay } from '../../web/ui/replay/kk-replay';
import { buildClient, launchBrowser, newPage, removeDir } from './support/site';

const DAY = resolve(__dirname, '../../fixtures/days/day-seed7-2026-09-02-cricket-snooker.jsonl.gz');
/** Facts that are not a match's events (the bar's next event skips them). */
const NOT_AN_EVENT = new Set(['GameTimeChanged', 'OddsMoved', 'StatsChanged', 'LineupsAnnounced']);

let dir: string;
let browser: Browser;
let serve: ReplayServe;
let facts: readonly Fact[];
/** A match, a moment `before` one of its events, and that event's moment `after`, which changes its home score. */
let pick: { matchId: string; slug: string; before: number; after: number; later: number };

function homeScoreAt(matchId: string, time: number): string {
  const fields = foldFacts(facts.filter((fact) => fact.time <= time)).matches.get(matchId)?.fields;
  return String(fields?.homeScore ?? 0);
}

beforeAll(async () => {
  const input = await loadReplayInput(DAY);
  if (typeof input === 'string' || input.kind !== 'facts') throw new Error(`cannot read the day: ${input}`);
  facts = input.facts;
  const sportOf = new Map<string, number>();
  const events = new Map<string, Fact[]>();
  for (const fact of facts) {
    if (fact.type === 'MatchScheduled') sportOf.set(fact.match.id, fact.match.sportId);
    if (!('matchId' in fact) || NOT_AN_EVENT.has(fact.type)) continue;
    const list = events.get(fact.matchId) ?? [];
    list.push(fact);
    events.set(fact.matchId, list);
  }
  search: for (const [matchId, list] of events) {
    for (let i = 1; i < list.length; i++) {
      const previous = list[i - 1]!;
      const next = list[i]!;
      if (previous.time === next.time || previous.type === 'MatchScheduled') continue;
      if (next.type !== 'ScoreChanged' || next.score.homeScore === undefined) continue;
      // The score shows from the start; the first goal is not enough, the row must show a number before and after.
      if (list.slice(0, i).every((fact) => fact.type !== 'MatchStarted')) continue;
      if (homeScoreAt(matchId, previous.time) === homeScoreAt(matchId, next.time)) continue;
      const last = list[list.length - 1]!.time;
      const slug = sportById(sportOf.get(matchId) ?? 0)?.slug;
      if (!slug || last <= next.time) continue;
      pick = { matchId, slug, before: previous.time, after: next.time, later: last };
      break search;
    }
  }
  if (!pick) throw new Error('no match in the day has a score change to step to');
  dir = await buildClient();
  serve = await startReplayServe(facts, { port: 0, staticDir: dir });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await serve?.stop();
  if (dir) removeDir(dir);
});

function bar(page: Page) {
  return page.getByRole('region', { name: kkReplay.region });
}

/** The home score the match's row shows, once it is `expected` (rows change by push or poll). */
async function expectHomeScore(page: Page, expected: string): Promise<void> {
  const cell = page
    .locator(`[data-event-id="${pick.matchId}"] [data-testid="row-score"] .row__score-box > span`)
    .first();
  await expect.poll(async () => cell.textContent(), { timeout: 30_000 }).toBe(expected);
}

async function jumpTo(page: Page, time: number): Promise<void> {
  await bar(page).getByRole('slider', { name: kkReplay.moment }).fill(String(time));
  await expect.poll(() => serve.state().position, { timeout: 10_000 }).toBe(time);
}

describe('replay --serve in Chromium', () => {
  it('the sport page: play and pause, jump forward and back to a moment, then step to a match event', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${serve.url}${sportPagePath(pick.slug)}`);
    await bar(page).waitFor();
    await expect.poll(() => bar(page).getAttribute('data-playing')).toBe('false');
    await bar(page).getByRole('button', { name: kkReplay.play }).click();
    await expect.poll(() => serve.state().playing).toBe(true);
    await bar(page).getByRole('button', { name: kkReplay.pause }).click();
    await expect.poll(() => serve.state().playing).toBe(false);

    // Forward to the end of the match, then back: the page must take the earlier world for the newer one.
    expect(homeScoreAt(pick.matchId, pick.later)).not.toBe(homeScoreAt(pick.matchId, pick.before));
    await jumpTo(page, pick.later);
    await page.locator(`[data-event-id="${pick.matchId}"]`).waitFor({ timeout: 30_000 });
    await expectHomeScore(page, homeScoreAt(pick.matchId, pick.later));
    await jumpTo(page, pick.before);
    await expectHomeScore(page, homeScoreAt(pick.matchId, pick.before));
    // The moment shows in the visitor's zone (Asia/Almaty here).
    const shown = await bar(page).locator('output').textContent();
    expect(shown).toContain(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Asia/Almaty',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(pick.before),
    );

    await bar(page).getByRole('textbox', { name: kkReplay.matchId }).fill(pick.matchId);
    await bar(page).getByRole('button', { name: kkReplay.nextEvent }).click();
    await expect.poll(() => serve.state().position, { timeout: 10_000 }).toBe(pick.after);
    await expectHomeScore(page, homeScoreAt(pick.matchId, pick.after));
    await context.close();
  }, 120_000);

  it("the match page follows jumps both ways and fills the bar's match box with its id; My Games shows the bar", async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${serve.url}/kz/match/${pick.matchId}/`);
    await bar(page).waitFor();
    expect(await bar(page).getByRole('textbox', { name: kkReplay.matchId }).inputValue()).toBe(pick.matchId);
    const home = page.locator('[data-testid="match-score"] > span').first();
    await jumpTo(page, pick.later);
    await expect.poll(() => home.textContent(), { timeout: 30_000 }).toBe(homeScoreAt(pick.matchId, pick.later));
    await jumpTo(page, pick.before);
    await expect.poll(() => home.textContent(), { timeout: 30_000 }).toBe(homeScoreAt(pick.matchId, pick.before));
    await page.goto(`${serve.url}/kz/mygames/`);
    await bar(page).waitFor();
    await context.close();
  }, 60_000);
});
