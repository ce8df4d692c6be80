// Page statuses over loopback (src/routes/site-routes.ts, server/page-status.ts): the site's pages answer the
// client's index.html with 200, addresses the site does not have answer the same bytes with 404 (the client then
// shows its not-found page), and feed, API and file addresses keep their plain 404 `0`.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { createWorldFeedSource } from '../../server/world-feed-source';
import { SPORTS } from '../../src/domain/sports';
import { sitePageAt } from '../../src/routes/site-routes';
import { FakeSimulation, soccerWorld, T0 } from './world-fixture';

const THEME_SCRIPT = "document.documentElement.dataset.theme = 'light';";
const INDEX_HTML = `<!doctype html><html lang="kk"><head><meta charset="utf-8"><title>app</title>
<script>${THEME_SCRIPT}</script></head><body><div id="root"></div></body></html>`;

let dist: string;
let app: FastifyInstance;
let base: string;

async function start(staticDir: string | null): Promise<{ app: FastifyInstance; base: string }> {
  const server = await buildServer({
    feedSource: createWorldFeedSource(new FakeSimulation(soccerWorld()), { now: () => T0 }),
    staticDir,
    push: false,
    extraPlugins: [
      async (scope) => {
        scope.get('/v3/ping', async () => ({ ok: true }));
      },
    ],
  });
  return { app: server, base: await server.listen({ host: '127.0.0.1', port: 0 }) };
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'scores-pages-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  ({ app, base } = await start(dist));
});

afterAll(async () => {
  await app?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

async function statusOf(path: string, init?: RequestInit): Promise<[string, number, string]> {
  const response = await fetch(`${base}${path}`, { redirect: 'manual', ...init });
  return [path, response.status, await response.text()];
}

describe('page statuses from the route table', () => {
  it('S2-1…S2-6 S2-15 S2-33 every sport, a country page, an existing match and the home address answer the client', async () => {
    const paths = [
      '/kz',
      '/kz/',
      ...SPORTS.map((s) => `/kz/${s.slug}/`),
      '/kz/football',
      `/kz/football/${encodeURIComponent('англия')}/?league=1_engPL001#r=0:0`,
      `/kz/football/${encodeURIComponent('қазақстан')}/`,
      '/kz/match/LiveKz01/',
      '/kz/match/DoneKz01',
      '/kz/account/verify?t=verifyAccount&i=u1&c=abc',
      '/kz/account/reset?i=u1&c=abc',
    ];
    const answers = await Promise.all(paths.map((p) => statusOf(p)));
    expect(answers).toEqual(paths.map((p) => [p, 200, INDEX_HTML]));
    expect(SPORTS.length).toBe(40);
  });

  it('S2-9 /mobile is a page: 200 with the client', async () => {
    expect(await statusOf('/mobile')).toEqual(['/mobile', 200, INDEX_HTML]);
    expect(await statusOf('/mobile/')).toEqual(['/mobile/', 200, INDEX_HTML]);
  });

  it('S2-11 unknown addresses answer 404 with the same client bytes, for GET and HEAD', async () => {
    const paths = [
      '/kz/football/nowhere/at-all/',
      '/kz/team/kairat/abc12345/',
      '/kz/football/kazakhstan/premier-league/',
      '/kz/match/LiveKz01/summary/',
      '/kz//football/',
      '/nothing-here',
      '/mobile/app',
      '/KZ/football/',
    ];
    const answers = await Promise.all(paths.map((p) => statusOf(p)));
    expect(answers).toEqual(paths.map((p) => [p, 404, INDEX_HTML]));
    const head = await fetch(`${base}/kz/football/nowhere/at-all/`, { method: 'HEAD' });
    expect(head.status).toBe(404);
  });

  it('S2-1 S2-33 a route whose entity does not exist is 404: unknown sport slug, bad country slug, unknown or malformed event', async () => {
    const paths = [
      '/kz/nowhere/',
      '/kz/Football/',
      '/kz/soccer/england/',
      '/kz/football/England/',
      '/kz/football/eng--land/',
      '/kz/match/Nope0000/',
      '/kz/match/abc/',
      '/kz/match/LiveKz01x/',
      '/kz/mobile',
    ];
    const answers = await Promise.all(paths.map((p) => statusOf(p)));
    expect(answers).toEqual(paths.map((p) => [p, 404, INDEX_HTML]));
  });

  it('S2-15 a country page whose slug no league of the sport names in the 7 days is 404: sub-pages, unknown countries, a country of another sport', async () => {
    const paths = [
      '/kz/tennis/rankings/',
      '/kz/football/rankings/',
      '/kz/football/standings',
      '/kz/football/narnia/',
      '/kz/football/kazakhstan/', // this world's leagues name their country in Kazakh (no ZL)
      `/kz/basketball/${encodeURIComponent('қазақстан')}/`, // football's country, no basketball league
    ];
    const answers = await Promise.all(paths.map((p) => statusOf(p)));
    expect(answers).toEqual(paths.map((p) => [p, 404, INDEX_HTML]));
  });

  it('the 404 page carries the policy whose script hash is that of the bytes it sends', async () => {
    const response = await fetch(`${base}/kz/football/nowhere/at-all/`);
    const html = await response.text();
    const hash = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;
    expect(html).toContain(`<script>${THEME_SCRIPT}</script>`);
    expect(response.headers.get('content-security-policy')).toContain(hash);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('feeds, API, files and other methods are not pages: plain 404 `0`', async () => {
    const paths = [
      '/47/x/feed/zzz_1',
      '/47/nothing',
      '/v3/nothing',
      '/kz/x/req/nothing',
      '/assets/missing.js',
      '/push/x',
    ];
    const answers = await Promise.all(paths.map((p) => statusOf(p, { headers: { 'x-fsign': 'SW9D1eZo' } })));
    expect(answers).toEqual(paths.map((p) => [p, 404, '0']));
    expect(await statusOf('/kz/football/', { method: 'POST' })).toEqual(['/kz/football/', 404, '0']);
    expect(await statusOf('/assets/app.js')).toEqual(['/assets/app.js', 200, 'console.log(1)']);
    expect(await statusOf('/v3/ping')).toEqual(['/v3/ping', 200, '{"ok":true}']);
  });

  it('without a built client a page gets the status page (200) and an unknown address the same page headed not found (404)', async () => {
    const plain = await start(null);
    try {
      const page = await fetch(`${plain.base}/kz/football/`);
      expect(page.status).toBe(200);
      expect(await page.text()).not.toContain('Бет табылмады');
      const missing = await fetch(`${plain.base}/kz/football/nowhere/at-all/`);
      expect(missing.status).toBe(404);
      const text = await missing.text();
      expect(text).toContain('Бет табылмады');
      expect(text).toContain('npm run build');
      expect((await fetch(`${plain.base}/mobile`)).status).toBe(200);
    } finally {
      await plain.app.close();
    }
  });
});

describe('the route table', () => {
  it('S2-2 S2-15 S2-33 S2-9 resolves pages with their entities, and nothing else', () => {
    expect(sitePageAt('/kz/hockey/')).toMatchObject({ page: 'sport', sport: { id: 4 } });
    expect(sitePageAt('/kz/hockey/russia')).toMatchObject({ page: 'country', sport: { id: 4 }, countrySlug: 'russia' });
    expect(sitePageAt('/kz/match/AbCd1234/')).toEqual({ page: 'match', eventId: 'AbCd1234' });
    expect(sitePageAt('/kz/match/')).toBeNull(); // 'match' is no sport
    expect(sitePageAt('/mobile')).toEqual({ page: 'mobile' });
    expect(sitePageAt('/kz/account/verify')).toEqual({ page: 'account' });
    expect(sitePageAt('/kz/account/other')).toBeNull();
    expect(sitePageAt('/kz/football/%E0%A4%A')).toBeNull(); // does not decode
    expect(sitePageAt('/kz/football/a/b/')).toBeNull();
  });
});
