// Answers of the trading API: listings, listing match, purchase intents, sale proceeds, offers, the balance
// and terms of service (docs/decisions/009-trading-and-ledger.md), bids (012) and drawings (013). Validated
// and documented by the API; the web reads the inferred types with `import type`. Imported as
// `@vitrine/domain/trading-responses`.
import { z } from 'zod';
import { PAYMENT_METHODS } from '../constants';
import { OFFER_ACCEPTED_MESSAGE } from '../payments/messages';
import { pageOf, priceSchema } from './catalog-responses';

/**
 * What the buyer must do to finish a card that needs a second step (3-D Secure). With Stripe, `clientSecret` is
 * the PaymentIntent's client secret: Stripe.js (`handleNextAction`) runs the bank's step in the browser with it.
 * Sent only to the buyer who pays.
 */
export const nextActionSchema = z.object({
  type: z.string(),
  url: z.string().optional(),
  clientSecret: z.string().optional(),
});

/**
 * 202 to a bid or a drawing entry by a card whose bank asks for a verification (3-D Secure) first: nothing was
 * placed. Once the payer completed `nextAction`, the same request sent again with `card_verification_id` is backed
 * by the verified card (decision 009 "Verified cards").
 */
export const cardVerificationRequiredSchema = z.object({
  requiresAction: z.object({
    cardVerificationId: z.number().int(),
    nextAction: nextActionSchema,
  }),
});
export type CardVerificationRequired = z.infer<typeof cardVerificationRequiredSchema>;

export const PAYMENT_STATES = [
  'pending',
  'requires_action',
  'paid',
  'expired',
  'cancelled',
  'refunded',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** A listing (000 §3): prices in the currency's minor unit, as on the catalog's answers (decision 004). */
export const listingSchema = z.object({
  id: z.number().int(),
  listingId: z.number().int(),
  contractAddress: z.string(),
  tokenId: z.string(),
  sellerId: z.number().int(),
  status: z.enum(['active', 'sold', 'cancelled']),
  /** The list price, before the seller's discount. */
  baseListingPrice: priceSchema,
  /** What a buyer pays (the list price less the discount), in USD cents (ETH at the rate when listed or repriced). */
  priceInCents: z.number().int(),
  /** The seller's discount off the list price, in its currency; null without one. */
  listingDiscount: priceSchema.nullable(),
  listingDeliveryFee: z.object({ amount: z.string() }).nullable(),
  externalListingId: z.string().nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type Listing = z.infer<typeof listingSchema>;

/** One quote of a purchase intent: the fee breakdown for a payment method (decision 009). */
export const quoteSchema = z.object({
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentCurrency: z.string(),
  priceInCents: z.number().int(),
  serviceFeeInCents: z.number().int(),
  cardFeeInCents: z.number().int(),
  serviceAndCardFeeInCents: z.number().int(),
  creatorFeeInCents: z.number().int(),
  showGasFee: z.boolean(),
  gasFeeInCents: z.number().int(),
  totalInCents: z.number().int(),
  sellerReceivesInCents: z.number().int(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** Why a buyer may take fewer editions than asked: the first limit that binds (001 §4 quantity panel). */
export const QUANTITY_LIMITS = ['sold_out', 'limit_reached', 'max_per_purchase', 'remaining'] as const;

/**
 * The nifty of a primary purchase intent (decision 009 "Primary sales"): what the checkout page shows,
 * with the quantity the buyer may choose. `allowedQuantity` is the most this intent may hold now
 * (editions free, or held by this intent, within the per-purchase and per-user limits); below 1 the
 * page shows sold out or limit reached.
 */
export const primaryNiftySchema = z.object({
  contractAddress: z.string(),
  /** The nifty's number inside the contract: the checkout URL's {niftyType}. */
  niftyType: z.number().int(),
  title: z.string(),
  asset: z.object({ src: z.string(), type: z.string(), alt: z.string() }),
  collectionSlug: z.string(),
  collectionName: z.string(),
  publisher: z.object({ name: z.string(), slug: z.string() }),
  saleType: z.string(),
  unitPriceInCents: z.number().int(),
  editionSize: z.number().int(),
  totalSold: z.number().int(),
  /** Editions nobody has bought or holds in an open checkout. */
  available: z.number().int(),
  /**
   * Editions held in other buyers' open checkouts: not free now, back on sale if not paid for in time (the drop
   * card's 'Only N Remaining!' counts them; the checkout says why it offers fewer).
   */
  heldElsewhere: z.number().int(),
  maxPurchaseQuantity: z.number().int(),
  /** 0: no limit per buyer; 1: one purchase per buyer (001 §3 isOnePurchasePerUser). */
  limitPerUser: z.number().int(),
  allowedQuantity: z.number().int(),
  /** The limit that sets allowedQuantity. */
  quantityLimit: z.enum(QUANTITY_LIMITS),
  endDate: z.string().nullable(),
  /** 001 §3 isOnePurchasePerUser (limitPerUser 1). */
  isOnePurchasePerUser: z.boolean(),
  /** Redeeming burns a token of the required kind the buyer owns (decision 016). */
  burnRequired: z.boolean(),
  /** 'Redeem': free, paid with no_payment_required (decision 016). */
  isFreeRedemption: z.boolean(),
});
export type PrimaryNifty = z.infer<typeof primaryNiftySchema>;

/**
 * A purchase intent (000 §3). The tx-hash fields are '' when there is none (the 'None' rule applied
 * by the server: it never sends the text 'None').
 */
export const purchaseIntentSchema = z.object({
  purchaseIntentId: z.number().int(),
  listingMatchId: z.number().int(),
  paymentState: z.enum(PAYMENT_STATES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentCurrency: z.string(),
  /** The chosen method's quote first, then the other methods the buyer may use. */
  quotes: z.array(quoteSchema),
  requestedQuantity: z.number().int(),
  bidAmount: z.string().nullable(),
  niftyDeliveryDestination: z.string(),
  niftyDestinationExtWallet: z.string().nullable(),
  listingLocation: z.enum(['internal', 'external']),
  deliveryTxHash: z.string(),
  paymentTxHash: z.string(),
  refundTxHash: z.string(),
  /**
   * The card that paid (decision 009 "The card on the receipt"): its brand ('Visa', 'Mastercard', 'American
   * Express', or the processor's name for another) and last four digits, kept when the card payment was
   * authorised. Null before a card paid, for any other method, and for purchases without an intent.
   */
  paymentCard: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  listing: listingSchema.nullable(),
  /** What is bought, for lists of purchases: the token's name (a listing) or the nifty's title (a primary sale). */
  itemName: z.string().nullable(),
  /**
   * `listing` (Buy Now), the drop type of a primary sale (`fcfs`), or, in the purchase history, `offer` or
   * `global_offer` for an NFT bought through an accepted offer (its purchaseIntentId is the offer's id),
   * the auction's sale type (`auction`, `ranked_auction`, `silent_auction`) for an NFT won at auction (the
   * bid's id) or `drawing` for one won in a drawing (the entry's id).
   */
  saleType: z.string(),
  /** The token bought, for a listing, an accepted offer or a win (null for a primary sale: see mintedTokens). */
  token: z.object({ contractAddress: z.string(), tokenId: z.string() }).nullable(),
  /** The nifty of a primary sale (null for a listing). */
  nifty: primaryNiftySchema.nullable(),
  /** The tokens a paid primary purchase minted to the buyer, edition order. */
  mintedTokens: z.array(z.object({ tokenId: z.string(), editionNumber: z.number().int() })),
  /** Paid, editions not minted yet (an open edition before its minting job): 001 §9's delivery message. */
  deliveryMessage: z.string().nullable(),
  /** Set while paymentState is requires_action: what the buyer must do next. */
  nextAction: nextActionSchema.nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type PurchaseIntent = z.infer<typeof purchaseIntentSchema>;

export const listingMatchSchema = z.object({
  listingMatchId: z.number().int(),
  listing: listingSchema,
  purchaseIntent: purchaseIntentSchema,
});
export type ListingMatch = z.infer<typeof listingMatchSchema>;

/**
 * Whether a listing is on hold for the viewer (000 §4 "Buy Now … disabled while … on hold"): another buyer's
 * payment for it is in progress (their intent waits on a second step, in time). Never on hold for the
 * holder (`heldByYou`). Per viewer and uncached (decision 009 "Buy flow").
 */
export const listingHoldSchema = z.object({
  listingId: z.number().int(),
  onHold: z.boolean(),
  heldByYou: z.boolean(),
  /** When the hold ends at the latest (the holding intent's expiry), or null. */
  heldUntil: z.string().nullable(),
});
export type ListingHold = z.infer<typeof listingHoldSchema>;

export const purchaseIntentPageSchema = pageOf(purchaseIntentSchema);

/** Poll answers (000 §4 status polled every 5 s). */
export const purchaseIntentStatusSchema = z.object({
  purchaseIntentId: z.number().int(),
  paymentState: z.enum(PAYMENT_STATES),
  deliveryTxHash: z.string(),
  paymentTxHash: z.string(),
  refundTxHash: z.string(),
});
export type PurchaseIntentStatus = z.infer<typeof purchaseIntentStatusSchema>;

/** 000 §3 sale proceeds info. */
export const saleProceedsSchema = z.object({
  saleProceedsInfo: z.object({
    nifty_fee_in_cents: z.number().int(),
    creator_fee_in_cents: z.number().int(),
    total_amount_seller_would_receive: z.number().int(),
  }),
});
export type SaleProceeds = z.infer<typeof saleProceedsSchema>;

/** The buyer's Gemini account as they see it (000 §7 connect-gemini-account): never its access token. */
export const geminiAccountSchema = z.object({
  geminiAccount: z.object({
    connected: z.boolean(),
    scope: z.string().nullable(),
    expiresAt: z.string().nullable(),
  }),
});
export type GeminiAccountAnswer = z.infer<typeof geminiAccountSchema>;

/** The simulated processor's tokenised card: no number, only what may be shown. */
export const simPaymentMethodSchema = z.object({
  id: z.string(),
  brand: z.enum(['Visa', 'Mastercard', 'American Express']),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
});
export type SimPaymentMethod = z.infer<typeof simPaymentMethodSchema>;

/** A row of the dashboard's Sales tab (GET /nifty-dashboard/sales/): what sold and what the seller received. */
export const dashboardSaleSchema = z.object({
  saleId: z.number().int(),
  soldAt: z.string(),
  market: z.string(),
  price: priceSchema,
  priceInCents: z.number().int(),
  nifty: z.object({ contractAddress: z.string(), tokenId: z.string(), name: z.string() }),
  buyer: z.object({ id: z.number().int(), name: z.string(), profileUrl: z.string() }).nullable(),
  paymentMethod: z.string().nullable(),
  /** Null for sales made before purchases went through intents (the demo's history). */
  serviceFeeInCents: z.number().int().nullable(),
  creatorFeeInCents: z.number().int().nullable(),
  proceedsInCents: z.number().int().nullable(),
});
export type DashboardSale = z.infer<typeof dashboardSaleSchema>;
export const dashboardSalesPageSchema = pageOf(dashboardSaleSchema);

// ---- Offers (000 §3 offer and bid order; docs/decisions/009 "Offers") ----

/**
 * `requires_action`: made by a card that asked for its bank's verification (3-D Secure), not open until the maker
 * completes it (`POST /v2/offer/{id}/complete-action`); `unverified`: that verification was never completed, so
 * the offer never opened. Only its maker sees either.
 */
export const OFFER_STATUSES = [
  'open',
  'accepted',
  'cancelled',
  'expired',
  'outbid',
  'requires_action',
  'unverified',
] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** An offer: its `id` is also its `purchaseIntentId` (000 §3 "offer wraps a purchaseIntent"). */
export const offerSchema = z.object({
  id: z.number().int(),
  purchaseIntentId: z.number().int(),
  type: z.enum(['offer', 'global_offer']),
  BuyOrderPurchaseType: z.enum(['attribute', 'other']),
  status: z.enum(OFFER_STATUSES),
  /** Major units, like listing prices are sent: '12.50'. */
  amount: z.object({ amount: z.string(), currency: z.literal('USD') }),
  amountInCents: z.number().int(),
  expiresAt: z.string(),
  createdAt: z.string(),
  paymentMethod: z.enum(['balance', 'stripe_card']),
  maker: z.object({
    id: z.number().int(),
    name: z.string(),
    profile_url: z.string(),
    profile_pic_url: z.string().nullable(),
  }),
  UnmintedBuilderNifty: z.object({ niftyType: z.string(), niftyContractAddress: z.string() }),
  tokenId: z.string().nullable(),
  /** The edition of the token an offer on one NFT is for; null for a global or attribute offer. */
  editionNumber: z.number().int().nullable(),
  attribute: z.object({ trait_type: z.string(), value: z.string() }).nullable(),
  nifty: z.object({ name: z.string(), image_url: z.string() }),
  /** The collection it is in: an attribute offer's target is a trait value in it. */
  collection: z.object({ name: z.string() }),
  /**
   * The card's second step while the offer waits on it (`requires_action`), in the answer that made it: with
   * Stripe, the client secret Stripe.js runs the step with. Sent to the maker only.
   */
  nextAction: nextActionSchema.optional(),
});
export type Offer = z.infer<typeof offerSchema>;
export const offerAnswerSchema = z.object({ offer: offerSchema });
export const offerPageSchema = pageOf(offerSchema);

/** A token the caller owns that an offer could buy (000 §7 eligible nifties). */
export const eligibleNiftySchema = z.object({
  contractAddress: z.string(),
  tokenId: z.string(),
  name: z.string(),
  image_url: z.string(),
  editionNumber: z.number().int(),
});
export type EligibleNifty = z.infer<typeof eligibleNiftySchema>;
export const eligibleNiftyPageSchema = pageOf(eligibleNiftySchema);

export const acceptBidSchema = z.object({
  message: z.literal(OFFER_ACCEPTED_MESSAGE),
  sale: z.object({
    saleId: z.number().int(),
    contractAddress: z.string(),
    tokenId: z.string(),
    priceInCents: z.number().int(),
    proceedsInCents: z.number().int(),
    serviceFeeInCents: z.number().int(),
    creatorFeeInCents: z.number().int(),
  }),
});
export type AcceptBidAnswer = z.infer<typeof acceptBidSchema>;

/** An item page's edition facts (decision 016): a sealed or opened pack and its contents, a blind reveal. */
export const packItemSchema = z.object({
  contractAddress: z.string(),
  tokenId: z.string(),
  name: z.string(),
  editionNumber: z.number().int(),
  assetUrl: z.string(),
  niftyTitle: z.string(),
});
export const editionInfoSchema = z.object({
  kind: z.enum(['pack', 'blind']).nullable(),
  isOwner: z.boolean(),
  packSize: z.number().int().nullable(),
  opened: z.boolean(),
  burnt: z.boolean(),
  contents: z.array(packItemSchema),
  revealed: z.object({ assetUrl: z.string(), name: z.string() }).nullable(),
});
export type EditionInfo = z.infer<typeof editionInfoSchema>;
export const packOpeningSchema = z.object({ contents: z.array(packItemSchema) });
export type PackOpening = z.infer<typeof packOpeningSchema>;

// ---- The balance (decision 009): add funds, cash out, every movement ----

export const balanceAnswerSchema = z.object({
  balanceInCents: z.number().int(),
  /**
   * Add funds only: the card needs its second step (3-D Secure) first. Nothing is added until it is done:
   * `POST /v2/balance/deposits/{depositId}/complete-action` finishes the deposit.
   */
  requiresAction: z
    .object({
      depositId: z.number().int(),
      nextAction: nextActionSchema,
    })
    .optional(),
});
export type BalanceAnswer = z.infer<typeof balanceAnswerSchema>;

/**
 * GET /v2/balance: the signed-in user's balance and what a cash out may take now (the Deposit tab's Cash out).
 * Funds added by card and sale proceeds settle `cashoutSettleDays` days before they may leave, so
 * `cashableInCents` may be below `availableInCents`; a cash out is from `cashoutMinimumInCents`.
 */
export const balanceStateSchema = z.object({
  balanceInCents: z.number().int(),
  /** The balance less what is held for open offers, bids and drawing entries. */
  availableInCents: z.number().int(),
  /** What may be cashed out now: the available balance less what is still settling. */
  cashableInCents: z.number().int(),
  /** The smallest cash out (and deposit) the API takes. */
  cashoutMinimumInCents: z.number().int(),
  /** Days after which funds added by card and sale proceeds may be cashed out (0: at once). */
  cashoutSettleDays: z.number().int(),
  cashoutMethods: z.array(z.string()),
});
export type BalanceState = z.infer<typeof balanceStateSchema>;

/** One entry of GET /v2/balance/transactions. */
export const movementSchema = z.object({
  transactionId: z.number().int(),
  kind: z.string(),
  description: z.string(),
  memo: z.string(),
  /** Positive: money in; negative: money out. */
  amountInCents: z.number().int(),
  createdAt: z.string(),
});
export type Movement = z.infer<typeof movementSchema>;
export const movementPageSchema = pageOf(movementSchema);

// ---- Terms of service (decision 009 "Terms of service") ----

export const termsVersionSchema = z.object({
  id: z.number().int(),
  version: z.string(),
  markdown: z.string(),
  publishedAt: z.string(),
});
export type TermsVersion = z.infer<typeof termsVersionSchema>;

export const termsAgreementSchema = z.object({
  version: z.string(),
  agreedAt: z.string(),
  needsTermsAndConditionsApproval: z.boolean(),
});
export type TermsAgreement = z.infer<typeof termsAgreementSchema>;

// ---- Bids (000 §3 Bid info and Bid; docs/decisions/012-bids.md) ----

/** 000 §3 Bid info (cents). */
export const bidInfoSchema = z.object({
  minBid: z.number().int(),
  highestBid: z.number().int().nullable(),
  bidCurrency: z.literal('USD'),
  bidIncrement: z.number().int(),
  firstPlaceBid: z.number().int().nullable(),
  leaderboardMinBid: z.number().int(),
});
export type BidInfo = z.infer<typeof bidInfoSchema>;

/** 000 §3 Bid; amounts are null on another bidder's silent (sealed) bid. */
export const bidSchema = z.object({
  id: z.number().int(),
  Timestamp: z.string(),
  amount: z.string().nullable(),
  amount_in_cents: z.number().int().nullable(),
  currency: z.string(),
  currently_active: z.boolean(),
  status: z.string(),
  rank: z.number().int().optional(),
  user_prof: z
    .object({
      id: z.number().int().nullable(),
      name: z.string(),
      bio: z.string(),
      profile_pic_url: z.string().nullable(),
      profile_url: z.string().nullable(),
      userCanCreateNiftyStores: z.boolean(),
    })
    .nullable(),
});
export type Bid = z.infer<typeof bidSchema>;
export const bidPageSchema = pageOf(bidSchema);
export type BidPage = z.infer<typeof bidPageSchema>;

/** A placed bid (POST /v2/bids). */
export const placedBidSchema = z.object({
  bid: bidSchema,
  rank: z.number().int(),
  endsAt: z.string(),
  bidInfo: bidInfoSchema,
});
export type PlacedBid = z.infer<typeof placedBidSchema>;

/** Bid info and auction info of a nifty sold by bids (GET /v2/bids/info). */
export const auctionStateSchema = z.object({
  contractAddress: z.string(),
  niftyType: z.number().int(),
  saleType: z.string(),
  editionSize: z.number().int(),
  winningSlots: z.number().int(),
  auctionInfo: z.object({
    variant: z.string(),
    minimumBidInCents: z.number().int(),
    minBidIncreaseInCents: z.number().int(),
    scheduledStartDateTime: z.string().nullable(),
    scheduledEndDateTime: z.string().nullable(),
  }),
  bidInfo: bidInfoSchema,
  endsAt: z.string().nullable(),
  bidCount: z.number().int(),
  /**
   * The signed-in viewer's newest bid on the nifty (null signed out or without a bid): `currently_active`
   * true while it is the highest (auction) or within the winning places (ranked, silent); `status` active,
   * outbid, replaced, won, lost or forfeited (a win whose card could never be charged; docs/decisions/012-bids.md
   * "The bidder's own state").
   */
  yourBid: z
    .object({
      id: z.number().int(),
      amount_in_cents: z.number().int(),
      currently_active: z.boolean(),
      status: z.string(),
    })
    .nullable(),
  settled: z.boolean(),
  status: z.enum(['upcoming', 'live', 'ended']),
});
export type AuctionState = z.infer<typeof auctionStateSchema>;

// ---- Drawings (docs/decisions/013; 000 §4 drawing entries; 001 §3 saleDetails) ----

/**
 * One entry of a drawing as listed. `forfeited`: drawn, but its payment was refused and the edition passed
 * on; `promoted`: not drawn, the next in the draw order when a winner forfeited (decision 013 "Refused
 * captures").
 */
export const drawingEntrySchema = z.object({
  id: z.number().int(),
  username: z.string(),
  status: z.enum(['entered', 'won', 'lost', 'forfeited']),
  promoted: z.boolean(),
});
export type DrawingEntry = z.infer<typeof drawingEntrySchema>;

/**
 * A drawing's public state: commitment, counts, and after the draw the seed and winners. Not every entry:
 * they are paged (`GET …/entries/`) and their ids, which verify the draw, answered once drawn
 * (`GET …/entry-ids/`; decision 013 "Entries and their ids").
 */
export const drawingSchema = z.object({
  contractAddress: z.string(),
  niftyType: z.number().int(),
  name: z.string(),
  dropType: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** upcoming | open | closed (ended, not yet drawn) | drawn */
  status: z.enum(['upcoming', 'open', 'closed', 'drawn']),
  priceInCents: z.number().int(),
  editionSize: z.number().int(),
  commitment: z.string(),
  /** Published once drawn. */
  seed: z.string().nullable(),
  drawnAt: z.string().nullable(),
  editionsDrawn: z.number().int().nullable(),
  /**
   * The editions the drawing gives out: those drawn once drawn, else the edition size less what is reserved or
   * sold already (20 editions with 3 reserved draw 17 winners).
   */
  editionsToDraw: z.number().int(),
  /** The entry ids the draw made winners (the seed's draw, whatever happened after), ascending. */
  winners: z.array(z.number().int()),
  /**
   * Who won, in entry id order: the drawn winners (`won`, or `forfeited` when their payment was refused) and
   * the entries a forfeited edition passed to (`won`, `promoted`). At most twice the editions.
   */
  winnerEntries: z.array(drawingEntrySchema),
  saleDetails: z.object({
    price: z.number().int(),
    userEntriesUnused: z.number().int(),
    userEntriesUsed: z.number().int(),
    totalEntries: z.number().int(),
  }),
  /** The viewer's profile is validated (null: signed out). */
  validated: z.boolean().nullable(),
  /** 001 §4 'Burn Required': entered by burning an NFT (not built: such a drawing takes no entries). */
  burnRequired: z.boolean(),
  /**
   * The signed-in viewer's own entry, as the entries list shows it without the username: what the results page
   * tells them ('You won', 'You were not drawn', …). Null signed out or not entered.
   */
  viewerEntry: drawingEntrySchema.omit({ username: true }).nullable(),
});
export type Drawing = z.infer<typeof drawingSchema>;

/** The ids of every entry of a drawn drawing, ascending: what `drawWinners` draws from. */
export const drawingEntryIdsSchema = z.object({ ids: z.array(z.number().int()) });
export type DrawingEntryIds = z.infer<typeof drawingEntryIdsSchema>;
