// The left menu: the visitor's pinned leagues of the day (My Leagues) first, then the sport's countries and
// their leagues as the day's feed lists them, with the show-more toggle (S2-31). On narrow layouts it is the
// vertical menu window (S2-38). On a country page the country's leagues are links that bring the league into
// view in the day list, pinned ones first; a pinned league's link leads to its country's page and league.
import { useSelector } from '@xstate/react';
import { type MouseEvent, useCallback, useMemo, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { EDITION } from '../../../src/domain/edition';
import { pinnedFirst } from '../../../src/domain/pinned-leagues';
import type { Sport } from '../../../src/domain/sports';
import { kk } from '../../../src/i18n/kk';
import type { ScoreboardSnapshot } from '../../../src/scoreboard/types';
import { useSiteChild } from '../common/actors';
import { sportName } from '../../../src/domain/shown-text';
import { countryNameOf, countrySlugOf, leaguePartOfName } from '../list/country';
import { Flag } from '../common/Flag';
import { useLeagueJump } from '../list/league-jump';
import { searchWithLeague } from '../list/league-param';
import { leagueLabelKey, usePinnedLeagues } from '../list/pinned';
import { useScoreboardSelector } from '../store/hooks';
import { useDismiss } from './popup';

export const MENU_COUNTRIES_SHOWN = 12; // countries before "show more" (S2-31)

export interface MenuLeague {
  readonly id: string;
  readonly name: string;
  /** S3-60, for My Leagues; null when the feed gives no template key. */
  readonly labelKey: string | null;
}

export interface MenuCountry {
  readonly slug: string;
  readonly name: string;
  /** The provider's country id (ZB) of its first league, for the flag. */
  readonly countryId: number | null;
  readonly leagues: readonly MenuLeague[];
}

const COLLATOR = new Intl.Collator('kk');
let lastOrder: readonly string[] | null = null;
let lastLeagues: ReadonlyMap<string, unknown> | null = null;
let lastMenu: MenuCountry[] = [];

/** Countries and leagues of the day; recomputed only when the league list itself changes. */
export function menuCountries(snapshot: ScoreboardSnapshot): MenuCountry[] {
  if (snapshot.leagueOrder === lastOrder && snapshot.leagues === lastLeagues && lastMenu.length > 0) return lastMenu;
  lastOrder = snapshot.leagueOrder;
  lastLeagues = snapshot.leagues;
  lastMenu = buildMenu(snapshot);
  return lastMenu;
}

function buildMenu(snapshot: ScoreboardSnapshot): MenuCountry[] {
  const bySlug = new Map<string, { slug: string; name: string; countryId: number | null; leagues: MenuLeague[] }>();
  for (const id of snapshot.leagueOrder) {
    const league = snapshot.leagues.get(id);
    if (!league) continue;
    const slug = countrySlugOf(league);
    let country = bySlug.get(slug);
    if (!country) {
      country = { slug, name: countryNameOf(league) || slug, countryId: league.countryId ?? null, leagues: [] };
      bySlug.set(slug, country);
    }
    country.leagues.push({
      id,
      name: leaguePartOfName(league.name),
      labelKey: leagueLabelKey(league, snapshot.sportId),
    });
  }
  return [...bySlug.values()].sort((a, b) => COLLATOR.compare(a.name, b.name));
}

function sameMenu(a: MenuCountry[], b: MenuCountry[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x.slug !== y.slug || x.leagues.length !== y.leagues.length) return false;
    for (let j = 0; j < x.leagues.length; j++) if (x.leagues[j].id !== y.leagues[j].id) return false;
  }
  return true;
}

export function LeftMenu({ sport, countrySlug }: { sport: Sport; countrySlug: string | null }) {
  const windows = useSiteChild('windows');
  const open = useSelector(windows, (s) => s.context.active === 'verticalMenu');
  const countries = useScoreboardSelector(menuCountries, sameMenu);
  const pinnedKeys = usePinnedLeagues(sport.id);
  const isPinned = useCallback(
    (league: MenuLeague) => league.labelKey !== null && pinnedKeys.has(league.labelKey),
    [pinnedKeys],
  );
  const pinned = useMemo(() => pinnedOfDay(countries, isPinned), [countries, isPinned]);
  const [showAll, setShowAll] = useState(false);
  const close = useCallback(() => windows.send({ type: 'window.close', name: 'verticalMenu' }), [windows]);
  const ref = useRef<HTMLElement>(null);
  useDismiss(open, ref, close); // the narrow layout's drawer: Escape and a tap outside close it
  const shown = showAll ? countries : countries.slice(0, MENU_COUNTRIES_SHOWN);
  const base = `${EDITION.routePrefix}/${sport.slug}/`;
  const location = useLocation();
  const jump = useLeagueJump();
  const showLeague = useCallback(
    (leagueId: string, e: MouseEvent<HTMLAnchorElement>) => {
      if (!plainClick(e)) return; // a new tab or window opens the address, league= included
      jump?.send({ type: 'league.show', leagueId });
      close();
    },
    [jump, close],
  );
  return (
    <aside
      id="left-menu"
      ref={ref}
      className={open ? 'left-menu left-menu--open' : 'left-menu'}
      aria-label={kk.leftMenu.title}
    >
      {/* Not a heading: the menu comes before the page's H1. */}
      <p className="left-menu__title">{sportName(sport.id)}</p>
      {pinned.length > 0 ? (
        <nav aria-label={kk.pins.myLeagues}>
          <ul className="left-menu__pinned" data-testid="menu-pinned">
            {pinned.map(({ league: l, country: c }) => (
              <li key={l.id}>
                <Link
                  to={{ pathname: `${base}${c.slug}/`, search: searchWithLeague(location.search, l.id) }}
                  className="left-menu__league"
                  data-pinned-league={l.id}
                  onClick={(e) => (c.slug === countrySlug ? showLeague(l.id, e) : close())}
                >
                  {c.name}: {l.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <nav aria-label={kk.leftMenu.countries}>
        <ul className="left-menu__list">
          <li>
            <NavLink to={base} end className={menuLinkClass} onClick={close}>
              {kk.leftMenu.allCountries}
            </NavLink>
          </li>
          {shown.map((c) => (
            <li key={c.slug}>
              <NavLink to={`${base}${c.slug}/`} className={menuLinkClass} onClick={close} data-country={c.slug}>
                <Flag countryId={c.countryId} size="small" />
                {c.name}
              </NavLink>
              {c.slug === countrySlug ? (
                <ul className="left-menu__leagues">
                  {pinnedFirst(c.leagues, isPinned).map((l) => (
                    <li key={l.id}>
                      {/* replace: choosing a league is not a new page in the history. */}
                      <Link
                        to={{
                          pathname: `${base}${c.slug}/`,
                          search: searchWithLeague(location.search, l.id),
                          hash: location.hash,
                        }}
                        replace
                        className="left-menu__league"
                        data-league={l.id}
                        onClick={(e) => showLeague(l.id, e)}
                      >
                        {l.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </nav>
      {countries.length === 0 ? <p className="left-menu__empty">{kk.leftMenu.empty}</p> : null}
      {countries.length > MENU_COUNTRIES_SHOWN ? (
        <button
          type="button"
          className="link-button"
          aria-expanded={showAll}
          data-testid="menu-more"
          onClick={() => setShowAll((v) => !v)}
        >
          {showAll ? kk.leftMenu.showLess : kk.leftMenu.showMore}
        </button>
      ) : null}
    </aside>
  );
}

/** The day's pinned leagues with their countries, in the menu's country order. */
function pinnedOfDay(
  countries: readonly MenuCountry[],
  isPinned: (league: MenuLeague) => boolean,
): { league: MenuLeague; country: MenuCountry }[] {
  const out: { league: MenuLeague; country: MenuCountry }[] = [];
  for (const country of countries)
    for (const league of country.leagues) if (isPinned(league)) out.push({ league, country });
  return out;
}

function menuLinkClass({ isActive }: { isActive: boolean }): string {
  return isActive ? 'left-menu__link left-menu__link--active' : 'left-menu__link';
}

function plainClick(e: MouseEvent<HTMLAnchorElement>): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}
