// Security headers over real HTTP (server/http/security-headers.ts): the Content-Security-Policy, nosniff, the
// referrer policy and no X-Powered-By on an HTML page, an API route from an extra plugin, a feed, a static file
// and the answers Fastify gives before any hook runs.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { inlineScriptHashes } from '../../server/http/security-headers';
import { createWorldFeedSource } from '../../server/world-feed-source';
import { FakeSimulation, soccerWorld, T0 } from './world-fixture';

const FSIGN = { 'x-fsign': 'SW9D1eZo' };
const THEME_SCRIPT = `
      var storedTheme = null;
      document.documentElement.dataset.theme = storedTheme === 'dark' ? 'dark' : 'light';
    `;
const INDEX_HTML = `<!doctype html><html><head><meta charset="utf-8"><title>app</title>
<script>${THEME_SCRIPT}</script>
<script type="module" crossorigin src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`;
const STRICT_REFERRER = new Set(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin']);

let dist: string;
let app: FastifyInstance;
let base: string;

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

function directives(policy: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

async function startServer(staticDir: string | null): Promise<{ app: FastifyInstance; base: string }> {
  const server = await buildServer({
    feedSource: createWorldFeedSource(new FakeSimulation(soccerWorld()), { now: () => T0 }),
    staticDir,
    push: false,
    extraPlugins: [
      async (scope) => {
        scope.get('/v3/security-probe', async () => ({ ok: true, items: Array.from({ length: 200 }, (_, i) => i) }));
        // A route with its own policy, through @fastify/helmet's route option.
        scope.get(
          '/v3/own-policy',
          { helmet: { contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'none'"] } } } },
          async () => ({ ok: true }),
        );
      },
    ],
  });
  return { app: server, base: await server.listen({ host: '127.0.0.1', port: 0 }) };
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'scores-csp-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1);\n'.repeat(200));
  ({ app, base } = await startServer(dist));
});

afterAll(async () => {
  await app?.close();
  rmSync(dist, { recursive: true, force: true });
});

function expectSecurityHeaders(response: Response, label: string): void {
  const h = response.headers;
  const csp = directives(h.get('content-security-policy'));
  expect([label, csp.get('default-src')]).toEqual([label, ["'self'"]]);
  expect([label, csp.get('script-src')]).toEqual([label, ["'self'", sha256(THEME_SCRIPT)]]);
  expect([label, csp.get('connect-src')]).toEqual([label, ["'self'"]]);
  expect([label, csp.get('object-src')]).toEqual([label, ["'none'"]]);
  expect([label, csp.get('base-uri')]).toEqual([label, ["'self'"]]);
  expect([label, csp.get('frame-ancestors')]).toEqual([label, ["'none'"]]);
  expect([label, csp.get('style-src')]).toEqual([label, ["'self'"]]);
  expect([label, csp.get('img-src')]).toEqual([label, ["'self'", 'data:']]);
  expect([label, csp.get('media-src')]).toEqual([label, ["'self'"]]);
  expect(h.get('content-security-policy')).not.toMatch(/unsafe-(?:inline|eval)|\*/);
  expect([label, h.get('x-content-type-options')]).toEqual([label, 'nosniff']);
  expect([label, STRICT_REFERRER.has(h.get('referrer-policy') ?? '')]).toEqual([label, true]);
  expect([label, h.get('x-frame-options')]).toEqual([label, 'DENY']);
  expect([label, h.has('x-powered-by')]).toEqual([label, false]);
}

describe('security headers on every response', () => {
  it('an HTML page (the built index.html), whose inline script the policy allows by its hash', async () => {
    const response = await fetch(`${base}/kz/football/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toBe(INDEX_HTML);
    expectSecurityHeaders(response, 'html');
  });

  it('an API route registered by an extra plugin', async () => {
    const response = await fetch(`${base}/v3/security-probe`);
    expect(response.status).toBe(200);
    expect((await response.json()).ok).toBe(true);
    expectSecurityHeaders(response, 'api');
  });

  it('a feed, its 401 and 404, and a path Fastify refuses before any hook runs', async () => {
    const feed = await fetch(`${base}/47/x/feed/f_1_0_5_kk_1`, { headers: FSIGN });
    expect(feed.status).toBe(200);
    expectSecurityHeaders(feed, 'feed');
    const unsigned = await fetch(`${base}/47/x/feed/f_1_0_5_kk_1`);
    expect(unsigned.status).toBe(401);
    expectSecurityHeaders(unsigned, 'feed 401');
    const unknown = await fetch(`${base}/47/x/feed/zzz_1`, { headers: FSIGN });
    expect(unknown.status).toBe(404);
    expectSecurityHeaders(unknown, 'feed 404');
    const undecodable = await fetch(`${base}/47/x/feed/%FF%FE`, { headers: FSIGN });
    expect([undecodable.status, await undecodable.text()]).toEqual([404, '0']);
    expectSecurityHeaders(undecodable, 'frameworkErrors');
  });

  it("a route with its own @fastify/helmet option gets that policy instead of the site's", async () => {
    const response = await fetch(`${base}/v3/own-policy`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('a static file and a missing one', async () => {
    const script = await fetch(`${base}/assets/app.js`);
    expect(script.status).toBe(200);
    expectSecurityHeaders(script, 'static');
    const missing = await fetch(`${base}/nothing-here`);
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing, 'not found');
  });

  it('without a built client the page is the fallback one and no script hash is allowed', async () => {
    const plain = await startServer(null);
    try {
      const response = await fetch(`${plain.base}/kz/football/`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('npm run build');
      const csp = directives(response.headers.get('content-security-policy'));
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    } finally {
      await plain.app.close();
    }
  });
});

describe('inline script hashes', () => {
  it('hashes inline scripts exactly as written, not external ones', () => {
    const html = `<script>a()</script><script src="/x.js"></script><script type="module">b()</script>
<SCRIPT data-x="1">a()</SCRIPT>`;
    expect(inlineScriptHashes(html)).toEqual([sha256('a()'), sha256('b()')]);
    expect(inlineScriptHashes('<p>no scripts</p>')).toEqual([]);
  });
});
