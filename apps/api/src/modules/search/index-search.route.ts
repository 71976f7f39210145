import { searchAnswerSchema } from '@vitrine/domain/catalog-responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/schemas';
import { sendSharedAnswer } from '../../http/shared-answer';
import { searchBody, searchParams } from './search.schemas';

export const indexSearchRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v2/indexes/:index/search',
    {
      schema: {
        tags: ['search'],
        summary:
          'Search one index: users, publishers, collections or products (prefix, case- and typo-tolerant)',
        params: searchParams,
        body: searchBody,
        response: { 200: searchAnswerSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { index } = request.params;
      const { body } = request;
      return sendSharedAnswer(
        reply,
        app.services.answers,
        `search:${index}:${JSON.stringify(body)}`,
        [],
        searchAnswerSchema,
        () => app.services.search.search(index, body),
      );
    },
  );
};
