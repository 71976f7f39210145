// Drawings (issue 15, decision 013): drops of type drawing and pack_drawing. One drawing per nifty,
// made before any entry with a secret seed (32 bytes from `crypto`) whose sha256 (`commitment`) is public
// from then on; at close the `drawings.run` job draws the winners from the seed and the entries sorted by
// id (`drawWinners` of @vitrine/domain), mints and charges them, releases the others and publishes the seed.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { nifties, tokens, users } from './core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const drawings = pgTable(
  'drawings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    niftyId: integer('nifty_id')
      .notNull()
      .references(() => nifties.id, { onDelete: 'cascade' }),
    /** Secret until the drawing ran (never sent before `drawnAt`): 64 hex characters. */
    seed: text('seed').notNull(),
    /** sha256 of the seed's bytes, hex: public from creation. */
    commitment: text('commitment').notNull(),
    /** open | drawn */
    status: text('status').notNull().default('open'),
    /** Editions drawn (what was free of the nifty when it ran). */
    editionsDrawn: integer('editions_drawn'),
    createdAt: ts('created_at').notNull(),
    drawnAt: ts('drawn_at'),
  },
  (t) => [
    uniqueIndex('drawings_nifty_key').on(t.niftyId),
    check('drawings_status', sql`${t.status} in ('open', 'drawn')`),
  ],
);

/**
 * An entry: backed like an offer, by balance (a ledger hold `drawing_entry:{id}` of the price when the
 * price is not 0) or by card (an authorisation, `provider_reference`), charged only when it wins.
 * `status`: entered | won | lost | forfeited. A card entry's authorisation is captured (won) or voided
 * (lost, forfeited) after the draw committed, once: `card_settled_at` records it. A winner whose capture
 * the processor refuses `capture_attempts` times forfeits the win (`forfeited_at`): the edition goes to
 * the next entrant in the draw order (decision 013 "Refused captures").
 */
export const drawingEntries = pgTable(
  'drawing_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    drawingId: integer('drawing_id')
      .notNull()
      .references(() => drawings.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    /** balance | stripe_card */
    paymentMethod: text('payment_method').notNull().default('balance'),
    /** The card processor's authorisation of a card entry. */
    providerReference: text('provider_reference'),
    /** The card that backs it, as a receipt shows it: brand and last four digits only (set when authorised). */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** When a card entry's authorisation was captured (won) or voided (lost). */
    cardSettledAt: ts('card_settled_at'),
    /** Captures of a won card entry the processor refused. */
    captureAttempts: integer('capture_attempts').notNull().default(0),
    /** When the last refused capture was tried (the next waits `CAPTURE_RETRY_DELAYS_MS` from it). */
    captureRefusedAt: ts('capture_refused_at'),
    forfeitedAt: ts('forfeited_at'),
    /** When a forfeited edition passed to this entry (not drawn, next in the draw order). */
    promotedAt: ts('promoted_at'),
    status: text('status').notNull().default('entered'),
    /** The edition minted to a winner. */
    tokenRowId: integer('token_row_id').references(() => tokens.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
    settledAt: ts('settled_at'),
  },
  (t) => [
    uniqueIndex('drawing_entries_user_key').on(t.drawingId, t.userId),
    index('drawing_entries_drawing_idx').on(t.drawingId, t.id),
    // Card authorisations: one backs one entry, offer or bid (card-authorizations.ts `backsAnother`).
    index('drawing_entries_provider_reference_idx')
      .on(t.providerReference)
      .where(sql`${t.providerReference} is not null`),
    // A winner's purchase history (drawing wins).
    index('drawing_entries_user_won_idx').on(t.userId).where(sql`${t.status} = 'won'`),
    // The Sales tab finds a won entry's movement by the edition minted to it.
    index('drawing_entries_token_won_idx').on(t.tokenRowId).where(sql`${t.status} = 'won'`),
    check('drawing_entries_status', sql`${t.status} in ('entered', 'won', 'lost', 'forfeited')`),
    check('drawing_entries_price', sql`${t.priceCents} >= 0`),
    // Both or neither, and never more than four digits of the number (as purchase_intents_card_shown).
    check(
      'drawing_entries_card_shown',
      sql`(${t.cardBrand} is null and ${t.cardLast4} is null)
        or (${t.cardBrand} is not null and ${t.cardLast4} ~ '^[0-9]{4}$')`,
    ),
    check('drawing_entries_payment_method', sql`${t.paymentMethod} in ('balance', 'stripe_card')`),
  ],
);
