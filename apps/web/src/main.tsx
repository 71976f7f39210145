import './app/zod-jitless';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { resolveWebView } from './features/platform/web-view';

// Remember web-view mode (wv=1) before anything renders, for the whole session.
resolveWebView(window.location.search);

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
