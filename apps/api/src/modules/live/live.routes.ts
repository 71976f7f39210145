// Live updates and alerts (issue 15; docs/decisions/014-live-updates.md):
//  GET  /api/v2/events/          server-sent events of topics (`topic` repeated; `stream_token` for user:{id})
//  POST /api/v2/events/token/    a stream token for the signed-in user's topic
//  GET  /api/v2/events/recent/   the polling fallback: events of topics after an id
//  GET  /api/v2/alerts/          the signed-in user's alerts, newest first, with the unread count
//  POST /api/v2/alerts/read/     marks alerts (given ids, or all) read
//  POST /api/v2/alerts/send/     operators (ADMIN_TOKEN): an alert to the user of an email
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalAuth, signedIn } from '../../http/guard';
import { pageQuery } from '../../http/pagination';
import { errorBody, errorResponses } from '../../http/schemas';
import { bearerToken } from '../platform/platform.schemas';
import { TOPIC } from './live.service';

const topicList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()))
  .pipe(z.array(z.string().regex(TOPIC, 'Not a topic')).min(1).max(20));
const eventId = z.string().regex(/^\d{1,30}$/);

const alertKind = z.enum(['outbid', 'ending-soon', 'won', 'lost', 'drawing-result', 'drop-live', 'sold']);
const alertSchema = z.object({
  id: z.number().int(),
  kind: alertKind,
  message: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});

export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  // Open streams would hold the server's close: end them first (the browser reconnects elsewhere).
  app.addHook('preClose', async () => app.services.live.streams.closeAll());

  app.get(
    '/v2/events/',
    {
      // The stream is written as it goes: never compressed (compression would buffer it).
      compress: false,
      schema: {
        tags: ['live'],
        summary: 'Server-sent events of topics (nifty:{contract}:{type}, drop:{id}, user:{id})',
        description:
          'text/event-stream: `id:` the event id, `event:` its type (bid, auction, sold, token, alert), `data:` JSON. A user topic needs `stream_token` (POST /api/v2/events/token/). A reconnect with Last-Event-ID first gets the kept events after it.',
        querystring: z.object({
          topic: topicList,
          stream_token: z.string().max(200).optional(),
          last_event_id: eventId.optional(),
        }),
        headers: z.object({ 'last-event-id': eventId.optional() }).passthrough(),
        response: { 200: z.string().describe('text/event-stream'), ...errorResponses, 503: errorBody },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const body = await app.services.live.openStream(
        q.topic,
        q.stream_token ?? null,
        request.headers['last-event-id'] ?? q.last_event_id ?? null,
      );
      // Gone while the stream was being opened, or later: let it go (unsubscribe, leave the count).
      if (request.raw.destroyed || reply.raw.destroyed) body.destroy();
      reply.raw.on('close', () => body.destroy());
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(body as unknown as string); // a stream: fastify pipes it, unserialized
    },
  );

  app.post(
    '/v2/events/token/',
    {
      config: { auth: 'user' },
      compress: false,
      schema: {
        tags: ['live'],
        summary: 'A stream token: opens event streams with the signed-in user’s topic for 10 minutes',
        response: {
          200: z.object({ token: z.string(), expires_in: z.number().int(), topic: z.string() }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.services.live.issueStreamToken(signedIn(request).userId);
    },
  );

  app.get(
    '/v2/events/recent/',
    {
      schema: {
        tags: ['live'],
        summary:
          'The polling fallback: events of topics after an id (none on the first call, which gives the id)',
        querystring: z.object({ topic: topicList, after: eventId.optional() }),
        response: {
          200: z.object({
            last_id: z.string(),
            events: z.array(
              z.object({ id: z.string(), topic: z.string(), type: z.string(), data: z.unknown() }),
            ),
          }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const auth = await optionalAuth(request);
      return app.services.live.recent(request.query.topic, request.query.after ?? null, auth?.userId ?? null);
    },
  );

  app.get(
    '/v2/alerts/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['live'],
        summary: 'The signed-in user’s alerts, newest first, and how many are unread',
        querystring: pageQuery,
        response: {
          200: z.object({
            count: z.number().int(),
            page: z.number().int(),
            page_size: z.number().int(),
            total_pages: z.number().int(),
            results: z.array(alertSchema),
            unread_count: z.number().int(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.services.alerts.list(signedIn(request).userId, request.query.page, request.query.page_size);
    },
  );

  app.post(
    '/v2/alerts/read/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['live'],
        summary: 'Marks alerts read: the given ids, or all of them',
        body: z.union([
          z.object({ ids: z.array(z.number().int().min(1)).min(1).max(100) }).strict(),
          z.object({ all: z.literal(true) }).strict(),
        ]),
        response: { 200: z.object({ unread_count: z.number().int() }), ...errorResponses },
      },
    },
    async (request) =>
      app.services.alerts.markRead(signedIn(request).userId, 'ids' in request.body ? request.body.ids : null),
  );

  app.post(
    '/v2/alerts/send/',
    {
      schema: {
        tags: ['live'],
        summary: 'Send an alert to a user (operators: Authorization: Bearer $ADMIN_TOKEN)',
        security: [{ adminToken: [] }],
        body: z
          .object({
            email: z.string().email().max(320),
            kind: alertKind,
            message: z.string().min(1).max(500),
            link: z
              .string()
              .max(500)
              .regex(/^\/(?!\/)/, 'A path in the web app')
              .nullable()
              .default(null),
          })
          .strict(),
        response: { 201: alertSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      app.services.platform.requireOperator(bearerToken(request.headers.authorization), 'Sending alerts');
      const { email, ...alert } = request.body;
      return reply.code(201).send(await app.services.alerts.sendToEmail(email, alert));
    },
  );
};
