// Text from a feed shown on a terminal: control characters are written as escapes, never raw, so a body
// cannot ring the bell, move the cursor or recolour the screen (ESC sequences), nor reorder a line.
import { isEscapedByte } from './feed-bytes';

/** C0 controls other than tab, line feed and carriage return, DEL, and the C1 controls. */
export function isControlChar(code: number): boolean {
  return (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0x7f && code <= 0x9f);
}

/** Control characters in a text (see isControlChar), with the index of the first. */
export function findControlChars(text: string): { count: number; first: number; firstCode: number } {
  let count = 0;
  let first = -1;
  let firstCode = -1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!isControlChar(code)) continue;
    if (first < 0) {
      first = i;
      firstCode = code;
    }
    count++;
  }
  return { count, first, firstCode };
}

/** Characters that change how a line is laid out: line and paragraph separators, bidirectional controls. */
function isLayoutChar(code: number): boolean {
  return (
    code === 0x061c ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x2028 && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

const hex = (code: number, width: number) => code.toString(16).padStart(width, '0');

/**
 * A text safe to write to a terminal: `\` becomes `\\`, tab, line feed and carriage return `\t`, `\n`, `\r`,
 * other C0 controls and DEL `\xNN`, C1 controls, layout characters and lone surrogates `\uNNNN`, and a byte that
 * was not valid UTF-8 (kept as U+DC80…U+DCFF, see feed-bytes.ts) `\xNN` of that byte.
 */
export function escapeTerminalText(text: string): string {
  let out = '';
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let replacement: string | null = null;
    if (code === 0x5c) replacement = '\\\\';
    else if (code === 0x09) replacement = '\\t';
    else if (code === 0x0a) replacement = '\\n';
    else if (code === 0x0d) replacement = '\\r';
    else if (code < 0x20 || code === 0x7f) replacement = `\\x${hex(code, 2)}`;
    else if (code >= 0x80 && code <= 0x9f) replacement = `\\u${hex(code, 4)}`;
    else if (isLayoutChar(code)) replacement = `\\u${hex(code, 4)}`;
    else if (code >= 0xd800 && code <= 0xdfff) {
      const next = text.charCodeAt(i + 1);
      if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      replacement = isEscapedByte(code) ? `\\x${hex(code - 0xdc00, 2)}` : `\\u${hex(code, 4)}`;
    }
    if (replacement === null) continue;
    out += text.slice(copied, i) + replacement;
    copied = i + 1;
  }
  return copied === 0 ? text : out + text.slice(copied);
}
