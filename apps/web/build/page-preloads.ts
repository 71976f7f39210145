// Writes dist/.vite/page-preloads.json: for each route of the app (in src/app/page-routes.ts order), the pattern
// of its paths and the files of its page that the shell does not load: its chunk and the chunks and styles it
// imports. The API's web host adds them to the HTML of a first load as `<link rel="modulepreload">` and
// stylesheet links, so the page's code downloads with the shell's instead of after it (issue #13).
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { PAGE_ROUTES, PRELOADED_PAGE_MODULES, type PreloadedPage, pathPattern } from '../src/app/page-routes';

export const PAGE_PRELOADS_FILE = '.vite/page-preloads.json';

export interface PagePreload {
  /** A RegExp source over the URL's pathname (case-insensitive). */
  pattern: string;
  /** Script URLs to modulepreload, the page's chunk first. */
  scripts: string[];
  /** Stylesheet URLs. */
  styles: string[];
}

export function pagePreloads(): Plugin {
  return {
    name: 'vitrine-page-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = preloadsOf(bundle as unknown as OutputBundle, (message) => this.error(message));
      const routes: PagePreload[] = PAGE_ROUTES.map(({ path, page }) => ({
        pattern: pathPattern(path).source,
        ...(page ? files[page] : { scripts: [], styles: [] }),
      }));
      this.emitFile({
        type: 'asset',
        fileName: PAGE_PRELOADS_FILE,
        source: `${JSON.stringify({ routes }, null, 1)}\n`,
      });
    },
  };
}

function preloadsOf(bundle: OutputBundle, fail: (message: string) => never) {
  const chunks = new Map<string, OutputChunk>();
  for (const output of Object.values(bundle))
    if (output.type === 'chunk') chunks.set(output.fileName, output);
  const closure = (chunk: OutputChunk, into = new Set<string>()) => {
    if (into.has(chunk.fileName)) return into;
    into.add(chunk.fileName);
    for (const name of chunk.imports) {
      const imported = chunks.get(name);
      if (imported) closure(imported, into);
    }
    return into;
  };
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry) ?? fail('the build has no entry chunk');
  const shell = closure(entry);
  const result = {} as Record<PreloadedPage, { scripts: string[]; styles: string[] }>;
  for (const [page, module] of Object.entries(PRELOADED_PAGE_MODULES) as [PreloadedPage, string][]) {
    const chunk =
      [...chunks.values()].find(
        (c) => c.isDynamicEntry && c.facadeModuleId?.endsWith(`/src/${module}.tsx`),
      ) ?? fail(`page-routes.ts names ${module}, but no lazily loaded chunk has it`);
    const own = [...closure(chunk)].filter((name) => !shell.has(name));
    const styles = new Set<string>();
    for (const name of own)
      for (const css of chunks.get(name)?.viteMetadata?.importedCss ?? []) styles.add(css);
    result[page] = { scripts: own.map((name) => `/${name}`), styles: [...styles].map((name) => `/${name}`) };
  }
  return result;
}
