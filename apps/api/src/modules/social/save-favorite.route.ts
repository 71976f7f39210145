import { saveAnswerSchema } from '@vitrine/domain/catalog-responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../http/guard';
import { errorResponses } from '../../http/schemas';
import { saveCollectionBody, saveNiftyBody } from './social.schemas';

/**
 * Save / remove favourites (000 §7). Saving a token is a like (001 §4 "Like button"). Accepts an
 * `Idempotency-Key` (decision 007).
 */
export const saveFavoriteRoute: FastifyPluginAsyncZod = async (app) => {
  for (const action of ['save', 'remove'] as const) {
    app.post(
      `/v2/users/me/boards/favorites/nifties/${action}/`,
      {
        config: { auth: 'user', idempotency: true },
        schema: {
          tags: ['social'],
          summary: `${action === 'save' ? 'Save (like)' : 'Remove (unlike)'} a token or an edition`,
          body: saveNiftyBody,
          response: { 200: saveAnswerSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { userId } = signedIn(request);
        return app.services.social.setNiftySaved(userId, request.body, action === 'save');
      },
    );

    app.post(
      `/v2/users/me/boards/favorites/collections/${action}/`,
      {
        config: { auth: 'user', idempotency: true },
        schema: {
          tags: ['social'],
          summary: `${action === 'save' ? 'Save' : 'Remove'} a collection`,
          body: saveCollectionBody,
          response: { 200: saveAnswerSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { userId } = signedIn(request);
        return app.services.social.setCollectionSaved(userId, request.body, action === 'save');
      },
    );
  }
};
