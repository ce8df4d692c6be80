// The compressed-body cache (server/http/compressed-bodies.ts) and Accept-Encoding negotiation
// (server/http/accept-encoding.ts): each body is compressed once per coding, the cache is an LRU bounded by bytes,
// compression work is bounded and a full queue answers uncompressed at once.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedCodings } from '../../server/http/accept-encoding';
import { type ContentCoding, createCompressedBodies, type EncodedBody } from '../../server/http/compressed-bodies';

/** A text body of about `kb` KB that compresses well, distinct per `seed`. */
function body(seed: string, kb = 8): string {
  const line = `${seed}¬AA÷${seed}Үй командасы¬AB÷3¬AC÷Қонақ¬~`;
  return line.repeat(Math.ceil((kb * 1024) / Buffer.byteLength(line)));
}

/** A compressor whose calls are counted and held until released. */
function heldCompressor() {
  const calls: { coding: ContentCoding; bytes: Buffer; release: () => void; fail: () => void }[] = [];
  const compress = (coding: ContentCoding, bytes: Buffer) =>
    new Promise<Buffer>((resolve, reject) => {
      calls.push({
        coding,
        bytes,
        release: () => resolve(Buffer.from(`${coding}:${bytes.length}`)),
        fail: () => reject(new Error('compressor failed')),
      });
    });
  return { calls, compress };
}

function decode(encoded: EncodedBody): string {
  if (encoded.coding === 'br') return brotliDecompressSync(encoded.bytes).toString();
  if (encoded.coding === 'gzip') return gunzipSync(encoded.bytes).toString();
  return encoded.bytes.toString();
}

describe('compressed bodies', () => {
  it('a body is compressed once per coding, however many requests ask at once or later', async () => {
    const held = heldCompressor();
    const bodies = createCompressedBodies({ compress: held.compress });
    const text = body('one');
    const first = [1, 2, 3, 4, 5].map(() => bodies.encode(text, ['br', 'gzip']));
    expect(held.calls.length).toBe(1);
    expect(new Set(first).size).toBe(1); // one shared pending compression
    held.calls[0].release();
    const results = await Promise.all(first);
    expect(results.every((r) => r.coding === 'br')).toBe(true);
    // Later requests, with an equal string that is another object, are served from the cache synchronously.
    const again = bodies.encode(Buffer.from(text).toString(), ['br']);
    expect(again).toBe(results[0]);
    expect(bodies.stats().compressions).toBe(1);
  });

  it('different codings of one body are kept apart, and each decodes to the exact bytes', async () => {
    const bodies = createCompressedBodies();
    const text = body('codings', 64);
    const br = await bodies.encode(text, ['br']);
    const gzip = await bodies.encode(text, ['gzip']);
    const identity = await bodies.encode(text, []);
    expect([br.coding, gzip.coding, identity.coding]).toEqual(['br', 'gzip', 'identity']);
    expect(br.bytes.equals(gzip.bytes)).toBe(false);
    expect(brotliDecompressSync(br.bytes).equals(Buffer.from(text))).toBe(true);
    expect(gunzipSync(gzip.bytes).equals(Buffer.from(text))).toBe(true);
    expect(identity.bytes.equals(Buffer.from(text))).toBe(true);
    expect(br.bytes.length).toBeLessThan(Buffer.byteLength(text) / 4);
    expect(await bodies.encode(text, ['br'])).toBe(br);
    expect(await bodies.encode(text, ['gzip'])).toBe(gzip);
    expect(bodies.stats().compressions).toBe(2);
  });

  it('a new version of a body (another string) is compressed again', async () => {
    const bodies = createCompressedBodies();
    const v1 = body('version-1');
    const v2 = body('version-2');
    expect(decode(await bodies.encode(v1, ['gzip']))).toBe(v1);
    expect(decode(await bodies.encode(v2, ['gzip']))).toBe(v2);
    expect(decode(await bodies.encode(v1, ['gzip']))).toBe(v1);
    expect(bodies.stats().compressions).toBe(2);
  });

  it('the cache is an LRU bounded by bytes: the least recently used body goes first', async () => {
    const held = heldCompressor();
    const [a, b, c, d, e] = ['a', 'b', 'c', 'd', 'e'].map((s) => body(s));
    const entryBytes = a.length * 2 + Buffer.byteLength(a); // key at 2 bytes a character, and the UTF-8 bytes
    const maxBytes = Math.floor(4.5 * entryBytes); // four bodies and their (small) compressed forms, not five
    const bodies = createCompressedBodies({ compress: held.compress, maxBytes });
    const encode = async (text: string) => {
      const before = held.calls.length;
      const result = bodies.encode(text, ['br']);
      if (held.calls.length > before) held.calls.at(-1)?.release();
      return result;
    };
    for (const text of [a, b, c, d]) await encode(text);
    expect(bodies.stats()).toMatchObject({ entries: 4, compressions: 4, evictions: 0 });
    await encode(a); // a is now the most recently used; b the least
    expect(bodies.stats().compressions).toBe(4);
    await encode(e);
    expect(bodies.stats()).toMatchObject({ entries: 4, compressions: 5, evictions: 1 });
    expect(bodies.stats().bytes).toBeLessThanOrEqual(maxBytes);
    await encode(a);
    expect(bodies.stats().compressions).toBe(5); // kept
    await encode(b);
    expect(bodies.stats()).toMatchObject({ compressions: 6, evictions: 2 }); // b had gone; now c has
    await encode(d);
    expect(bodies.stats().compressions).toBe(6);
    await encode(c);
    expect(bodies.stats().compressions).toBe(7);
    expect(bodies.stats().bytes).toBeLessThanOrEqual(maxBytes);
  });

  it('a body larger than a quarter of the budget is sent as it is, uncached and uncompressed', async () => {
    const held = heldCompressor();
    const text = body('big', 64);
    const bodies = createCompressedBodies({ compress: held.compress, maxBytes: text.length * 2 });
    const result = bodies.encode(text, ['br']);
    expect((result as EncodedBody).coding).toBe('identity');
    expect(held.calls.length).toBe(0);
    expect(bodies.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('a full queue answers uncompressed at once; a coding already cached is used instead when accepted', async () => {
    const held = heldCompressor();
    const bodies = createCompressedBodies({ compress: held.compress, maxInFlight: 1, maxQueued: 1 });
    const [a, b, c] = ['qa', 'qb', 'qc'].map((s) => body(s));
    const running = bodies.encode(a, ['br']); // runs
    const waiting = bodies.encode(b, ['br']); // waits
    expect(held.calls.length).toBe(1);
    const refused = bodies.encode(c, ['br']);
    expect(refused).not.toBeInstanceOf(Promise);
    expect((refused as EncodedBody).coding).toBe('identity');
    expect((refused as EncodedBody).bytes.equals(Buffer.from(c))).toBe(true);
    // The same body and coding as the running one still joins it rather than being refused.
    expect(bodies.encode(a, ['br'])).toBe(running);
    expect(bodies.stats()).toMatchObject({ inFlight: 1, queued: 1, queueFull: 1 });
    held.calls[0].release();
    expect((await running).coding).toBe('br');
    expect(held.calls.length).toBe(2); // the waiting one started when a slot freed
    held.calls[1].release();
    expect((await waiting).coding).toBe('br');

    // a has br cached: with the queue full again, a request for gzip-or-br on a gets br at once.
    const busy1 = bodies.encode(c, ['gzip']);
    const busy2 = bodies.encode(b, ['gzip']);
    const fallback = bodies.encode(a, ['gzip', 'br']);
    expect(fallback).not.toBeInstanceOf(Promise);
    expect((fallback as EncodedBody).coding).toBe('br');
    held.calls[2].release();
    await busy1;
    held.calls[3].release();
    await busy2;
    expect(bodies.stats()).toMatchObject({ inFlight: 0, queued: 0, queueFull: 2 });
  });

  it('a failed compression, or one that does not shrink the body, answers the body uncompressed', async () => {
    const held = heldCompressor();
    const bodies = createCompressedBodies({ compress: held.compress });
    const text = body('fail');
    const failing = bodies.encode(text, ['br']);
    held.calls[0].fail();
    expect((await failing).coding).toBe('identity');
    expect(bodies.stats().failures).toBe(1);

    // A compressor whose output is larger than its input, as with already compressed data.
    const incompressible = createCompressedBodies({
      compress: async (_coding, bytes) => Buffer.alloc(bytes.length + 9),
    });
    const other = body('incompressible');
    const result = await incompressible.encode(other, ['gzip']);
    expect(result.coding).toBe('identity');
    expect(result.bytes.equals(Buffer.from(other))).toBe(true);
    // Remembered: asked again, no second compression.
    expect(await incompressible.encode(other, ['gzip'])).toBe(result);
    expect(incompressible.stats().compressions).toBe(1);
  });
});

describe('Accept-Encoding', () => {
  it('br and gzip by weight, br first on a tie, q=0 refuses, identity when nothing else is wanted', () => {
    expect(acceptedCodings(undefined)).toEqual([]);
    expect(acceptedCodings('')).toEqual([]);
    expect(acceptedCodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip']);
    expect(acceptedCodings('gzip')).toEqual(['gzip']);
    expect(acceptedCodings('x-gzip')).toEqual(['gzip']);
    expect(acceptedCodings('BR')).toEqual(['br']);
    expect(acceptedCodings('br;q=0.5, gzip;q=0.8')).toEqual(['gzip', 'br']);
    expect(acceptedCodings('br;q=0, gzip')).toEqual(['gzip']);
    expect(acceptedCodings('br;q=0, gzip;q=0')).toEqual([]);
    expect(acceptedCodings('identity')).toEqual([]);
    expect(acceptedCodings('deflate')).toEqual([]);
    expect(acceptedCodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedCodings('gzip;q=0, *')).toEqual(['br']);
    expect(acceptedCodings('*;q=0')).toEqual([]);
    // identity preferred over a coding: sent as it is.
    expect(acceptedCodings('gzip;q=0.5, identity')).toEqual([]);
    expect(acceptedCodings('gzip, identity;q=0')).toEqual(['gzip']);
    // A malformed weight drops that element only.
    expect(acceptedCodings('br;q=2, gzip')).toEqual(['gzip']);
    expect(acceptedCodings('br;q=abc')).toEqual([]);
  });
});
