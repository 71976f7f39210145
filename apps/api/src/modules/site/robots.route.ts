import type { FastifyPluginAsync } from 'fastify';

/** /robots.txt: the public pages are open to crawlers, the private ones not; where the sitemap is. */
export const robotsRoute: FastifyPluginAsync = async (app) => {
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(app.services.site.robotsTxt()),
  );
};
