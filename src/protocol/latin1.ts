// Repair of UTF-8 feed bodies that were decoded as Latin-1 / windows-1252 (mojibake).
// A mis-decoded body shows `Â¬` for the cell separator `¬` and `Ã·` for `÷` (protocol.md §1),
// and letters such as Kazakh `ә` turn into `Ó™`. Each run of characters that spells a valid
// UTF-8 sequence byte by byte is decoded back; every other character is kept as it is.

// windows-1252 characters for bytes 0x80–0x9F (the WHATWG `latin1` label decodes with this table).
const CP1252_BYTE: ReadonlyMap<number, number> = new Map([
  [0x20ac, 0x80],
  [0x201a, 0x82],
  [0x0192, 0x83],
  [0x201e, 0x84],
  [0x2026, 0x85],
  [0x2020, 0x86],
  [0x2021, 0x87],
  [0x02c6, 0x88],
  [0x2030, 0x89],
  [0x0160, 0x8a],
  [0x2039, 0x8b],
  [0x0152, 0x8c],
  [0x017d, 0x8e],
  [0x2018, 0x91],
  [0x2019, 0x92],
  [0x201c, 0x93],
  [0x201d, 0x94],
  [0x2022, 0x95],
  [0x2013, 0x96],
  [0x2014, 0x97],
  [0x02dc, 0x98],
  [0x2122, 0x99],
  [0x0161, 0x9a],
  [0x203a, 0x9b],
  [0x0153, 0x9c],
  [0x017e, 0x9e],
  [0x0178, 0x9f],
]);

/** The byte a mis-decoded character stands for, or -1 when it cannot come from one byte. */
function byteOf(code: number): number {
  if (code <= 0xff) return code;
  return CP1252_BYTE.get(code) ?? -1;
}

function continuation(body: string, index: number): number {
  if (index >= body.length) return -1;
  const b = byteOf(body.charCodeAt(index));
  return b >= 0x80 && b <= 0xbf ? b : -1;
}

/** True when the body carries the mis-decoded separators and not the real ones. */
export function looksMisdecodedLatin1(body: string): boolean {
  // A mis-decoded body cannot contain U+00F7 itself: its UTF-8 byte 0xF7 never occurs in valid UTF-8.
  return body.indexOf('÷') === -1 && (body.indexOf('Ã·') !== -1 || body.indexOf('Â¬') !== -1);
}

/**
 * Decode every UTF-8 sequence that was mis-read as Latin-1/windows-1252 characters.
 * Characters that do not form such a sequence are kept, so an already correct body is left alone
 * apart from literal pairs like `Ã©`; call it only when {@link looksMisdecodedLatin1} says so.
 */
export function repairMisdecodedLatin1(body: string): string {
  if (typeof body !== 'string') return '';
  let out = '';
  let copied = 0;
  const length = body.length;
  for (let i = 0; i < length; i++) {
    const lead = byteOf(body.charCodeAt(i));
    if (lead < 0xc2 || lead > 0xf4) continue;
    const need = lead < 0xe0 ? 1 : lead < 0xf0 ? 2 : 3;
    let codePoint = lead & (need === 1 ? 0x1f : need === 2 ? 0x0f : 0x07);
    let ok = true;
    for (let k = 1; k <= need; k++) {
      const b = continuation(body, i + k);
      if (b < 0) {
        ok = false;
        break;
      }
      // Reject overlong forms, surrogates and code points past U+10FFFF.
      if (k === 1) {
        if (lead === 0xe0 && b < 0xa0) ok = false;
        else if (lead === 0xed && b > 0x9f) ok = false;
        else if (lead === 0xf0 && b < 0x90) ok = false;
        else if (lead === 0xf4 && b > 0x8f) ok = false;
        if (!ok) break;
      }
      codePoint = (codePoint << 6) | (b & 0x3f);
    }
    if (!ok) continue;
    out += body.slice(copied, i) + String.fromCodePoint(codePoint);
    i += need;
    copied = i + 1;
  }
  return copied === 0 ? body : out + body.slice(copied);
}
