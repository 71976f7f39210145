// Answers of the trading API: listings, listing match, purchase intents, sale proceeds
// (docs/decisions/009-trading-and-ledger.md). Validated and documented by the API; the web reads the
// inferred types with `import type`. Imported as `@vitrine/domain/trading-responses`.
import { z } from 'zod';
import { PAYMENT_METHODS } from '../constants';
import { pageOf, priceSchema } from './catalog-responses';

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
  baseListingPrice: priceSchema,
  /** The USD equivalent in cents (ETH at the rate when listed or repriced). */
  priceInCents: z.number().int(),
  listingDiscount: z.null(),
  listingDeliveryFee: z.object({ amount: z.string() }),
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
  listing: listingSchema.nullable(),
  /** Set while paymentState is requires_action: what the buyer must do next. */
  nextAction: z.object({ type: z.string() }).nullable(),
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

/** The simulated processor's tokenised card: no number, only what may be shown. */
export const simPaymentMethodSchema = z.object({
  id: z.string(),
  brand: z.enum(['Visa', 'Mastercard', 'American Express']),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
});

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
