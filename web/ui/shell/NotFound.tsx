// Unknown addresses get a Kazakh not-found page with links back.
import { Link } from 'react-router';
import { EDITION } from '../../../src/domain/edition';
import { kk } from '../../../src/i18n/kk';
import { sportName } from '../../../src/domain/shown-text';
import { sportPath, TOP_SPORT_IDS } from './SportNav';
import { sportById } from '../../../src/domain/sports';

export function NotFound() {
  return (
    <main id="main" className="main main--not-found" tabIndex={-1}>
      <h1>{kk.notFound.title}</h1>
      <p>{kk.notFound.text}</p>
      <p>
        <Link to={`${EDITION.routePrefix}/football/`} className="button">
          {kk.notFound.home}
        </Link>
      </p>
      <ul className="not-found__sports">
        {TOP_SPORT_IDS.map((id) => {
          const sport = sportById(id);
          return sport ? (
            <li key={id}>
              <Link to={sportPath(sport.slug)}>{sportName(id)}</Link>
            </li>
          ) : null;
        })}
      </ul>
    </main>
  );
}
