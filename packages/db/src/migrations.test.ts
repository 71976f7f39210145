// The committed migrations must describe exactly the schema in schema.ts: generating a migration
// from the schema against the committed snapshots must find nothing to do.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const committed = fileURLToPath(new URL('../migrations', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'vitrine-migrations-'));

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('committed migrations', () => {
  // drizzle-kit reads every snapshot (51 of them): 2 to 3 s alone, 6.5 s on a CI machine busy with a browser; the
  // unit tests' 5 s failed it there.
  it('agree with the Drizzle schema (run `npm run db:generate` after changing schema.ts)', {
    timeout: 60_000,
  }, () => {
    // drizzle-kit wants `--out` relative to its working directory.
    const out = join(work, 'migrations');
    cpSync(committed, out, { recursive: true });
    const before = readdirSync(out).filter((f) => f.endsWith('.sql'));
    const log = execFileSync(
      join(root, 'node_modules/.bin/drizzle-kit'),
      [
        'generate',
        '--dialect=postgresql',
        `--schema=${join(root, 'packages/db/src/schema/index.ts')}`,
        '--out=./migrations',
        '--casing=snake_case',
        '--name=drift',
      ],
      { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    expect(log, 'drizzle-kit read the committed snapshots').toContain('tables');
    const after = readdirSync(out).filter((f) => f.endsWith('.sql'));
    expect(after, `schema.ts has changes with no migration:\n${log}`).toEqual(before);
  });
});
