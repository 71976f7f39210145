// Answers that are the same for every caller (signed-out explore pages, search) are validated against
// their response schema and serialized once per catalog version, then sent as JSON text
// (docs/decisions/004-catalog-api.md §7). Fastify sends a string payload as is.
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { ResponseCache } from './response-cache';

export async function sendSharedAnswer<T>(
  reply: FastifyReply,
  cache: ResponseCache,
  key: string,
  schema: z.ZodType<T>,
  compute: () => Promise<T>,
): Promise<FastifyReply> {
  const json = await cache.get(key, async () => JSON.stringify(schema.parse(await compute())));
  return reply.type('application/json; charset=utf-8').send(json);
}
