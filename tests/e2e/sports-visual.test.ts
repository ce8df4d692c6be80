// Every sport reads right, checked by layout in Chromium: one list and one match page of each of the 38 event
// sports at 1366x900 and 390x844, against the real server over the test world (with each sport's own score
// fields added: cricket wickets and overs, tennis points and tie-breaks, darts legs, baseball outs and innings,
// bookmakers' odds). Each page must have no overlapping text, column titles over their columns (within 4 px),
// no horizontal scroll at 390 px, and its teams' or entrants' names. One server, one browser, pages in turn;
// a screenshot is written only when a page fails, and its path is in the failure.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FactBody } from '../../sim/facts';
import { type Sport, SPORTS } from '../../src/domain/sports';
import { buildClient, launchBrowser, removeDir, type Site, startSite } from './support/site';
import type { TestMatch } from './support/test-world';

const EVENT_SPORTS: readonly Sport[] = SPORTS.filter((s) => !s.isGroup);
const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const ALIGN_PX = 4;

let dir: string;
let site: Site;
let browser: Browser;

beforeAll(async () => {
  dir = await buildClient();
  site = await startSite(dir);
  site.world.append(sportFacts(site.world.matches));
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (dir) removeDir(dir);
});

/** The fields each sport's rows need beyond the test world's plain score, on its live and finished matches. */
function sportFacts(matches: readonly TestMatch[]): FactBody[] {
  const bodies: FactBody[] = [];
  for (const m of matches) {
    if (m.kind !== 'live' && m.kind !== 'finished') continue;
    const sport = EVENT_SPORTS.find((s) => s.id === m.sportId);
    if (!sport) continue;
    const parts: Record<string, number> = {};
    // Every part the sport has, two digits where the sport scores that many (worst case for widths).
    const big = [3, 5, 18, 22, 24, 29, 8, 19].includes(sport.id);
    for (let n = 1; n <= sport.parts; n++) {
      parts[`homePart${n}`] = big ? 28 : n % 7;
      parts[`awayPart${n}`] = big ? 31 : (n + 3) % 7;
    }
    const score: Record<string, number | string> = { ...parts };
    if (sport.id === 13) {
      Object.assign(score, {
        homeScore: 187,
        homeWickets: 6,
        homeOvers: '20',
        awayScore: 152,
        awayWickets: 9,
        awayOvers: '17.4',
        homePart1: 187,
        awayPart1: 152,
      });
      delete score.homePart2;
      delete score.awayPart2;
    }
    if (sport.id === 2) {
      Object.assign(score, {
        homeScore: 2,
        awayScore: 2,
        homeTiebreak2: 10,
        awayTiebreak2: 12,
        homePart2: 6,
        awayPart2: 7,
        homeGamePoints: 'A',
        awayGamePoints: '40',
      });
    }
    if (sport.id === 14) Object.assign(score, { homeScore: 3, awayScore: 2, homeLegs: 2, awayLegs: 1 });
    if (sport.id === 6 || sport.id === 30) Object.assign(score, { homeScore: 12, awayScore: 11, outs: 2 });
    bodies.push({ type: 'ScoreChanged', matchId: m.id, score });
    if (sport.serving && m.kind === 'live') bodies.push({ type: 'ServiceChanged', matchId: m.id, service: 2 });
    bodies.push({
      type: 'OddsMoved',
      matchId: m.id,
      odds: [16, 417, 598].map((id, i) => ({
        bookmakerId: id,
        bookmakerName: ['bet365', 'Betway', '1xBet'][i] ?? 'Bookmaker',
        current: sport.oddsType === '1x2' ? [1.85 + i / 10, 3.4, 4.15] : [1.55 + i / 10, null, 2.45],
        active: true,
      })),
    });
  }
  return bodies;
}

/** What the page reports about its own layout (run inside the page). */
interface LayoutReport {
  readonly overlaps: string[];
  readonly misaligned: string[];
  readonly scrollWidth: number;
  readonly innerWidth: number;
  readonly names: string[];
  readonly emptyNames: number;
}

/** Layout facts of the page: overlapping texts per box, column titles against their columns, names shown. */
function layoutReport(args: { groups: string; align: number }): LayoutReport {
  const hiddenBy = (el: Element): boolean => {
    for (let e: Element | null = el; e; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (style.display === 'none' || style.visibility === 'hidden' || e.classList.contains('sr-only')) return true;
    }
    return false;
  };
  /** A text node's visible boxes, one per line it takes, each clipped by every ancestor that hides overflow. */
  const textBoxes = (node: Text, stop: Element): DOMRect[] => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const clips: DOMRect[] = [];
    for (let e = node.parentElement; e && e !== stop.parentElement; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible') clips.push(e.getBoundingClientRect());
    }
    const boxes: DOMRect[] = [];
    for (const r of range.getClientRects()) {
      let { left, right, top, bottom } = r;
      for (const c of clips) {
        left = Math.max(left, c.left);
        right = Math.min(right, c.right);
        top = Math.max(top, c.top);
        bottom = Math.min(bottom, c.bottom);
      }
      if (right - left >= 1 && bottom - top >= 1) boxes.push(new DOMRect(left, top, right - left, bottom - top));
    }
    return boxes;
  };
  const textsOf = (root: Element) => {
    const out: { text: string; box: DOMRect; node: number }[] = [];
    let index = 0;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim() ?? '';
      if (!text || !n.parentElement || hiddenBy(n.parentElement)) continue;
      index++;
      for (const box of textBoxes(n as Text, root)) out.push({ text, box, node: index });
    }
    return out;
  };
  const overlaps: string[] = [];
  for (const group of document.querySelectorAll(args.groups)) {
    const texts = textsOf(group);
    for (let i = 0; i < texts.length; i++) {
      for (let j = i + 1; j < texts.length; j++) {
        if (texts[i].node === texts[j].node) continue;
        const a = texts[i].box;
        const b = texts[j].box;
        const dx = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const dy = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (dx > 1 && dy > 1) overlaps.push(`«${texts[i].text}» over «${texts[j].text}»`);
      }
    }
  }
  const textRect = (el: Element): DOMRect | null => {
    if (hiddenBy(el) || !el.textContent?.trim()) return null;
    const range = document.createRange();
    range.selectNodeContents(el);
    const r = range.getBoundingClientRect();
    return r.width > 0 ? r : null;
  };
  const misaligned: string[] = [];
  // Race lists: each title's right edge over its column's values (both right-aligned).
  for (const head of document.querySelectorAll('.race-head__col[data-col]')) {
    const title = textRect(head);
    if (!title) continue;
    const column = head.getAttribute('data-col');
    for (const cell of document.querySelectorAll(`.race__col[data-col="${column}"]`)) {
      const value = textRect(cell);
      if (value && Math.abs(value.right - title.right) > args.align) {
        misaligned.push(`${column}: title ends at ${title.right.toFixed(0)}, value at ${value.right.toFixed(0)}`);
      }
    }
  }
  // Odds tables: each outcome's title centred over its prices.
  for (const table of document.querySelectorAll('table.odds-table')) {
    const titles = [...table.querySelectorAll('thead th')];
    for (const row of table.querySelectorAll('tbody tr')) {
      [...row.children].forEach((cell, i) => {
        const title = titles[i] ? textRect(titles[i]) : null;
        const value = textRect(cell);
        if (i === 0 || !title || !value) return;
        const off = Math.abs(title.left + title.width / 2 - (value.left + value.width / 2));
        if (off > args.align) misaligned.push(`odds ${titles[i].textContent}: ${off.toFixed(0)} px off`);
      });
    }
  }
  const nameEls = [...document.querySelectorAll('.side__name, .race__name')];
  return {
    overlaps: overlaps.slice(0, 10),
    misaligned: misaligned.slice(0, 10),
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
    innerWidth: window.innerWidth,
    names: nameEls.map((e) => e.textContent?.trim() ?? '').filter(Boolean),
    emptyNames: nameEls.filter((e) => !e.textContent?.trim() || (e as HTMLElement).offsetWidth === 0).length,
  };
}

async function check(page: Page, label: string, groups: string, expectNames: readonly string[]): Promise<string[]> {
  const report = await page.evaluate(layoutReport, { groups, align: ALIGN_PX });
  const problems: string[] = [
    ...report.overlaps.map((o) => `overlap ${o}`),
    ...report.misaligned.map((m) => `misaligned ${m}`),
  ];
  if (report.scrollWidth > report.innerWidth) {
    problems.push(`horizontal scroll: ${report.scrollWidth} px wide in ${report.innerWidth}`);
  }
  if (report.emptyNames > 0) problems.push(`${report.emptyNames} rows without a shown name`);
  // biome-ignore lint/performance/useDomNodeTextContent: only the visible text counts, as a visitor reads it
  const shown = await page.locator('main').innerText();
  for (const name of expectNames) if (!shown.includes(name)) problems.push(`name «${name}» not shown`);
  if (problems.length === 0) return [];
  const file = join(tmpdir(), `sports-visual-${label.replace(/[^\w-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return problems.map((p) => `${label}: ${p} (screenshot ${file})`);
}

for (const viewport of VIEWPORTS) {
  describe(`every sport at ${viewport.width}x${viewport.height}`, () => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        timezoneId: 'Asia/Almaty',
      });
      page = await context.newPage();
    });
    afterAll(async () => {
      await context?.close();
    });

    it.each(EVENT_SPORTS.map((s) => [s.slug, s] as const))(
      'S3-9…S3-21 S3-33 S4-25 S2-49 %s: list and match page without overlaps, aligned, no sideways scroll, names shown',
      async (slug, sport) => {
        const matches = site.world.matches.filter((m) => m.sportId === sport.id);
        const problems: string[] = [];

        await page.goto(`${site.url}/kz/${slug}/`);
        await page.waitForSelector('.event-list .row');
        const shownOnTop = matches.filter((m) => m.leagueId === matches[0]?.leagueId);
        const listNames = sport.noDuel ? shownOnTop.map((m) => m.home) : shownOnTop.flatMap((m) => [m.home, m.away]);
        problems.push(
          ...(await check(page, `${viewport.name}-${slug}-list`, '.event-list__item, .match-header', listNames)),
        );

        const target = sport.noDuel ? matches.find((m) => m.kind === 'race') : matches.find((m) => m.kind === 'live');
        expect(target, `a match of ${slug}`).toBeDefined();
        if (!target) return;
        if (sport.noDuel) {
          await page.goto(`${site.url}/kz/match/${target.id}/`);
          await page.waitForSelector('[data-testid="race-standings"] .row');
          problems.push(
            ...(await check(page, `${viewport.name}-${slug}-race`, '.match-header, .race-standings .row, .race-head', [
              target.home,
            ])),
          );
        } else {
          await page.goto(`${site.url}/kz/match/${target.id}/?tab=odds`);
          await page.waitForSelector('[data-testid="match-header"]');
          await page.waitForSelector('table.odds-table tbody tr');
          // The names come with the core feed, which may answer after the odds on a busy machine.
          await page
            .waitForFunction(
              (name) => document.querySelector('[data-testid="match-header"]')?.textContent?.includes(name),
              target.home,
              { timeout: 10_000 },
            )
            .catch(() => {});
          problems.push(
            ...(await check(page, `${viewport.name}-${slug}-match`, '.match-header, .odds-table tr', [
              target.home,
              target.away,
            ])),
          );
        }
        expect(problems).toEqual([]);
      },
      30_000,
    );
  });
}
