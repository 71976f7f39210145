import { type FastifyPluginAsyncZod, jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { send } from '../../http/errors';
import { errorResponses } from '../../http/schemas';
import { byteRange } from './byte-range';

const objectKey = z.string().max(300);

export const serveMediaRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/*',
    {
      schema: {
        tags: ['media'],
        summary: 'A stored media object (artwork, avatars, covers)',
        params: z.object({ '*': objectKey }),
        response: { 200: z.any(), ...errorResponses },
      },
      config: {
        // An OpenAPI path names its parameters: the wildcard is documented as /api/media/{path}.
        swaggerTransform: ({ schema, url, ...rest }) =>
          jsonSchemaTransform({
            ...rest,
            schema: {
              ...schema,
              params: z.object({ path: objectKey.describe('The object key, slashes and all') }),
            },
            url: url.replace(/\*$/, ':path'),
          }),
      },
    },
    async (request, reply) => {
      const object = await app.config.media.openServed(request.params['*']);
      if (!object)
        return send(reply, { statusCode: 404, errorType: 'not-found', message: 'Media not found' });
      reply
        .header('content-type', object.contentType)
        .header('etag', object.etag)
        .header('cache-control', 'public, max-age=86400')
        .header('accept-ranges', 'bytes')
        .header('x-content-type-options', 'nosniff')
        // Stored SVG and HTML never run script in our origin.
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
        );
      if (request.headers['if-none-match'] === object.etag) return reply.code(304).send();
      // A player seeking in a video asks for one part of it (206); the object is streamed, never read whole.
      const range = byteRange(request.headers.range, object.size);
      if (range === 'unsatisfiable')
        return reply.code(416).header('content-range', `bytes */${object.size}`).send();
      if (range) {
        return reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${object.size}`)
          .header('content-length', range.end - range.start + 1)
          .send(object.stream(range));
      }
      return reply.header('content-length', object.size).send(object.stream());
    },
  );
};
