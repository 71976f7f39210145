// First load per route: the entry chunk and everything it imports statically, plus the route's lazy chunk and its
// static imports. Read from Vite's build manifest. `gzipKb` is their JavaScript gzipped; `transferredKb` is what a
// browser receives for their JavaScript and style sheets: the build's brotli copies (scripts/precompress.mjs), or
// the file itself where the build kept none (files under 1 KB).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export interface RouteJs {
  route: string;
  files: number;
  gzipKb: number;
  transferredKb: number;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export function firstLoadJs(dist: string): RouteJs[] {
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
  const size = (keys: Set<string>) => {
    let bytes = 0;
    for (const key of keys) {
      const file = manifest[key]?.file;
      if (file?.endsWith('.js')) bytes += gzipSync(readFileSync(join(dist, file))).length;
    }
    return kb(bytes);
  };
  const sent = (file: string) => {
    const br = join(dist, `${file}.br`);
    return statSync(existsSync(br) ? br : join(dist, file)).size;
  };
  const transferred = (keys: Set<string>) => {
    const files = new Set<string>();
    for (const key of keys) {
      const chunk = manifest[key];
      if (chunk?.file.endsWith('.js')) files.add(chunk.file);
      for (const css of chunk?.css ?? []) files.add(css);
    }
    let bytes = 0;
    for (const file of files) bytes += sent(file);
    return kb(bytes);
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entryKey) return [];
  const entry = closure(entryKey, new Set());
  const routes: RouteJs[] = [
    { route: 'shell (entry)', files: entry.size, gzipKb: size(entry), transferredKb: transferred(entry) },
  ];
  for (const key of Object.keys(manifest)) {
    const chunk = manifest[key];
    if (!chunk?.isDynamicEntry || !/Page|page/.test(chunk.name ?? chunk.src ?? '')) continue;
    const all = closure(key, new Set(entry));
    routes.push({
      route: chunk.name ?? key,
      files: all.size,
      gzipKb: size(all),
      transferredKb: transferred(all),
    });
  }
  return routes;
}
