// @vitest-environment happy-dom
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { COUNTRIES, NATIONS } from '../../sim/catalog/countries';
import { FLAG_CODE_BY_COUNTRY_ID, flagCodeOf } from '../../web/ui/common/flags';
import { LeagueHeader } from '../../web/ui/list/LeagueHeader';
import { SiteRoutes } from '../../web/ui/SiteRoutes';
import { ScoreboardContext } from '../../web/ui/store/hooks';
import { settableScoreboard } from '../../web/ui/store/scoreboard-view';
import { event, fakeGateway, league, renderPage, snapshot } from './support/render';

afterEach(cleanup);

const flagIcons = dirname(createRequire(import.meta.url).resolve('flag-icons/package.json'));
const flagFile = (code: string) => join(flagIcons, 'flags', '4x3', `${code}.svg`);
const setCountries = JSON.parse(readFileSync(join(flagIcons, 'country.json'), 'utf8')) as {
  code: string;
  iso: boolean;
}[];
const setCodes = new Map(setCountries.map((c) => [c.code, c.iso]));

describe('country flags', () => {
  it('S3-51 every country of the world has an ISO 3166 code that the flag set has, and the site maps its id to it', () => {
    expect(NATIONS.length).toBeGreaterThan(50);
    for (const country of NATIONS) {
      expect([country.key, country.iso]).toEqual([country.key, expect.stringMatching(/^[A-Z]{2}(?:-[A-Z]{3})?$/)]);
      const code = (country.iso ?? '').toLowerCase();
      expect([country.key, setCodes.has(code), existsSync(flagFile(code))]).toEqual([country.key, true, true]);
      // A plain two-letter code is one the set marks as ISO 3166-1.
      if (!code.includes('-')) expect([country.key, setCodes.get(code)]).toEqual([country.key, true]);
      expect([country.key, flagCodeOf(country.id)]).toEqual([country.key, code]);
    }
  });

  it('S3-51 regions have no ISO code; Europe and the world get the set’s own flags, the others none', () => {
    const regions = COUNTRIES.filter((c) => c.cities.length === 0);
    expect(regions.map((c) => c.key).sort()).toEqual(['asia', 'europe', 'samerica', 'world']);
    for (const region of regions) expect(region.iso).toBeNull();
    const byKey = new Map(regions.map((c) => [c.key, c]));
    expect(flagCodeOf(byKey.get('europe')?.id)).toBe('eu');
    expect(flagCodeOf(byKey.get('world')?.id)).toBe('un');
    expect(flagCodeOf(byKey.get('asia')?.id)).toBeNull();
    expect(flagCodeOf(byKey.get('samerica')?.id)).toBeNull();
  });

  it('every code in the site’s table is a file of the set, and ids map one to one', () => {
    for (const code of FLAG_CODE_BY_COUNTRY_ID.values())
      expect([code, existsSync(flagFile(code))]).toEqual([code, true]);
    expect(new Set(FLAG_CODE_BY_COUNTRY_ID.values()).size).toBe(FLAG_CODE_BY_COUNTRY_ID.size);
    expect(flagCodeOf(undefined)).toBeNull();
    expect(flagCodeOf(123_456)).toBeNull();
  });

  it('S3-51 the league header shows its country’s flag image, not a letter; an unknown country keeps the space', () => {
    const kz = league('1_kz', { countryId: 112 });
    const odd = league('1_xx', { countryId: 999_999, name: 'ЕЛ: Лига', countryName: 'Ел' });
    const board = settableScoreboard(snapshot([kz, odd], [event('e1', kz.id), event('e2', odd.id)]));
    renderPage(
      <ScoreboardContext value={board}>
        <LeagueHeader leagueId={kz.id} sportId={1} collapsed={false} onToggle={() => {}} />
        <LeagueHeader leagueId={odd.id} sportId={1} collapsed={false} onToggle={() => {}} />
      </ScoreboardContext>,
    );
    const flag = document.querySelector<HTMLImageElement>('[data-league-id="1_kz"] .league__title img.flag');
    expect(flag?.getAttribute('src')).toBe('/flags/kz.svg');
    expect(flag?.getAttribute('alt')).toBe(''); // the country's name is written beside it
    const title = document.querySelector('[data-league-id="1_xx"] .league__title');
    expect(title?.querySelector('img')).toBeNull();
    expect(title?.querySelector('.flag--none')).not.toBeNull();
    expect(title?.textContent).toBe('Ел:Лига');
  });

  it('S2-31 the left menu’s countries carry their flags', () => {
    const kz = league('1_kz', { countryId: 112 });
    const en = league('1_en', {
      countryId: 198,
      name: 'АНГЛИЯ: Премьер-лига',
      countryName: 'Англия',
      url: '/football/england/pl/',
    });
    const day = snapshot([kz, en], [event('e1', kz.id), event('e2', en.id)]);
    renderPage(<SiteRoutes overscan={50} />, { route: '/kz/football/', gateway: fakeGateway(day) });
    const flagOf = (slug: string) =>
      document.querySelector(`.left-menu [data-country="${slug}"] img.flag`)?.getAttribute('src');
    expect(flagOf('kazakhstan')).toBe('/flags/kz.svg');
    expect(flagOf('england')).toBe('/flags/gb-eng.svg');
  });
});
