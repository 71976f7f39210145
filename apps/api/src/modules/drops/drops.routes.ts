import type { FastifyPluginAsync } from 'fastify';
import { listDropsRoute } from './list-drops.route';

/** Drops area (primary sales). */
export const dropsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(listDropsRoute);
};
