// Finds direct reads of the wall clock and timer globals in TypeScript source: `setTimeout(`, `setInterval(`,
// `Date.now`, `new Date()` without arguments and `performance.now`. Comments and the text of strings are blanked
// first (line breaks kept, so lines still count), and an injected clock's methods (`clock.setTimeout(`) or a
// method signature declaring one (`setTimeout(fn: …): unknown`) are not reads. `queueMicrotask` is fine.

export interface ClockRead {
  /** 1-based line. */
  readonly line: number;
  /** Offset in the source. */
  readonly index: number;
  /** What was found, e.g. `Date.now`. */
  readonly what: string;
  /** The line as written, trimmed. */
  readonly text: string;
}

const READS: readonly { readonly what: string; readonly pattern: RegExp }[] = [
  // A global timer called directly or through window/globalThis/self; not a declaration `setTimeout(fn: …)`.
  {
    what: 'setTimeout(',
    pattern: /(?<![\w$.])(?:(?:window|globalThis|self)\s*\.\s*)?setTimeout\s*\((?!\s*[\w$]+\s*\??\s*:)/g,
  },
  {
    what: 'setInterval(',
    pattern: /(?<![\w$.])(?:(?:window|globalThis|self)\s*\.\s*)?setInterval\s*\((?!\s*[\w$]+\s*\??\s*:)/g,
  },
  // Called or passed as a value (`options.now ?? Date.now`).
  { what: 'Date.now', pattern: /(?<![\w$.])(?:(?:window|globalThis|self)\s*\.\s*)?Date\s*\.\s*now\b/g },
  { what: 'new Date()', pattern: /\bnew\s+Date\s*(?:\(\s*\)|(?![\s(]))/g },
  { what: 'performance.now', pattern: /(?<![\w$.])(?:(?:window|globalThis|self)\s*\.\s*)?performance\s*\.\s*now\b/g },
];

/** Characters after which a `/` starts a regular expression rather than a division. */
const BEFORE_REGEX = new Set([
  '',
  '(',
  ',',
  '=',
  ':',
  '[',
  '!',
  '&',
  '|',
  '?',
  '{',
  '}',
  ';',
  '+',
  '-',
  '*',
  '%',
  '<',
  '>',
  '~',
  '^',
]);
const KEYWORDS_BEFORE_REGEX = /^(?:return|typeof|case|do|else|in|of|void|yield|await|delete|throw)$/;

/** The source with comments and the text of strings, templates and regular expressions blanked (same length). */
export function codeOnly(source: string): string {
  const out = source.split('');
  const blank = (i: number) => {
    if (out[i] !== '\n') out[i] = ' ';
  };
  // Open template literals; each holds the brace depth of the `${` expression it is inside of, if any.
  const templates: number[] = [];
  let depth = 0;
  let i = 0;
  let lastSignificant = '';
  let lastWord = '';
  const n = source.length;
  while (i < n) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      while (i < n && source[i] !== '\n') blank(i++);
      continue;
    }
    if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      while (i < stop) blank(i++);
      continue;
    }
    if (c === "'" || c === '"') {
      i++;
      while (i < n && source[i] !== c && source[i] !== '\n') {
        if (source[i] === '\\') blank(i++);
        blank(i++);
      }
      i++;
      lastSignificant = c;
      continue;
    }
    if (c === '`' || (c === '}' && templates.length > 0 && templates[templates.length - 1] === depth)) {
      // Template text: from the backtick (or the `}` closing an expression) to the next `${` or backtick.
      if (c === '}') {
        templates.pop();
        depth--;
      }
      i++;
      while (i < n && source[i] !== '`' && !(source[i] === '$' && source[i + 1] === '{')) {
        if (source[i] === '\\') blank(i++);
        blank(i++);
      }
      if (source[i] === '$') {
        templates.push(++depth);
        i += 2;
      } else i++;
      lastSignificant = '`';
      continue;
    }
    if (
      c === '/' &&
      (BEFORE_REGEX.has(lastSignificant) || (lastSignificant === 'w' && KEYWORDS_BEFORE_REGEX.test(lastWord)))
    ) {
      i++;
      let inClass = false;
      while (i < n && source[i] !== '\n' && (inClass || source[i] !== '/')) {
        if (source[i] === '\\') blank(i++);
        else if (source[i] === '[') inClass = true;
        else if (source[i] === ']') inClass = false;
        blank(i++);
      }
      i++;
      lastSignificant = '/';
      continue;
    }
    if (c === '{') depth++;
    else if (c === '}') depth--;
    if (/[\w$]/.test(c)) {
      lastWord = /[\w$]/.test(source[i - 1] ?? '') ? lastWord + c : c;
      lastSignificant = 'w';
    } else if (!/\s/.test(c)) {
      lastWord = '';
      lastSignificant = c;
    }
    i++;
  }
  return out.join('');
}

/** Every direct clock or timer read in a TypeScript source, in line order. */
export function findClockReads(source: string): ClockRead[] {
  const code = codeOnly(source);
  const lines = source.split('\n');
  const starts: number[] = [0];
  for (let i = 0; i < source.length; i++) if (source[i] === '\n') starts.push(i + 1);
  const lineOf = (index: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= index) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  const found: ClockRead[] = [];
  for (const { what, pattern } of READS) {
    for (const match of code.matchAll(pattern)) {
      const line = lineOf(match.index);
      found.push({ line, index: match.index, what, text: (lines[line - 1] ?? '').trim() });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}
