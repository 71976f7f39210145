// Idempotency keys for write routes (docs/decisions/007-idempotency-keys.md). A route opts in with
// `config: { idempotency: true }`; a request to it carrying `Idempotency-Key` then runs its handler at
// most once per (caller, route, key) within 24 hours:
//  - the first request claims the key, runs, and its answer (status, content type, body as sent) is kept;
//  - a retry with the same params, query and body gets that answer again, byte for byte
//    (`Idempotent-Replayed: true`), without running the handler;
//  - the same key with another request answers 422 `idempotency-key-reused`;
//  - while the first still runs, another request under the key answers 409 `idempotency-key-in-use`
//    with `Retry-After: 1` (refused, not queued: no connection is held waiting). A running request renews
//    its claim every IDEMPOTENCY_HEARTBEAT_MS, however long it takes (a slow card processor); only a claim
//    left without renewal for IDEMPOTENCY_STALE_CLAIM_MS (its process stopped) is taken over by a retry.
// Answers that depend on the moment (401, 429, 5xx) are not kept: the key is released for a retry.
import { createHash } from 'node:crypto';
import { type Db, schema } from '@vitrine/db';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { createBatcher } from '../lib/batch';
import type { Clock } from '../lib/clock';
import { rowsOf } from '../lib/sql-rows';
import { send } from './errors';
import { errorBody } from './schemas';

/**
 * A request's own id for a card processor, from its Idempotency-Key (hashed: a key may be 255 characters): the same
 * request sent again (its answer lost, or a 500, which is not kept) finds the authorisation the first try made
 * instead of placing a second hold. Null without a key.
 */
export function processorRequestId(key: unknown): string | null {
  return typeof key === 'string' && key !== ''
    ? createHash('sha256').update(key).digest('hex').slice(0, 32)
    : null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Accept an `Idempotency-Key` header on this write route (http/idempotency.ts). */
    idempotency?: boolean;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a key and its answer are kept. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim with no answer and not renewed for this long is taken to belong to a process that stopped. */
export const IDEMPOTENCY_STALE_CLAIM_MS = 60_000;
/** How often a running request renews its claim (a quarter of the staleness: three renewals may be late). */
export const IDEMPOTENCY_HEARTBEAT_MS = 15_000;
/** A request renews its claim for this long at most: one that never answers does not hold its key forever. */
const HEARTBEAT_LIMIT_MS = 30 * 60_000;
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

type KeyRow = typeof keys.$inferSelect;

export function createIdempotencyStore(db: Db, clock: Clock) {
  let nextPurge = 0;
  const where = (c: Claim) => and(eq(keys.caller, c.caller), eq(keys.route, c.route), eq(keys.key, c.key));
  const id = (c: Claim) => JSON.stringify([c.caller, c.route, c.key]);

  // The claims and answers of requests arriving together are one statement each (lib/batch.ts, decision
  // 021). A claim inserts the key, or takes over a row that expired or whose request stopped long ago
  // (IDEMPOTENCY_STALE_CLAIM_MS); of two claims of one key at once, one inserts and the other finds its row.
  const claims = createBatcher<{ claim: Claim; requestHash: string; now: Date }, true | null>(
    async (asked) => {
      // One key twice in a batch (a double click): the first claims, the second finds it claimed.
      const seen = new Set<string>();
      const first = asked.map((a) => {
        const k = id(a.claim);
        if (seen.has(k)) return false;
        seen.add(k);
        return true;
      });
      const json = JSON.stringify(
        asked.flatMap((a, i) =>
          first[i]
            ? [
                {
                  i,
                  caller: a.claim.caller,
                  route: a.claim.route,
                  key: a.claim.key,
                  request_hash: a.requestHash,
                  now: a.now.toISOString(),
                  expires_at: new Date(a.now.getTime() + IDEMPOTENCY_TTL_MS).toISOString(),
                },
              ]
            : [],
        ),
      );
      // Rows are claimed in key order, so two batches sharing keys never deadlock. A key not claimed is
      // read again on its own (`claim` below): this statement's snapshot may hold an older version of it.
      const rows = await rowsOf<{ i: number }>(
        db,
        sql`with asked as (
              select * from jsonb_to_recordset(${json}::jsonb)
                as a(i int, caller text, route text, key text, request_hash text, now timestamptz, expires_at timestamptz)
            ), claimed as (
              insert into ${keys} (caller, route, key, request_hash, status_code, content_type, body, claimed_at, expires_at)
              select caller, route, key, request_hash, null, null, null, now, expires_at from asked
              order by caller, route, key
              on conflict (caller, route, key) do update set
                request_hash = excluded.request_hash, status_code = null, content_type = null, body = null,
                claimed_at = excluded.claimed_at, expires_at = excluded.expires_at
              where ${keys.expiresAt} <= excluded.claimed_at
                or (${keys.statusCode} is null
                  and ${keys.claimedAt} <= excluded.claimed_at - make_interval(secs => ${IDEMPOTENCY_STALE_CLAIM_MS / 1000}))
              returning caller, route, key
            )
            select a.i from asked a
            join claimed c on c.caller = a.caller and c.route = a.route and c.key = a.key`,
      );
      const won = new Set(rows.map((r) => Number(r.i)));
      // Not claimed (held by another request, answered, or a second of the batch): null, read by `claim`.
      return asked.map((_, i) => (won.has(i) ? (true as const) : null));
    },
  );

  // Answers: rows locked in key order first (two batches sharing keys never deadlock); a batch refused as a
  // whole is written again row by row, so one bad row fails only its own request.
  type Answer = Claim & { statusCode: number; contentType: string; body: string };
  const writeAnswers = async (asked: Answer[]) => {
    const json = JSON.stringify(
      asked.map((a) => ({
        caller: a.caller,
        route: a.route,
        key: a.key,
        status_code: a.statusCode,
        content_type: a.contentType,
        body: a.body,
      })),
    );
    await rowsOf(
      db,
      sql`with v as (
            select * from jsonb_to_recordset(${json}::jsonb)
              as v(caller text, route text, key text, status_code int, content_type text, body text)
          ), locked as (
            select ${keys.caller}, ${keys.route}, ${keys.key} from ${keys}
            join v on ${keys.caller} = v.caller and ${keys.route} = v.route and ${keys.key} = v.key
            order by ${keys.caller}, ${keys.route}, ${keys.key}
            for update of ${keys}
          )
          update ${keys} set status_code = v.status_code, content_type = v.content_type, body = v.body
          from locked, v
          where ${keys.caller} = locked.caller and ${keys.route} = locked.route and ${keys.key} = locked.key
            and v.caller = locked.caller and v.route = locked.route and v.key = locked.key`,
    );
  };
  const answers = createBatcher<Answer, { failed: unknown } | null>(async (asked) => {
    try {
      await writeAnswers(asked);
      return asked.map(() => null);
    } catch (error) {
      if (asked.length === 1) return [{ failed: error }];
      return Promise.all(
        asked.map((a) =>
          writeAnswers([a]).then(
            () => null,
            (failed: unknown) => ({ failed }),
          ),
        ),
      );
    }
  });

  return {
    /**
     * Claims the key for this request: true when it is ours to run (new, expired, or left by a process
     * that stopped), else the row holding it (null: not seen yet, claim again).
     */
    async claim(c: Claim, requestHash: string): Promise<true | KeyRow | null> {
      const now = clock.now();
      if (now.getTime() >= nextPurge) {
        nextPurge = now.getTime() + PURGE_EVERY_MS;
        // In key order, skipping rows a claim is taking over, as the claims lock them (no deadlock).
        await db.delete(keys).where(
          sql`(${keys.caller}, ${keys.route}, ${keys.key}) in (
            select ${keys.caller}, ${keys.route}, ${keys.key} from ${keys}
            where ${lte(keys.expiresAt, now)}
            order by ${keys.caller}, ${keys.route}, ${keys.key} for update skip locked)`,
        );
      }
      if ((await claims.load({ claim: c, requestHash, now })) === true) return true;
      const [row] = await db.select().from(keys).where(where(c));
      return row ?? null;
    },

    async complete(c: Claim, answer: { statusCode: number; contentType: string; body: string }) {
      const written = await answers.load({ ...c, ...answer });
      if (written) throw written.failed;
    },

    /** Renews a running request's claim (its process is alive): no retry takes it over as stale. */
    async renew(c: Claim) {
      await db
        .update(keys)
        .set({ claimedAt: clock.now() })
        .where(and(where(c), sql`${keys.statusCode} is null`));
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

/**
 * What the request does: its params, query and body, less a two-factor code (`twoFactorCode`), which is a credential
 * for one try, not part of the action. A cash out whose answer was lost is sent again with a new code: it must be
 * the same request, answered from the first (review 2026-12-07: a new code made it another, paid out twice).
 */
function requestHash(request: FastifyRequest): string {
  const { params, query } = request;
  let body = request.body;
  if (body !== null && typeof body === 'object' && !Array.isArray(body) && 'twoFactorCode' in body) {
    const { twoFactorCode: _code, ...rest } = body as Record<string, unknown>;
    body = rest;
  }
  return createHash('sha256').update(canonical({ params, query, body })).digest('hex');
}

/** Answers not kept: they depend on the moment, so a retry should run again. */
const transient = (status: number) => status >= 500 || status === 401 || status === 429;

/**
 * A step-up refusal (403 `two_factor_required` / `two_factor_invalid`) answers the code, not the action: not kept,
 * so the same action sent again with its code runs.
 */
const askedForCode = (status: number, payload: string) =>
  status === 403 && /"errorType":"two_factor_(required|invalid)"/.test(payload);

export function registerIdempotency(
  app: FastifyInstance,
  deps: {
    store: IdempotencyStore;
    callerOf(request: FastifyRequest): Promise<number | null>;
    /** How often a running request renews its claim (IDEMPOTENCY_HEARTBEAT_MS; shorter in tests). */
    heartbeatMs?: number;
  },
): void {
  const claims = new WeakMap<FastifyRequest, Claim>();
  const heartbeats = new WeakMap<FastifyRequest, NodeJS.Timeout>();
  const heartbeatMs = deps.heartbeatMs ?? IDEMPOTENCY_HEARTBEAT_MS;

  /**
   * Renews the claim while the request runs; stopped when its answer is sent (onSend runs even when the client
   * has gone: its retry must still find the key in use), or after HEARTBEAT_LIMIT_MS.
   */
  function beat(request: FastifyRequest, claim: Claim) {
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > HEARTBEAT_LIMIT_MS) return stop(request);
      deps.store
        .renew(claim)
        .catch((err: unknown) => request.log.warn({ err }, 'idempotency claim not renewed'));
    }, heartbeatMs);
    timer.unref();
    heartbeats.set(request, timer);
  }
  function stop(request: FastifyRequest) {
    const timer = heartbeats.get(request);
    if (timer) clearInterval(timer);
    heartbeats.delete(request);
  }

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
      beat(request, claim);
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
    stop(request);
    if (
      transient(reply.statusCode) ||
      typeof payload !== 'string' ||
      askedForCode(reply.statusCode, payload)
    ) {
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
