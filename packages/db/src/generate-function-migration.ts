// `npm run db:functions`: after changing a file in `src/sql/functions/`, writes a migration that
// brings every store to the sources (CREATE OR REPLACE of each changed or new function, DROP of a
// function whose file is gone). It migrates a store in memory to the last committed migration,
// compares its functions with the sources (`sql-functions.ts`), and when they differ lets drizzle-kit
// add an empty custom migration (journal and snapshot included) and writes the statements into it.
// `--check` only reports, and exits 1 when a migration is due.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, migrationsFolder } from './client';
import {
  driftOf,
  liveDefinitions,
  migrationFor,
  readFunctionSources,
  sourceDefinitions,
} from './sql-functions';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const checkOnly = process.argv.includes('--check');

const database = await createDatabase({ dataDir: 'memory://' });
let statements: string[];
try {
  await database.migrate();
  const sources = readFunctionSources();
  const live = await liveDefinitions(database.db);
  const drift = driftOf(live, await sourceDefinitions(database.db, sources));
  for (const [what, names] of Object.entries(drift)) {
    if (names.length > 0) process.stdout.write(`${what}: ${names.join(', ')}\n`);
  }
  statements = migrationFor(drift, sources, live);
} finally {
  await database.close();
}

if (statements.length === 0) {
  process.stdout.write('SQL functions: the migrations define every function as its source does.\n');
} else if (checkOnly) {
  process.stdout.write('SQL functions: a migration is due (npm run db:functions).\n');
  process.exitCode = 1;
} else {
  execFileSync(
    join(root, 'node_modules/.bin/drizzle-kit'),
    ['generate', '--custom', '--name=functions', '--config=packages/db/drizzle.config.ts'],
    { cwd: root, stdio: 'inherit' },
  );
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const tag = journal.entries.at(-1)?.tag;
  if (!tag) throw new Error('drizzle-kit added no migration');
  const file = join(migrationsFolder, `${tag}.sql`);
  const header =
    '-- Written by `npm run db:functions` from packages/db/src/sql/functions/ (edit those, not this).\n';
  writeFileSync(file, `${header}${statements.join('\n--> statement-breakpoint\n')}\n`);
  process.stdout.write(`SQL functions: wrote ${file}\n`);
}
