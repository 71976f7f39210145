// First-load bytes per route, as the running server sends them: the entry chunk and everything it
// imports statically (the shell), plus the route's lazy chunk and its static imports, and the CSS of
// each. Each file is asked of the server as a browser asks (`Accept-Encoding: br, gzip`) and its body
// counted as it arrives, still encoded: what a visitor downloads, whatever the server compresses or
// not. The files of a route come from Vite's build manifest.
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export interface RouteBytes {
  route: string;
  files: number;
  /** Bytes sent, KB (1,024 bytes), one decimal. */
  jsKb: number;
  cssKb: number;
  /** Scripts and style sheets together: what the budgets hold (decision 011). */
  transferredKb: number;
  /** The content encodings the server answered with (`identity` for none). */
  encodings: string[];
}

interface Sent {
  bytes: number;
  encoding: string;
}

/** One GET of `path` on `baseUrl` as a browser asks: the body's bytes as sent, not decoded. */
function fetchSent(baseUrl: string, path: string): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(path, baseUrl),
      { headers: { 'accept-encoding': 'br, gzip', accept: '*/*' } },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`${path} answered ${res.statusCode}`));
          else resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

export async function firstLoadBytes(dist: string, baseUrl: string): Promise<RouteBytes[]> {
  const manifestPath = join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) return [];
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(key)) return into;
    into.add(key);
    for (const dep of chunk.imports ?? []) closure(dep, into);
    return into;
  };
  // Each file is asked once; routes share the shell's.
  const sent = new Map<string, Promise<Sent>>();
  const sentOf = (file: string) => {
    let p = sent.get(file);
    if (!p) {
      p = fetchSent(baseUrl, `/${file}`);
      sent.set(file, p);
    }
    return p;
  };
  const measure = async (route: string, keys: Set<string>): Promise<RouteBytes> => {
    const files = new Set<string>();
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk) continue;
      if (chunk.file.endsWith('.js')) files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
    }
    let js = 0;
    let css = 0;
    const encodings = new Set<string>();
    for (const file of files) {
      const { bytes, encoding } = await sentOf(file);
      encodings.add(encoding);
      if (file.endsWith('.css')) css += bytes;
      else js += bytes;
    }
    return {
      route,
      files: files.size,
      jsKb: kb(js),
      cssKb: kb(css),
      transferredKb: kb(js + css),
      encodings: [...encodings].sort(),
    };
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entryKey) return [];
  const entry = closure(entryKey, new Set());
  const routes: RouteBytes[] = [await measure('shell (entry)', entry)];
  for (const key of Object.keys(manifest)) {
    const chunk = manifest[key];
    if (!chunk?.isDynamicEntry || !/Page|page/.test(chunk.name ?? chunk.src ?? '')) continue;
    routes.push(await measure(chunk.name ?? key, closure(key, new Set(entry))));
  }
  return routes;
}

function kb(bytes: number): number {
  return Math.round((bytes / 1024) * 10) / 10;
}
