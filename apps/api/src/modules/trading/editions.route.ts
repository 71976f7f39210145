import { editionInfoSchema, packOpeningSchema } from '@vitrine/domain/trading-responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../http/guard';
import { errorResponses } from '../../http/schemas';

const tokenParams = z.object({
  contractAddress: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  tokenId: z.string().regex(/^\d{1,78}$/),
});
const conflicts = { 403: errorResponses[400], 409: errorResponses[400] };

/**
 * A token's edition facts and opening a sealed pack (decision 016). The spec names no paths for these;
 * they sit under the item's own address (contract and token id).
 */
export const editionsRoute: FastifyPluginAsyncZod = async (app) => {
  const editions = () => app.services.editions;

  app.get(
    '/v2/editions/:contractAddress/:tokenId',
    {
      schema: {
        tags: ['trading'],
        summary: "A token's pack (sealed or opened, with its contents) or blind-edition reveal",
        params: tokenParams,
        response: { 200: editionInfoSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { contractAddress, tokenId } = request.params;
      const [info, viewerId] = await Promise.all([
        editions().editionInfo(contractAddress, tokenId),
        app.services.viewers.idOf(request),
      ]);
      const { ownerId, ...rest } = info;
      return { ...rest, isOwner: viewerId !== null && ownerId === viewerId };
    },
  );

  app.post(
    '/v2/editions/:contractAddress/:tokenId/open',
    {
      config: { auth: 'user', idempotency: true },
      schema: {
        tags: ['trading'],
        summary: 'Open your sealed pack: its contents are drawn at random from the remaining pool',
        params: tokenParams,
        response: { 200: packOpeningSchema, ...errorResponses, ...conflicts },
      },
    },
    async (request) => {
      const { contractAddress, tokenId } = request.params;
      const contents = await editions().openPackAt(signedIn(request).userId, contractAddress, tokenId);
      return { contents: contents.map(({ tokenRowId: _, ...item }) => item) };
    },
  );
};
