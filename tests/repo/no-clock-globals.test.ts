// Time in the client comes from the composition root or the actor system's clock (issue #14): no file under
// src/, machines/ or web/ reads the wall clock or starts a timer itself, except the composition roots listed here.
// Everything else takes a `now` or runs its waits as XState delays, so tests and the CLI replay drive it
// with a SimulatedClock.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findClockReads } from './clock-reads';

const root = resolve(import.meta.dirname, '../..');
const SCANNED = ['src', 'machines', 'web'];

/** Composition roots: they give the rest its clock, so they may read the real one. */
const COMPOSITION_ROOTS: Readonly<Record<string, string>> = {
  'web/app/browser-site.ts': "the browser's composition root: the site's `now` and the feed gateway's local clock",
  'web/app/main.tsx': 'boots the browser: starts the composition root and renders the page',
};

/**
 * Reads still to go, each by file and the exact line (trimmed), so a moved line still matches and a fixed one
 * is reported as stale.
 */
const TEMPORARY: readonly { readonly file: string; readonly text: string }[] = [];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

describe('no clock or timer globals outside the composition roots', () => {
  it('finds each kind of read, and skips comments, strings, injected clocks and declarations', () => {
    const source = [
      'const a = Date.now();', // 1
      'const b = options.now ?? Date.now;', // 2
      'const c = new Date();', // 3
      'const d = new Date(0);', // 4
      'setTimeout(() => go(), 0);', // 5
      'window.setInterval(tick, 1000);', // 6
      'const e = performance.now();', // 7
      '// Date.now() in a comment', // 8
      "const f = 'setTimeout( in a string';", // 9
      'clock.setTimeout(fire, 5);', // 10
      '  setTimeout(fn: (...args: unknown[]) => void, timeout: number): unknown;', // 11
      '/* performance.now()', // 12
      '   new Date() */ queueMicrotask(go);', // 13
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample source holds a template literal
      'const g = `at ${new Date()} and ${`${Date.now()}`}`;', // 14
      'const h = /Date.now/.test(x) ? 1 : x / 2; const i = Date.now();', // 15
    ].join('\n');
    expect(findClockReads(source).map((r) => `${r.line} ${r.what}`)).toEqual([
      '1 Date.now',
      '2 Date.now',
      '3 new Date()',
      '5 setTimeout(',
      '6 setInterval(',
      '7 performance.now',
      '14 new Date()',
      '14 Date.now',
      '15 Date.now',
    ]);
  });

  it('every composition root exists, so the list stays true', () => {
    const missing = Object.keys(COMPOSITION_ROOTS).filter((file) => !SCANNED.flatMap(sourceFiles).includes(file));
    expect(missing).toEqual([]);
  });

  it('src/, machines/ and web/ read no clock and start no timer outside the composition roots', () => {
    const found: string[] = [];
    const allowed = new Set<string>();
    for (const dir of SCANNED) {
      for (const file of sourceFiles(dir)) {
        const name = relative(root, join(root, file)).split('\\').join('/');
        if (name in COMPOSITION_ROOTS) continue;
        for (const read of findClockReads(readFileSync(join(root, file), 'utf8'))) {
          const temporary = TEMPORARY.find((t) => t.file === name && t.text === read.text);
          if (temporary) allowed.add(`${temporary.file}|${temporary.text}`);
          else found.push(`${name}:${read.line}: ${read.what} in \`${read.text}\``);
        }
      }
    }
    const stale = TEMPORARY.filter((t) => !allowed.has(`${t.file}|${t.text}`)).map(
      (t) => `${t.file}: \`${t.text}\` is gone; remove it from TEMPORARY`,
    );
    expect([...found, ...stale], 'take `now` from the caller or use an XState delay').toEqual([]);
  });
});
