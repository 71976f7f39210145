// Live updates and alerts (issue 15; docs/decisions/014-live-updates.md): a user's alerts (outbid,
// ending soon, won / lost, drawing results, a followed publisher's drop going live) and the
// short-lived tokens that open a server-sent event stream carrying the user's own topic.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One alert of one user. `dedupeKey` makes a retried job's alert once-only per user. */
export const alerts = pgTable(
  'alerts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** outbid | ending-soon | won | lost | drawing-result | drop-live */
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    dedupeKey: text('dedupe_key'),
    readAt: ts('read_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('alerts_user_idx').on(t.userId, t.id),
    index('alerts_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    uniqueIndex('alerts_user_dedupe_key').on(t.userId, t.dedupeKey),
  ],
);

/** A stream token (stored as its SHA-256 hash): opens event streams with the user's topic until it expires. */
export const liveStreamTokens = pgTable(
  'live_stream_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('live_stream_tokens_expires_idx').on(t.expiresAt)],
);
