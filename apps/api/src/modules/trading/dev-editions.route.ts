// Test-only (outside production, with the dev outbox's key): close an open edition's purchasing now and run
// its minting job, so browser tests see editions delivered after close without waiting days; and put a pack on
// sale now, for the drop page's pack checkout modal (decision 016).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireDevKey } from '../../http/dev-key';
import { typeNumber } from '../../http/schemas';
import { createLivePack } from './dev-live-pack';

export const devEditionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/dev/editions/close-open-edition',
    {
      schema: {
        hide: true,
        body: z.object({
          contractAddress: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
          niftyType: typeNumber.min(1),
        }),
      },
      preHandler: requireDevKey(app),
    },
    async (request) => {
      const { contractAddress, niftyType } = request.body;
      const minted = await app.services.editions.closeOpenEditionNow(contractAddress, niftyType);
      return { minted };
    },
  );

  app.post(
    '/dev/editions/live-pack',
    { schema: { hide: true }, preHandler: requireDevKey(app) },
    async () => {
      return createLivePack(app.config.database.db, app.config.clock.now());
    },
  );
};
