// The texts of 000 §5 and §8 that both the API's answers and the web app's screens show, quoted once.
import { formatCents } from '../format/price';

/** 000 §8: a purchase that could not be created (a declined card, Buy Now's server error). */
export const PURCHASE_FAILED_MESSAGE = 'Sorry, we ran into a problem creating your purchase...';
/**
 * A card refused for an offer, a bid or a drawing entry: these are not purchases, so not 000 §8's "creating your
 * purchase" (the web adds the same advice after it).
 */
export const CARD_DECLINED_MESSAGE = 'Your card was declined.';
/** 000 §5: an offer made again for an NFT that already has one of the caller's. */
export const DUPLICATE_OFFER_MESSAGE = 'You have already created an offer for this NFT';
/** An offer on one NFT whose owner turned offers off (000 §7 set-nifty-sm-pref; the item page says it too). */
export const NOT_ACCEPTING_OFFERS_MESSAGE = 'The owner of this NFT is not accepting offers';
/** 000 §8: bid acceptance, success and failure. */
export const OFFER_ACCEPTED_MESSAGE = 'Offer successfully accepted!' as const;
export const OFFER_ACCEPT_FAILED_MESSAGE = 'Error - Bid could not be accepted';
/**
 * The card processor did not answer, or answered an error of its own (not about the card). The same request sent
 * again uses the same authorisation (its key), so it is safe to retry.
 */
export const PAYMENT_PROCESSOR_UNAVAILABLE_MESSAGE =
  'We could not reach the payment processor. Please try again in a moment: you will not be charged twice.';

/** Why part of a balance cannot be cashed out yet: the cash out's 402 `funds-settling` and the cash-out form. */
export const fundsSettlingMessage = (days: number) =>
  `Funds added by card and sale proceeds can be cashed out ${days} ${days === 1 ? 'day' : 'days'} after they arrive.`;

/** The seller's dashboard tab a 'sold' alert (and the sold emails) lead to. */
export const SALES_PATH = '/dashboard/purchases-sales/sales';
/** The buyer's dashboard tab the checkout's receipt and the receipt emails lead to. */
export const PURCHASES_PATH = '/dashboard/purchases-sales/purchases';
/** The dashboard tab that lists every movement of a balance (a split payee's share of a sale). */
export const TRANSACTIONS_PATH = '/dashboard/transactions';

/**
 * What a seller's "sold" email says they got: 'You received $18.00', or, when a split divided the proceeds,
 * 'Its proceeds of $18.00 were divided by its split' (with ', your share $9.00' when the seller is a payee).
 */
export function proceedsText(proceedsCents: number, split?: { shareCents: number | null }): string {
  if (!split) return `You received ${formatCents(proceedsCents)}`;
  const share = split.shareCents === null ? '' : `, your share ${formatCents(split.shareCents)}`;
  return `Its proceeds of ${formatCents(proceedsCents)} were divided by its split${share}`;
}

/** The 'sold' alert of a collector whose NFT sold (Buy Now or an accepted offer): price and proceeds. */
export function soldAlertMessage(what: string, priceCents: number, proceedsCents: number): string {
  return `Your NFT ${what} sold for ${formatCents(priceCents)}. You received ${formatCents(proceedsCents)}.`;
}

/** Paying from a Gemini balance without a connected Gemini account (or with an expired grant). */
export const GEMINI_NOT_CONNECTED_MESSAGE = 'Connect your Gemini account to pay from its balance';

/** A listed pack is not opened (its buyer would pay for an empty pack): the API's refusal and the item page's hint. */
export const PACK_LISTED_MESSAGE = 'This pack is listed for sale: cancel the listing before you open it';
