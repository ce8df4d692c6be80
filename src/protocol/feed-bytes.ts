// Byte-faithful text of a feed body: decoding that re-encodes to the very same bytes.
//
// - Valid UTF-8 (the provider's encoding) is decoded as it is, a byte-order mark included (kept as U+FEFF).
// - UTF-8 with invalid bytes (a recording cut inside a character, a corrupted byte) is decoded with every
//   invalid byte kept as the lone surrogate U+DC80…U+DCFF (the "surrogateescape" convention): valid UTF-8 never
//   decodes to a lone surrogate, so the escape is unambiguous, and JSON carries it as `\udcXX`.
// - A body whose separators are the single Latin-1 bytes 0xAC / 0xF7 (not valid UTF-8, and with more of those
//   than UTF-8 separators) is read as ISO-8859-1: one character per byte.

export type FeedEncoding = 'utf-8' | 'latin1';

export interface DecodedFeed {
  readonly text: string;
  readonly encoding: FeedEncoding;
  /** Bytes that are not valid UTF-8 (0 for valid UTF-8; for Latin-1 the bytes UTF-8 would have rejected). */
  readonly invalidBytes: number;
  /** Byte offset of the first invalid byte, or -1. */
  readonly firstInvalidByte: number;
}

const ESCAPE_BASE = 0xdc00;
const CHUNK = 0x2000;

/** Length of the valid UTF-8 sequence starting at `i`, or 0 when the byte there cannot start one. */
function sequenceLength(bytes: Uint8Array, i: number): number {
  const lead = bytes[i];
  if (lead < 0x80) return 1;
  let need: number;
  let low = 0x80;
  let high = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) need = 1;
  else if (lead >= 0xe0 && lead <= 0xef) {
    need = 2;
    if (lead === 0xe0) low = 0xa0; // overlong
    if (lead === 0xed) high = 0x9f; // surrogates
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    need = 3;
    if (lead === 0xf0) low = 0x90; // overlong
    if (lead === 0xf4) high = 0x8f; // past U+10FFFF
  } else return 0;
  // Past the end the reads are undefined and the sequence is cut short: invalid.
  const second = bytes[i + 1];
  if (second === undefined || second < low || second > high) return 0;
  for (let k = 2; k <= need; k++) {
    const b = bytes[i + k];
    if (b === undefined || b < 0x80 || b > 0xbf) return 0;
  }
  return need + 1;
}

/** Counts the bytes that are not part of a valid UTF-8 sequence. */
export function countInvalidUtf8(bytes: Uint8Array): { count: number; first: number } {
  let count = 0;
  let first = -1;
  for (let i = 0; i < bytes.length; ) {
    if (bytes[i] < 0x80) {
      i++;
      continue;
    }
    const n = sequenceLength(bytes, i);
    if (n === 0) {
      if (first < 0) first = i;
      count++;
      i++;
    } else i += n;
  }
  return { count, first };
}

function decodeLatin1(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += CHUNK) {
    out += String.fromCharCode(...bytes.subarray(i, Math.min(bytes.length, i + CHUNK)));
  }
  return out;
}

/** UTF-8 with every invalid byte kept as U+DC00 + byte. */
function decodeUtf8Escaped(bytes: Uint8Array): string {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let out = '';
  let runStart = 0;
  for (let i = 0; i < bytes.length; ) {
    if (bytes[i] < 0x80) {
      i++;
      continue;
    }
    const n = sequenceLength(bytes, i);
    if (n > 0) {
      i += n;
      continue;
    }
    out += decoder.decode(bytes.subarray(runStart, i)) + String.fromCharCode(ESCAPE_BASE + bytes[i]);
    i++;
    runStart = i;
  }
  return out + decoder.decode(bytes.subarray(runStart));
}

/** Occurrences of a two-byte sequence. */
function countPair(bytes: Uint8Array, a: number, b: number): number {
  let n = 0;
  for (let i = 0; i + 1 < bytes.length; i++) if (bytes[i] === a && bytes[i + 1] === b) n++;
  return n;
}

/** Occurrences of a byte not preceded by `before`. */
function countLone(bytes: Uint8Array, value: number, before: number): number {
  let n = 0;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === value && (i === 0 || bytes[i - 1] !== before)) n++;
  return n;
}

/** Decodes a feed body so that {@link encodeFeedText} gives the same bytes back. */
export function decodeFeedBytes(bytes: Uint8Array): DecodedFeed {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    return { text, encoding: 'utf-8', invalidBytes: 0, firstInvalidByte: -1 };
  } catch {
    // not valid UTF-8: below
  }
  const { count, first } = countInvalidUtf8(bytes);
  // `÷` is C3 B7 in UTF-8 and the single byte F7 in Latin-1; `¬` is C2 AC and AC.
  const utf8Separators = countPair(bytes, 0xc3, 0xb7) + countPair(bytes, 0xc2, 0xac);
  const latin1Separators = countLone(bytes, 0xf7, 0xc3) + countLone(bytes, 0xac, 0xc2);
  if (latin1Separators > utf8Separators) {
    return { text: decodeLatin1(bytes), encoding: 'latin1', invalidBytes: count, firstInvalidByte: first };
  }
  return { text: decodeUtf8Escaped(bytes), encoding: 'utf-8', invalidBytes: count, firstInvalidByte: first };
}

/** True for the escape of an invalid byte (U+DC80…U+DCFF; lone low surrogates below U+DC80 are never made). */
export function isEscapedByte(code: number): boolean {
  return code >= 0xdc80 && code <= 0xdcff;
}

/** The bytes of a text from {@link decodeFeedBytes}. Throws when the text cannot be written in the encoding. */
export function encodeFeedText(text: string, encoding: FeedEncoding): Uint8Array {
  if (encoding === 'latin1') {
    const out = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code > 0xff) throw new RangeError(`character U+${code.toString(16).padStart(4, '0')} at ${i} is not Latin-1`);
      out[i] = code;
    }
    return out;
  }
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  let runStart = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xd800 || code > 0xdfff) continue;
    if (code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
    } else if (isEscapedByte(code)) {
      parts.push(encoder.encode(text.slice(runStart, i)), Uint8Array.of(code - ESCAPE_BASE));
      runStart = i + 1;
      continue;
    }
    throw new RangeError(`lone surrogate U+${code.toString(16)} at ${i} is not an escaped byte`);
  }
  if (parts.length === 0) return encoder.encode(text);
  parts.push(encoder.encode(text.slice(runStart)));
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** UTF-8 (or Latin-1) byte length of `text.slice(0, end)`: byte offsets for messages. */
export function byteOffset(text: string, end: number, encoding: FeedEncoding): number {
  if (encoding === 'latin1') return end;
  let bytes = 0;
  for (let i = 0; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (isEscapedByte(code)) bytes += 1;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < end) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
