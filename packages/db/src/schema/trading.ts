// Trading and money (docs/decisions/009-trading-and-ledger.md): the double-entry ledger, holds and
// purchase intents. Every movement of money is one ledger transaction whose entries sum to zero per
// currency (checked by a deferred constraint trigger at commit). A balance is the sum of the account's
// entries, never a stored row every movement writes (decision 022): a credit only inserts entries, so
// purchases paying one seller, one creator and the platform do not queue on their rows; a debit locks
// the account, reads its sum, and a second deferred trigger keeps a user's sum >= 0 at commit.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { listings, nifties, tokens, users } from './core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const cents = (name: string) => bigint(name, { mode: 'number' });

/**
 * A ledger account. `kind`: `user` (a user's balance), `platform_revenue` (fees the platform keeps),
 * `unassigned_royalties` (creator fees of collections without a creator), `payments_clearing` (money
 * coming in from card processors and going out in payouts: external, so it runs negative), `card_disputes` (what
 * card disputes took from the platform: a loss, so it runs negative; decision 009 "Disputes").
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    currency: text('currency').notNull().default('USD'),
    /** Only external accounts (payments clearing) may go below zero. */
    mayGoNegative: boolean('may_go_negative').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ledger_accounts_key').on(t.kind, sql`coalesce(${t.userId}, 0)`, t.currency)],
);

/** One movement of money: a purchase, a deposit, a payout, a refund. `reference` makes it once-only. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    /** What caused it, e.g. `purchase_intent:12`; one transaction per (kind, reference). */
    reference: text('reference').notNull(),
    description: text('description').notNull().default(''),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('ledger_transactions_reference_key').on(t.kind, t.reference)],
);

/** The entries of a transaction: signed amounts (credit +, debit -) summing to zero per currency. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    amountCents: cents('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    /** What the line is: price, service_fee, card_fee, gas_fee, creator_fee, proceeds, payment, ... */
    memo: text('memo').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_account_idx').on(t.accountId, t.createdAt),
    // A balance is read from this index alone: the account's entries' amounts.
    index('ledger_entries_account_amount_idx').on(t.accountId, t.amountCents),
    check('ledger_entries_not_zero', sql`${t.amountCents} <> 0`),
  ],
);

/** Money set aside on an account for an open offer: not spendable while active. */
export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    amountCents: cents('amount_cents').notNull(),
    reference: text('reference').notNull(),
    /** active | released | captured */
    status: text('status').notNull().default('active'),
    createdAt: ts('created_at').notNull(),
    closedAt: ts('closed_at'),
  },
  (t) => [
    index('ledger_holds_active_idx').on(t.accountId).where(sql`${t.status} = 'active'`),
    uniqueIndex('ledger_holds_reference_key').on(t.reference),
    check('ledger_holds_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * A purchase intent (000 §3): a buyer's quote for a listing, or for editions of a drop's nifty (a primary
 * sale, `sale_kind` the drop type: fcfs), paid once. `payment_state`: pending, requires_action, paid,
 * expired, cancelled. `listing_match_id` is the intent's id (000 §3 listing match). A primary intent holds
 * `held_quantity` editions of its nifty while open and in time (decision 009 "Primary sales").
 */
export const purchaseIntents = pgTable(
  'purchase_intents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The listing bought (secondary); null for a primary sale. */
    listingId: integer('listing_id').references(() => listings.id, { onDelete: 'cascade' }),
    tokenRowId: integer('token_row_id').references(() => tokens.id, { onDelete: 'cascade' }),
    /** `listing` (secondary) or the drop type of a primary sale (`fcfs`). */
    saleKind: text('sale_kind').notNull().default('listing'),
    /** The nifty whose editions a primary intent buys; null for a listing. */
    niftyId: integer('nifty_id').references(() => nifties.id, { onDelete: 'cascade' }),
    /** Editions of the nifty this open primary intent holds (0 once paid, expired or for a listing). */
    heldQuantity: integer('held_quantity').notNull().default(0),
    /** A burn-required redemption: the buyer's token of the required nifty burnt when paid (decision 016). */
    burnTokenId: integer('burn_token_id'),
    paymentState: text('payment_state').notNull().default('pending'),
    paymentMethod: text('payment_method').notNull().default('stripe_card'),
    paymentCurrency: text('payment_currency').notNull().default('USD'),
    requestedQuantity: integer('requested_quantity').notNull().default(1),
    niftyDeliveryDestination: text('nifty_delivery_destination').notNull().default('internal'),
    niftyDestinationExtWallet: text('nifty_destination_ext_wallet'),
    /** The listing's price when quoted: a repriced listing is not sold at the old quote. */
    listingCurrency: text('listing_currency').notNull().default('USD'),
    listingAmount: numeric('listing_amount', { precision: 78, scale: 0 }).notNull().default('0'),
    /** The quote, fixed at creation from the listing (fees per decision 009); one edition's price for a
     * primary sale (the total is priceCents × requested_quantity). */
    priceCents: cents('price_cents').notNull(),
    royaltyBps: integer('royalty_bps').notNull(),
    deliveryFeeCents: cents('delivery_fee_cents').notNull().default(0),
    isExternal: boolean('is_external').notNull().default(false),
    /** The card processor's reference of the authorisation or payment (never a card number). */
    providerReference: text('provider_reference'),
    /** The card that paid, for the receipt: its brand and last four digits only (set when authorised). */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    deliveryTxHash: text('delivery_tx_hash'),
    paymentTxHash: text('payment_tx_hash'),
    refundTxHash: text('refund_tx_hash'),
    saleId: integer('sale_id'),
    ledgerTransactionId: integer('ledger_transaction_id'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    paidAt: ts('paid_at'),
    deliveredAt: ts('delivered_at'),
    /** When the card money was taken (after the purchase committed); null while only authorised. */
    capturedAt: ts('captured_at'),
    /**
     * When the card authorisation of an intent that will not be paid (expired, cancelled) was voided; null while
     * it may still hold the buyer's money (a void that failed is tried again by the minute sweep).
     */
    releasedAt: ts('released_at'),
  },
  (t) => [
    index('purchase_intents_buyer_idx').on(t.buyerId, t.createdAt),
    index('purchase_intents_unreleased_idx')
      .on(t.updatedAt)
      .where(
        sql`${t.paymentState} in ('expired', 'cancelled') and ${t.providerReference} is not null and ${t.releasedAt} is null`,
      ),
    index('purchase_intents_listing_idx').on(t.listingId),
    index('purchase_intents_uncaptured_idx')
      .on(t.paidAt)
      .where(
        sql`${t.paymentState} = 'paid' and ${t.providerReference} is not null and ${t.capturedAt} is null`,
      ),
    uniqueIndex('purchase_intents_one_paid_per_listing')
      .on(t.listingId)
      .where(sql`${t.paymentState} = 'paid'`),
    // Webhooks find the intent of a payment by the provider's reference.
    index('purchase_intents_provider_reference_idx').on(t.providerReference),
    index('purchase_intents_nifty_held_idx').on(t.niftyId).where(sql`${t.heldQuantity} > 0`),
    index('purchase_intents_nifty_buyer_idx').on(t.niftyId, t.buyerId).where(sql`${t.niftyId} is not null`),
    check(
      'purchase_intents_has_subject',
      sql`(${t.saleKind} = 'listing' and ${t.listingId} is not null and ${t.tokenRowId} is not null)
        or (${t.saleKind} <> 'listing' and ${t.niftyId} is not null)`,
    ),
    // A receipt's card: both or neither, and never more than four digits of its number.
    check(
      'purchase_intents_card_shown',
      sql`(${t.cardBrand} is null and ${t.cardLast4} is null)
        or (${t.cardBrand} is not null and ${t.cardLast4} ~ '^[0-9]{4}$')`,
    ),
    check(
      'purchase_intents_held_range',
      sql`${t.heldQuantity} >= 0 and ${t.heldQuantity} <= ${t.requestedQuantity}`,
    ),
  ],
);

/**
 * A payment provider's webhook event, kept once processed (Stripe's `evt_…` id): a replayed or retried
 * event finds its row and changes nothing. `intent_id`: the purchase intent it reconciled, if any.
 */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  providerReference: text('provider_reference'),
  intentId: integer('intent_id'),
  /** What the event did to our records (`captured`, `failed`, `refunded:1500`, `ignored`…). */
  outcome: text('outcome').notNull(),
  receivedAt: ts('received_at').notNull(),
});

/**
 * Each user's customer at the card processor (Stripe's `cus_…`): every card a user pays with is attached to it, so a
 * card pays only for the user whose browser made it, and pays again (Stripe refuses a PaymentMethod used once
 * without a customer). Made on the user's first card payment; one per user and processor.
 */
export const processorCustomers = pgTable(
  'processor_customers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `stripe_card`. */
    processor: text('processor').notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('processor_customers_user_uq').on(t.processor, t.userId),
    uniqueIndex('processor_customers_customer_uq').on(t.processor, t.customerId),
  ],
);

/**
 * A buyer's connected Gemini account (000 §7 `connect-gemini-account`: scope, access_token, expires_in): what
 * paying from a Gemini balance charges (`gemini_balance`, decision 009). One per user; connecting again replaces
 * it. The access token must be readable to call Gemini (like a TOTP secret): it is never sent back to anyone.
 */
export const geminiAccounts = pgTable('gemini_accounts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  scope: text('scope').notNull(),
  accessToken: text('access_token').notNull(),
  expiresAt: ts('expires_at').notNull(),
  connectedAt: ts('connected_at').notNull(),
});

/**
 * Card authorisations we let go of whose void failed (the processor unreachable): owed, and the minute sweep
 * voids them within the 7 days an authorisation lives (decision 009 "Voids owed"). `processor`: the payment
 * method whose provider holds it (`stripe_card`, `stripe_klarna`, `gemini_balance`).
 */
export const owedVoids = pgTable(
  'owed_voids',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    processor: text('processor').notNull(),
    providerReference: text('provider_reference').notNull(),
    createdAt: ts('created_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    releasedAt: ts('released_at'),
  },
  (t) => [
    uniqueIndex('owed_voids_reference_key').on(t.processor, t.providerReference),
    index('owed_voids_due_idx').on(t.createdAt).where(sql`${t.releasedAt} is null`),
  ],
);

/**
 * A card authorisation that asked for its bank's verification (3-D Secure) for a bid or a drawing entry (decision
 * 009 "Verified cards"): the request answered 202 with this row's id and the step; once the payer completed it,
 * the same request sent again with `card_verification_id` is backed by this authorisation. `kind`: bid or
 * drawing_entry; `status`: waiting → used (it backs what the request made, marked in that unit of work) or voided
 * (refused, or left for half an hour: the minute sweep voids it).
 */
export const cardVerifications = pgTable(
  'card_verifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** What it was asked for: `nifty:{id}` (a bid), `drawing:{id}` (an entry); it backs nothing else. */
    target: text('target'),
    providerReference: text('provider_reference').notNull(),
    amountCents: cents('amount_cents').notNull(),
    status: text('status').notNull().default('waiting'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('card_verifications_reference_key').on(t.providerReference),
    index('card_verifications_waiting_idx').on(t.createdAt).where(sql`${t.status} = 'waiting'`),
  ],
);

/**
 * Funds added by card (decision 009 "Add funds"), written once the card is authorised: a deposit charged but
 * not credited (the store failed after the capture, and the request was not sent again) is credited by the
 * minute sweep, and one never charged is voided. `reference`: `deposit:{user}:{request}`, from the request's
 * Idempotency-Key. `status`: authorized, then credited or voided.
 */
export const cardDeposits = pgTable(
  'card_deposits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    reference: text('reference').notNull(),
    processor: text('processor').notNull(),
    providerReference: text('provider_reference').notNull(),
    amountCents: cents('amount_cents').notNull(),
    /** requires_action (the card's second step not done yet) → authorized → credited, or voided. */
    status: text('status').notNull().default('authorized'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('card_deposits_provider_reference_key').on(t.processor, t.providerReference),
    index('card_deposits_due_idx').on(t.createdAt).where(sql`${t.status} = 'authorized'`),
    // Verifications never completed: the sweep voids them after DEPOSIT_ACTION_WAIT_MS.
    index('card_deposits_waiting_idx').on(t.createdAt).where(sql`${t.status} = 'requires_action'`),
  ],
);

/**
 * An offer (000 §3 "offer wraps a purchaseIntent"; its id is the purchaseIntentId the API answers):
 * a maker's standing bid on one token (`offer`), any token of a nifty type (`global_offer`), or any
 * token of a collection with a trait value (`attribute`). Backed by a ledger hold (balance) or a card
 * authorisation (`provider_reference`). `status`: open, accepted, cancelled, expired, outbid; and for a card
 * that asked for a second step (3-D Secure) when the offer was made, `requires_action` until the maker completes
 * it (then open), `unverified` when they never do (it never opened).
 * `target_key` names what it is on: one open offer per maker and target (the partial unique index).
 */
export const offers = pgTable(
  'offers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    makerId: integer('maker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    targetKey: text('target_key').notNull(),
    contractAddress: text('contract_address').notNull(),
    tokenRowId: integer('token_row_id').references(() => tokens.id, { onDelete: 'cascade' }),
    niftyId: integer('nifty_id').notNull(),
    collectionId: integer('collection_id').notNull(),
    attributeTrait: text('attribute_trait'),
    attributeValue: text('attribute_value'),
    amountCents: cents('amount_cents').notNull(),
    status: text('status').notNull().default('open'),
    paymentMethod: text('payment_method').notNull(),
    /** The ledger hold's reference (balance) or the card processor's authorisation (card). */
    holdReference: text('hold_reference'),
    providerReference: text('provider_reference'),
    /** The card that backs it, as a receipt shows it: brand and last four digits only (set when authorised). */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    acceptedBy: integer('accepted_by'),
    acceptedTokenRowId: integer('accepted_token_row_id'),
    saleId: integer('sale_id'),
    ledgerTransactionId: integer('ledger_transaction_id'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    closedAt: ts('closed_at'),
    /** When an accepted card offer's money was taken (null while owed: the minute sweep takes it). */
    capturedAt: ts('captured_at'),
  },
  (t) => [
    // Card authorisations: one backs one offer, bid or entry (card-authorizations.ts `backsAnother`).
    index('offers_provider_reference_idx')
      .on(t.providerReference)
      .where(sql`${t.providerReference} is not null`),
    index('offers_capture_owed_idx')
      .on(t.closedAt)
      .where(
        sql`${t.status} = 'accepted' and ${t.providerReference} is not null and ${t.capturedAt} is null`,
      ),
    uniqueIndex('offers_one_open_per_target').on(t.makerId, t.targetKey).where(sql`${t.status} = 'open'`),
    index('offers_maker_idx').on(t.makerId, t.createdAt),
    index('offers_open_token_idx').on(t.tokenRowId).where(sql`${t.status} = 'open'`),
    index('offers_open_nifty_idx').on(t.niftyId).where(sql`${t.status} = 'open'`),
    index('offers_open_collection_idx').on(t.collectionId).where(sql`${t.status} = 'open'`),
    index('offers_open_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'open'`),
    // Card verifications never completed: the minute sweep lets them go after OFFER_ACTION_WAIT_MS.
    index('offers_waiting_idx').on(t.createdAt).where(sql`${t.status} = 'requires_action'`),
    check('offers_amount_positive', sql`${t.amountCents} > 0`),
    // Both or neither, and never more than four digits of the number (as purchase_intents_card_shown).
    check(
      'offers_card_shown',
      sql`(${t.cardBrand} is null and ${t.cardLast4} is null)
        or (${t.cardBrand} is not null and ${t.cardLast4} ~ '^[0-9]{4}$')`,
    ),
  ],
);
