// The page header: logo, sport navigation, My Games with its count, theme switch, settings and the account button. It reads
// "log in" for a guest and the user's name once logged in (A3-3), and opens the account dialogs'
// window through the windows machine (S2-38…S2-40).
import { useSelector } from '@xstate/react';
import { Link } from 'react-router';
import { EDITION } from '../../../src/domain/edition';
import { kk } from '../../../src/i18n/kk';
import { useSiteChild } from '../common/actors';
import { useSessionStatus } from '../common/session-status';
import { MyGamesLink } from '../follow/MyGamesLink';
import { SettingsMenu } from './SettingsMenu';
import { SportNav } from './SportNav';
import { useResolvedTheme } from './theme';

export function Header({ currentSportId }: { currentSportId: number | null }) {
  const windows = useSiteChild('windows');
  const settings = useSiteChild('settings');
  const theme = useResolvedTheme(settings);
  const menuOpen = useSelector(windows, (s) => s.context.active === 'verticalMenu');
  const loginOpen = useSelector(windows, (s) => s.context.active === 'login');
  const session = useSessionStatus();
  const accountLabel = session.loggedIn ? (session.name ?? kk.header.account) : kk.header.login;
  return (
    <header className="header">
      <div className="header__bar">
        <button
          type="button"
          className="icon-button header__menu"
          aria-expanded={menuOpen}
          aria-controls="left-menu"
          aria-label={kk.header.menu}
          onClick={() => windows.send({ type: 'window.toggle', name: 'verticalMenu' })}
        >
          <span aria-hidden="true">☰</span>
        </button>
        <Link to={`${EDITION.routePrefix}/football/`} className="logo">
          <span className="logo__mark" aria-hidden="true">
            ●
          </span>
          {kk.siteName}
        </Link>
        <div className="header__actions">
          <MyGamesLink />
          <button
            type="button"
            className="icon-button"
            aria-label={theme === 'dark' ? kk.header.themeLight : kk.header.themeDark}
            title={theme === 'dark' ? kk.header.themeLight : kk.header.themeDark}
            data-testid="theme-toggle"
            onClick={() => settings.send({ type: 'settings.theme', theme: theme === 'dark' ? 'light' : 'dark' })}
          >
            <span aria-hidden="true">{theme === 'dark' ? '☀' : '☾'}</span>
          </button>
          <SettingsMenu />
          <button
            type="button"
            className={session.loggedIn ? 'button button--login button--account' : 'button button--login'}
            aria-expanded={loginOpen}
            aria-label={session.loggedIn ? `${kk.header.account}: ${accountLabel}` : undefined}
            data-testid="login-button"
            data-logged-in={session.loggedIn}
            onClick={() => windows.send({ type: 'window.open', name: 'login' })}
          >
            {accountLabel}
          </button>
        </div>
      </div>
      <SportNav currentSportId={currentSportId} />
    </header>
  );
}
