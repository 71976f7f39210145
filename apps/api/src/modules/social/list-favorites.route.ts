import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/schemas';
import { boardParams, boardQuery, favoriteCollectionsPage, favoriteNiftiesPage } from './social.schemas';

/** A user's favourites boards (000 §7); `{id}` is a user id, a profile_url or `me`. */
export const listFavoritesRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/users/:id/boards/favorites/nifties/marketplace/',
    {
      schema: {
        tags: ['social'],
        summary: 'Saved nifties (tokens and editions), newest first',
        params: boardParams,
        querystring: boardQuery,
        response: { 200: favoriteNiftiesPage, ...errorResponses },
      },
    },
    async (request) =>
      app.services.social.savedNifties(
        request.params.id,
        request.query,
        await app.services.viewers.idOf(request),
      ),
  );

  app.get(
    '/v2/users/:id/boards/favorites/collections/marketplace/',
    {
      schema: {
        tags: ['social'],
        summary: 'Saved collections, newest first',
        params: boardParams,
        querystring: boardQuery,
        response: { 200: favoriteCollectionsPage, ...errorResponses },
      },
    },
    async (request) =>
      app.services.social.savedCollections(
        request.params.id,
        request.query,
        await app.services.viewers.idOf(request),
      ),
  );
};
