// Uploads of publishers' media (issue 16, docs/decisions/018): a resumable upload's progress and, once
// finished, what its bytes turned out to be. The bytes themselves are staged by the MediaStore.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { publishers, users } from './core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const uploads = pgTable(
  'uploads',
  {
    /** Random, unguessable (crypto): the upload's address in its routes. */
    id: text('id').primaryKey(),
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    declaredType: text('declared_type').notNull().default(''),
    /** 'asset' (a drop's media) or 'image' (a storefront picture). */
    purpose: text('purpose').notNull(),
    /** The size declared at start; the upload is complete when `received` reaches it. */
    size: bigint('size', { mode: 'number' }).notNull(),
    received: bigint('received', { mode: 'number' }).notNull().default(0),
    /** open | finished */
    status: text('status').notNull().default('open'),
    contentType: text('content_type'),
    assetType: text('asset_type'),
    mediaUrl: text('media_url'),
    staticThumbnailUrl: text('static_thumbnail_url'),
    ipfsCid: text('ipfs_cid'),
    /** The CID the pinning service answered, when one is configured. */
    pinnedCid: text('pinned_cid'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('uploads_open_idx').on(t.updatedAt).where(sql`${t.status} = 'open'`),
    check('uploads_received_check', sql`${t.received} >= 0 and ${t.received} <= ${t.size}`),
    check('uploads_status_check', sql`${t.status} in ('open', 'finished')`),
  ],
);
