import { readStorage, writeStorage } from '../../lib/storage';

const WEB_VIEW_KEY = 'webView';

/**
 * Web-view mode (000 §1, 001 §2): on when the query has wv=1, remembered for the session
 * (sessionStorage) so later pages without the parameter stay in web-view mode.
 */
export function resolveWebView(search: string): boolean {
  if (new URLSearchParams(search).get('wv') === '1') {
    writeStorage('session', WEB_VIEW_KEY, '1');
    return true;
  }
  return readStorage('session', WEB_VIEW_KEY) === '1';
}
