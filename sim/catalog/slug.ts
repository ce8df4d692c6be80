// URL slugs (WU/WV, ZL) from names in any of the world's scripts.
import { LATIN_FOR_CYRILLIC } from '../../src/domain/transliteration';

export function slugify(text: string): string {
  const lower = text.toLowerCase();
  let out = '';
  for (const ch of lower) out += LATIN_FOR_CYRILLIC[ch] ?? ch;
  return out
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
