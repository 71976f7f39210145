import { explorePageOf, nftCardSchema, publicProfileSchema } from '@vitrine/domain/catalog-responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/schemas';
import { sendSharedPage } from '../../http/shared-answer';
import { exploreScopes } from './answer-scopes';
import { bracketLists, keyParam, userNiftiesQuery } from './catalog.schemas';

const params = z.object({ id: keyParam });
const nftsPage = explorePageOf(nftCardSchema);

/** Public profiles (/profile/{profile_url}, /@{userSlug}) and the NFTs a user owns (000 §7). */
export const getProfileRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/users/:id/',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A public profile by user id or profile_url',
        params,
        response: { 200: publicProfileSchema, ...errorResponses },
      },
    },
    async (request) => app.services.catalog.profile(request.params.id),
  );

  app.get(
    '/v2/users/:id/nifties/',
    {
      preValidation: bracketLists(['categories', 'tags']),
      schema: {
        tags: ['catalog'],
        summary: 'NFTs a user owns, with the explore filters',
        params,
        querystring: userNiftiesQuery,
        response: { 200: nftsPage, ...errorResponses },
      },
    },
    async (request, reply) => {
      const viewerId = await app.services.viewers.idOf(request);
      const { catalog } = app.services;
      return sendSharedPage(
        reply,
        app.services.answers,
        `user-nifties:${request.params.id.toLowerCase()}:${JSON.stringify(request.query)}`,
        exploreScopes({ ...request.query, owner: request.params.id }),
        nftsPage,
        () => catalog.userNifties(request.params.id, request.query, null),
        viewerId === null ? null : (ids) => catalog.likedNfts(viewerId, ids),
      );
    },
  );
};
