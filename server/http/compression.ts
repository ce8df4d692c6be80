// Response compression over the compressed-body cache (./compressed-bodies.ts), in place of compressing every
// response afresh. Text bodies of 1 KB or more sent as strings (feeds, JSON, HTML) are answered from the cache in
// the best coding the request accepts (br, gzip, or identity); files from dist/ are streams, pre-compressed at build
// time (vite.config.ts) and picked by @fastify/static, so they are never compressed per request either.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { acceptedCodings } from './accept-encoding';
import {
  type CompressedBodies,
  type CompressedBodiesOptions,
  createCompressedBodies,
  type EncodedBody,
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

function send(reply: FastifyReply, body: EncodedBody): Buffer {
  if (body.coding !== 'identity') reply.header('content-encoding', body.coding);
  return body.bytes;
}

/** Adds the compression hook to `app` (and so to every route and plugin registered after); returns its cache. */
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
    if (payload.length < threshold && Buffer.byteLength(payload) < threshold) return done(null, payload);
    const encoded = bodies.encode(payload, acceptedCodings(headerText(request.headers['accept-encoding'])));
    if (!(encoded instanceof Promise)) return done(null, send(reply, encoded));
    encoded.then((body) => done(null, send(reply, body)));
  });
  return bodies;
}
