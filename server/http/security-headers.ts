// Security headers on every response (@fastify/helmet): a Content-Security-Policy that runs only the site's own
// scripts, plus nosniff, a referrer policy, no framing and no X-Powered-By.
//
// What the page loads, and so what the policy allows:
// - scripts: the hashed bundles from /assets ('self') and the one inline script of index.html (the theme applied
//   before the first paint), allowed by its sha256, computed from the index.html actually served;
// - styles: /assets/*.css ('self'); React's style props are set through the CSSOM, which style-src does not govern;
// - images: the favicon is a data: URL in index.html; no other images;
// - fonts: none loaded (styles.css uses system fonts), 'self' if one ever is;
// - media: the sound files are fetched (connect-src) and played with Web Audio; media-src 'self' for <audio>;
// - connections: feeds and the account API over fetch, and the WebSocket on /push, all on the page's own origin.
//   CSP Level 3 lets 'self' match ws:/wss: on the page's own host and port (Chromium follows it; the browser test
//   tests/server/security-headers-browser.test.ts opens /push with this policy and sees no violation).
//
// How they are set: @fastify/helmet in its global mode builds a fresh helmet middleware for every request and sets
// each header on the raw response; on a 5.8 KB update feed that halved the server's throughput (28,000 requests/s
// against 53,000 without headers; one core, bench/feed-serving.bench.ts). The headers do not change between
// requests, so helmet computes them once from the options below and one synchronous hook adds them to every reply
// (47,000 requests/s). @fastify/helmet stays registered, not global, so `reply.helmet()` and a route's own `helmet`
// option work as documented; a route with its own `helmet` option gets helmet's answer instead of ours.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** CSP hash sources ('sha256-…') of the inline scripts (no src attribute) in an HTML page, in page order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const [, attributes, text] = match;
    if (/(?:^|\s)src\s*=/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...new Set(hashes)];
}

/** The built client's index.html as served from `staticDir`, or null when there is none. */
export function readIndexHtml(staticDir: string | null): string | null {
  if (staticDir === null) return null;
  const file = join(staticDir, 'index.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

/** The Content-Security-Policy directives for the site, given the HTML page it serves (null: no built page). */
export function contentSecurityPolicy(indexHtml: string | null): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(indexHtml === null ? [] : inlineScriptHashes(indexHtml))],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'media-src': ["'self'"],
    'connect-src': ["'self'"],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** @fastify/helmet options: the policy above and helmet's other headers, framing denied. */
export function securityHeadersOptions(indexHtml: string | null): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(indexHtml) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // The rest are helmet's defaults: X-Content-Type-Options nosniff, Strict-Transport-Security (ignored over
    // http), Cross-Origin-Opener-Policy and -Resource-Policy same-origin, Origin-Agent-Cluster,
    // X-DNS-Prefetch-Control off, X-Download-Options, X-Permitted-Cross-Domain-Policies none, X-XSS-Protection 0
    // and no X-Powered-By.
  };
}

type HelmetMiddleware = (
  options: object,
) => (
  request: object,
  response: { setHeader(name: string, value: unknown): void; removeHeader(name: string): void },
  next: (error?: Error) => void,
) => void;

/**
 * The headers those options give, as a plain map: for the answers Fastify sends before any hook runs (its
 * frameworkErrors handler: a path that does not decode, a bad request line). Uses the helmet that @fastify/helmet
 * itself loads, so both set the same values.
 */
export function securityHeaderValues(options: FastifyHelmetOptions): Record<string, string> {
  const { global: _global, enableCSPNonces: _nonces, ...config } = options;
  const fromFastifyHelmet = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'));
  const helmet = fromFastifyHelmet('helmet') as HelmetMiddleware;
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(config)({}, response, (error) => {
    if (error) throw error;
  });
  return headers;
}

export interface SecurityHeaders {
  readonly options: FastifyHelmetOptions;
  /** The header values those options give, lower-case names. */
  readonly values: Readonly<Record<string, string>>;
}

/** The site's security headers, given the HTML page it serves (null: no built page). */
export function securityHeaders(indexHtml: string | null): SecurityHeaders {
  const options = securityHeadersOptions(indexHtml);
  return { options, values: Object.freeze(securityHeaderValues(options)) };
}

/** Registers @fastify/helmet (not global) and the hook that adds the headers to every reply. */
export async function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): Promise<void> {
  await app.register(fastifyHelmet, { ...headers.options, global: false });
  app.addHook('onRequest', (request, reply, done) => {
    // A route with its own `helmet` option (or `helmet: false`) is left to @fastify/helmet.
    if ((request.routeOptions.config as { helmet?: unknown }).helmet === undefined) reply.headers(headers.values);
    done();
  });
}
