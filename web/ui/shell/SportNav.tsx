// The header's sport navigation: the top sports as links, the rest in the "Тағы" menu (S2-1…S2-6).
import { useSelector } from '@xstate/react';
import { useCallback, useRef } from 'react';
import { NavLink } from 'react-router';
import { EDITION } from '../../../src/domain/edition';
import { SPORTS, sportById } from '../../../src/domain/sports';
import { kk } from '../../../src/i18n/kk';
import { useSiteChild } from '../common/actors';
import { sportName } from '../../../src/domain/shown-text';
import { useDismiss } from './popup';

/** Sports shown in the bar, in order; narrower layouts show fewer (CSS), the menu lists every sport. */
export const TOP_SPORT_IDS = [1, 4, 3, 2, 12, 7, 11, 36] as const;

export function sportPath(slug: string): string {
  return `${EDITION.routePrefix}/${slug}/`;
}

export function SportNav({ currentSportId }: { currentSportId: number | null }) {
  const windows = useSiteChild('windows');
  const open = useSelector(windows, (s) => s.context.active === 'moreSports');
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => windows.send({ type: 'window.close', name: 'moreSports' }), [windows]);
  useDismiss(open, ref, close);
  const top = TOP_SPORT_IDS.map((id) => sportById(id)).filter((s) => s !== undefined);
  const currentInMenu = currentSportId !== null && !TOP_SPORT_IDS.includes(currentSportId as never);
  return (
    <nav className="sport-nav" aria-label={kk.nav.sports}>
      <ul className="sport-nav__list">
        {top.map((sport, i) => (
          <li key={sport.id} className={`sport-nav__item sport-nav__item--${i}`}>
            <NavLink
              to={sportPath(sport.slug)}
              className={({ isActive }) => (isActive ? 'sport-nav__link sport-nav__link--active' : 'sport-nav__link')}
            >
              {sportName(sport.id)}
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="more" ref={ref}>
        <button
          type="button"
          className={currentInMenu ? 'more__button more__button--active' : 'more__button'}
          aria-expanded={open}
          aria-controls="more-sports"
          aria-haspopup="true"
          onClick={() => windows.send({ type: 'window.toggle', name: 'moreSports' })}
        >
          {currentInMenu && currentSportId !== null ? sportName(currentSportId) : kk.nav.more}
          <span aria-hidden="true"> ▾</span>
        </button>
        {open ? (
          <div id="more-sports" className="more__menu popup">
            <ul>
              {SPORTS.map((sport) => (
                <li key={sport.id}>
                  <NavLink
                    to={sportPath(sport.slug)}
                    className={({ isActive }) => (isActive ? 'more__link more__link--active' : 'more__link')}
                    onClick={close}
                  >
                    {sportName(sport.id)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </nav>
  );
}
