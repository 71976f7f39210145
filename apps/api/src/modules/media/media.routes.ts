import type { FastifyPluginAsync } from 'fastify';
import { resizeMediaRoute } from './resize-media.route';
import { serveMediaRoute } from './serve-media.route';

/** Media area: stored objects and their resized images. */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  await app.register(resizeMediaRoute);
  await app.register(serveMediaRoute);
};
