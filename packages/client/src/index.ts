// @vitrine/client: a typed client for the Vitrine API (decision 008). The types come from the API's
// OpenAPI document (src/schema.d.ts, generated); openapi-fetch makes the calls, so a path, its
// parameters, its body and its answers are checked by TypeScript.
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema';

export type { components, operations, paths } from './schema';

export interface VitrineClientOptions {
  /** The server's origin, e.g. `https://vitrine.example` (the paths start with /api or /search). */
  baseUrl: string;
  /** A signed-in user's access token, sent as `Authorization: Bearer <token>`. */
  token?: string;
}

export type VitrineClient = Client<paths>;

/** `client.GET('/api/v1/explore/nfts/', { params: { query: { … } } })` answers `{ data }` or `{ error }`. */
export function createVitrineClient({ baseUrl, token }: VitrineClientOptions): VitrineClient {
  return createClient<paths>({
    baseUrl,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}
