import { homeDropSchema } from '@vitrine/domain/catalog-responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf, pageQuery } from '../../http/pagination';
import { errorResponses } from '../../http/schemas';
import { sendSharedAnswer } from '../../http/shared-answer';
import { scope } from '../catalog/answer-scopes';

const dropsPage = pageOf(homeDropSchema);

export const listDropsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/drops/',
    {
      schema: {
        tags: ['drops'],
        summary: 'Published drops that are live, upcoming or past, by the server clock',
        querystring: pageQuery.extend({ status: z.enum(['live', 'upcoming', 'past']).default('live') }),
        response: { 200: dropsPage, ...errorResponses },
      },
    },
    // The same for every caller: a shared answer of the whole catalog (decision 004 §7).
    async (request, reply) => {
      const { status, ...page } = request.query;
      return sendSharedAnswer(
        reply,
        app.services.answers,
        `drops-list:${status}:${page.page}:${page.page_size}`,
        // Its sale cards show highest bids, which a bid changes.
        [scope.dropCards],
        dropsPage,
        () => app.services.drops.list(status, page),
      );
    },
  );
};
