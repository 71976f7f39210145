import type { FastifyPluginAsync } from 'fastify';
import { robotsRoute } from './robots.route';
import { sitemapRoute } from './sitemap.route';

/** Site area: what crawlers read at the web origin (served with the web app). */
export const siteRoutes: FastifyPluginAsync = async (app) => {
  await app.register(robotsRoute);
  await app.register(sitemapRoute);
};
