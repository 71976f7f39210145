// The OpenAPI document exactly as the server serves it at /api/docs/json, built in process: for the
// typed client (packages/client: `npm run client:generate` and its staleness test) and the lint test.
// The document depends on the routes only, so the store is an empty in-memory one, never queried.
import { createDatabase } from '@vitrine/db';
import { buildApp } from './app';
import { memoryMediaStore } from './modules/media/media-store';

export type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, unknown>> } & Record<
  string,
  unknown
>;

export async function openApiDocument(): Promise<OpenApiDocument> {
  const database = await createDatabase({ dataDir: 'memory://' });
  try {
    const app = await buildApp({
      database,
      media: memoryMediaStore(),
      logLevel: 'silent',
      nodeEnv: 'test',
      webDist: null,
    });
    try {
      const res = await app.inject({ url: '/api/docs/json' });
      if (res.statusCode !== 200) throw new Error(`/api/docs/json answered ${res.statusCode}`);
      return res.json() as OpenApiDocument;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}
