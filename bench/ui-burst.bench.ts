// A sport page with 2,000 live events in Chromium on loopback, receiving bursts of 100 changed
// events over push. Figures: main-thread time to apply a burst and paint it (p95, from Chromium's
// TaskDuration metric), LCP and CLS (PerformanceObserver). Each is set against a baseline measured
// in the same run: the same page and list left static over the same time spans.
import type { CDPSession, Page } from 'playwright-core';
import type { FactBody } from '../sim/facts';
import { buildClient, launchBrowser, newPage, removeDir, startSite } from '../tests/e2e/support/site';
import { createBulkWorld } from '../tests/e2e/support/test-world';

const EVENTS = 2000;
const BURST = 100;
const ROUNDS = 30;
const TARGETS = { applyPaintP95Ms: 8, lcpMs: 1000, cls: 0.05 };

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)];
}

const round2 = (n: number) => Number(n.toFixed(2));

async function taskSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
}

async function twoFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

const OBSERVERS = () => {
  const w = window as unknown as { __lcp: number; __cls: number };
  w.__lcp = 0;
  w.__cls = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
      if (!e.hadRecentInput) w.__cls += e.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
};

export default async function (): Promise<Record<string, unknown>> {
  const dir = await buildClient();
  const world = createBulkWorld(EVENTS);
  const site = await startSite(dir, world);
  const browser = await launchBrowser();
  const scores = new Map(world.matches.map((m) => [m.id, 0]));
  const spans: number[] = [];

  const run = async (bursts: boolean) => {
    const { page, context } = await newPage(browser, 1280, 900);
    await page.addInitScript(OBSERVERS);
    await page.goto(`${site.url}/kz/football/`);
    await page.waitForSelector('[data-event-id]');
    await page.waitForTimeout(1500); // push connected, first paint settled
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const samples: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const visible = await page.$$eval('[data-event-id]', (rows) =>
        rows.map((r) => r.getAttribute('data-event-id') ?? ''),
      );
      const before = await taskSeconds(cdp);
      const started = Date.now();
      if (bursts) {
        const chosen = new Set(visible.slice(0, 20));
        for (let i = round; chosen.size < BURST; i += 19) chosen.add(world.matches[i % world.matches.length].id);
        const facts: FactBody[] = [...chosen].map((id) => {
          const next = (scores.get(id) ?? 0) + 1;
          scores.set(id, next);
          return { type: 'ScoreChanged', matchId: id, score: { homeScore: next, awayScore: 0 } };
        });
        world.append(facts);
        const probe = visible[0];
        await page.waitForFunction(
          ([id, text]) =>
            document.querySelector(`[data-event-id="${id}"] [data-testid="row-score"]`)?.textContent === text,
          [probe, `${scores.get(probe)}0`] as const,
          { polling: 'raf', timeout: 10_000 },
        );
        await twoFrames(page);
        spans.push(Date.now() - started);
      } else {
        await page.waitForTimeout(spans[round] ?? 50);
        await twoFrames(page);
      }
      samples.push((await taskSeconds(cdp)) - before);
    }
    const { lcp, cls } = await page.evaluate(() => {
      const w = window as unknown as { __lcp: number; __cls: number };
      return { lcp: w.__lcp, cls: w.__cls };
    });
    await context.close();
    return { p95Ms: p95(samples) * 1000, lcp, cls };
  };

  try {
    const live = await run(true);
    const still = await run(false);
    return {
      events: EVENTS,
      burst: BURST,
      rounds: ROUNDS,
      applyPaintP95Ms: round2(live.p95Ms),
      baselineStaticP95Ms: round2(still.p95Ms),
      applyPaintRatio: round2(live.p95Ms / Math.max(still.p95Ms, 0.01)),
      lcpMs: round2(live.lcp),
      baselineLcpMs: round2(still.lcp),
      lcpRatio: round2(live.lcp / Math.max(still.lcp, 1)),
      cls: Number(live.cls.toFixed(4)),
      baselineCls: Number(still.cls.toFixed(4)),
      clsRatio: still.cls > 0 ? round2(live.cls / still.cls) : null,
      targets: TARGETS,
    };
  } finally {
    await browser.close();
    await site.close();
    removeDir(dir);
  }
}
