// The page for an address the site does not have (src/routes/site-routes.ts): the server answers it
// with 404, and the client shows the Kazakh not-found text, a link home and the top sports.
import type { ReactNode } from 'react';
import { Layout } from '../shell/Layout';
import { NotFound } from '../shell/NotFound';
import { kkPages } from './kk-pages';
import { useDocumentTitle } from './use-document-title';

export interface NotFoundPageProps {
  readonly accountSlot?: ReactNode;
}

export function NotFoundPage({ accountSlot }: NotFoundPageProps) {
  return (
    <Layout currentSportId={null} accountSlot={accountSlot}>
      <NotFoundContent />
    </Layout>
  );
}

/** The not-found text inside a page's own layout: a route that matched but whose address names nothing. */
export function NotFoundContent() {
  useDocumentTitle(kkPages.notFound.documentTitle);
  return <NotFound />;
}
