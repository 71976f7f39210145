// Under preact/compat a `<title>` rendered by a component stays where it is, in the body, and the tab keeps
// the old title: pages set it with `DocumentTitle` instead (decision 011). This catches a `<title>` written
// out of React 19 habit.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('..', import.meta.url));

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsxFiles(path);
    return path.endsWith('.tsx') ? [path] : [];
  });
}

describe('page titles', () => {
  it('no component renders a <title> element', () => {
    const files = tsxFiles(src);
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.filter((f) => {
      const code = readFileSync(f, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '') // comments
        .replace(/<svg[\s\S]*?<\/svg>/g, ''); // an SVG's <title> is its accessible name, and stays
      return /<title[\s>]/.test(code);
    });
    expect(offenders).toEqual([]);
  });
});
