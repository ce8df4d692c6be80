// The site's routes (S2-1…S2-6, S2-33): /kz/ goes to football, every sport has its day list and
// country pages, /kz/match/<id>/ is the match page, anything else is the Kazakh not-found page.
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { EDITION } from '../domain/edition';
import { sportBySlug } from '../domain/sports';
import { SportPage } from './list/SportPage';
import { Layout } from './shell/Layout';
import { NotFound } from './shell/NotFound';

const P = EDITION.routePrefix;

// The match page is its own chunk: the sport page's first load does not carry it.
const MatchPage = lazy(() => import('./match/MatchPage').then((m) => ({ default: m.MatchPage })));

export interface SiteRoutesProps {
  readonly accountSlot?: ReactNode;
  /** Rows rendered beyond the viewport (tests raise it). */
  readonly overscan?: number;
}

export function SiteRoutes({ accountSlot, overscan }: SiteRoutesProps) {
  return (
    <Routes>
      <Route path="/" element={<Navigate to={`${P}/football/`} replace />} />
      <Route path={P} element={<Navigate to={`${P}/football/`} replace />} />
      <Route path={`${P}/match/:eventId`} element={<MatchRoute accountSlot={accountSlot} />} />
      <Route path={`${P}/:sportSlug`} element={<SportRoute accountSlot={accountSlot} overscan={overscan} />} />
      <Route
        path={`${P}/:sportSlug/:countrySlug`}
        element={<SportRoute accountSlot={accountSlot} overscan={overscan} />}
      />
      <Route
        path="*"
        element={
          <Layout currentSportId={null} accountSlot={accountSlot}>
            <NotFound />
          </Layout>
        }
      />
    </Routes>
  );
}

function SportRoute({ accountSlot, overscan }: SiteRoutesProps) {
  const { sportSlug = '', countrySlug } = useParams();
  const sport = sportBySlug(sportSlug);
  return (
    <Layout currentSportId={sport?.id ?? null} accountSlot={accountSlot}>
      {sport ? (
        <SportPage key={sport.id} sport={sport} countrySlug={countrySlug ?? null} overscan={overscan} />
      ) : (
        <NotFound />
      )}
    </Layout>
  );
}

const EVENT_ID = /^[A-Za-z0-9]{8}$/;

function MatchRoute({ accountSlot }: SiteRoutesProps) {
  const { eventId = '' } = useParams();
  return (
    <Layout currentSportId={null} accountSlot={accountSlot}>
      {EVENT_ID.test(eventId) ? (
        <Suspense fallback={<main id="main" className="main main--match" aria-busy="true" />}>
          <MatchPage key={eventId} eventId={eventId} />
        </Suspense>
      ) : (
        <NotFound />
      )}
    </Layout>
  );
}
