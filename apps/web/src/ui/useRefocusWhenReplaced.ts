import { useEffect, useRef } from 'react';

/**
 * When `version` changes (the data behind some controls was read again) and the keyboard's place was lost (focus
 * fell to the page's start: the focused control was replaced, 'List for sale' by 'Edit price'), focus goes to
 * `target()`. A dialog's own `returnFocus` covers a control replaced while it was open; this, one replaced just after
 * it closed (the data read again renders a moment after the answer that closed it).
 */
export function useRefocusWhenReplaced(version: unknown, target: () => HTMLElement | null | undefined): void {
  const latest = useRef(target);
  latest.current = target;
  const seen = useRef(version);
  useEffect(() => {
    if (Object.is(seen.current, version)) return;
    seen.current = version;
    const active = document.activeElement;
    // Not scrolled to: a change from elsewhere (a sale, another tab) must not move the page under the reader.
    if (active === null || active === document.body) latest.current()?.focus({ preventScroll: true });
  }, [version]);
}
