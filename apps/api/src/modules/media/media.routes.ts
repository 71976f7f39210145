import type { FastifyPluginAsync } from 'fastify';
import { resizeMediaRoute } from './resize-media.route';
import { serveMediaRoute } from './serve-media.route';
import { uploadsRoute } from './uploads.route';

/** Media area: stored objects, their resized images, publishers' uploads. */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  await app.register(resizeMediaRoute);
  await app.register(serveMediaRoute);
  await app.register(uploadsRoute);
};
