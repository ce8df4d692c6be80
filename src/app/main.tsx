// Browser entry: builds the page's actors and feed gateway and renders the site.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createPageActors } from './App';
import { createBrowserGateway } from './gateway';
import './styles.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App gateway={createBrowserGateway()} actors={createPageActors()} />
    </StrictMode>,
  );
}
