// The site's routes come from the route table (src/routes/site-routes.ts), which the server reads too:
// a route whose parameters name nothing (an unknown sport, a malformed event id) and an address no route
// matches both show the Kazakh not-found page, the pages the server answers with 404.
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import {
  HOME_SPORT_SLUG,
  resolveSitePage,
  SITE_ROUTES,
  type SiteRouteName,
  sportPagePath,
} from '../../src/routes/site-routes';
import { sportBySlug } from '../../src/domain/sports';
import { SportPage } from './list/SportPage';
import { MobilePage } from './pages/MobilePage';
import { NotFoundPage } from './pages/NotFoundPage';
import { Layout } from './shell/Layout';

// The match page is its own chunk: the sport page's first load does not carry it. So is the My Games page.
const MatchPage = lazy(() => import('./match/MatchPage').then((m) => ({ default: m.MatchPage })));
const MyGamesPage = lazy(() => import('./follow/MyGamesPage').then((m) => ({ default: m.MyGamesPage })));

export interface SiteRoutesProps {
  readonly accountSlot?: ReactNode;
  /** Rows rendered beyond the viewport (tests raise it). */
  readonly overscan?: number;
}

export function SiteRoutes({ accountSlot, overscan }: SiteRoutesProps) {
  return (
    <Routes>
      {SITE_ROUTES.map(({ page, pattern }) => (
        <Route
          key={pattern}
          path={pattern}
          caseSensitive
          element={<SiteRoute page={page} accountSlot={accountSlot} overscan={overscan} />}
        />
      ))}
      <Route path="*" element={<NotFoundPage accountSlot={accountSlot} />} />
    </Routes>
  );
}

const homePath = sportPagePath(HOME_SPORT_SLUG);

function SiteRoute({ page: name, accountSlot, overscan }: SiteRoutesProps & { readonly page: SiteRouteName }) {
  const page = resolveSitePage(name, useParams());
  if (page === null) return <NotFoundPage accountSlot={accountSlot} />;
  switch (page.page) {
    case 'home':
      return <Navigate to={homePath} replace />;
    case 'mobile':
      return <MobilePage accountSlot={accountSlot} />;
    case 'account': {
      // An emailed link's dialog (web/app/AccountSlot.tsx) opens over the home sport's list.
      const home = sportBySlug(HOME_SPORT_SLUG);
      return home ? (
        <Layout currentSportId={home.id} accountSlot={accountSlot}>
          <SportPage sport={home} countrySlug={null} overscan={overscan} />
        </Layout>
      ) : null;
    }
    case 'myGames':
      return (
        <Layout currentSportId={null} accountSlot={accountSlot}>
          <Suspense fallback={<main id="main" className="main main--my-games" aria-busy="true" />}>
            <MyGamesPage />
          </Suspense>
        </Layout>
      );
    case 'match':
      return (
        <Layout currentSportId={null} accountSlot={accountSlot}>
          <Suspense fallback={<main id="main" className="main main--match" aria-busy="true" />}>
            <MatchPage key={page.eventId} eventId={page.eventId} />
          </Suspense>
        </Layout>
      );
    case 'sport':
    case 'country': {
      const countrySlug = page.page === 'country' ? page.countrySlug : null;
      return (
        <Layout currentSportId={page.sport.id} accountSlot={accountSlot}>
          <SportPage key={page.sport.id} sport={page.sport} countrySlug={countrySlug} overscan={overscan} />
        </Layout>
      );
    }
  }
}
