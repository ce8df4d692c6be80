// Browser entry: builds the page's actors and feed gateway and renders the site.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AccountSlot, createBrowserAccountClient } from './AccountSlot';
import { App, createPageActors, registerCancelLoginFlow } from './App';
import { createBrowserGateway } from './gateway';
import './styles.css';

const root = document.getElementById('root');
if (root) {
  const actors = createPageActors();
  const account = createBrowserAccountClient();
  createRoot(root).render(
    <StrictMode>
      <App
        gateway={createBrowserGateway()}
        actors={actors}
        accountSlot={<AccountSlot actors={actors} client={account} registerCancel={registerCancelLoginFlow} />}
      />
    </StrictMode>,
  );
}
