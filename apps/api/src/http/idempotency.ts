// Idempotency keys for write routes (docs/decisions/007-idempotency-keys.md). A route opts in with
// `config: { idempotency: true }`; a request to it carrying `Idempotency-Key` then runs its handler at
// most once per (caller, route, key) within 24 hours:
//  - the first request claims the key, runs, and its answer (status, content type, body as sent) is kept;
//  - a retry with the same params, query and body gets that answer again, byte for byte
//    (`Idempotent-Replayed: true`), without running the handler;
//  - the same key with another request answers 422 `idempotency-key-reused`;
//  - while the first still runs, another request under the key answers 409 `idempotency-key-in-use`
//    with `Retry-After: 1` (refused, not queued: no connection is held waiting).
// Answers that depend on the moment (401, 429, 5xx) are not kept: the key is released for a retry.
import { createHash } from 'node:crypto';
import { type Db, prepared, schema } from '@vitrine/db';
import { and, eq, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../lib/clock';
import { send } from './errors';
import { errorBody } from './schemas';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Accept an `Idempotency-Key` header on this write route (http/idempotency.ts). */
    idempotency?: boolean;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a key and its answer are kept. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim with no answer after this long is taken to belong to a process that stopped. */
export const IDEMPOTENCY_STALE_CLAIM_MS = 60_000;
/** Expired keys are deleted at most this often, by the request that finds the time has come. */
const PURGE_EVERY_MS = 60_000;

const keySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, 'Must be 1 to 255 visible ASCII characters')
  .optional();

const { idempotencyKeys: keys } = schema;

interface Claim {
  caller: string;
  route: string;
  key: string;
}

export function createIdempotencyStore(db: Db, clock: Clock) {
  let nextPurge = 0;
  const where = (c: Claim) => and(eq(keys.caller, c.caller), eq(keys.route, c.route), eq(keys.key, c.key));

  return {
    /**
     * Claims the key for this request: true when it is ours to run (new, expired, or left by a process
     * that stopped), else the row holding it. One statement: of two requests at once, one inserts and
     * the other finds its row.
     */
    async claim(c: Claim, requestHash: string): Promise<true | typeof keys.$inferSelect | null> {
      const now = clock.now();
      if (now.getTime() >= nextPurge) {
        nextPurge = now.getTime() + PURGE_EVERY_MS;
        await db.delete(keys).where(lte(keys.expiresAt, now));
      }
      const p = sql.placeholder;
      // Every trading write: built once (packages/db statements.ts).
      const claimed = await prepared(db, 'idempotency_claim', (d) => {
        const fresh = {
          requestHash: sql`${p('requestHash')}`,
          statusCode: sql`null`,
          contentType: sql`null`,
          body: sql`null`,
          claimedAt: sql`${p('now')}`,
          expiresAt: sql`${p('expiresAt')}`,
        };
        return d
          .insert(keys)
          .values({ caller: p('caller'), route: p('route'), key: p('key'), ...fresh })
          .onConflictDoUpdate({
            target: [keys.caller, keys.route, keys.key],
            set: fresh,
            setWhere: or(
              lte(keys.expiresAt, p('now')),
              and(sql`${keys.statusCode} is null`, lte(keys.claimedAt, p('staleBefore'))),
            ),
          })
          .returning({ key: keys.key });
      }).execute({
        ...c,
        requestHash,
        now: now.toISOString(),
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS).toISOString(),
        staleBefore: new Date(now.getTime() - IDEMPOTENCY_STALE_CLAIM_MS).toISOString(),
      });
      if (claimed.length > 0) return true;
      const [row] = await db.select().from(keys).where(where(c));
      return row ?? null;
    },

    async complete(c: Claim, answer: { statusCode: number; contentType: string; body: string }) {
      const p = sql.placeholder;
      await prepared(db, 'idempotency_complete', (d) =>
        d
          .update(keys)
          .set({
            statusCode: sql`${p('statusCode')}`,
            contentType: sql`${p('contentType')}`,
            body: sql`${p('body')}`,
          })
          .where(and(eq(keys.caller, p('caller')), eq(keys.route, p('route')), eq(keys.key, p('key')))),
      ).execute({ ...c, ...answer });
    },

    async release(c: Claim) {
      await db.delete(keys).where(and(where(c), sql`${keys.statusCode} is null`));
    },
  };
}

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` are one request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function requestHash(request: FastifyRequest): string {
  const { params, query, body } = request;
  return createHash('sha256').update(canonical({ params, query, body })).digest('hex');
}

/** Answers not kept: they depend on the moment, so a retry should run again. */
const transient = (status: number) => status >= 500 || status === 401 || status === 429;

export function registerIdempotency(
  app: FastifyInstance,
  deps: { store: IdempotencyStore; callerOf(request: FastifyRequest): Promise<number | null> },
): void {
  const claims = new WeakMap<FastifyRequest, Claim>();

  async function preHandler(request: FastifyRequest, reply: FastifyReply) {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (typeof key !== 'string') return;
    const userId = await deps.callerOf(request);
    const claim: Claim = {
      caller: userId === null ? 'anonymous' : `user:${userId}`,
      route: `${request.method} ${request.routeOptions.url ?? request.url}`,
      key,
    };
    const hash = requestHash(request);
    // Null: the row went between the two statements (expired and purged); claim again once.
    const found = (await deps.store.claim(claim, hash)) ?? (await deps.store.claim(claim, hash));
    if (found === true) {
      claims.set(request, claim);
      return;
    }
    if (found === null) return conflict(reply);
    if (found.requestHash !== hash) {
      return send(reply, {
        statusCode: 422,
        errorType: 'idempotency-key-reused',
        message: 'This Idempotency-Key was used with another request.',
      });
    }
    if (found.statusCode === null || found.body === null) return conflict(reply);
    return reply
      .code(found.statusCode)
      .header('content-type', found.contentType ?? 'application/json; charset=utf-8')
      .header('idempotent-replayed', 'true')
      .send(found.body);
  }

  async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    if (transient(reply.statusCode) || typeof payload !== 'string') {
      await deps.store.release(claim);
      return payload;
    }
    await deps.store.complete(claim, {
      statusCode: reply.statusCode,
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      body: payload,
    });
    return payload;
  }

  // Only the routes that opt in get the hooks (other routes pay nothing). The header is part of the
  // route's schema, so it is validated and shown in the OpenAPI document.
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotency) return;
    route.schema ??= {};
    const schema = route.schema;
    if (schema.headers) throw new Error(`${route.url}: idempotent routes take no other header schema`);
    schema.headers = z.looseObject({ [IDEMPOTENCY_HEADER]: keySchema });
    if (schema.response && typeof schema.response === 'object') {
      schema.response = { ...schema.response, 409: errorBody, 422: errorBody };
    }
    const hooks = route as unknown as { preHandler?: unknown; onSend?: unknown };
    hooks.preHandler = [...asList(hooks.preHandler), preHandler];
    hooks.onSend = [...asList(hooks.onSend), onSend];
  });
}

const asList = (hooks: unknown): unknown[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

function conflict(reply: FastifyReply) {
  return send(reply.header('retry-after', '1'), {
    statusCode: 409,
    errorType: 'idempotency-key-in-use',
    message: 'A request with this Idempotency-Key is still in progress. Retry shortly.',
  });
}
