// The one fee rule (docs/decisions/009-trading-and-ledger.md): what a secondary sale costs the buyer and
// what the seller, the creator and the platform receive, in integer cents. Used by the sale-proceeds
// call, the checkout quote and the ledger entries of a purchase, so all three always agree.
import type { PaymentMethod } from '../constants';

/** Platform service fee on a secondary sale, in basis points of the price (001 §6: up to 5 %). */
export const SERVICE_FEE_BPS = 500;
/** Card fee a buyer paying by card adds to the price: 2.9 % of the price plus 30 cents. */
export const CARD_FEE_BPS = 290;
export const CARD_FEE_FIXED_CENTS = 30;
/** The payment methods that add the card fee. */
export const CARD_FEE_METHODS: readonly PaymentMethod[] = ['stripe_card'];

export interface FeeInput {
  /** Listing price in cents (>= 0). */
  priceCents: number;
  /** The nifty's creator royalty in basis points (10 % = 1000). */
  royaltyBps: number;
  /** How the buyer pays; null when not known yet (the seller's view). */
  method: PaymentMethod | null;
  /** The listing lives on another marketplace (externalListingId). */
  isExternal: boolean;
  /** Delivery (gas) fee of the listing in cents; 0 when none. */
  deliveryFeeCents: number;
}

export interface FeeBreakdown {
  priceCents: number;
  /** Platform service fee, taken from the seller's side. */
  serviceFeeCents: number;
  /** Card fee, added to what a card buyer pays (0 for other methods). */
  cardFeeCents: number;
  /** The "service and card fee" line (000 §9). */
  serviceAndCardFeeCents: number;
  /** Creator royalty, taken from the seller's side. */
  creatorFeeCents: number;
  /** price - service fee - creator fee. Never below 0. */
  sellerReceivesCents: number;
  /** 000 §9: the gas line only when a delivery fee exists and the listing is not external. */
  showGasFee: boolean;
  /** The gas fee the buyer pays (0 when the line is not shown). */
  gasFeeCents: number;
  /** What the buyer pays: price + card fee + gas fee. */
  buyerPaysCents: number;
  /** What the platform keeps: service fee + card fee + gas fee. */
  platformReceivesCents: number;
}

/**
 * A breakdown as a quote's figures (the purchase intent's `quotes`, 000 §9 names): one mapping for the API's quotes
 * and the web's quotes of a quantity typed before the API answers for it.
 */
export function quoteFigures(b: FeeBreakdown) {
  return {
    priceInCents: b.priceCents,
    serviceFeeInCents: b.serviceFeeCents,
    cardFeeInCents: b.cardFeeCents,
    serviceAndCardFeeInCents: b.serviceAndCardFeeCents,
    creatorFeeInCents: b.creatorFeeCents,
    showGasFee: b.showGasFee,
    gasFeeInCents: b.gasFeeCents,
    totalInCents: b.buyerPaysCents,
    sellerReceivesInCents: b.sellerReceivesCents,
  };
}

/** `amount * bps / 10000`, rounded half up, in integers only. */
export function basisPoints(amountCents: number, bps: number): number {
  return Math.floor((amountCents * bps + 5_000) / 10_000);
}

function assertCents(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be whole cents >= 0`);
}

/**
 * The fee breakdown of a sale (000 §9 "Fee breakdown"). Money is conserved: buyerPays =
 * sellerReceives + creatorFee + platformReceives, always.
 */
export function feeBreakdown(input: FeeInput): FeeBreakdown {
  const { priceCents, royaltyBps, method, isExternal, deliveryFeeCents } = input;
  assertCents('priceCents', priceCents);
  assertCents('deliveryFeeCents', deliveryFeeCents);
  if (!Number.isInteger(royaltyBps) || royaltyBps < 0 || royaltyBps > 10_000) {
    throw new RangeError('royaltyBps must be 0..10000');
  }
  const creatorFeeCents = basisPoints(priceCents, royaltyBps);
  // Fees on the seller's side never take more than the price.
  const serviceFeeCents = Math.min(basisPoints(priceCents, SERVICE_FEE_BPS), priceCents - creatorFeeCents);
  const sellerReceivesCents = priceCents - creatorFeeCents - serviceFeeCents;
  const cardFeeCents =
    method !== null && CARD_FEE_METHODS.includes(method) && priceCents > 0
      ? basisPoints(priceCents, CARD_FEE_BPS) + CARD_FEE_FIXED_CENTS
      : 0;
  const showGasFee = deliveryFeeCents > 0 && !isExternal;
  const gasFeeCents = showGasFee ? deliveryFeeCents : 0;
  return {
    priceCents,
    serviceFeeCents,
    cardFeeCents,
    serviceAndCardFeeCents: serviceFeeCents + cardFeeCents,
    creatorFeeCents,
    sellerReceivesCents,
    showGasFee,
    gasFeeCents,
    buyerPaysCents: priceCents + cardFeeCents + gasFeeCents,
    platformReceivesCents: serviceFeeCents + cardFeeCents + gasFeeCents,
  };
}

/** 000 §3 "Sale proceeds info" for the seller's fee dialog (the buyer's method is not known yet). */
export function saleProceedsInfo(priceCents: number, royaltyBps: number) {
  const b = feeBreakdown({ priceCents, royaltyBps, method: null, isExternal: false, deliveryFeeCents: 0 });
  return {
    nifty_fee_in_cents: b.serviceFeeCents,
    creator_fee_in_cents: b.creatorFeeCents,
    total_amount_seller_would_receive: b.sellerReceivesCents,
  };
}

/** The platform's share of a primary sale (001 §1 and §9: publishers earn 90 %, the platform 10 %). */
export const PRIMARY_PLATFORM_BPS = 1_000;

/**
 * The fee breakdown of a primary sale (a drop's editions, decision 009 "Primary sales"): the price is
 * `unitPriceCents × quantity`; the platform keeps 10 % of it (`serviceFeeCents`), the publisher receives
 * the rest (`sellerReceivesCents`); no creator fee; the card fee is the buyer's, as on the secondary
 * market. Same shape and conservation rule as `feeBreakdown`.
 */
export function primaryFeeBreakdown(input: {
  unitPriceCents: number;
  quantity: number;
  method: PaymentMethod | null;
}): FeeBreakdown {
  const { unitPriceCents, quantity, method } = input;
  assertCents('unitPriceCents', unitPriceCents);
  if (!Number.isSafeInteger(quantity) || quantity < 1) throw new RangeError('quantity must be 1 or more');
  const priceCents = unitPriceCents * quantity;
  assertCents('priceCents', priceCents);
  const serviceFeeCents = basisPoints(priceCents, PRIMARY_PLATFORM_BPS);
  const cardFeeCents =
    method !== null && CARD_FEE_METHODS.includes(method) && priceCents > 0
      ? basisPoints(priceCents, CARD_FEE_BPS) + CARD_FEE_FIXED_CENTS
      : 0;
  return {
    priceCents,
    serviceFeeCents,
    cardFeeCents,
    serviceAndCardFeeCents: serviceFeeCents + cardFeeCents,
    creatorFeeCents: 0,
    sellerReceivesCents: priceCents - serviceFeeCents,
    showGasFee: false,
    gasFeeCents: 0,
    buyerPaysCents: priceCents + cardFeeCents,
    platformReceivesCents: serviceFeeCents + cardFeeCents,
  };
}
