// A throwaway PostgreSQL database per test file, created from TEST_DATABASE_URL and dropped after.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface PostgresTestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * A new database; a copy of `template` (a database no one is connected to, see testing/snapshots.ts)
 * when given, else an empty one.
 */
export async function createPostgresTestDatabase(
  options: { template?: string; prefix?: string } = {},
): Promise<PostgresTestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${options.prefix ?? 'vitrine_t_'}${randomBytes(6).toString('hex')}`;
  const { template } = options;
  if (template !== undefined && !/^[a-z0-9_]+$/.test(template))
    throw new Error(`bad template name ${template}`);
  // WAL_LOG (PostgreSQL 15's default) copies a small template without the checkpoint FILE_COPY needs.
  await withClient(adminUrl, (c) =>
    c.query(
      template === undefined ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${template}`,
    ),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () =>
      withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
