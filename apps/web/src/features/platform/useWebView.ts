import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { resolveWebView } from './web-view';

/** True in web-view mode (a mobile app's web view): the navigation bar and footer are hidden. */
export function useWebView(): boolean {
  const { search } = useLocation();
  return useMemo(() => resolveWebView(search), [search]);
}
