// Response compression over the compressed-body cache (./compressed-bodies.ts), in place of compressing every
// response afresh. Text bodies of 1 KB or more sent as strings (feeds, JSON, HTML) are answered from the cache in
// the best coding the request accepts (br, gzip, or identity); files from dist/ are streams, pre-compressed at build
// time (vite.config.ts) and picked by @fastify/static, so they are never compressed per request either. The same
// cache gives each body its ETag, hashed once, so revalidating a 1.2 MB day list costs a lookup and a 304.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { acceptedCodings } from './accept-encoding';
import {
  type CompressedBodies,
  type CompressedBodiesOptions,
  createCompressedBodies,
  type EncodedBody,
  hashOf,
} from './compressed-bodies';

export interface CompressionOptions extends CompressedBodiesOptions {
  /** Bodies smaller than this many bytes are sent uncompressed. */
  readonly threshold?: number;
}

export const COMPRESS_THRESHOLD = 1024;

const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml|[\w.-]+\+(?:json|xml))|image\/svg\+xml)/i;

function headerText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.join(', ');
  return value === undefined ? '' : String(value);
}

function addVary(reply: FastifyReply): void {
  const vary = headerText(reply.getHeader('vary'));
  if (vary === '') reply.header('vary', 'Accept-Encoding');
  else if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(vary)) reply.header('vary', `${vary}, Accept-Encoding`);
}

const NO_VALIDATOR = /(?:^|,)\s*(?:no-store|private)\s*(?:,|$)/i;
const SUFFIX: Readonly<Record<EncodedBody['coding'], string>> = { identity: '', br: '-br', gzip: '-gz' };

/**
 * The If-None-Match entity tag that names a representation of the body with opaque part `tag` (any coding: each
 * decodes to the same bytes), `*`, or null. RFC 9110 §13.1.2: weak comparison, so W/ is ignored.
 */
export function matchingTag(header: string | undefined, tag: string): string | null {
  if (!header) return null;
  for (const item of header.split(',')) {
    const text = item.trim();
    if (text === '*') return `"${tag}"`;
    const opaque = text.startsWith('W/') ? text.slice(2) : text;
    if (opaque.length < 2 || opaque[0] !== '"' || opaque[opaque.length - 1] !== '"') continue;
    const value = opaque.slice(1, -1);
    if (value === tag || value === `${tag}-br` || value === `${tag}-gz`) return opaque;
  }
  return null;
}

function send(reply: FastifyReply, body: EncodedBody, tag: string | null): Buffer {
  if (body.coding !== 'identity') reply.header('content-encoding', body.coding);
  if (tag !== null) reply.header('etag', `"${tag}${SUFFIX[body.coding]}"`);
  return body.bytes;
}

/** RFC 9110 §15.4.5: the stored answer is current; the headers a 200 would carry, with no content. */
function notModified(reply: FastifyReply, etag: string, method: string): string | null {
  reply.code(304).header('etag', etag);
  reply.removeHeader('content-type');
  reply.removeHeader('content-length');
  // Fastify's HEAD handler measures the payload it is given: an empty string rather than none.
  return method === 'HEAD' ? '' : null;
}

/**
 * Adds the compression hook to `app` (and so to every route and plugin registered after); returns its cache.
 * A GET or HEAD answered 200 with a text body (not marked no-store or private) also gets a strong ETag made once
 * per body, its coding's suffix on it, and a request whose If-None-Match names it is answered 304.
 */
export function registerCompression(app: FastifyInstance, options: CompressionOptions = {}): CompressedBodies {
  const threshold = options.threshold ?? COMPRESS_THRESHOLD;
  const bodies = createCompressedBodies(options);
  app.addHook('onSend', (request, reply, payload, done) => {
    const status = reply.statusCode;
    if (status === 204 || status === 304 || status < 200) return done(null, payload);
    if (!COMPRESSIBLE.test(headerText(reply.getHeader('content-type')))) return done(null, payload);
    // Files (streams) are sent pre-compressed when asked: their answer varies with Accept-Encoding as well.
    addVary(reply);
    if (typeof payload !== 'string' || reply.hasHeader('content-encoding')) return done(null, payload);
    const validated =
      status === 200 &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !reply.hasHeader('etag') &&
      !NO_VALIDATOR.test(headerText(reply.getHeader('cache-control')));
    if (payload.length < threshold && Buffer.byteLength(payload) < threshold) {
      if (!validated) return done(null, payload);
      const tag = hashOf(Buffer.from(payload));
      const matched = matchingTag(headerText(request.headers['if-none-match']), tag);
      if (matched !== null) return done(null, notModified(reply, matched, request.method));
      reply.header('etag', `"${tag}"`);
      return done(null, payload);
    }
    const tag = validated ? bodies.tag(payload) : null;
    if (tag !== null) {
      const matched = matchingTag(headerText(request.headers['if-none-match']), tag);
      if (matched !== null) return done(null, notModified(reply, matched, request.method));
    }
    const encoded = bodies.encode(payload, acceptedCodings(headerText(request.headers['accept-encoding'])));
    if (!(encoded instanceof Promise)) return done(null, send(reply, encoded, tag));
    encoded.then((body) => done(null, send(reply, body, tag)));
  });
  return bodies;
}
