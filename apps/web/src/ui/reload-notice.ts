// A notice that outlives a reload: the spec's "on other errors reload the page" (000 §4 Buy Now) would
// otherwise show the changed page with no word of why (an item sold meanwhile simply says it is not listed).
// The text waits in session storage and the toasts show it once the page is back (ToastProvider).
import { readStorage, removeStorage, writeStorage } from '../lib/storage';

const KEY = 'vitrine.noticeAfterReload';

/** Reloads the page; `text` then shows once as a warning toast. */
export function reloadWithNotice(text: string): void {
  writeStorage('session', KEY, text);
  window.location.reload();
}

/** The notice left by `reloadWithNotice`, once (it is removed as it is read). */
export function takeReloadNotice(): string | null {
  const text = readStorage('session', KEY);
  if (text !== null) removeStorage('session', KEY);
  return text;
}
