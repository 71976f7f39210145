import { normalizeSearchText } from '@vitrine/domain';
import { universalAnswerSchema } from '@vitrine/domain/catalog-responses';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/schemas';
import { sendSharedAnswer } from '../../http/shared-answer';
import { universalBody } from './search.schemas';

/** The autocomplete box in one call: products by collection, publishers, users, products (001 §7). */
export const universalSearchRoute: FastifyPluginAsyncZod = async (app) => {
  const schema = {
    tags: ['search'],
    summary: 'Universal search: four queries (8/8/4/4) merged by score and cut to 8',
    response: { 200: universalAnswerSchema, ...errorResponses },
  };
  const answer = (reply: FastifyReply, query: string) =>
    sendSharedAnswer(
      reply,
      app.services.answers,
      `universal:${normalizeSearchText(query)}`,
      [],
      universalAnswerSchema,
      () => app.services.search.universal(query),
    );
  app.post('/api/v2/universal', { schema: { ...schema, body: universalBody } }, async (request, reply) =>
    answer(reply, request.body.query),
  );
  app.get(
    '/api/v2/universal',
    { schema: { ...schema, querystring: universalBody } },
    async (request, reply) => answer(reply, request.query.query),
  );
};
