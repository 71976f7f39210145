// Answers that are the same for every caller (signed-out explore pages, drop lists, search) are
// validated against their response schema and serialized once, kept under the rule of the response
// cache (its scopes, lag and status epoch; docs/decisions/004-catalog-api.md §7), then sent as JSON
// text. Fastify sends a string payload as is. Each kept answer keeps its brotli and gzip forms once a
// request has asked for them (http/compression.ts), so a hot answer is compressed once, not per request.
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { ResponseCache } from '../lib/response-cache';
import { type KeptText, keptText, sendKeptText } from './compression';

export async function sendSharedAnswer<T>(
  reply: FastifyReply,
  cache: ResponseCache,
  key: string,
  /** The scopes the answer shows (`[]`: none narrower than the whole catalog). */
  scopes: readonly string[],
  schema: z.ZodType<T>,
  compute: () => Promise<T>,
): Promise<FastifyReply> {
  const json = await cache.get(key, scopes, async () =>
    keptText(JSON.stringify(schema.parse(await compute()))),
  );
  return sendKeptText(reply.type('application/json; charset=utf-8'), json);
}

/**
 * The size a kept answer counts for in the cache's byte budget: its JSON text (and a page's card ids).
 * The brotli and gzip forms made later for the requests that ask for them are not counted (docs/operations.md,
 * "Memory", says what they add).
 */
export function sharedAnswerBytes(value: KeptText | SharedPage): number {
  if ('ids' in value) return value.json.bytes + value.ids.length * 8;
  return value.bytes;
}

/** A page of cards whose only per-viewer part is `likes.isLiked`. */
interface LikeablePage {
  results: { id: number; likes: { isLiked: boolean } }[];
}

/** The shared answer of a page and the ids of its cards, so a viewer's likes can be laid over it. */
interface SharedPage {
  json: KeptText;
  ids: number[];
}

/**
 * A page of cards (explore NFTs, collections, a user's NFTs): everyone gets the shared answer, computed
 * for a signed-out caller; a signed-in viewer's likes among its cards come from one indexed query
 * (`liked`, never cached: what the viewer just liked shows at once) and are laid over it. Most pages
 * hold none of the viewer's likes and go out as they are.
 */
export async function sendSharedPage<T extends LikeablePage>(
  reply: FastifyReply,
  cache: ResponseCache,
  key: string,
  scopes: readonly string[],
  schema: z.ZodType<T>,
  compute: () => Promise<T>,
  liked: ((ids: number[]) => Promise<Set<number>>) | null,
): Promise<FastifyReply> {
  const page = await cache.get<SharedPage>(key, scopes, async () => {
    const value = schema.parse(await compute());
    return { json: keptText(JSON.stringify(value)), ids: value.results.map((r) => r.id) };
  });
  const mine = liked === null || page.ids.length === 0 ? null : await liked(page.ids);
  reply.type('application/json; charset=utf-8');
  if (!mine || mine.size === 0) return sendKeptText(reply, page.json);
  const value = JSON.parse(page.json.text) as T;
  for (const card of value.results) card.likes.isLiked = mine.has(card.id);
  return reply.send(JSON.stringify(value));
}
