// The header's way to My Games: a link to the My Games page with the count of followed entries (S5-2 counts).
import { Link } from 'react-router';
import { MY_GAMES_PATH } from '../../../src/routes/site-routes';
import { kk } from '../../../src/i18n/kk';
import { useBadgeCount } from './use-follow';

export function MyGamesLink() {
  const count = useBadgeCount();
  return (
    <Link
      to={`${MY_GAMES_PATH}/`}
      className="icon-button my-games-link"
      aria-label={kk.follow.badge(count)}
      title={kk.follow.myGames}
      data-testid="my-games-link"
    >
      <span aria-hidden="true">★</span>
      {count > 0 ? (
        <span className="badge" data-testid="my-games-badge" aria-hidden="true">
          {count}
        </span>
      ) : null}
    </Link>
  );
}
