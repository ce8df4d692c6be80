// Browser entry: starts the page's root actor and feed gateway (the composition root) and renders the site.
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startBrowserSite } from './browser-site';
import './styles.css';

// The account dialogs load after the first render: the sport page does not wait for them.
const AccountSlot = lazy(() => import('./AccountSlot'));

const root = document.getElementById('root');
if (root) {
  const { site, gateway, account } = startBrowserSite();
  createRoot(root).render(
    <StrictMode>
      <App
        site={site}
        gateway={gateway}
        accountSlot={
          <Suspense fallback={null}>
            <AccountSlot client={account} />
          </Suspense>
        }
      />
    </StrictMode>,
  );
}
