import { Outlet, ScrollRestoration, useLocation } from 'react-router';
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
 * The page frame: navigation bar, page, footer (both hidden in web-view mode), behind the maintenance
 * gate; the session keeper and the auth modal (`useAuthModal()`) serve every page.
 */
export function RootLayout() {
  const webView = useWebView();
  const { pathname } = useLocation();
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
      {/* A document's first entry has the key 'default' whatever its address: keyed so, a new address typed in
          opened at the scroll of the page before. Its address keys it instead (a reload still restores). */}
      <ScrollRestoration
        getKey={(location) =>
          location.key === 'default' ? location.pathname + location.search : location.key
        }
      />
    </MaintenanceGate>
  );
}
