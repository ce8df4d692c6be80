// Compressed response bodies, made once per body and coding and kept in a cache bounded by bytes (LRU).
//
// Feed sources hand out the same string until a feed changes, so the body string is the cache key: a day list is
// encoded to UTF-8 once and compressed once per coding, however many clients ask for it. Compression runs on
// libuv's thread pool (async zlib) and is bounded: at most `maxInFlight` compressions run at once and at most
// `maxQueued` more wait; requests for a body and coding already being compressed share that one compression; when
// the queue is full a request gets the body uncompressed (or in another coding already cached) at once rather than
// wait behind an unbounded queue.
//
// Brotli quality 5 and gzip level 6 were chosen by measurement on the simulated world's football day list
// (1,243,209 bytes, seed 1; Node 20, one core of the bench machine; `npm run bench -- feed-serving` measures again):
//
//   brotli quality   3      4      5      6      8      11       gzip level   1      6      9
//   bytes            354 K  339 K  308 K  305 K  302 K  274 K                 416 K  357 K  354 K
//   ms per body      8      13     23     25     46     1,340                  8      21     26
//
// The live world's football day list changes about every 2 s (296 versions in 600 simulated seconds), so quality 5
// costs ~1 % of a core (23 ms per 2 s) for a body 9 % smaller than quality 4's; qualities above 5 barely shrink it
// for up to twice the time, and 11 would need two thirds of a core for one list.
import { createHash } from 'node:crypto';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type ContentCoding = 'br' | 'gzip';

/** A body ready to send: its bytes and the coding they are in. */
export interface EncodedBody {
  readonly coding: ContentCoding | 'identity';
  readonly bytes: Buffer;
}

export interface CompressedBodiesOptions {
  /** Cache budget in bytes: keys (counted at 2 bytes a character), UTF-8 bodies and their compressed forms. */
  readonly maxBytes?: number;
  /** Compressions running at once. */
  readonly maxInFlight?: number;
  /** Compressions waiting for a free slot; past this a request is answered without compression. */
  readonly maxQueued?: number;
  readonly brotliQuality?: number;
  readonly gzipLevel?: number;
  /** The compressor (tests count or delay calls); default async zlib. */
  readonly compress?: (coding: ContentCoding, bytes: Buffer) => Promise<Buffer>;
}

export interface CompressedBodiesStats {
  readonly entries: number;
  readonly bytes: number;
  /** Compressions started since creation. */
  readonly compressions: number;
  readonly inFlight: number;
  readonly queued: number;
  /** Requests answered uncompressed (or in another cached coding) because the queue was full. */
  readonly queueFull: number;
  readonly evictions: number;
  readonly failures: number;
}

export interface CompressedBodies {
  /**
   * The body in the first of `codings` (most preferred first) that can be had: cached, being compressed (the
   * returned promise is shared with every other request waiting for it), or newly queued. When the queue is full
   * it is another coding of `codings` already cached, else the UTF-8 bytes uncompressed. A compression that fails
   * or does not make the body smaller also gives the UTF-8 bytes.
   */
  encode(body: string, codings: readonly ContentCoding[]): EncodedBody | Promise<EncodedBody>;
  /** The body's UTF-8 bytes (cached with the body). */
  identity(body: string): EncodedBody;
  /** The body's strong validator: a hash of its UTF-8 bytes, made once per cached body (an ETag's opaque part). */
  tag(body: string): string;
  stats(): CompressedBodiesStats;
}

export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
export const DEFAULT_MAX_IN_FLIGHT = 2;
export const DEFAULT_MAX_QUEUED = 8;
export const DEFAULT_BROTLI_QUALITY = 5;
export const DEFAULT_GZIP_LEVEL = 6;

interface Entry {
  readonly key: string;
  readonly identity: EncodedBody;
  readonly encoded: Map<ContentCoding, EncodedBody>;
  readonly pending: Map<ContentCoding, Promise<EncodedBody>>;
  bytes: number;
  cached: boolean;
  tag: string | null;
}

interface Job {
  readonly entry: Entry;
  readonly coding: ContentCoding;
  readonly resolve: (body: EncodedBody) => void;
}

function zlibCompressor(brotliQuality: number, gzipLevel: number) {
  return (coding: ContentCoding, bytes: Buffer): Promise<Buffer> =>
    new Promise((resolve, reject) => {
      const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
      if (coding === 'br') {
        brotliCompress(
          bytes,
          {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          },
          done,
        );
      } else {
        gzip(bytes, { level: gzipLevel }, done);
      }
    });
}

/** 128 bits of SHA-1 in base64url: unique enough to tell versions of one feed apart, and short in every header. */
export function hashOf(bytes: Buffer): string {
  return createHash('sha1').update(bytes).digest('base64url').slice(0, 22);
}

export function createCompressedBodies(options: CompressedBodiesOptions = {}): CompressedBodies {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxInFlight = Math.max(1, options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT);
  const maxQueued = Math.max(0, options.maxQueued ?? DEFAULT_MAX_QUEUED);
  const compress =
    options.compress ??
    zlibCompressor(options.brotliQuality ?? DEFAULT_BROTLI_QUALITY, options.gzipLevel ?? DEFAULT_GZIP_LEVEL);
  // A body too large to share the budget with others is sent as it is, uncached.
  const largestEntry = maxBytes / 4;

  // Insertion order is recency order: the first key is the least recently used.
  const entries = new Map<string, Entry>();
  let newest: Entry | null = null;
  let totalBytes = 0;
  let inFlight = 0;
  const waiting: Job[] = [];
  let compressions = 0;
  let queueFull = 0;
  let evictions = 0;
  let failures = 0;

  const evictFor = (keep: Entry) => {
    for (const entry of entries.values()) {
      if (totalBytes <= maxBytes) return;
      if (entry === keep) continue;
      entries.delete(entry.key);
      entry.cached = false;
      if (newest === entry) newest = null;
      totalBytes -= entry.bytes;
      evictions += 1;
    }
  };

  const entryFor = (body: string): Entry => {
    if (newest !== null && newest.key === body) return newest;
    let entry = entries.get(body);
    if (entry) {
      entries.delete(body);
      entries.set(body, entry);
    } else {
      const bytes = Buffer.from(body);
      entry = {
        key: body,
        identity: { coding: 'identity', bytes },
        encoded: new Map(),
        pending: new Map(),
        bytes: body.length * 2 + bytes.length,
        cached: false,
        tag: null,
      };
      if (entry.bytes > largestEntry) return entry;
      entry.cached = true;
      entries.set(body, entry);
      totalBytes += entry.bytes;
      evictFor(entry);
    }
    newest = entry;
    return entry;
  };

  const store = (entry: Entry, coding: ContentCoding, result: EncodedBody) => {
    entry.pending.delete(coding);
    entry.encoded.set(coding, result);
    if (result.coding === 'identity') return; // shares the entry's bytes
    entry.bytes += result.bytes.length;
    if (!entry.cached) return;
    totalBytes += result.bytes.length;
    evictFor(entry);
  };

  const run = (job: Job) => {
    inFlight += 1;
    compressions += 1;
    const { entry, coding } = job;
    const original = entry.identity;
    compress(coding, original.bytes).then(
      (bytes): void => {
        const result: EncodedBody = bytes.length < original.bytes.length ? { coding, bytes } : original;
        store(entry, coding, result);
        finish(job, result);
      },
      (): void => {
        failures += 1;
        entry.pending.delete(coding);
        finish(job, original);
      },
    );
  };

  const finish = (job: Job, result: EncodedBody) => {
    inFlight -= 1;
    job.resolve(result);
    const next = waiting.shift();
    if (next) run(next);
  };

  const encode = (body: string, codings: readonly ContentCoding[]): EncodedBody | Promise<EncodedBody> => {
    const entry = entryFor(body);
    if (codings.length === 0 || !entry.cached) return entry.identity;
    const coding = codings[0];
    const done = entry.encoded.get(coding);
    if (done) return done;
    const pending = entry.pending.get(coding);
    if (pending) return pending;
    if (inFlight < maxInFlight || waiting.length < maxQueued) {
      const promise = new Promise<EncodedBody>((resolve) => {
        const job: Job = { entry, coding, resolve };
        if (inFlight < maxInFlight) run(job);
        else waiting.push(job);
      });
      entry.pending.set(coding, promise); // settles in a later tick, after this
      return promise;
    }
    queueFull += 1;
    for (let i = 1; i < codings.length; i++) {
      const other = entry.encoded.get(codings[i]);
      if (other) return other;
    }
    return entry.identity;
  };

  return {
    encode,
    identity: (body) => entryFor(body).identity,
    tag: (body) => {
      const entry = entryFor(body);
      entry.tag ??= hashOf(entry.identity.bytes);
      return entry.tag;
    },
    stats: () => ({
      entries: entries.size,
      bytes: totalBytes,
      compressions,
      inFlight,
      queued: waiting.length,
      queueFull,
      evictions,
      failures,
    }),
  };
}
