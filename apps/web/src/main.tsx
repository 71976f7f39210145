import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { listenToLinkClicks } from './app/link-clicks';
import { createQueryClient } from './app/query-client';
import { createRouter } from './app/router';
import { resolveWebView } from './features/platform/web-view';

// Remember web-view mode (wv=1) before anything renders, for the whole session.
resolveWebView(window.location.search);

// The router is made before React renders: it starts the first page's code (`lazy`) and data (its loader) at once,
// as soon as this script runs (issue #13).
const queryClient = createQueryClient();
const router = createRouter(queryClient);
// Internal links are plain anchors (ui/Link.tsx); one listener navigates in the app.
listenToLinkClicks((to, options) => void router.navigate(to, options));

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} router={router} />
  </StrictMode>,
);
