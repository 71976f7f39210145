// Rows to the answers of trading-responses (decision 009).
import {
  feeBreakdown,
  listedPrices,
  type PaymentMethod,
  primaryFeeBreakdown,
  quoteFigures,
} from '@vitrine/domain';
import type { Listing, PurchaseIntent, Quote } from '@vitrine/domain/trading-responses';
import { OPEN_EDITION_DELIVERY_MESSAGE } from './editions.service';
import type { ListingRow, OfferPurchaseRow, TokenForSale, WinPurchaseRow } from './trading.repo';
import type { IntentView } from './trading.service';

/**
 * 000 §3's baseListingPrice and listingDiscount of a stored listing, whose `amount` is what buyers pay: the list
 * price is that plus the discount.
 */
export function listingPrices(row: { currency: string; amount: string; discountAmount: string | null }) {
  return listedPrices({ amount: row.amount, currency: row.currency as 'USD' | 'ETH' }, row.discountAmount);
}

export function toListing(
  row: ListingRow,
  token: Pick<TokenForSale, 'contractAddress' | 'tokenId'>,
): Listing {
  const prices = listingPrices(row);
  return {
    id: row.id,
    listingId: row.id,
    contractAddress: token.contractAddress,
    tokenId: token.tokenId,
    sellerId: row.sellerId,
    status: row.status as Listing['status'],
    baseListingPrice: prices.baseListingPrice,
    priceInCents: row.priceInCents,
    listingDiscount: prices.listingDiscount,
    // 000 §3: present only when the listing has a delivery fee (as the catalog's answers say it: null otherwise).
    listingDeliveryFee: row.deliveryFeeInCents > 0 ? { amount: String(row.deliveryFeeInCents) } : null,
    externalListingId: row.externalListingId,
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

/** 000 §3: a tx hash that is absent (or the text 'None') is ''. */
const hash = (value: string | null) => (value === null || value === 'None' ? '' : value);

export function toPurchaseIntent(view: IntentView): PurchaseIntent {
  const { intent } = view;
  const chosen = intent.paymentMethod as PaymentMethod;
  const methods =
    intent.priceCents === 0
      ? ['no_payment_required' as const]
      : [chosen, ...view.methods.filter((m) => m !== chosen)];
  const quotes: Quote[] = methods.map((method) => {
    const b =
      intent.saleKind === 'listing'
        ? feeBreakdown({
            priceCents: intent.priceCents,
            royaltyBps: intent.royaltyBps,
            method,
            isExternal: intent.isExternal,
            deliveryFeeCents: intent.deliveryFeeCents,
          })
        : primaryFeeBreakdown({
            unitPriceCents: intent.priceCents,
            quantity: intent.requestedQuantity,
            method,
          });
    return {
      paymentMethod: method,
      paymentCurrency: 'USD',
      ...quoteFigures(b),
    };
  });
  return {
    purchaseIntentId: intent.id,
    listingMatchId: intent.id,
    paymentState: intent.paymentState as PurchaseIntent['paymentState'],
    paymentMethod: chosen,
    paymentCurrency: intent.paymentCurrency,
    quotes,
    requestedQuantity: intent.requestedQuantity,
    bidAmount: null,
    niftyDeliveryDestination: intent.niftyDeliveryDestination,
    niftyDestinationExtWallet: intent.niftyDestinationExtWallet,
    listingLocation: intent.isExternal ? 'external' : 'internal',
    deliveryTxHash: hash(intent.deliveryTxHash),
    paymentTxHash: hash(intent.paymentTxHash),
    refundTxHash: hash(intent.refundTxHash),
    paymentCard:
      intent.cardBrand && intent.cardLast4 ? { brand: intent.cardBrand, last4: intent.cardLast4 } : null,
    listing: view.listing && view.token ? toListing(view.listing, view.token) : null,
    itemName: view.token?.name ?? view.nifty?.title ?? null,
    saleType: intent.saleKind,
    token: view.token ? { contractAddress: view.token.contractAddress, tokenId: view.token.tokenId } : null,
    nifty: view.nifty,
    mintedTokens: view.mintedTokens,
    deliveryMessage:
      intent.saleKind === 'open_edition' && intent.paymentState === 'paid' && intent.deliveredAt === null
        ? OPEN_EDITION_DELIVERY_MESSAGE
        : null,
    nextAction:
      intent.paymentState === 'requires_action'
        ? (view.nextAction ?? {
            type: intent.paymentMethod === 'stripe_klarna' ? 'sim_klarna_redirect' : 'sim_three_d_secure',
          })
        : null,
    expiresAt: intent.expiresAt.toISOString(),
    createdAt: intent.createdAt.toISOString(),
    paidAt: intent.paidAt?.toISOString() ?? null,
  };
}

/**
 * A purchase paid without an intent (an accepted offer, a won auction or drawing) as a row of the buyer's
 * purchase history: paid, with the money its ledger movement moved as its one quote.
 */
/**
 * 000 §3 `bidAmount`: the bid in dollars with leading and trailing zeros trimmed (10000 cents → '100', 1050 →
 * '10.5', 5 → '0.05'), as the builder's price amount reads.
 */
export function bidAmountOf(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const fraction = String(cents % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction === '' ? String(whole) : `${whole}.${fraction}`;
}

function movementPurchase(p: {
  id: number;
  paymentMethod: string;
  /** The card that paid (brand and last four), recorded when it was authorised; null for older rows. */
  cardBrand: string | null;
  cardLast4: string | null;
  /** The price asked (the offer's amount, the winning bid, the drawing's price). */
  amountCents: number;
  /** Sums of the movement's entries (as the store answers them; null when there are none). */
  paidCents: string | null;
  serviceFeeCents: string | null;
  creatorFeeCents: number;
  sellerReceivesCents: number;
  itemName: string | null;
  saleType: string;
  token: { contractAddress: string; tokenId: string } | null;
  createdAt: Date;
  paidAt: string;
  expiresAt: string;
  /** What the buyer bid (an accepted offer's amount, a won bid's), or null (a drawing entry is no bid). */
  bidAmountCents: number | null;
}): PurchaseIntent {
  const method = (p.paymentMethod === 'balance' ? 'balance' : 'stripe_card') satisfies PaymentMethod;
  const serviceFee = Number(p.serviceFeeCents ?? 0);
  return {
    purchaseIntentId: p.id,
    listingMatchId: p.id,
    paymentState: 'paid',
    paymentMethod: method,
    paymentCurrency: 'USD',
    quotes: [
      {
        paymentMethod: method,
        paymentCurrency: 'USD',
        priceInCents: p.amountCents,
        serviceFeeInCents: serviceFee,
        cardFeeInCents: 0,
        serviceAndCardFeeInCents: serviceFee,
        creatorFeeInCents: p.creatorFeeCents,
        showGasFee: false,
        gasFeeInCents: 0,
        // The buyer's side of the movement (a debit): what they paid (a free drawing moved nothing).
        totalInCents: p.paidCents === null ? p.amountCents : -Number(p.paidCents),
        sellerReceivesInCents: p.sellerReceivesCents,
      },
    ],
    requestedQuantity: 1,
    bidAmount: p.bidAmountCents === null ? null : bidAmountOf(p.bidAmountCents),
    niftyDeliveryDestination: 'internal',
    niftyDestinationExtWallet: null,
    listingLocation: 'internal',
    deliveryTxHash: '',
    paymentTxHash: '',
    refundTxHash: '',
    paymentCard:
      method === 'stripe_card' && p.cardBrand && p.cardLast4
        ? { brand: p.cardBrand, last4: p.cardLast4 }
        : null,
    listing: null,
    itemName: p.itemName,
    saleType: p.saleType,
    token: p.token,
    nifty: null,
    mintedTokens: [],
    deliveryMessage: null,
    nextAction: null,
    expiresAt: p.expiresAt,
    createdAt: p.createdAt.toISOString(),
    paidAt: p.paidAt,
  };
}

/** An NFT bought through an accepted offer: paid when the seller accepted it. */
export function toOfferPurchase(row: OfferPurchaseRow): PurchaseIntent {
  return movementPurchase({
    ...row,
    creatorFeeCents: Number(row.creatorFeeCents ?? 0),
    sellerReceivesCents: Number(row.proceedsCents ?? 0),
    itemName: row.tokenName,
    saleType: row.type === 'offer' ? 'offer' : 'global_offer',
    token: { contractAddress: row.contractAddress, tokenId: row.tokenId },
    paidAt: (row.closedAt ?? row.updatedAt).toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    bidAmountCents: row.amountCents,
  });
}

/**
 * An NFT won at auction (a won bid) or in a drawing (a won entry): paid when the auction settled or the
 * drawing ran (the win's movement: what the winner paid, the platform's fee, the publisher's proceeds). Its
 * `purchaseIntentId` is the bid's or the entry's id; `saleType` the auction's sale type (`auction`,
 * `ranked_auction`, `silent_auction`) or `drawing` (001 §1 sale types).
 */
export function toWinPurchase(row: WinPurchaseRow): PurchaseIntent {
  const paidAt = (row.paidAt ?? row.createdAt).toISOString();
  return movementPurchase({
    ...row,
    creatorFeeCents: 0,
    sellerReceivesCents:
      row.proceedsCents === null
        ? row.amountCents - Number(row.serviceFeeCents ?? 0)
        : Number(row.proceedsCents),
    itemName: row.tokenName,
    saleType: row.kind === 'auction' ? row.saleType : 'drawing',
    token:
      row.contractAddress !== null && row.tokenId !== null
        ? { contractAddress: row.contractAddress, tokenId: row.tokenId }
        : null,
    paidAt,
    expiresAt: paidAt,
    bidAmountCents: row.kind === 'auction' ? row.amountCents : null,
  });
}

export function toStatus(p: PurchaseIntent) {
  return {
    purchaseIntentId: p.purchaseIntentId,
    paymentState: p.paymentState,
    deliveryTxHash: p.deliveryTxHash,
    paymentTxHash: p.paymentTxHash,
    refundTxHash: p.refundTxHash,
  };
}
