// Browser entry: builds the page's actors and feed gateway and renders the site.
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createPageActors, registerCancelLoginFlow } from './App';
import { createBrowserGateway } from './gateway';
import './styles.css';

// The account dialogs load after the first render: the sport page does not wait for them.
const AccountSlot = lazy(() => import('./AccountSlot'));

const root = document.getElementById('root');
if (root) {
  const actors = createPageActors();
  createRoot(root).render(
    <StrictMode>
      <App
        gateway={createBrowserGateway()}
        actors={actors}
        accountSlot={
          <Suspense fallback={null}>
            <AccountSlot actors={actors} registerCancel={registerCancelLoginFlow} />
          </Suspense>
        }
      />
    </StrictMode>,
  );
}
