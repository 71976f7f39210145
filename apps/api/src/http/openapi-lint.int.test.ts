// The OpenAPI document others build on (the typed client of packages/client among them) passes
// Redocly's recommended lint, in memory and offline (decision 008).
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type OpenApiDocument, openApiDocument } from '../openapi-document';

let doc: OpenApiDocument;
beforeAll(async () => {
  doc = await openApiDocument();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method, path, op: op as { operationId?: string } })),
  );

describe('the OpenAPI document', () => {
  it("has no problem under Redocly's recommended rules", async () => {
    const config = await createConfig({
      extends: ['recommended'],
      rules: {
        // The spec's paths end in a slash (000 §1).
        'no-path-trailing-slash': 'off',
        // The project names no licence, and the document does not invent one.
        'info-license': 'off',
      },
    });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: 'openapi.json',
      config,
    });
    const found = problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`);
    expect(found).toEqual([]);
  });

  it('names every operation by its method and path', () => {
    const ids = operations().map(({ method, path, op }) => [
      `${method.toUpperCase()} ${path}`,
      op.operationId,
    ]);
    expect(ids.length).toBeGreaterThan(70);
    expect(Object.fromEntries(ids)).toMatchObject({
      'GET /api/health': 'getHealth',
      'GET /api/v1/explore/nfts/': 'getV1ExploreNfts',
      'GET /api/v1/marketplace/items/{contractAddress}/{tokenId}/':
        'getV1MarketplaceItemsByContractAddressByTokenId',
      'GET /api/media/{path}': 'getMediaByPath',
      'POST /search/api/v2/universal': 'postSearchV2Universal',
      'GET /search/api/v2/universal': 'getSearchV2Universal',
    });
  });
});
