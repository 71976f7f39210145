import type { FastifyPluginAsync } from 'fastify';
import { type KeptText, keptText, sendKeptText } from '../../http/compression';

/** /sitemap.xml: the public pages (sitemaps.org protocol), compressed once per sitemap. */
export const sitemapRoute: FastifyPluginAsync = async (app) => {
  let kept: KeptText | null = null;
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const xml = await app.services.site.sitemap();
    if (kept?.text !== xml) kept = keptText(xml);
    return sendKeptText(
      reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8'),
      kept,
    );
  });
};
