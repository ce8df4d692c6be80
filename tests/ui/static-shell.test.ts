import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EDITION } from '../../src/domain/edition';
import { kk } from '../../src/i18n/kk';

const html = readFileSync(join(import.meta.dirname, '../../web/app/index.html'), 'utf8');

describe('static header shell in index.html', () => {
  it('S2-1 the header bar painted before the script loads names the site as the catalogue does', () => {
    const root = /<div id="root">(.*)<\/div>$/m.exec(html)?.[1] ?? '';
    expect(root).toContain('class="header__bar"');
    const logo = /<a class="logo" href="([^"]+)">([\s\S]*?)<\/a>/.exec(root);
    expect(logo?.[1]).toBe(`${EDITION.routePrefix}/football/`);
    expect(logo?.[2].replace(/<span[^>]*>[^<]*<\/span>/, '')).toBe(kk.siteName);
  });
});
