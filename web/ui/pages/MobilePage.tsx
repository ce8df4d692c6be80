// S2-9: the mobile promo page at /mobile. The site itself is the mobile version (its layout follows the
// screen, S2-49), so the page says what it offers on a phone and links to the scores.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HOME_SPORT_SLUG, sportPagePath } from '../../../src/routes/site-routes';
import { Layout } from '../shell/Layout';
import { kkPages } from './kk-pages';
import { useDocumentTitle } from './use-document-title';

export interface MobilePageProps {
  readonly accountSlot?: ReactNode;
}

const t = kkPages.mobile;

export function MobilePage({ accountSlot }: MobilePageProps) {
  useDocumentTitle(t.documentTitle);
  return (
    <Layout currentSportId={null} accountSlot={accountSlot}>
      {/* The not-found page's frame: one centred column of text. */}
      <main id="main" className="main main--not-found" tabIndex={-1} data-testid="mobile-page">
        <h1>{t.title}</h1>
        <p>{t.lead}</p>
        <h2>{t.offersLabel}</h2>
        <ul>
          {t.offers.map((offer) => (
            <li key={offer}>{offer}</li>
          ))}
        </ul>
        <p>{t.noInstall}</p>
        <p>{t.homeScreen}</p>
        <p>
          <Link to={sportPagePath(HOME_SPORT_SLUG)} className="button">
            {t.open}
          </Link>
        </p>
      </main>
    </Layout>
  );
}
