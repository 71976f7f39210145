// Rows to the answers of trading-responses (decision 009).
import { feeBreakdown, type PaymentMethod, primaryFeeBreakdown } from '@vitrine/domain';
import type { Listing, PurchaseIntent, Quote } from '@vitrine/domain/trading-responses';
import { OPEN_EDITION_DELIVERY_MESSAGE } from './editions.service';
import type { ListingRow, TokenForSale } from './trading.repo';
import type { IntentView } from './trading.service';

/** The methods a buyer may choose for a listing today (cards, balance; free items need none). */
export const LISTING_METHODS: readonly PaymentMethod[] = ['stripe_card', 'balance'];

export function toListing(
  row: ListingRow,
  token: Pick<TokenForSale, 'contractAddress' | 'tokenId'>,
): Listing {
  return {
    id: row.id,
    listingId: row.id,
    contractAddress: token.contractAddress,
    tokenId: token.tokenId,
    sellerId: row.sellerId,
    status: row.status as Listing['status'],
    baseListingPrice: { amount: row.amount, currency: row.currency as 'USD' | 'ETH' },
    priceInCents: row.priceInCents,
    listingDiscount: null,
    listingDeliveryFee: { amount: String(row.deliveryFeeInCents) },
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
      : [chosen, ...LISTING_METHODS.filter((m) => m !== chosen)];
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
    listing: view.listing && view.token ? toListing(view.listing, view.token) : null,
    itemName: view.token?.name ?? view.nifty?.title ?? null,
    saleType: intent.saleKind,
    nifty: view.nifty,
    mintedTokens: view.mintedTokens,
    deliveryMessage:
      intent.saleKind === 'open_edition' && intent.paymentState === 'paid' && intent.deliveredAt === null
        ? OPEN_EDITION_DELIVERY_MESSAGE
        : null,
    nextAction:
      intent.paymentState === 'requires_action' ? (view.nextAction ?? { type: 'sim_three_d_secure' }) : null,
    expiresAt: intent.expiresAt.toISOString(),
    createdAt: intent.createdAt.toISOString(),
    paidAt: intent.paidAt?.toISOString() ?? null,
  };
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
