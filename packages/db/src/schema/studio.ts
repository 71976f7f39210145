// The publisher studio (issue 16, docs/decisions/017-publisher-studio.md; 001 §3 "NFT in a drop", §6): the
// NFT fields drafts need beyond the catalog's, each NFT's creators, its sales splits, and each publisher
// member's agreement to the publisher terms.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { drops, nifties, publishers, users } from './core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The artists of one NFT (001 §3 creators), in order. */
export const niftyCreators = pgTable(
  'nifty_creators',
  {
    niftyId: integer('nifty_id')
      .notNull()
      .references(() => nifties.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.niftyId, t.userId] }), index('nifty_creators_user_idx').on(t.userId)],
);

/**
 * One recipient of an NFT's sales split (001 §3 primarySalesSplit, secondarySalesSplit, onChainSalesSplit):
 * a user (primary, secondary) or an ethereum address (on_chain), and a percentage (two decimals).
 */
export const salesSplits = pgTable(
  'sales_splits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    niftyId: integer('nifty_id')
      .notNull()
      .references(() => nifties.id, { onDelete: 'cascade' }),
    /** primary | secondary | on_chain */
    kind: text('kind').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ethAddress: text('eth_address'),
    percentage: numeric('percentage', { precision: 5, scale: 2 }).notNull(),
    position: integer('position').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('sales_splits_nifty_idx').on(t.niftyId, t.kind, t.position),
    check('sales_splits_kind', sql`${t.kind} in ('primary', 'secondary', 'on_chain')`),
    check('sales_splits_percentage', sql`${t.percentage} >= 0 and ${t.percentage} <= 100`),
  ],
);

/** A member's agreement to a publisher's terms (001 §6 "must approve the publisher agreement per publisher"). */
export const publisherTosApprovals = pgTable(
  'publisher_tos_approvals',
  {
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    agreedAt: ts('agreed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.publisherId, t.userId] })],
);

/**
 * The publisher fee of one drop (001 §7 `v2/publisher-fee`, 000 §7 "Publisher fee"; decision 017 "Publisher
 * fee"): created by a member before publishing, paid once (card or balance) as one ledger movement
 * (publisher → platform_revenue). Publishing needs the drop's fee `paid`. One fee per drop.
 */
export const publisherFees = pgTable(
  'publisher_fees',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    dropId: integer('drop_id')
      .notNull()
      .references(() => drops.id, { onDelete: 'cascade' }),
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    /** stripe_card | balance (null until chosen) */
    paymentMethod: text('payment_method'),
    /** USD | ETH */
    paymentCurrency: text('payment_currency').notNull().default('USD'),
    /** pending | paid */
    paymentState: text('payment_state').notNull().default('pending'),
    paidBy: integer('paid_by').references(() => users.id, { onDelete: 'set null' }),
    providerReference: text('provider_reference'),
    ledgerTransactionId: integer('ledger_transaction_id'),
    paidAt: ts('paid_at'),
    /** When a card payment's money was taken: null while owed (a capture after the commit that failed; the minute sweep takes it). */
    capturedAt: ts('captured_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('publisher_fees_drop_idx').on(t.dropId),
    index('publisher_fees_capture_owed_idx')
      .on(t.paidAt)
      .where(
        sql`${t.paymentState} = 'paid' and ${t.providerReference} is not null and ${t.capturedAt} is null`,
      ),
    check('publisher_fees_amount_check', sql`${t.amountCents} >= 0`),
    check('publisher_fees_state_check', sql`${t.paymentState} in ('pending', 'paid')`),
  ],
);
