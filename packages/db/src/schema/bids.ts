// Bids on primary auctions (issue 15, docs/decisions/012-bids.md): auction (1/1), ranked_auction and
// silent_auction. A bid is backed like an offer: a ledger hold (`bid:{id}`) on the bidder's balance or a
// card authorisation. `currently_active` is true while the bid is among the nifty's top N (its backing
// held); a bid that falls out (outbid), is replaced by the bidder's own higher bid, or is settled is not.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { nifties, users } from './core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const cents = (name: string) => bigint(name, { mode: 'number' });

export const bids = pgTable(
  'bids',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    niftyId: integer('nifty_id')
      .notNull()
      .references(() => nifties.id, { onDelete: 'cascade' }),
    amountInCents: cents('amount_in_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    currentlyActive: boolean('currently_active').notNull().default(true),
    /** active | outbid | replaced | won | lost | forfeited (a card win whose money could never be taken) */
    status: text('status').notNull().default('active'),
    /** balance | stripe_card */
    paymentMethod: text('payment_method').notNull(),
    /** The ledger hold backing a balance bid (`bid:{id}`). */
    holdReference: text('hold_reference'),
    /** The card authorisation backing a card bid. */
    providerReference: text('provider_reference'),
    /** The card that backs it, as a receipt shows it: brand and last four digits only (set when authorised). */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    saleId: integer('sale_id'),
    ledgerTransactionId: integer('ledger_transaction_id'),
    createdAt: ts('created_at').notNull(),
    closedAt: ts('closed_at'),
    /** When a winning card bid's money was taken (null while owed: the minute sweep takes it). */
    capturedAt: ts('captured_at'),
    /** Captures of a won card bid the processor refused (the win is forfeited at MAX_CAPTURE_ATTEMPTS). */
    captureAttempts: integer('capture_attempts').notNull().default(0),
    /** The last refused capture: the next waits after it (CAPTURE_RETRY_DELAYS_MS). */
    captureRefusedAt: ts('capture_refused_at'),
    forfeitedAt: ts('forfeited_at'),
  },
  (t) => [
    index('bids_capture_owed_idx')
      .on(t.closedAt)
      .where(sql`${t.status} = 'won' and ${t.providerReference} is not null and ${t.capturedAt} is null`),
    index('bids_nifty_idx').on(t.niftyId, t.createdAt),
    // Card authorisations: one backs one bid, offer or entry (card-authorizations.ts `backsAnother`).
    index('bids_provider_reference_idx')
      .on(t.providerReference)
      .where(sql`${t.providerReference} is not null`),
    // The Sales tab finds a won bid's movement by its sale.
    index('bids_sale_idx').on(t.saleId).where(sql`${t.saleId} is not null`),
    index('bids_nifty_active_idx').on(t.niftyId, t.amountInCents).where(sql`${t.currentlyActive}`),
    index('bids_user_active_idx').on(t.userId).where(sql`${t.currentlyActive}`),
    // A winner's purchase history (won auctions).
    index('bids_user_won_idx').on(t.userId).where(sql`${t.status} = 'won'`),
    check('bids_positive', sql`${t.amountInCents} > 0`),
    // Both or neither, and never more than four digits of the number (as purchase_intents_card_shown).
    check(
      'bids_card_shown',
      sql`(${t.cardBrand} is null and ${t.cardLast4} is null)
        or (${t.cardBrand} is not null and ${t.cardLast4} ~ '^[0-9]{4}$')`,
    ),
  ],
);

/**
 * A nifty's auction state, made by its first bid: the end as late bids moved it, the bid count and when it
 * was settled (a conditional update from null: settlement happens once).
 */
export const auctionStates = pgTable('auction_states', {
  niftyId: integer('nifty_id')
    .primaryKey()
    .references(() => nifties.id, { onDelete: 'cascade' }),
  endsAt: ts('ends_at').notNull(),
  bidCount: integer('bid_count').notNull().default(0),
  settledAt: ts('settled_at'),
  updatedAt: ts('updated_at').notNull(),
});
