// Idempotency keys of write routes (docs/decisions/007-idempotency-keys.md): the first answer to a
// request carrying an `Idempotency-Key`, kept for 24 hours and given again to a retry.
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** `user:{id}` or `anonymous`. */
    caller: text('caller').notNull(),
    /** Method and route pattern, e.g. `POST /api/v2/subscriptions/publishers/:slug/follow/`. */
    route: text('route').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request's params, query and body: another request under the key is refused. */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request runs. */
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    /** The answer's body as sent, byte for byte. */
    body: text('body'),
    claimedAt: ts('claimed_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.caller, t.route, t.key] }),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
  ],
);
