// Every operation in the OpenAPI document has a stable operationId, derived from its method and path
// (decision 008): `GET /api/v1/explore/nfts/` is `getV1ExploreNfts`, a path parameter reads `By<Name>`
// (`getV1StorefrontsBySlug`), the `api` segments are left out and the search host keeps its `search`
// (`postSearchV2IndexesByIndexSearch`). The typed client (packages/client) names operations by them, so
// renaming a route renames its id; a route may still name its own `schema.operationId`.
import type { FastifyInstance, RouteOptions } from 'fastify';

const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `GET`, `/api/v1/storefronts/:slug/` → `getV1StorefrontsBySlug`. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api')
    .map((segment) => {
      if (segment === '*') return 'ByPath';
      // `:name` or `:name(regexp)`
      const param = /^:([A-Za-z0-9_]+)/.exec(segment)?.[1];
      const word = param ?? segment;
      const pascalCase = word
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map(pascal)
        .join('');
      return param ? `By${pascalCase}` : pascalCase;
    });
  return `${method.toLowerCase()}${words.join('')}`;
}

/** Gives each route its operationId; register before any route. Two routes with one id fail at start. */
export function registerOperationIds(app: FastifyInstance): void {
  const owners = new Map<string, string>();
  app.addHook('onRoute', (route: RouteOptions) => {
    route.schema ??= {};
    const schema = route.schema as { operationId?: string; hide?: boolean };
    if (schema.hide) return;
    // Fastify's automatic HEAD twin of a GET route shares its schema (and id); HEAD is not documented.
    const methods = [route.method].flat().filter((m) => m !== 'HEAD');
    if (methods.length === 0) return;
    const [method] = methods;
    if (methods.length > 1 || !method) {
      throw new Error(`${route.url}: register one route per method, so that each operation has its own id`);
    }
    schema.operationId ??= operationIdOf(method, route.url);
    const owner = `${method} ${route.url}`;
    const taken = owners.get(schema.operationId);
    if (taken && taken !== owner) {
      throw new Error(`operationId ${schema.operationId} of ${owner} is already ${taken}'s`);
    }
    owners.set(schema.operationId, owner);
  });
}
