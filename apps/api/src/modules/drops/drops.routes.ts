import type { FastifyPluginAsync } from 'fastify';
import { getDropRoute } from './get-drop.route';
import { listDropsRoute } from './list-drops.route';

/** Drops area (primary sales). */
export const dropsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(listDropsRoute);
  await app.register(getDropRoute);
};
