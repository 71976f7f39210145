import type { FastifyPluginAsync } from 'fastify';
import { indexSearchRoute } from './index-search.route';
import { universalSearchRoute } from './universal-search.route';

/** The search host (registered under /search). */
export const searchRoutes: FastifyPluginAsync = async (app) => {
  await app.register(indexSearchRoute);
  await app.register(universalSearchRoute);
};
