// The service worker and the web app manifest as the server sends them: sw.js never from a stale cache, the
// manifest with its own media type, and a policy that lets the page register its worker from its own origin.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { createWorldFeedSource } from '../../server/world-feed-source';
import { FakeSimulation, soccerWorld, T0 } from './world-fixture';

let dist: string;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'scores-pwa-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'flags'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>app</title></head><body></body></html>');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  writeFileSync(join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'x', start_url: '/kz/' }));
  writeFileSync(join(dist, 'assets', 'sw.js'), '// not the worker\n');
  writeFileSync(join(dist, 'flags', 'kz.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = await buildServer({
    feedSource: createWorldFeedSource(new FakeSimulation(soccerWorld()), { now: () => T0 }),
    staticDir: dist,
    push: false,
  });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('service worker and manifest headers', () => {
  it('/sw.js is JavaScript that the browser revalidates on every visit (no-cache)', async () => {
    const response = await fetch(`${base}/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^(?:application|text)\/javascript/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    // Another file of that name is an ordinary asset.
    const other = await fetch(`${base}/assets/sw.js`);
    expect(other.headers.get('cache-control')).not.toBe('no-cache');
  });

  it('the manifest is application/manifest+json and the flags are SVG images', async () => {
    const manifest = await fetch(`${base}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const flag = await fetch(`${base}/flags/kz.svg`);
    expect(flag.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });

  it('the policy lets the page register its own worker and read its manifest', async () => {
    const policy = (await fetch(`${base}/kz/football/`)).headers.get('content-security-policy') ?? '';
    const directives = new Map(
      policy.split(';').map((part) => {
        const [name, ...values] = part.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get('worker-src')).toEqual(["'self'"]);
    // No manifest-src: default-src governs it.
    expect(directives.has('manifest-src')).toBe(false);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('img-src')).toContain("'self'");
  });
});
