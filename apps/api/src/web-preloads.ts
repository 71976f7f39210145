// The page code a first load needs besides the shell: the web build writes, for each route of the app, the pattern
// of its paths and its page's chunks and styles (apps/web/build/page-preloads.ts); the shell of a path gets them as
// `<link rel="modulepreload">` and stylesheet links, so the browser fetches the page's code with the shell's rather
// than after the shell has run (issue #13). A build without the file (or a path of no page) gets the plain shell.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface PagePreload {
  pattern: string;
  scripts: string[];
  styles: string[];
}

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The links of a route's page files, to go before `</head>`. */
function linksOf({ scripts, styles }: PagePreload): string {
  return [
    ...scripts.map((src) => `<link rel="modulepreload" crossorigin href="${attribute(src)}">`),
    ...styles.map((href) => `<link rel="stylesheet" crossorigin href="${attribute(href)}">`),
  ].join('');
}

/**
 * The shell of a pathname: `shell` with the preload links of the first route whose pattern matches, as `prepare`
 * makes it (once per distinct HTML, at start: e.g. compressed).
 */
export function pageShells<T>(
  webDist: string,
  shell: string,
  prepare: (html: string) => T,
): (pathname: string) => T {
  const prepared = new Map<string, T>();
  const once = (html: string) => {
    let value = prepared.get(html);
    if (value === undefined) {
      value = prepare(html);
      prepared.set(html, value);
    }
    return value;
  };
  const plain = once(shell);
  const file = join(webDist, '.vite/page-preloads.json');
  if (!existsSync(file)) return () => plain;
  const { routes } = JSON.parse(readFileSync(file, 'utf8')) as { routes: PagePreload[] };
  const shells = routes.map((route) => ({
    pattern: new RegExp(route.pattern, 'i'),
    shell: once(shell.replace('</head>', `${linksOf(route)}</head>`)),
  }));
  return (pathname) => shells.find((entry) => entry.pattern.test(pathname))?.shell ?? plain;
}
