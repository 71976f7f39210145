// One click listener for every internal link (ui/Link.tsx renders plain anchors): a plain left click on a
// same-origin anchor of the app navigates in the app, as React Router's Link does; anything else (a modifier
// key, another button, target, download, the API's and the search host's paths, a hash on the same page) is
// left to the browser.

/** Paths the server answers itself, never the app's pages. */
const SERVER_PATHS = /^\/(api|dev|search\/api)(\/|$)/;

export interface LinkClick {
  /** The path, query and hash to navigate to. */
  to: string;
  /** True when the link points at the page already shown (React Router's Link replaces then). */
  replace: boolean;
}

/** The in-app navigation a click asks for, or null when the browser should handle it. */
export function internalLinkClick(event: MouseEvent, location: Location): LinkClick | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const target = event.target;
  if (!(target instanceof Element)) return null;
  const anchor = target.closest('a');
  if (!anchor?.hasAttribute('href')) return null;
  if (anchor.hasAttribute('download')) return null;
  const frame = anchor.getAttribute('target');
  if (frame && frame !== '_self') return null;
  const url = new URL(anchor.href, location.href);
  if (url.origin !== location.origin || SERVER_PATHS.test(url.pathname)) return null;
  const samePage = url.pathname === location.pathname && url.search === location.search;
  if (samePage && url.hash) return null;
  return { to: `${url.pathname}${url.search}${url.hash}`, replace: samePage };
}

/** Listens on the document; answers the function that stops listening. */
export function listenToLinkClicks(
  navigate: (to: string, options: { replace: boolean }) => void,
): () => void {
  const onClick = (event: MouseEvent) => {
    const click = internalLinkClick(event, window.location);
    if (!click) return;
    event.preventDefault();
    navigate(click.to, { replace: click.replace });
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}
