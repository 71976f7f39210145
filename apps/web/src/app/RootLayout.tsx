import { useEffect } from 'react';
import { type Location, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { AuthModalProvider } from '../features/auth/AuthModalProvider';
import { SessionManager } from '../features/auth/SessionManager';
import { MaintenanceGate } from '../features/platform/MaintenanceGate';
import { useWebView } from '../features/platform/useWebView';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { Footer } from './layout/Footer';
import { NavBar } from './layout/NavBar';
import { NavigationProgress } from './NavigationProgress';
import styles from './RootLayout.module.css';

/**
 * Whether this document was opened by its address (typed, or a link from elsewhere), not reloaded nor reached by
 * Back: it opens at the top, as a browser does. Cleared once the first page restored its scroll.
 */
let openedByAddress =
  typeof performance !== 'undefined' &&
  (performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined)?.type ===
    'navigate';

/**
 * The key a page's scroll is kept under. A document's first entry has the key 'default' whatever its address, so
 * keyed so, an address typed in opened at the scroll of the page before: it is keyed by its address instead (a
 * reload restores it), except when the document was just opened by its address (it starts at the top).
 */
function scrollKey(location: Location): string {
  if (location.key !== 'default') return location.key;
  const address = location.pathname + location.search;
  return openedByAddress ? `opened:${address}` : address;
}

/**
 * The page frame: navigation bar, page, footer (both hidden in web-view mode), behind the maintenance
 * gate; the session keeper and the auth modal (`useAuthModal()`) serve every page.
 */
export function RootLayout() {
  const webView = useWebView();
  const { pathname } = useLocation();
  // After ScrollRestoration's first restore (a layout effect, run before this): from now on, the first entry's
  // scroll is kept under its address, for a reload or a Back to it.
  useEffect(() => {
    openedByAddress = false;
  }, []);
  return (
    <MaintenanceGate>
      <SessionManager />
      <AuthModalProvider>
        <div className={styles.shell} data-web-view={webView || undefined}>
          <a className={styles.skipLink} href="#main">
            Skip to content
          </a>
          <NavigationProgress />
          {webView ? null : <NavBar />}
          <main id="main" className={styles.main} tabIndex={-1}>
            <ErrorBoundary resetKeys={[pathname]}>
              <Outlet />
            </ErrorBoundary>
          </main>
          {webView ? null : <Footer />}
        </div>
      </AuthModalProvider>
      <ScrollRestoration getKey={scrollKey} />
    </MaintenanceGate>
  );
}
