// Browser entry: starts the page's root actor and feed gateway (the composition root) and renders the site.
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { OfflineNotice } from '../ui/common/OfflineNotice';
import { App } from './App';
import { startBrowserSite } from './browser-site';
import { firstListAt, withEarlyList } from './first-list';
import { registerServiceWorker } from './sw-register';
import './styles.css';

// The account dialogs load after the first render: the sport page does not wait for them.
const AccountSlot = lazy(() => import('./AccountSlot'));

registerServiceWorker();

const root = document.getElementById('root');
if (root) {
  const browser = startBrowserSite();
  const { site, account } = browser;
  // A sport page's list feeds start before the first render (web/app/first-list.ts).
  const gateway = withEarlyList(browser.gateway, firstListAt(window.location.pathname, window.location.hash));
  createRoot(root).render(
    <StrictMode>
      <App
        site={site}
        gateway={gateway}
        accountSlot={
          <>
            <Suspense fallback={null}>
              <AccountSlot client={account} />
            </Suspense>
            {/* Beside every page, inside the site's actor context. */}
            <OfflineNotice />
          </>
        }
      />
    </StrictMode>,
  );
}
