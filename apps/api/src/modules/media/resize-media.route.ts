import { IMAGE_RESIZE_WIDTHS, type ImageResizeWidth } from '@vitrine/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { send } from '../../http/errors';
import { errorResponses } from '../../http/schemas';

const MEDIA_PREFIX = '/api/media/';
const widths = IMAGE_RESIZE_WIDTHS.map(String) as [string, ...string[]];

/** GET /api/media/resize?src=/api/media/…&w=500: our images as WebP at the widths of 001 §9. */
export const resizeMediaRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/resize',
    {
      schema: {
        tags: ['media'],
        summary:
          'A stored image resized to 20 (blurred placeholder), 500, 800, 1200 or 1600 px wide, as WebP',
        querystring: z.object({
          src: z
            .string()
            .max(400)
            .refine((v) => v.startsWith(MEDIA_PREFIX) && !v.includes('?') && !v.includes('#'), {
              message: 'Must be a path under /api/media/',
            }),
          w: z.enum(widths, { message: `Must be one of ${widths.join(', ')}` }),
        }),
        response: { 200: z.any(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const key = request.query.src.slice(MEDIA_PREFIX.length);
      const result = await app.services.images.resize(key, Number(request.query.w) as ImageResizeWidth);
      if (result.kind === 'not-found')
        return send(reply, { statusCode: 404, errorType: 'not-found', message: 'Media not found' });
      if (result.kind === 'not-image') {
        return send(reply, {
          statusCode: 415,
          errorType: 'unsupported-media-type',
          message: 'Only images can be resized',
        });
      }
      reply
        .header('content-type', 'image/webp')
        .header('etag', result.etag)
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === result.etag) return reply.code(304).send();
      return reply.send(result.body);
    },
  );
};
