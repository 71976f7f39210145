// Listings, Buy Now and purchase intents (docs/decisions/009-trading-and-ledger.md).
// A purchase is one unit of work: take the listing (its row locked while active at the quoted price),
// lock the token, then the intent; check that the listing is still its token owner's and not the buyer's
// own (a refusal rolls it back); lock the buyer's ledger account when paying by balance and check it; write
// the sale, the ledger movement (credits lock nothing: decision 022) and the intent paid and delivered;
// last, mark the listing sold and move the token in one statement. Money from outside (cards) is
// authorised before and captured after; a purchase that lost voids its authorisation.
import type { Db, UnitOfWork } from '@vitrine/db';
import {
  AppError,
  convertMinorUnits,
  discountProblem,
  discountRoomMessage,
  type FeeBreakdown,
  feeBreakdown,
  formatCents,
  fromMinorUnits,
  GEMINI_NOT_CONNECTED_MESSAGE,
  listingMinimumProblem,
  MAX_TRADE_CENTS,
  type PaymentMethod,
  PRICE_TOO_HIGH_MESSAGE,
  PURCHASE_FAILED_MESSAGE,
  PURCHASES_PATH,
  paymentCardLabel,
  primaryFeeBreakdown,
  proceedsText,
  SALES_PATH,
  saleProceedsInfo,
  toMinorUnits,
} from '@vitrine/domain';
import type { Listing, ListingHold, PrimaryNifty } from '@vitrine/domain/trading-responses';
import type { Background } from '../../lib/background';
import type { Clock } from '../../lib/clock';
import type { Jobs } from '../../lib/jobs';
import { type LiveEvents, topics } from '../../lib/live-events';
import { emailUserLater, type Notifier } from '../../lib/notifier';
import type { ServiceLog } from '../../lib/service-log';
import type { AlertsService } from '../live/alerts.service';
import { owedCaptures } from './card-authorizations';
import { MINT_OPEN_JOB, PAYMENT_PENDING, REVEAL_BLIND_JOB } from './editions.service';
import { createLedgerRepo, type HouseAccount, type LedgerRepo } from './ledger.repo';
import { createListingGate, WAIT_LIMIT_MS } from './listing-gate';
import {
  balanceProvider,
  type ExternalPaymentProvider,
  type NextAction,
  noPaymentProvider,
  type PaymentCard,
  type PaymentProvider,
} from './payment-providers';
import { CHECKOUT_DROP_TYPES, checkoutKindOf } from './sale-kind';
import { splitPayees as readSplitPayees, splitPostings, splitShares, tellSplitPayees } from './sales-splits';
import { sendSoldAlert } from './sold-alert';
import {
  createTradingRepo,
  type IntentRow,
  type ListingHoldRow,
  type ListingRow,
  type NiftyForSale,
  type OfferPurchaseRow,
  type PurchaseKind,
  type TokenForSale,
  type TradingRepo,
  type WinPurchaseRow,
} from './trading.repo';
import { toListing } from './trading.views';

/** How long a purchase intent's quote holds (server clock). */
export const PURCHASE_INTENT_TTL_MS = 15 * 60 * 1000;

/**
 * A Buy when every edition left is held by other collectors' open checkouts: not 'Sold Out', since those not paid
 * for come back (QA 2026-12-07: the card read 'Only 1 Remaining!', Buy answered 'Sold Out', and Buy later worked).
 */
export const EDITIONS_HELD_MESSAGE = `Every edition left is in another collector's checkout. Those not paid for come back within ${
  PURCHASE_INTENT_TTL_MS / 60_000
} minutes: please try again then.`;
export { CAPTURE_GRACE_MS, CAPTURE_WINDOW_MS } from './card-authorizations';
/** The highest listing price accepted: $10 million (the domain's, which the listing form says too). */
export const MAX_PRICE_CENTS = MAX_TRADE_CENTS;

/**
 * A primary purchase as its emails name it, as the buyer's Purchases row does: the editions minted ('Salt Line #22,
 * #23, #24'), or before they are (an open edition) how many ('Salt Line (3 editions)'), one by its title alone.
 * QA 2026-12-07: the emails said 'Salt Line × 3', and 'Room With a Borrowed Sun × 1' for one.
 */
export function primaryItemName(title: string, editions: readonly number[], quantity: number): string {
  if (editions.length > 0) return `${title} ${editions.map((e) => `#${e}`).join(', ')}`;
  return quantity > 1 ? `${title} (${quantity} editions)` : title;
}

const OPEN_STATES = ['pending', 'requires_action'];

export const TRADING_ERRORS = {
  tokenNotFound: () => new AppError({ errorType: 'not-found', message: 'NFT not found', statusCode: 404 }),
  listingNotFound: () =>
    new AppError({ errorType: 'not-found', message: 'Listing not found', statusCode: 404 }),
  intentNotFound: () =>
    new AppError({ errorType: 'not-found', message: 'Purchase intent not found', statusCode: 404 }),
  notOwner: () =>
    new AppError({
      errorType: 'forbidden',
      message: 'Only the owner of this NFT can do this',
      statusCode: 403,
    }),
  alreadyListed: () =>
    new AppError({
      errorType: 'listing-exists',
      message: 'This NFT is already listed for sale',
      statusCode: 409,
    }),
  packOpened: () =>
    new AppError({ errorType: 'pack-opened', message: 'This pack has already been opened', statusCode: 409 }),
  /** A drawing's card win whose payment has not gone through yet (decision 013). */
  paymentPending: PAYMENT_PENDING,
  listingClosed: () =>
    new AppError({
      errorType: 'listing-unavailable',
      message: 'This listing is no longer available',
      statusCode: 409,
    }),
  /** A seller's change that met another change of the same listing three times over (two tabs at once). */
  listingChanged: () =>
    new AppError({
      errorType: 'listing-changed',
      message: 'This listing was changed at the same moment: check its price and try again',
      statusCode: 409,
    }),
  priceChanged: () =>
    new AppError({
      errorType: 'price-changed',
      message: 'The price of this listing changed: review the new price and buy again',
      statusCode: 409,
    }),
  /** 000 §4: another buyer's payment for this listing is in progress (decision 009 "Buy flow"). */
  listingOnHold: () =>
    new AppError({
      errorType: 'listing-on-hold',
      message: 'Another buyer is completing a payment for this item. Check back in a few minutes.',
      statusCode: 409,
    }),
  ownListing: () =>
    new AppError({ errorType: 'own-listing', message: 'You cannot buy your own listing', statusCode: 409 }),
  intentClosed: (state: string) =>
    new AppError({
      errorType: 'purchase-intent-closed',
      message: state === 'expired' ? 'This purchase has expired' : 'This purchase can no longer be paid',
      statusCode: 409,
    }),
  /** The intent's payment method or quantity changed while it was being paid (another tab, a retry). */
  intentChanged: () =>
    new AppError({
      errorType: 'purchase-intent-changed',
      message: 'This purchase changed while it was being paid. Nothing was charged: review it and pay again.',
      statusCode: 409,
    }),
  needsAction: () =>
    new AppError({
      errorType: 'payment-requires-action',
      message: 'Complete the card verification to finish this purchase',
      statusCode: 409,
    }),
  declined: () =>
    new AppError({ errorType: 'card_declined', message: PURCHASE_FAILED_MESSAGE, statusCode: 402 }),
  insufficientFunds: () =>
    new AppError({
      errorType: 'insufficient-funds',
      message: 'Your balance is too low for this purchase',
      statusCode: 402,
    }),
  geminiNotConnected: () =>
    new AppError({
      errorType: 'gemini-not-connected',
      message: GEMINI_NOT_CONNECTED_MESSAGE,
      statusCode: 409,
    }),
  methodUnavailable: (method: string) =>
    new AppError({
      errorType: 'payment-method-unavailable',
      message: `Payment method ${method} is not available for this purchase`,
      statusCode: 422,
    }),
  noRate: () =>
    new AppError({
      errorType: 'fx-rate-unavailable',
      message: 'No ETH exchange rate is available',
      statusCode: 409,
    }),
  niftyNotFound: () => new AppError({ errorType: 'not-found', message: 'NFT not found', statusCode: 404 }),
  saleTypeUnavailable: (saleType: string) =>
    new AppError({
      errorType: 'sale-type-unavailable',
      message: `This drop (${saleType}) cannot be bought at checkout yet`,
      statusCode: 422,
    }),
  dropNotLive: () =>
    new AppError({
      errorType: 'drop-not-live',
      message: 'This drop is not open for purchases',
      statusCode: 409,
    }),
  notForSale: () =>
    new AppError({ errorType: 'not-for-sale', message: 'This NFT is not for sale', statusCode: 422 }),
  /** 001 §4 'Burn Required': a redemption needs a token of the required kind, owned and not burnt. */
  burnRequired: () =>
    new AppError({
      errorType: 'burn-required',
      message: 'Burn Required: you need to own an NFT of the required kind to redeem this',
      statusCode: 409,
    }),
  /** 001 §4: 'Sold Out' (standard) when no edition remains. */
  soldOut: () => new AppError({ errorType: 'sold-out', message: 'Sold Out', statusCode: 409 }),
  /** Editions remain, every one held by another buyer's open checkout (`EDITIONS_HELD_MESSAGE`). */
  editionsHeld: () =>
    new AppError({ errorType: 'editions-held', message: EDITIONS_HELD_MESSAGE, statusCode: 409 }),
  limitReached: () =>
    new AppError({
      errorType: 'limit-reached',
      message: 'You have reached the purchase limit for this NFT',
      statusCode: 409,
    }),
  /** 001 §4 quantity panel: 'Only {n} Remaining!'. */
  notEnough: (remaining: number) =>
    new AppError({
      errorType: 'not-enough-editions',
      message: `Only ${remaining} Remaining!`,
      statusCode: 409,
      fields: { requested_quantity: `Only ${remaining} Remaining!` },
    }),
  invalid: (field: string, message: string) =>
    new AppError({
      errorType: 'validation-error',
      message: 'Invalid request',
      statusCode: 400,
      fields: { [field]: message },
    }),
};

export interface PriceInput {
  /** Major units as a decimal string or number: '125.50' USD, '0.25' ETH. */
  amount: string | number;
  currency: 'USD' | 'ETH';
}

/** A listing's new price as stored: what buyers pay (`amount`, its cents) and the discount taken off, if any. */
export interface ListingPriceChange {
  currency: string;
  amount: string;
  priceInCents: number;
  discountAmount: string | null;
}

export interface IntentPatch {
  paymentMethod?: PaymentMethod;
  paymentCurrency?: string;
  requestedQuantity?: number;
  niftyDeliveryDestination?: 'internal' | 'external';
  niftyDestinationExtWallet?: string | null;
}

export { CHECKOUT_DROP_TYPES, checkoutKindOf } from './sale-kind';

/**
 * What one purchase may take of a nifty: its `maxPurchaseQuantity`, and one for a burn-required redemption, which
 * burns one token (primary-sales review, 2026-12-06: one burnt token redeemed five editions).
 */
export function perPurchase(n: { maxPurchaseQuantity: number; burnRequired: boolean }): number {
  return n.burnRequired ? 1 : Math.max(1, n.maxPurchaseQuantity);
}

function assertPerPurchase(n: { maxPurchaseQuantity: number; burnRequired: boolean }, quantity: number) {
  if (quantity <= perPurchase(n)) return;
  throw TRADING_ERRORS.invalid(
    'requested_quantity',
    n.burnRequired ? 'One per NFT burnt: redeem one at a time' : `At most ${perPurchase(n)} per purchase`,
  );
}

/** An open edition has no fixed size while purchasing is open (decision 016): free editions are not capped. */
const OPEN_EDITION_FREE = 1_000_000;

/** What a buyer may take of a nifty now, and the limit that binds first. */
export function allowedQuantity(o: {
  free: number;
  maxPurchaseQuantity: number;
  limitPerUser: number;
  otherPurchases: number;
}): { allowed: number; limit: PrimaryNifty['quantityLimit'] } {
  if (o.limitPerUser === 1 && o.otherPurchases > 0) return { allowed: 0, limit: 'limit_reached' };
  if (o.free <= 0) return { allowed: 0, limit: 'sold_out' };
  const max = Math.max(1, o.maxPurchaseQuantity);
  return o.free < max ? { allowed: o.free, limit: 'remaining' } : { allowed: max, limit: 'max_per_purchase' };
}

/** A pay request: the method (changed first when given), the card's token, the total the buyer saw. */
interface PayInput {
  paymentMethod?: PaymentMethod;
  paymentToken?: string;
  expectedTotalCents?: number;
}

/** What a payment was made for (paidForOf): a purchase settles that intent or nothing. */
interface PaidFor {
  paymentMethod: string;
  buyerPaysCents: number;
  quantity: number;
  /**
   * The card authorisation whose second step this payment completes (the intent waited on it when read), or
   * null: none. The locked intent must still wait on that one: another tab that dropped the step voided it.
   */
  waitingOn: string | null;
}

interface TradingRepos {
  trading: TradingRepo;
  ledger: LedgerRepo;
}

/** The intent's columns for the card that paid: its brand and last four only (null for other methods). */
function cardColumns(card: PaymentCard | null): { cardBrand: string | null; cardLast4: string | null } {
  return card ? { cardBrand: card.brand, cardLast4: card.last4 } : { cardBrand: null, cardLast4: null };
}

export function createTradingService(deps: {
  db: Db;
  unit: UnitOfWork<TradingRepos>;
  clock: Clock;
  /** The card provider (the simulated processor, or Stripe when STRIPE_SECRET_KEY is set). */
  card: ExternalPaymentProvider;
  /** The other outside payment methods (Klarna, Gemini balance), by method. */
  external?: Partial<Record<PaymentMethod, ExternalPaymentProvider>>;
  /** The seller's "sold" email and the buyer's receipt go out through it, after the purchase commits. */
  notifier?: Notifier;
  /** Runs the notifications without making the buyer wait. */
  background?: Background;
  /** Participation criteria and the validated-profile gate of drops (decision 015): refuses ineligible buyers. */
  eligibility?: { assertEligible(userId: number, niftyId: number): Promise<void> };
  /** After a commit that changed what browsing shows of a token (its listing, owner or last sale). */
  onTokenChange?: (tokenRowId: number, formerOwnerId?: number) => Promise<void>;
  /** Open-edition minting and blind reveals, sent after a primary payment commits (decision 016). */
  jobs?: Jobs;
  /** Open pages: 'sold' on the nifty's topic after a primary sale commits (decision 014). */
  events?: LiveEvents;
  /** Voids that failed, owed (decision 009 "Voids owed"): the providers above void through it, the sweep drains it. */
  owedVoids?: { drain(limit?: number): Promise<number> };
  /** The seller's 'sold' alert after a resale (the bell, and their open pages read the balance again). */
  alerts?: Pick<AlertsService, 'send'>;
  /** Where a browsing refresh that failed after a commit is written down. */
  log?: ServiceLog;
  /**
   * The outside methods of `external` taken for new payments (default: all). The others only void, capture or
   * complete what they authorised before.
   */
  externalTaken?: readonly PaymentMethod[];
  /** The buyer's connected Gemini account, which a `gemini_balance` payment charges (null: none, or expired). */
  geminiAccessToken?: (userId: number) => Promise<string | null>;
  /** The web's origin, for the links in emails (none without it). */
  webOrigin?: () => string;
}) {
  const { clock, unit } = deps;
  const repo = createTradingRepo(deps.db);
  const ledger = createLedgerRepo(deps.db);
  /**
   * The seller's "sold" email and the buyer's receipt, after commit, without making the buyer wait: two tasks, so
   * that an address the mail server refuses for one still leaves the other sent. A collector who resold (`alert`)
   * also gets the 'sold' alert in the app: a publisher's drop sells too many at once. `sellerId` null: a
   * publisher with no owner to tell (the buyer still gets the receipt). `split`: the proceeds were divided by the
   * NFT's split among its payees, so the email does not say the seller received them all.
   */
  function notifySale(
    intent: IntentRow,
    sellerId: number | null,
    what: string,
    options: {
      alert?: boolean;
      /** The primary split that divided the proceeds (its payees and percentages, as the ledger's postings). */
      split?: readonly { userId: number; percentage: number }[];
    } = {},
  ): void {
    const { notifier, background } = deps;
    const fees = quote(intent);
    // A free claim (a free open edition, a free redemption) sold nothing: no 'sold' word to anyone, and the buyer's
    // receipt says what they claimed (QA 2026-12-07: 'Your NFT sold for $0.00. You received $0.00').
    if (fees.buyerPaysCents === 0 && fees.priceCents === 0) {
      emailUserLater(deps, repo.contactOf, intent.buyerId, {
        kind: 'purchase_receipt',
        subject: 'Your purchase receipt',
        text: `You claimed ${what}, free. Order #${intent.id}.`,
        path: PURCHASES_PATH,
      });
      return;
    }
    if (options.alert && sellerId !== null) {
      sendSoldAlert(deps, sellerId, {
        what,
        priceCents: fees.priceCents,
        proceedsCents: fees.sellerReceivesCents,
        key: `sold:intent:${intent.id}`,
      });
    }
    if (!notifier || !background) return;
    // What paid: the card (brand and last four), the balance, Klarna or Gemini; a free purchase names nothing.
    const paidWith =
      intent.cardBrand && intent.cardLast4
        ? ` Paid with ${paymentCardLabel({ brand: intent.cardBrand, last4: intent.cardLast4 })}.`
        : intent.paymentMethod === 'balance'
          ? ' Paid from your balance.'
          : intent.paymentMethod === 'stripe_klarna'
            ? ' Paid with Klarna.'
            : intent.paymentMethod === 'gemini_balance'
              ? ' Paid from your Gemini account.'
              : '';
    // Each payee's share, as the ledger posted it; the other payees learn of theirs (their Transactions tab).
    const shares = splitShares(options.split ?? [], fees.sellerReceivesCents);
    const sellerShare = shares.find((p) => p.userId === sellerId);
    const proceeds = proceedsText(
      fees.sellerReceivesCents,
      shares.length > 0 ? { shareCents: sellerShare?.cents ?? null } : undefined,
    );
    tellSplitPayees(
      { ...deps, contactsOf: repo.contactsOf },
      { what, priceCents: fees.priceCents, shares, except: sellerId },
    );
    emailUserLater(deps, repo.contactOf, sellerId, {
      kind: 'nft_sold',
      subject: 'Your NFT sold',
      text: `Your NFT ${what} sold for ${formatCents(fees.priceCents)}. ${proceeds} (service and card fee ${formatCents(fees.serviceFeeCents)}, creator fee ${formatCents(fees.creatorFeeCents)}).`,
      path: SALES_PATH,
    });
    emailUserLater(deps, repo.contactOf, intent.buyerId, {
      kind: 'purchase_receipt',
      subject: 'Your purchase receipt',
      // 000 §9: the gas fee only when there is one (a delivery fee, a listing not external); the card fee only
      // when a card paid. The order number as the checkout's receipt shows it.
      text: `You bought ${what} for ${formatCents(fees.buyerPaysCents)} (price ${formatCents(fees.priceCents)}${fees.cardFeeCents > 0 ? `, card fee ${formatCents(fees.cardFeeCents)}` : ''}${fees.showGasFee ? `, gas fee ${formatCents(fees.gasFeeCents)}` : ''}).${paidWith} Order #${intent.id}.`,
      path: PURCHASES_PATH,
    });
  }

  // House accounts never change once made: their ids are kept after the first look-up (one look-up for
  // the many purchases that may need one at once).
  const houseAccounts = new Map<HouseAccount, Promise<number>>();
  function houseAccount(kind: HouseAccount): Promise<number> {
    let id = houseAccounts.get(kind);
    if (id === undefined) {
      id = ledger.houseAccount(kind);
      houseAccounts.set(kind, id);
      id.catch(() => houseAccounts.delete(kind));
    }
    return id;
  }
  const listingGate = createListingGate();
  /**
   * After a commit that changed what browsing shows of a token: its caches refreshed. The change is committed, so
   * a refresh that fails is logged, never answered as the change failing (a retried listing would then read
   * 'already listed'); the caches catch up at their own time.
   */
  const changed = async (tokenRowId: number, formerOwnerId?: number) => {
    try {
      await deps.onTokenChange?.(tokenRowId, formerOwnerId);
    } catch (err) {
      deps.log?.warn({ err, tokenRowId }, 'browsing refresh after a change failed');
    }
  };

  /**
   * The other outside methods this server takes for new payments (Klarna and Gemini balance are simulated: only
   * beside the simulated card processor, services.ts); all of `external` unless `externalTaken` names fewer.
   */
  const takenExternal: readonly PaymentMethod[] =
    deps.externalTaken ?? (Object.keys(deps.external ?? {}) as PaymentMethod[]);
  /** The methods a buyer is quoted: card and balance, and the outside methods taken. */
  const quotedMethods: readonly PaymentMethod[] = ['stripe_card', 'balance', ...takenExternal];
  /** The provider a new payment (or a change of method) goes through: refused for a method not taken. */
  function providerFor(method: string): PaymentProvider {
    if (method === 'stripe_card') return deps.card;
    const external = takenExternal.includes(method as PaymentMethod)
      ? deps.external?.[method as PaymentMethod]
      : undefined;
    if (external) return external;
    if (method === 'balance') return balanceProvider;
    if (method === 'no_payment_required') return noPaymentProvider;
    throw TRADING_ERRORS.methodUnavailable(method);
  }
  /** The outside provider of a method, taken for new payments or not; undefined for the ledger's methods. */
  function externalOrNull(method: string): ExternalPaymentProvider | undefined {
    return method === 'stripe_card' ? deps.card : deps.external?.[method as PaymentMethod];
  }
  /**
   * The outside provider that holds an intent's authorisation (its payment method's): it voids, captures or
   * completes what it authorised even when the method is no longer taken (the server set up with Stripe since).
   */
  function externalOf(method: string): ExternalPaymentProvider {
    const provider = externalOrNull(method);
    if (!provider) throw new Error(`${method} is not an external payment method`);
    return provider;
  }

  /** A price in minor units and its USD cents (ETH at the rate in force). */
  async function pricing(price: PriceInput) {
    const minor = toMinorUnits(price.amount, price.currency);
    if (minor === null || minor < 0n) throw TRADING_ERRORS.invalid('price', 'Enter a price of 0 or more');
    let cents: bigint;
    if (price.currency === 'USD') {
      cents = minor;
    } else {
      const rate = await repo.ethUsdRate();
      if (!rate) throw TRADING_ERRORS.noRate();
      cents = convertMinorUnits(minor, 'ETH', 'USD', rate);
    }
    // The bound said with it (UX review, 2026-12-06: 'too high' left the seller guessing).
    if (cents > BigInt(MAX_PRICE_CENTS)) throw TRADING_ERRORS.invalid('price', PRICE_TOO_HIGH_MESSAGE);
    return { currency: price.currency, amount: minor.toString(), priceInCents: Number(cents) };
  }

  /** `pricing` of an amount already in minor units (what a discount leaves). */
  function pricingOfUnits(units: bigint, currency: PriceInput['currency']) {
    return pricing({ amount: fromMinorUnits(units, currency), currency });
  }

  /**
   * Changes the seller's active listing to what `next` makes of it as read, under a conditional update on that
   * reading (its price, currency and discount): a change between the read and the write (another tab's) reads
   * it again, rather than computing a discount from a price that is no longer there.
   */
  async function changeListing(
    sellerId: number,
    id: number,
    next: (listing: ListingRow) => Promise<ListingPriceChange>,
  ): Promise<ListingRow> {
    for (let attempt = 0; ; attempt += 1) {
      const listing = await repo.listing(id);
      if (!listing || listing.sellerId !== sellerId || listing.status !== 'active')
        throw await whyNot(sellerId, id);
      const change = await next(listing);
      const done = await repo.reprice(id, sellerId, change, clock.now(), listing);
      if (done) {
        await changed(done.tokenRowId);
        return done;
      }
      if (attempt === 2) throw TRADING_ERRORS.listingChanged();
    }
  }

  /** A new listing's price (listing, repricing): `pricing`, at or above 001 §5's lowest ($1, 0.001 ETH). */
  async function listingPricing(price: PriceInput) {
    const minor = toMinorUnits(price.amount, price.currency);
    const low = minor === null ? null : listingMinimumProblem(minor, price.currency);
    if (low) throw TRADING_ERRORS.invalid('price', low);
    return pricing(price);
  }

  function quote(intent: IntentRow, method = intent.paymentMethod as PaymentMethod): FeeBreakdown {
    if (intent.saleKind !== 'listing') {
      return primaryFeeBreakdown({
        unitPriceCents: intent.priceCents,
        quantity: intent.requestedQuantity,
        method,
      });
    }
    return feeBreakdown({
      priceCents: intent.priceCents,
      royaltyBps: intent.royaltyBps,
      method,
      isExternal: intent.isExternal,
      deliveryFeeCents: intent.deliveryFeeCents,
    });
  }

  /** Marks an open intent past its time expired and voids what it authorised. */
  async function expireIfDue(intent: IntentRow): Promise<IntentRow> {
    if (!OPEN_STATES.includes(intent.paymentState) || intent.expiresAt > clock.now()) return intent;
    // Expiry gives back the editions a primary intent held (readers already ignore intents past their time).
    const expired = await repo.updateIntent(intent.id, OPEN_STATES, {
      paymentState: 'expired',
      heldQuantity: 0,
      updatedAt: clock.now(),
    });
    if (expired) await release(expired);
    return expired ?? ((await repo.intent(intent.id)) as IntentRow);
  }

  /**
   * A listing's open intent whose listing sold to someone else (or was cancelled, or repriced) can never be paid:
   * a read closes it as cancelled, so the checkout's status polling shows it at once (000 §4). Conditional on the
   * intent still being open: an intent paid meanwhile stays paid.
   */
  async function closeIfListingGone(
    intent: IntentRow,
    /** The intent's listing as the caller just read it (saves reading it again). */
    known?: ListingRow | null,
  ): Promise<IntentRow> {
    if (
      !OPEN_STATES.includes(intent.paymentState) ||
      intent.saleKind !== 'listing' ||
      intent.listingId === null
    )
      return intent;
    const listing = known !== undefined ? known : await repo.listing(intent.listingId);
    // Still for sale at the price quoted: open. Repriced: the quote can never be paid (pay takes the listing only
    // at its quoted price), so the checkout shows it at its next poll, not after the buyer has typed a card.
    if (
      listing?.status === 'active' &&
      listing.amount === intent.listingAmount &&
      listing.currency === intent.listingCurrency
    )
      return intent;
    const cancelled = await repo.updateIntent(intent.id, OPEN_STATES, {
      paymentState: 'cancelled',
      updatedAt: clock.now(),
    });
    if (cancelled) await release(cancelled);
    return cancelled ?? ((await repo.intent(intent.id)) as IntentRow);
  }

  /**
   * Voids the card authorisation of an intent that will not be paid (expired, cancelled), and notes it. A void
   * that fails (the processor unreachable) does not fail the read that closed the intent: the minute sweep tries
   * it again (releaseDue), so the buyer's money is not held until the authorisation lapses.
   */
  async function release(closed: IntentRow): Promise<boolean> {
    if (!closed.providerReference) return false;
    if (!externalOrNull(closed.paymentMethod)) {
      // Nothing of a processor to void (a reference left by another method): noted, so the sweep skips it.
      await repo.markReleased(closed.id, clock.now());
      return false;
    }
    try {
      await externalOf(closed.paymentMethod).void(closed.providerReference);
    } catch {
      return false;
    }
    await repo.markReleased(closed.id, clock.now());
    return true;
  }

  /** Applies a buyer's changes to their open intent, as just read; answers the updated row. */
  async function patchIntent(intent: IntentRow, patch: IntentPatch): Promise<IntentRow> {
    if (!OPEN_STATES.includes(intent.paymentState)) throw TRADING_ERRORS.intentClosed(intent.paymentState);
    const set: Partial<IntentRow> = { updatedAt: clock.now() };
    if (patch.paymentMethod !== undefined) {
      const provider = providerFor(patch.paymentMethod);
      if (provider === noPaymentProvider && intent.priceCents > 0)
        throw TRADING_ERRORS.methodUnavailable(patch.paymentMethod);
      if (provider !== noPaymentProvider && intent.priceCents === 0)
        throw TRADING_ERRORS.methodUnavailable(patch.paymentMethod);
      set.paymentMethod = patch.paymentMethod;
    }
    if (patch.paymentCurrency !== undefined && patch.paymentCurrency !== 'USD') {
      throw TRADING_ERRORS.invalid('payment_currency', 'Listings are paid in USD');
    }
    if (
      patch.requestedQuantity !== undefined &&
      intent.saleKind === 'listing' &&
      patch.requestedQuantity !== 1
    ) {
      throw TRADING_ERRORS.invalid('requested_quantity', 'A listing sells one NFT');
    }
    if (patch.niftyDeliveryDestination !== undefined)
      set.niftyDeliveryDestination = patch.niftyDeliveryDestination;
    if (patch.niftyDestinationExtWallet !== undefined)
      set.niftyDestinationExtWallet = patch.niftyDestinationExtWallet;
    const destination = set.niftyDeliveryDestination ?? intent.niftyDeliveryDestination;
    if (destination === 'external') {
      // Delivery to an outside wallet arrives with the chain issue.
      throw TRADING_ERRORS.invalid(
        'nifty_delivery_destination',
        'Delivery to an external wallet is not available yet',
      );
    }
    // Changing how to pay drops a card verification in progress: only while the intent still waits on it (a
    // second step completed meanwhile has paid it), and its authorisation is voided after, never before: voided
    // first, a purchase that the completed step committed would be delivered and never charged.
    const dropsVerification =
      intent.paymentState === 'requires_action' &&
      set.paymentMethod !== undefined &&
      set.paymentMethod !== intent.paymentMethod;
    if (dropsVerification) {
      set.paymentState = 'pending';
      set.providerReference = null;
    }
    const updated = await repo.updateIntent(
      intent.id,
      dropsVerification ? ['requires_action'] : OPEN_STATES,
      set,
    );
    if (!updated) {
      const now = await repo.intent(intent.id);
      if (now && OPEN_STATES.includes(now.paymentState)) throw TRADING_ERRORS.intentChanged();
      throw TRADING_ERRORS.intentClosed(now?.paymentState ?? 'closed');
    }
    // The change is committed: a void that fails now does not answer it as failed. The authorisation then lapses
    // at the processor (7 days at most) unless the buyer completes its step, which the intent, pending again,
    // no longer waits for.
    if (dropsVerification && intent.providerReference)
      await externalOf(intent.paymentMethod)
        .void(intent.providerReference)
        .catch(() => undefined);
    return updated;
  }

  /** Whether a listing, as just read, is on hold for the viewer: another buyer's payment is in progress. */
  async function holdOf(listing: ListingRow, viewerId: number | null): Promise<ListingHold> {
    const holds = listing.status === 'active' ? await repo.holdsOf(listing.id, clock.now()) : [];
    return holdFrom(listing, holds, viewerId);
  }

  /** `holdOf` from holds already read. */
  function holdFrom(listing: ListingRow, read: ListingHoldRow[], viewerId: number | null): ListingHold {
    const holds = listing.status === 'active' ? read : [];
    const others = holds.filter((h) => h.buyerId !== viewerId);
    const until = others.reduce<Date | null>((a, h) => (a && a > h.expiresAt ? a : h.expiresAt), null);
    return {
      listingId: listing.id,
      onHold: others.length > 0,
      heldByYou: others.length < holds.length,
      heldUntil: until ? until.toISOString() : null,
    };
  }

  async function ownIntent(buyerId: number, id: number): Promise<IntentRow> {
    return ownIntentOf(buyerId, await repo.intent(id));
  }

  /** `ownIntent` of an intent already read. */
  async function ownIntentOf(buyerId: number, intent: IntentRow | null): Promise<IntentRow> {
    if (!intent || intent.buyerId !== buyerId) throw TRADING_ERRORS.intentNotFound();
    return expireIfDue(intent);
  }

  /**
   * The listing and token a purchase just sold and moved, by the paid intent it answers with: its answer
   * shows them without reading them again (the intent object lives as long as that answer is built).
   */
  const soldAs = new WeakMap<IntentRow, { listing: ListingRow; token: TokenForSale }>();

  async function viewOf(
    intent: IntentRow,
    extra: { nextAction?: NextAction } = {},
    /** The listing and token as the caller just read them (saves reading them again). */
    known: { listing?: ListingRow | null; token?: Awaited<ReturnType<typeof repo.tokenById>> } = {},
  ) {
    if (intent.saleKind !== 'listing' && intent.niftyId !== null) {
      const [nifty, mintedTokens] = await Promise.all([
        primaryNiftyView(intent.niftyId, intent),
        intent.paymentState === 'paid' ? repo.mintedBy(intent.id) : Promise.resolve([]),
      ]);
      return {
        intent,
        listing: null,
        token: null,
        nifty,
        mintedTokens,
        quote: quote(intent),
        methods: quotedMethods,
        ...extra,
      };
    }
    // A purchase just made: what it sold and moved; else what the caller read, else a read.
    const shown = soldAs.get(intent) ?? known;
    const [listing, token] = await Promise.all([
      shown.listing !== undefined
        ? shown.listing
        : intent.listingId === null
          ? null
          : repo.listing(intent.listingId),
      shown.token !== undefined
        ? shown.token
        : intent.tokenRowId === null
          ? null
          : repo.tokenById(intent.tokenRowId),
    ]);
    return {
      intent,
      listing,
      token,
      nifty: null,
      mintedTokens: [] as { tokenId: string; editionNumber: number }[],
      quote: quote(intent),
      methods: quotedMethods,
      ...extra,
    };
  }

  /**
   * The editions a checkout may still hold: the edition size less what is sold, reserved and held by other
   * checkouts (`heldByOthers`); an open edition has no such end. A pack also no more than its pool can fill
   * beside the packs sold and not opened yet, each of which takes `packSize` items when opened: a pack is
   * never sold that would open short (review, 2026-12-06). Read under the nifty's lock where it decides.
   */
  async function freeEditions(
    r: Pick<TradingRepo, 'packStock'>,
    nifty: {
      id: number;
      editionSize: number;
      totalSold: number;
      totalReserved: number;
      packSize: number | null;
    },
    kind: string | null,
    heldByOthers: number,
  ): Promise<number> {
    if (kind === 'open_edition') return OPEN_EDITION_FREE;
    const free = nifty.editionSize - nifty.totalSold - nifty.totalReserved - heldByOthers;
    if (kind !== 'pack') return free;
    const stock = await r.packStock(nifty.id);
    const fillable = Math.floor(stock.poolRemaining / Math.max(1, nifty.packSize ?? 1));
    return Math.min(free, fillable - stock.sealed - heldByOthers);
  }

  /** The checkout's view of a primary nifty: free editions and what this intent may hold. */
  async function primaryNiftyView(niftyId: number, intent: IntentRow): Promise<PrimaryNifty | null> {
    const n = await repo.niftyForSaleById(niftyId);
    if (!n) return null;
    const at = clock.now();
    const [heldByOthers, otherPurchases] = await Promise.all([
      repo.heldOf(n.id, at, intent.id),
      repo.purchasesOf(n.id, intent.buyerId, at, intent.id),
    ]);
    const open = OPEN_STATES.includes(intent.paymentState) && intent.expiresAt > at;
    const ownHeld = open ? intent.heldQuantity : 0;
    const freeForThis = await freeEditions(repo, n, checkoutKindOf(n), heldByOthers);
    const { allowed, limit } = allowedQuantity({
      free: freeForThis,
      maxPurchaseQuantity: perPurchase(n),
      limitPerUser: n.limitPerUser,
      otherPurchases,
    });
    return {
      contractAddress: n.contractAddress,
      niftyType: n.typeNumber,
      title: n.title,
      asset: { src: n.assetUrl, type: n.assetType, alt: n.title },
      collectionSlug: n.collectionSlug,
      collectionName: n.collectionName,
      publisher: { name: n.publisherName, slug: n.publisherSlug },
      saleType: checkoutKindOf(n) ?? n.saleType,
      unitPriceInCents: unitPriceOf(n),
      editionSize: n.editionSize,
      totalSold: n.totalSold,
      available: Math.max(0, freeForThis - ownHeld),
      heldElsewhere: checkoutKindOf(n) === 'open_edition' ? 0 : heldByOthers,
      maxPurchaseQuantity: perPurchase(n),
      limitPerUser: n.limitPerUser,
      allowedQuantity: allowed,
      quantityLimit: limit,
      endDate: n.endAt?.toISOString() ?? null,
      isOnePurchasePerUser: n.limitPerUser === 1,
      burnRequired: n.burnRequired,
      isFreeRedemption: n.isFreeRedemption,
    };
  }

  /** The ledger accounts and percentages of a nifty's studio split (decision 017); empty when it has none. */
  const splitPayees = (niftyId: number, kind: 'primary' | 'secondary') =>
    readSplitPayees(repo, ledger, niftyId, kind);

  /** A drop nifty's fixed price in USD cents (primary sales are priced in USD today). */
  function unitPriceOf(n: NiftyForSale): number {
    if (n.priceCurrency !== 'USD') throw TRADING_ERRORS.methodUnavailable(`${n.priceCurrency} price`);
    return Number(n.priceAmount);
  }

  /** What a payment was made for, as the pay request read the intent: its method, amount and quantity. */
  function paidForOf(intent: IntentRow): PaidFor {
    return {
      paymentMethod: intent.paymentMethod,
      buyerPaysCents: quote(intent).buyerPaysCents,
      quantity: intent.requestedQuantity,
      waitingOn: intent.paymentState === 'requires_action' ? intent.providerReference : null,
    };
  }

  /**
   * Refuses to settle an intent (locked) that is no longer what was paid for: its method or quantity changed
   * while the payment was on its way (a PATCH from another tab between the pay request's read and the
   * lock). Settling it would take the changed intent's money from the old payment: a balance debited
   * beside a card, or more editions than the card's amount. Likewise a second step completed after another
   * tab dropped it (`waitingOn`). Refused, the transaction rolls back and a card's authorisation is voided
   * (settleExternal).
   */
  function assertPaidFor(
    intent: IntentRow,
    fees: FeeBreakdown,
    provider: PaymentProvider,
    providerReference: string | null,
    paidFor: PaidFor,
  ): void {
    if (
      intent.paymentMethod !== paidFor.paymentMethod ||
      intent.requestedQuantity !== paidFor.quantity ||
      fees.buyerPaysCents !== paidFor.buyerPaysCents ||
      (provider.kind === 'external') !== (providerReference !== null) ||
      // A completed step whose authorisation another tab dropped (and voided), or a payment begun while nothing
      // waited that finds another card's step waiting now: settling would deliver against money not held.
      (intent.paymentState === 'requires_action' ? intent.providerReference : null) !== paidFor.waitingOn
    ) {
      throw TRADING_ERRORS.intentChanged();
    }
  }

  /**
   * The primary purchase (decision 009 "Primary sales"), one transaction: lock the nifty, then the intent,
   * then the buyer's ledger account when paying by balance (credits lock nothing: decision 022); mint the
   * held editions to the buyer, count them sold, write a sale per edition and one ledger movement (publisher 90 %, platform 10 %, card fee the buyer's), mark the
   * intent paid. Throws (rolling back) when the intent is no longer open or in time, or the balance low.
   */
  async function settlePrimary(
    intentId: number,
    providerReference: string | null,
    card: PaymentCard | null,
    paidFor: PaidFor,
  ): Promise<IntentRow> {
    const draft = await repo.intent(intentId);
    if (!draft || draft.niftyId === null) throw TRADING_ERRORS.intentNotFound();
    const n = await repo.niftyForSaleById(draft.niftyId);
    if (!n) throw TRADING_ERRORS.niftyNotFound();
    const accounts = {
      buyer: await ledger.userAccount(draft.buyerId),
      publisher:
        n.publisherOwnerId === null
          ? await houseAccount('unassigned_publisher_proceeds')
          : await ledger.userAccount(n.publisherOwnerId),
      platform: await houseAccount('platform_revenue'),
      clearing: await houseAccount('payments_clearing'),
    };
    // The studio's primary split divides the publisher's proceeds (decision 017 "Splits in the ledger").
    const primarySplit = await splitPayees(n.id, 'primary');
    const at = clock.now();
    const paid = await unit.run(async ({ trading, ledger: l }) => {
      const nifty = await trading.lockNifty(n.id);
      const intent = await trading.lockIntent(intentId);
      if (!nifty || !intent) throw TRADING_ERRORS.intentNotFound();
      if (intent.paymentState === 'paid')
        return { intent, fresh: false, firstToken: null, editions: [] as number[], sold: null };
      if (!OPEN_STATES.includes(intent.paymentState)) throw TRADING_ERRORS.intentClosed(intent.paymentState);
      if (intent.expiresAt <= at) throw TRADING_ERRORS.intentClosed('expired');
      const quantity = intent.requestedQuantity;
      if (intent.heldQuantity !== quantity) throw TRADING_ERRORS.intentClosed('closed');

      const provider = providerFor(intent.paymentMethod);
      const fees = quote(intent);
      assertPaidFor(intent, fees, provider, providerReference, paidFor);
      // A burn-required redemption's token (and a listing of it) is locked before the accounts, in the order
      // a purchase of that token takes them (listing, token, accounts), so the two never deadlock.
      if (n.burnRequired) {
        if (intent.burnTokenId === null) throw TRADING_ERRORS.burnRequired();
        const listed = await trading.activeListingOf(intent.burnTokenId);
        if (listed) await trading.lockListing(listed.id);
        if (!(await trading.lockToken(intent.burnTokenId))) throw TRADING_ERRORS.burnRequired();
      }
      // Only the account the sale takes money from is locked (decision 022): the buyer's, paying by balance.
      // Credits (publisher, splits, platform) wait for no one, so a drop's buyers do not queue on them.
      const debitsBuyer = provider.kind === 'ledger' && provider.debitsBuyer;
      const locked = await l.lock(debitsBuyer ? [accounts.buyer] : []);
      if (debitsBuyer) {
        if ((locked.get(accounts.buyer)?.availableCents ?? 0) < fees.buyerPaysCents)
          throw TRADING_ERRORS.insufficientFunds();
      } else if (provider.kind === 'ledger' && fees.buyerPaysCents > 0) {
        throw TRADING_ERRORS.methodUnavailable(intent.paymentMethod);
      }

      // A burn-required redemption burns the buyer's token of the required kind in this same unit (locked above).
      if (n.burnRequired) {
        if (intent.burnTokenId !== null && (await trading.paymentPending(intent.burnTokenId)))
          throw TRADING_ERRORS.paymentPending();
        if (intent.burnTokenId === null || !(await trading.burnToken(intent.burnTokenId, intent.buyerId, at)))
          throw TRADING_ERRORS.burnRequired();
      }
      // An open edition's editions are minted after purchasing closes (a job): counted sold now.
      const openEdition = intent.saleKind === 'open_edition';
      if (openEdition) {
        if (!(await trading.addSoldOpen(nifty.id, quantity))) throw TRADING_ERRORS.soldOut();
      } else if (!(await trading.addSold(nifty.id, quantity))) {
        // The held editions become sold ones: the store refuses to count more than exist.
        throw TRADING_ERRORS.soldOut();
      }
      const first = Math.max(nifty.totalSold, await trading.lastEditionOf(nifty.id)) + 1;
      const minted = await trading.insertTokens(
        Array.from({ length: openEdition ? 0 : quantity }, (_, i) => {
          const edition = first + i;
          return {
            niftyId: nifty.id,
            contractAddress: n.contractAddress,
            tokenId: String(nifty.typeNumber * 100_000 + edition),
            name: `${nifty.title} #${edition}`,
            editionNumber: edition,
            ownerId: intent.buyerId,
            lastSaleInCents: intent.priceCents,
            lastSaleAt: at,
            mintedAt: at,
          };
        }),
      );
      const saleIds = await trading.insertSales(
        minted.map((t) => ({
          tokenRowId: t.id,
          sellerId: n.publisherOwnerId,
          buyerId: intent.buyerId,
          market: 'primary',
          currency: 'USD',
          amount: String(intent.priceCents),
          priceInCents: intent.priceCents,
          soldAt: at,
          purchaseIntentId: intent.id,
        })),
      );
      const payer = provider.kind === 'external' ? accounts.clearing : accounts.buyer;
      const ledgerTransactionId = await l.post({
        kind: 'purchase',
        reference: `purchase_intent:${intent.id}`,
        // What the Transactions tab shows beside each side's movement ('Purchase paid from balance', 'Sale
        // proceeds'): the item by its name, as the buyer and seller know it.
        description: `${n.title} × ${quantity}`,
        at,
        postings: [
          {
            accountId: payer,
            amountCents: -fees.buyerPaysCents,
            memo: provider.kind === 'external' ? 'card_payment' : 'payment',
          },
          ...splitPostings(primarySplit, fees.sellerReceivesCents, accounts.publisher, 'publisher_proceeds'),
          { accountId: accounts.platform, amountCents: fees.serviceFeeCents, memo: 'primary_platform_fee' },
          { accountId: accounts.platform, amountCents: fees.cardFeeCents, memo: 'card_fee' },
        ],
      });
      const done = await trading.updateIntent(intent.id, OPEN_STATES, {
        paymentState: 'paid',
        heldQuantity: 0,
        providerReference,
        ...cardColumns(card),
        saleId: saleIds[0] ?? null,
        ledgerTransactionId,
        paidAt: at,
        deliveredAt: openEdition ? null : at,
        updatedAt: at,
      });
      if (!done) throw TRADING_ERRORS.intentClosed(intent.paymentState);
      return {
        intent: done,
        fresh: true,
        firstToken: minted[0]?.id ?? null,
        editions: minted.map((t) => t.editionNumber),
        sold: { sold: nifty.totalSold + quantity, editionSize: nifty.editionSize },
      };
    });
    if (paid.fresh && deps.jobs && n.endAt) {
      // Decision 016: the open edition is minted, the blind edition revealed, once the sale ends.
      if (paid.intent.saleKind === 'open_edition')
        await deps.jobs.send(
          MINT_OPEN_JOB,
          { niftyId: n.id },
          { startAfter: n.endAt, singletonKey: `nifty:${n.id}` },
        );
      if (paid.intent.saleKind === 'blind_edition')
        await deps.jobs.send(
          REVEAL_BLIND_JOB,
          { niftyId: n.id },
          { startAfter: n.endAt, singletonKey: `nifty:${n.id}` },
        );
    }
    if (paid.fresh) {
      // Committed: the collection's pages (sold counts) and the buyer's NFTs show the sale at once (an open
      // edition mints its editions later, and tells then).
      if (paid.firstToken !== null) await changed(paid.firstToken);
      if (paid.sold) {
        await deps.events
          ?.publish(topics.nifty(n.contractAddress, n.typeNumber), {
            type: 'sold',
            data: { contractAddress: n.contractAddress, niftyType: n.typeNumber, ...paid.sold },
          })
          .catch(() => undefined);
      }
      notifySale(
        paid.intent,
        n.publisherOwnerId,
        primaryItemName(n.title, paid.editions, paid.intent.requestedQuantity),
        {
          split: primarySplit,
        },
      );
    }
    return paid.intent;
  }

  /**
   * Why a purchase did not claim its listing, read after its transaction (the reads of the many losers of a
   * race at once are one statement, decision 021): the intent as paid by a request at the same moment, or
   * the refusal.
   */
  async function notClaimed(intentId: number, tokenRowId: number, at: Date): Promise<IntentRow> {
    const read = await repo.intentAndListing(intentId);
    const intent = read?.intent;
    const listing = read?.listing;
    if (!listing || !intent) throw TRADING_ERRORS.listingClosed();
    if (intent.paymentState === 'paid') return intent;
    if (!OPEN_STATES.includes(intent.paymentState)) throw TRADING_ERRORS.intentClosed(intent.paymentState);
    if (intent.expiresAt <= at) throw TRADING_ERRORS.intentClosed('expired');
    if (listing.status !== 'active') throw TRADING_ERRORS.listingClosed();
    const token = await repo.tokenById(tokenRowId);
    if (!token || token.ownerId !== listing.sellerId) throw TRADING_ERRORS.listingClosed();
    if (listing.sellerId === intent.buyerId) throw TRADING_ERRORS.ownListing();
    // Still active but not claimed: its price is no longer the quoted one.
    throw TRADING_ERRORS.priceChanged();
  }

  /**
   * The purchase, one transaction. Returns the paid intent; throws (rolling back) when the listing is no
   * longer buyable, the intent no longer open, or the balance too low.
   */
  async function settle(
    intentId: number,
    providerReference: string | null,
    /** The card that paid (an external card payment), kept for the receipt. */
    card: PaymentCard | null,
    /** What the buyer paid for: the purchase settles that intent, or nothing. */
    paidFor: PaidFor,
    /** The intent and its listing as the caller just read them (saves reading them again). */
    known: { intent?: IntentRow; listing?: ListingRow | null } = {},
  ): Promise<IntentRow> {
    const draft = known.intent ?? (await repo.intent(intentId));
    if (!draft) throw TRADING_ERRORS.intentNotFound();
    if (draft.saleKind !== 'listing') return settlePrimary(intentId, providerReference, card, paidFor);
    if (draft.listingId === null || draft.tokenRowId === null) throw TRADING_ERRORS.listingClosed();
    const listingId = draft.listingId;
    const tokenRowId = draft.tokenRowId;
    // Refuse early what the transaction would refuse (a listing already sold): no transaction, no locks.
    const listingNow = known.listing !== undefined ? known.listing : await repo.listing(listingId);
    if (listingNow?.status !== 'active') throw TRADING_ERRORS.listingClosed();
    // House accounts are known after their first look-up (outside the transaction: it holds one connection).
    const house = {
      unassigned: await houseAccount('unassigned_royalties'),
      platform: await houseAccount('platform_revenue'),
      clearing: await houseAccount('payments_clearing'),
    };
    const at = clock.now();
    const paid = await unit.run(async ({ trading, ledger: l }) => {
      // The listing first, taken (its row locked while active at the quoted price; the quote never
      // changes): the losers of a race wait only for the winner's commit, then go on without the
      // listing's lock instead of queueing on it one by one. Any refusal below rolls it back. Then the
      // token, the intent, and (last, below) the writes: the listing sold, the token moved, the ledger.
      const claimed = await trading.takeListing(listingId, {
        currency: draft.listingCurrency,
        amount: draft.listingAmount,
      });
      // Not claimed: sold to someone else (the losers of a race), cancelled or repriced, or paid by this
      // very intent in a request at the same time. The transaction ends at once (it wrote nothing); why is
      // read after it (below), without a lock or the accounts, which only a winner needs.
      if (!claimed) return { intent: null, fresh: false as const };
      const listing = claimed;
      const token = await trading.lockTokenForSale(tokenRowId);
      const intent = await trading.lockIntent(intentId);
      if (!token || !intent) throw TRADING_ERRORS.listingClosed();
      if (intent.paymentState === 'paid') return { intent, fresh: false };
      if (!OPEN_STATES.includes(intent.paymentState)) throw TRADING_ERRORS.intentClosed(intent.paymentState);
      if (intent.expiresAt <= at) throw TRADING_ERRORS.intentClosed('expired');
      if (token.ownerId !== listing.sellerId) throw TRADING_ERRORS.listingClosed();
      if (listing.sellerId === intent.buyerId) throw TRADING_ERRORS.ownListing();

      // The accounts (a first purchase creates the missing ones, in this transaction) and the studio's
      // secondary split, which divides the royalty (decision 017 "Splits in the ledger"): read only by
      // the buyer who claimed the listing.
      const users = await l.userAccounts([
        intent.buyerId,
        listing.sellerId,
        ...(token.creatorId === null ? [] : [token.creatorId]),
      ]);
      const userAccount = (id: number) => {
        const account = users.get(id);
        if (account === undefined) throw new Error(`no ledger account for user ${id}`);
        return account;
      };
      const accounts = {
        buyer: userAccount(intent.buyerId),
        seller: userAccount(listing.sellerId),
        creator: token.creatorId === null ? house.unassigned : userAccount(token.creatorId),
        platform: house.platform,
        clearing: house.clearing,
      };
      const secondarySplit = await readSplitPayees(trading, l, token.niftyId, 'secondary');

      const provider = providerFor(intent.paymentMethod);
      const fees = quote(intent);
      assertPaidFor(intent, fees, provider, providerReference, paidFor);
      if (provider.kind === 'ledger' && !provider.debitsBuyer && fees.buyerPaysCents > 0) {
        throw TRADING_ERRORS.methodUnavailable(intent.paymentMethod);
      }

      // The buyer's account when paying by balance (the one account this sale takes money from: credits
      // lock nothing, decision 022), then the writes: every movement takes the ledger's accounts before the
      // rows the catalog's triggers write (a primary sale, an accepted offer and an auction's settlement
      // lock the accounts before minting or moving tokens), so a purchase and one of those in the same
      // collection never wait on each other in a circle.
      const debitsBuyer = provider.kind === 'ledger' && provider.debitsBuyer;
      const locked = await l.lock(debitsBuyer ? [accounts.buyer] : []);
      if (debitsBuyer && (locked.get(accounts.buyer)?.availableCents ?? 0) < fees.buyerPaysCents) {
        throw TRADING_ERRORS.insufficientFunds();
      }
      // The writes no other sale shares first (the sale, the ledger's entries: credits lock nothing, the
      // intent paid), then the listing and the token in one statement, whose catalog triggers take the
      // collection's and the nifty's statistics rows: every sale in the collection writes them, so they are
      // held for that statement and the commit only (decision 022).
      const saleId = await trading.insertSale({
        tokenRowId: token.id,
        sellerId: listing.sellerId,
        buyerId: intent.buyerId,
        market: 'secondary',
        currency: listing.currency,
        amount: listing.amount,
        priceInCents: intent.priceCents,
        soldAt: at,
      });
      const payer = provider.kind === 'external' ? accounts.clearing : accounts.buyer;
      const ledgerTransactionId = await l.post({
        kind: 'purchase',
        reference: `purchase_intent:${intent.id}`,
        description: token.name,
        at,
        postings: [
          {
            accountId: payer,
            amountCents: -fees.buyerPaysCents,
            memo: provider.kind === 'external' ? 'card_payment' : 'payment',
          },
          { accountId: accounts.seller, amountCents: fees.sellerReceivesCents, memo: 'proceeds' },
          ...splitPostings(secondarySplit, fees.creatorFeeCents, accounts.creator, 'creator_fee'),
          { accountId: accounts.platform, amountCents: fees.serviceFeeCents, memo: 'service_fee' },
          { accountId: accounts.platform, amountCents: fees.cardFeeCents, memo: 'card_fee' },
          { accountId: accounts.platform, amountCents: fees.gasFeeCents, memo: 'gas_fee' },
        ],
      });
      const done = await trading.updateIntent(intent.id, OPEN_STATES, {
        paymentState: 'paid',
        providerReference,
        ...cardColumns(card),
        saleId,
        ledgerTransactionId,
        paidAt: at,
        deliveredAt: at,
        updatedAt: at,
      });
      if (!done) throw TRADING_ERRORS.intentClosed(intent.paymentState);
      const closed = await trading.closeSale({
        listingId: listing.id,
        tokenRowId: token.id,
        sellerId: listing.sellerId,
        buyerId: intent.buyerId,
        priceCents: intent.priceCents,
        at,
      });
      if (!closed) throw TRADING_ERRORS.listingClosed();
      // What the answer shows of the listing and the token, as this transaction left them.
      soldAs.set(done, {
        listing: { ...listing, status: 'sold', closedAt: at, updatedAt: at },
        token: { ...token, ownerId: intent.buyerId, externalOwner: null },
      });
      return {
        intent: done,
        fresh: true,
        // The NFT as people know it, by its name (its address and number say nothing to a person).
        sold: {
          sellerId: listing.sellerId,
          what: token.name,
          // Who the royalty went to, as posted: the secondary split's payees, else the creator (the house's
          // unassigned account tells nobody).
          royalty:
            secondarySplit.length > 0
              ? splitShares(secondarySplit, fees.creatorFeeCents)
              : token.creatorId === null
                ? []
                : [{ userId: token.creatorId, cents: fees.creatorFeeCents }],
        },
      };
    });
    if (paid.intent === null) return notClaimed(intentId, tokenRowId, at);
    const sold = paid.fresh ? paid.sold : undefined;
    if (sold) {
      // Committed: a failure to refresh browsing caches must not read as a failed purchase.
      await changed(tokenRowId, sold.sellerId);
      notifySale(paid.intent, sold.sellerId, sold.what, { alert: true });
      // The creator (or the royalty split's payees) learn of their royalty, where the credit shows.
      tellSplitPayees(
        { ...deps, contactsOf: repo.contactsOf },
        {
          what: sold.what,
          priceCents: paid.intent.priceCents,
          shares: sold.royalty,
          except: sold.sellerId,
          of: 'royalty',
        },
      );
    }
    return paid.intent;
  }

  /** Settles money from outside: capture after commit, void when the purchase lost. */
  async function settleExternal(
    provider: ExternalPaymentProvider,
    intentId: number,
    authorized: { providerReference: string; card?: PaymentCard | null },
    paidFor: PaidFor,
    known: { intent?: IntentRow; listing?: ListingRow | null } = {},
  ): Promise<IntentRow> {
    const { providerReference } = authorized;
    let paid: IntentRow;
    try {
      paid = await settle(intentId, providerReference, authorized.card ?? null, paidFor, known);
    } catch (error) {
      // Paid by this very authorisation after all (the failure came after the commit): take the money.
      // (The losers of a race read at once, in one statement: decision 021.)
      const after = (await repo.intentAndListing(intentId))?.intent;
      if (after?.paymentState !== 'paid' || after.providerReference !== providerReference) {
        await provider.void(providerReference);
        throw error;
      }
      paid = after;
    }
    // Paid by this authorisation: take the money. Paid by another (a retry with another card): release it.
    // The purchase is committed: a capture that fails now is owed, and the minute sweep takes it (captureDue), as
    // for offers and bids. The buyer is not told the purchase failed: it did not.
    if (paid.providerReference === providerReference) {
      const captured = await provider.capture(providerReference).then(
        () => true,
        () => false,
      );
      if (captured) await repo.markCaptured(paid.id, clock.now());
    } else {
      await provider.void(providerReference);
    }
    return paid;
  }

  /** Pay (below) on the intent and listing as just read. */
  async function payAsRead(
    buyerId: number,
    id: number,
    input: PayInput,
    read: { intent: IntentRow; listing: ListingRow | null } | null,
  ) {
    let intent = await ownIntentOf(buyerId, read?.intent ?? null);

    if (intent.paymentState === 'paid') return viewOf(intent);
    if (!OPEN_STATES.includes(intent.paymentState)) throw TRADING_ERRORS.intentClosed(intent.paymentState);
    // Refuse first what would fail anyway (a listing sold meanwhile: every loser of a race), before any
    // other read or write and before any money is authorised.
    let listing: ListingRow | null | undefined;
    if (intent.saleKind === 'listing') {
      listing = read?.listing ?? null;
      if (listing?.status !== 'active') throw TRADING_ERRORS.listingClosed();
    }
    // A drop's criteria are met when the buyer pays, not only when the checkout opened: a token that made the
    // buyer eligible may have passed to someone else since (one key would let many buy). Before any money moves.
    if (intent.niftyId !== null && intent.saleKind !== 'listing')
      await deps.eligibility?.assertEligible(buyerId, intent.niftyId);
    if (input.paymentMethod && input.paymentMethod !== intent.paymentMethod) {
      intent = await patchIntent(intent, { paymentMethod: input.paymentMethod });
    }
    if (intent.paymentState === 'requires_action') {
      // Without a card, the verification still waits. With one (the buyer dismissed the verification and typed
      // another card), it is dropped and the card given is authorised below: completing the old step would charge
      // a card the buyer replaced (UX walkthrough, 2026-12-05). The old authorisation is voided once the change
      // committed; a step completed meanwhile (another tab) paid the intent, and that answers.
      if (!input.paymentToken) throw TRADING_ERRORS.needsAction();
      const dropped = await repo.updateIntent(intent.id, ['requires_action'], {
        paymentState: 'pending',
        providerReference: null,
        updatedAt: clock.now(),
      });
      if (!dropped) {
        const now = await repo.intent(intent.id);
        if (now?.paymentState === 'paid' && now.buyerId === buyerId) return viewOf(now);
        throw TRADING_ERRORS.intentChanged();
      }
      if (intent.providerReference) await externalOf(intent.paymentMethod).void(intent.providerReference);
      intent = dropped;
    }
    const provider = providerFor(intent.paymentMethod);
    const known = { intent, ...(listing === undefined ? {} : { listing }) };
    const paidFor = paidForOf(intent);
    // The buyer was shown another total (the quantity changed in another tab, or the page is stale).
    if (input.expectedTotalCents !== undefined && input.expectedTotalCents !== paidFor.buyerPaysCents)
      throw TRADING_ERRORS.intentChanged();
    if (provider.kind === 'ledger') return viewOf(await settle(id, null, null, paidFor, known));

    if (
      intent.saleKind !== 'listing' &&
      (intent.expiresAt <= clock.now() || intent.heldQuantity !== intent.requestedQuantity)
    ) {
      throw TRADING_ERRORS.intentClosed('expired');
    }
    // A Gemini balance pays through the buyer's connected account, never a token the request carries.
    let paymentToken = input.paymentToken ?? null;
    if (intent.paymentMethod === 'gemini_balance') {
      paymentToken = (await deps.geminiAccessToken?.(buyerId)) ?? null;
      if (paymentToken === null) throw TRADING_ERRORS.geminiNotConnected();
    }
    const outcome = await provider.authorize({
      reference: `purchase_intent:${intent.id}`,
      amountCents: paidFor.buyerPaysCents,
      currency: 'USD',
      paymentToken,
      payerId: buyerId,
    });
    if (outcome.status === 'declined') throw TRADING_ERRORS.declined();
    if (outcome.status === 'requires_action') {
      const waiting = await repo.updateIntent(id, ['pending'], {
        paymentState: 'requires_action',
        providerReference: outcome.providerReference,
        updatedAt: clock.now(),
      });
      if (!waiting) {
        await provider.void(outcome.providerReference);
        throw TRADING_ERRORS.intentClosed('closed');
      }
      // One verification at a time per buyer: the step that waited before (another checkout) is dropped and its
      // listing freed, so one account cannot hold many listings at once (security review, 2026-12-06).
      for (const dropped of await repo.dropOtherWaiting(buyerId, waiting, clock.now())) {
        await externalOf(dropped.method).void(dropped.reference);
      }
      return viewOf(waiting, { nextAction: outcome.nextAction });
    }
    return viewOf(await settleExternal(provider, id, outcome, paidFor, known));
  }

  const captureSweep = owedCaptures(
    (after, before, limit) => repo.uncaptured(after, before, limit),
    (intent) => intent.paidAt,
    async (intent) => {
      if (!intent.providerReference) return;
      await externalOf(intent.paymentMethod).capture(intent.providerReference);
      await repo.markCaptured(intent.id, clock.now());
    },
  );

  return {
    // ---- Listings ----

    async createListing(
      sellerId: number,
      input: { contractAddress: string; tokenId: string; price: PriceInput },
    ) {
      const token = await repo.tokenByAddress(input.contractAddress, input.tokenId);
      if (!token) throw TRADING_ERRORS.tokenNotFound();
      if (token.ownerId !== sellerId) throw TRADING_ERRORS.notOwner();
      const price = await listingPricing(input.price);
      const at = clock.now();
      const listing = await unit.run(async ({ trading }) => {
        const locked = await trading.lockToken(token.id);
        if (!locked || locked.ownerId !== sellerId) throw TRADING_ERRORS.notOwner();
        // An opened pack is not sold as a pack (its opening refuses a listed pack, under this same lock).
        if (locked.openedAt !== null) throw TRADING_ERRORS.packOpened();
        if (await trading.paymentPending(token.id)) throw TRADING_ERRORS.paymentPending();
        const made = await trading.insertListing({
          tokenRowId: token.id,
          sellerId,
          ...price,
          createdAt: at,
          updatedAt: at,
        });
        if (!made) throw TRADING_ERRORS.alreadyListed();
        return made;
      });
      await changed(token.id);
      return listing;
    },

    /** A listing as answered (000 §3). */
    async listingView(id: number): Promise<Listing> {
      const listing = await repo.listing(id);
      const token = listing ? await repo.tokenById(listing.tokenRowId) : null;
      if (!listing || !token) throw TRADING_ERRORS.listingNotFound();
      return toListing(listing, token);
    },

    /**
     * A new list price. A discount the listing has stays, in the same currency, and the price it leaves is what
     * buyers pay: the list price must leave room for it. A new currency drops it (it was an amount of the old one).
     */
    async repriceListing(sellerId: number, id: number, input: PriceInput): Promise<ListingRow> {
      const listed = await listingPricing(input);
      const listUnits = BigInt(listed.amount);
      return changeListing(sellerId, id, async (listing) => {
        const kept = listing.currency === input.currency ? listing.discountAmount : null;
        if (kept === null) return { ...listed, discountAmount: null };
        const discount = BigInt(kept);
        if (discountProblem(listUnits, discount, input.currency)) {
          throw TRADING_ERRORS.invalid('price', discountRoomMessage(discount, input.currency));
        }
        return { ...(await pricingOfUnits(listUnits - discount, input.currency)), discountAmount: kept };
      });
    },

    /**
     * 000 §3 listingDiscount: the seller takes `input` off the list price, or removes the discount (null). Buyers
     * pay the price it leaves, which must be at or above the lowest listing price; a checkout quoted before the
     * change is refused at payment as after a reprice ('The price of this listing changed').
     */
    async setListingDiscount(sellerId: number, id: number, input: PriceInput | null): Promise<ListingRow> {
      return changeListing(sellerId, id, async (listing) => {
        const currency = listing.currency as PriceInput['currency'];
        const listUnits = BigInt(listing.amount) + BigInt(listing.discountAmount ?? 0);
        // What the price left is worth in cents ('too high' at today's rate) is said at the discount field.
        const priced = (units: bigint) =>
          pricingOfUnits(units, currency).catch((error: unknown) => {
            const said = error instanceof AppError ? error.fields?.price : undefined;
            throw said ? TRADING_ERRORS.invalid('discount', said) : error;
          });
        if (input === null) return { ...(await priced(listUnits)), discountAmount: null };
        if (input.currency !== currency) {
          throw TRADING_ERRORS.invalid(
            'discount',
            `Enter the discount in ${currency}, the listing's currency`,
          );
        }
        const discount = toMinorUnits(input.amount, currency);
        if (discount === null) throw TRADING_ERRORS.invalid('discount', 'Enter a discount like 5 or 2.50');
        const problem = discountProblem(listUnits, discount, currency);
        if (problem) throw TRADING_ERRORS.invalid('discount', problem);
        return { ...(await priced(listUnits - discount)), discountAmount: discount.toString() };
      });
    },

    async cancelListing(sellerId: number, id: number): Promise<ListingRow> {
      const done = await repo.closeListing(id, 'cancelled', clock.now(), sellerId);
      if (!done) throw await whyNot(sellerId, id);
      await changed(done.tokenRowId);
      return done;
    },

    /**
     * 000 §7 POST /user/set-nifty-sm-pref/: the owner says whether the NFT takes offers on it (the catalog's
     * `isAcceptingOffers`). Off, offers on that one NFT are refused; open ones stay, for the owner to accept or
     * leave; offers on its nifty type or a trait are not offers on it and are not affected.
     */
    async setAcceptingOffers(ownerId: number, contractAddress: string, tokenId: string, accepting: boolean) {
      const token = await repo.tokenByAddress(contractAddress, tokenId);
      if (!token) throw TRADING_ERRORS.tokenNotFound();
      const done = await repo.setAcceptingOffers(token.id, ownerId, accepting);
      if (!done) throw TRADING_ERRORS.notOwner();
      await changed(token.id);
      return {
        contractAddress: token.contractAddress,
        tokenId: token.tokenId,
        isAcceptingOffers: done.isAcceptingOffers,
      };
    },

    /** 000 §7 POST /user/sale-proceeds-amount/: what the seller would receive. */
    async saleProceeds(contractAddress: string, tokenId: string, saleAmountInCents: number) {
      const token = await repo.tokenByAddress(contractAddress, tokenId);
      if (!token) throw TRADING_ERRORS.tokenNotFound();
      return saleProceedsInfo(saleAmountInCents, token.royaltyPercentage * 100);
    },

    // ---- Buy Now: listing match and purchase intents ----

    /**
     * A listing's hold as one viewer sees it (000 §4 "on hold"): on hold while another buyer's payment for
     * it waits on its second step (in time); never for that buyer. Read per request, never cached.
     */
    async listingHold(listingId: number, viewerId: number | null): Promise<ListingHold> {
      const listing = await repo.listing(listingId);
      if (!listing) throw TRADING_ERRORS.listingNotFound();
      return holdOf(listing, viewerId);
    },

    async createListingMatch(buyerId: number, listingId: number) {
      const found = await repo.listingForMatch(listingId, clock.now());
      if (!found) throw TRADING_ERRORS.listingNotFound();
      const { listing, token } = found;
      if (listing.status !== 'active') throw TRADING_ERRORS.listingClosed();
      if (listing.sellerId === buyerId) throw TRADING_ERRORS.ownListing();
      if (holdFrom(listing, found.holds, buyerId).onHold) throw TRADING_ERRORS.listingOnHold();
      const priceCents =
        listing.currency === 'USD'
          ? Number(listing.amount)
          : (await pricing({ amount: fromMinorUnits(listing.amount, 'ETH'), currency: 'ETH' })).priceInCents;
      const at = clock.now();
      const intent = await repo.insertIntent({
        buyerId,
        listingId,
        tokenRowId: listing.tokenRowId,
        paymentMethod: priceCents === 0 ? 'no_payment_required' : 'stripe_card',
        paymentCurrency: 'USD',
        listingCurrency: listing.currency,
        listingAmount: listing.amount,
        priceCents,
        royaltyBps: token.royaltyPercentage * 100,
        deliveryFeeCents: listing.deliveryFeeInCents,
        isExternal: listing.externalListingId !== null,
        expiresAt: new Date(at.getTime() + PURCHASE_INTENT_TTL_MS),
        createdAt: at,
        updatedAt: at,
      });
      // The listing and token as read above: making the intent changed neither.
      return viewOf(intent, {}, { listing, token });
    },

    // ---- Primary sales: a drop's editions (decision 009 "Primary sales") ----

    /**
     * A purchase intent for `requestedQuantity` editions of a drop's nifty: the editions are held for the
     * intent's 15 minutes (under the nifty's row lock, so never more than exist are held or sold), the quote
     * fixed from the nifty's price. Drop types other than fcfs answer 422 until #15.
     */
    async createPrimaryIntent(
      buyerId: number,
      input: {
        contractAddress: string;
        niftyType: number;
        requestedQuantity: number;
        paymentMethod?: PaymentMethod;
        /** A burn-required redemption: which of the buyer's tokens to burn (else the first they own). */
        burnTokenId?: number;
      },
    ) {
      const n = await repo.niftyForSale(input.contractAddress, input.niftyType);
      if (!n || n.dropType === null || n.dropStatus !== 'published') throw TRADING_ERRORS.niftyNotFound();
      if (n.saleType === 'not_for_sale') throw TRADING_ERRORS.notForSale();
      const saleKind = checkoutKindOf(n) ?? n.dropType;
      if (!(CHECKOUT_DROP_TYPES as readonly string[]).includes(saleKind))
        throw TRADING_ERRORS.saleTypeUnavailable(saleKind);
      const at = clock.now();
      if (!n.startAt || !n.endAt || n.startAt > at || n.endAt <= at) throw TRADING_ERRORS.dropNotLive();
      // The drop's participation criteria (decision 015): 403 'Not Eligible to Buy' before anything is held.
      await deps.eligibility?.assertEligible(buyerId, n.id);
      // Decision 016: a burn-required redemption needs a token of the required kind the buyer owns.
      let burnTokenId: number | null = null;
      if (n.burnRequired) {
        burnTokenId =
          n.burnNiftyId === null
            ? null
            : await repo.burnableTokenOf(n.burnNiftyId, buyerId, input.burnTokenId);
        if (burnTokenId === null) throw TRADING_ERRORS.burnRequired();
      }
      const unitCents = unitPriceOf(n);
      const quantity = input.requestedQuantity;
      assertPerPurchase(n, quantity);
      const method: PaymentMethod =
        unitCents === 0 ? 'no_payment_required' : (input.paymentMethod ?? 'stripe_card');
      if (unitCents > 0 && method === 'no_payment_required') throw TRADING_ERRORS.methodUnavailable(method);
      providerFor(method);
      // Sold out as committed now (every edition sold, reserved or held by another buyer's checkout): told at
      // once, not after the checkouts queued on the nifty's lock below (on drop day, most of the buyers).
      // Only this refusal is decided unlocked; what it lets through, the locked count below decides. A
      // one-per-collector nifty keeps to the locked path, which answers its limit before its stock.
      if (saleKind !== 'open_edition' && n.limitPerUser !== 1) {
        const heldByOthers = await repo.heldOf(n.id, at, undefined, buyerId);
        const unsold = n.editionSize - n.totalSold - n.totalReserved;
        if (unsold <= 0) throw TRADING_ERRORS.soldOut();
        if (unsold - heldByOthers <= 0) throw TRADING_ERRORS.editionsHeld();
      }
      const { intent, replaced } = await unit.run(async ({ trading }) => {
        const nifty = await trading.lockNifty(n.id);
        if (!nifty) throw TRADING_ERRORS.niftyNotFound();
        // One open checkout per buyer and nifty: asking again (back and Buy, another tab) replaces it, so
        // its editions are free again and it is not counted as a purchase (no lock-out, no hoarding).
        const replaced = await trading.cancelOpenIntentsOf(nifty.id, buyerId, at);
        const free = await freeEditions(trading, nifty, saleKind, await trading.heldOf(nifty.id, at));
        const { allowed, limit } = allowedQuantity({
          free,
          maxPurchaseQuantity: perPurchase(nifty),
          limitPerUser: nifty.limitPerUser,
          otherPurchases: nifty.limitPerUser === 1 ? await trading.purchasesOf(nifty.id, buyerId, at) : 0,
        });
        if (limit === 'limit_reached') throw TRADING_ERRORS.limitReached();
        if (limit === 'sold_out') {
          // None free: sold out, or every one left held by other checkouts, which may come back.
          if ((await freeEditions(trading, nifty, saleKind, 0)) > 0) throw TRADING_ERRORS.editionsHeld();
          throw TRADING_ERRORS.soldOut();
        }
        if (quantity > allowed) throw TRADING_ERRORS.notEnough(allowed);
        const inserted = await trading.insertIntent({
          buyerId,
          saleKind,
          niftyId: nifty.id,
          requestedQuantity: quantity,
          heldQuantity: quantity,
          burnTokenId,
          paymentMethod: method,
          paymentCurrency: 'USD',
          listingCurrency: 'USD',
          listingAmount: String(unitCents),
          priceCents: unitCents,
          royaltyBps: 0,
          expiresAt: new Date(at.getTime() + PURCHASE_INTENT_TTL_MS),
          createdAt: at,
          updatedAt: at,
        });
        return { intent: inserted, replaced };
      });
      // A replaced checkout's card authorisation (a second step in progress) is voided (or by the sweep, when the
      // processor does not answer now).
      for (const old of replaced) await release(old);
      return viewOf(intent);
    },

    /** A new quantity for an open primary intent: holds more (if free) or gives back the difference. */
    async requantify(buyerId: number, id: number, quantity: number) {
      const draft = await ownIntent(buyerId, id);
      if (draft.niftyId === null)
        throw TRADING_ERRORS.invalid('requested_quantity', 'A listing sells one NFT');
      if (!OPEN_STATES.includes(draft.paymentState)) throw TRADING_ERRORS.intentClosed(draft.paymentState);
      const niftyId = draft.niftyId;
      const at = clock.now();
      // Past the sale's end a checkout may still be paid for what it holds, never for more (review 2026-12-07: an
      // open edition's checkout opened a second before the close was raised to the maximum and paid afterwards).
      const end = await repo.saleEndOf(niftyId);
      const ended = end !== null && end <= at;
      const { updated, voidReference, voidMethod } = await unit.run(async ({ trading }) => {
        const nifty = await trading.lockNifty(niftyId);
        const intent = await trading.lockIntent(id);
        if (!nifty || !intent) throw TRADING_ERRORS.intentNotFound();
        if (!OPEN_STATES.includes(intent.paymentState))
          throw TRADING_ERRORS.intentClosed(intent.paymentState);
        if (intent.expiresAt <= at) throw TRADING_ERRORS.intentClosed('expired');
        // Compared under the lock: a raise and a lowering sent together past the end leave it lowered.
        if (ended && quantity > intent.requestedQuantity) throw TRADING_ERRORS.dropNotLive();
        assertPerPurchase(nifty, quantity);
        if (quantity > intent.heldQuantity && intent.saleKind !== 'open_edition') {
          const free = await freeEditions(
            trading,
            nifty,
            intent.saleKind,
            await trading.heldOf(nifty.id, at, id),
          );
          if (quantity > free) throw free <= 0 ? TRADING_ERRORS.soldOut() : TRADING_ERRORS.notEnough(free);
        }
        // A new amount drops a card verification in progress (it was for the old total).
        const reset = intent.paymentState === 'requires_action' && quantity !== intent.requestedQuantity;
        const row = await trading.updateIntent(id, OPEN_STATES, {
          requestedQuantity: quantity,
          heldQuantity: quantity,
          updatedAt: at,
          ...(reset ? { paymentState: 'pending', providerReference: null } : {}),
        });
        if (!row) throw TRADING_ERRORS.intentClosed('closed');
        return {
          updated: row,
          voidReference: reset ? intent.providerReference : null,
          voidMethod: intent.paymentMethod,
        };
      });
      if (voidReference) await externalOf(voidMethod).void(voidReference);
      return updated;
    },

    /** The checkout's read (polled every 5 s while it is open): the intent and its listing in one statement. */
    async getIntent(buyerId: number, id: number, options: { withNextAction?: boolean } = {}) {
      const read = await repo.intentAndListing(id);
      const intent = await ownIntentOf(buyerId, read?.intent ?? null);
      const listing = read?.listing ?? null;
      const current = await closeIfListingGone(intent, listing);
      // A checkout read again mid-step (a reload): the step as the buyer's browser needs it again (Stripe's client
      // secret). Not for the 5 s status poll, which would ask the processor every time.
      const nextAction =
        options.withNextAction && current.paymentState === 'requires_action' && current.providerReference
          ? await externalOrNull(current.paymentMethod)?.nextActionOf?.(current.providerReference)
          : null;
      return viewOf(
        current,
        nextAction ? { nextAction } : {},
        current.saleKind === 'listing' ? { listing } : {},
      );
    },

    async listIntents(buyerId: number, q: { historical: boolean; limit: number; offset: number }) {
      const { rows, count } = await repo.intentsOf(buyerId, {
        ...(q.historical ? { states: ['paid', 'refunded'] } : {}),
        limit: q.limit,
        offset: q.offset,
      });
      const views = [];
      for (const row of rows) views.push(await viewOf(await expireIfDue(row)));
      return { count, views };
    },

    /**
     * The buyer's purchases, newest first (GET /v2/purchase-intent/historical): paid and refunded purchase
     * intents (Buy Now, primary), the buyer's accepted offers and the NFTs the buyer won at auction or in a
     * drawing, one page of them in order.
     */
    async purchases(buyerId: number, q: { limit: number; offset: number }) {
      const { rows, count } = await repo.purchaseHistoryOf(buyerId, q.limit, q.offset);
      const idsOf = (kind: PurchaseKind) => rows.filter((r) => r.kind === kind).map((r) => r.id);
      const [intentRows, offerRows, bidRows, entryRows] = await Promise.all([
        repo.intentsByIds(idsOf('intent')),
        repo.acceptedOffersByIds(idsOf('offer')),
        repo.wonBidsByIds(idsOf('auction')),
        repo.wonEntriesByIds(idsOf('drawing')),
      ]);
      const intentsById = new Map(intentRows.map((row) => [row.id, row]));
      const offersById = new Map(offerRows.map((row) => [row.id, row]));
      const winsById = new Map<string, WinPurchaseRow>([
        ...bidRows.map((row) => [`auction:${row.id}`, { kind: 'auction' as const, ...row }] as const),
        ...entryRows.map((row) => [`drawing:${row.id}`, { kind: 'drawing' as const, ...row }] as const),
      ]);
      const items: (
        | { kind: 'intent'; view: Awaited<ReturnType<typeof viewOf>> }
        | { kind: 'offer'; offer: OfferPurchaseRow }
        | { kind: 'win'; win: WinPurchaseRow }
      )[] = [];
      for (const r of rows) {
        const intent = r.kind === 'intent' ? intentsById.get(r.id) : undefined;
        const offer = r.kind === 'offer' ? offersById.get(r.id) : undefined;
        const win =
          r.kind === 'auction' || r.kind === 'drawing' ? winsById.get(`${r.kind}:${r.id}`) : undefined;
        if (intent) items.push({ kind: 'intent', view: await viewOf(intent) });
        else if (offer) items.push({ kind: 'offer', offer });
        else if (win) items.push({ kind: 'win', win });
      }
      return { count, items };
    },

    async updateIntent(
      buyerId: number,
      id: number,
      patch: IntentPatch,
      /** 'listing': only a listing match (its route's 404 for a drop's intent comes before any change). */
      only?: 'listing',
    ) {
      const own = await ownIntent(buyerId, id);
      if (only === 'listing' && own.saleKind !== 'listing') throw TRADING_ERRORS.intentNotFound();
      const updated = await patchIntent(own, patch);
      // A primary intent's new quantity re-quotes and holds (or gives back) editions.
      if (
        patch.requestedQuantity !== undefined &&
        updated.saleKind !== 'listing' &&
        patch.requestedQuantity !== updated.requestedQuantity
      ) {
        return viewOf(await this.requantify(buyerId, id, patch.requestedQuantity));
      }
      return viewOf(updated);
    },

    /**
     * Pays an intent. A paid intent answers as it is (a retry); a declined card changes nothing and
     * answers 402 with 000 §8's purchase failure; a card that needs a second step answers the intent in
     * `requires_action` (finish with `completeAction`).
     */
    async pay(buyerId: number, id: number, input: PayInput) {
      // The intent and its listing in one read.
      const read = await repo.intentAndListing(id);
      const listingId = read?.listing?.status === 'active' ? read.listing.id : null;
      if (listingId === null || read?.intent.buyerId !== buyerId) return payAsRead(buyerId, id, input, read);
      // A listing being paid for by another request of this process: wait for its outcome, then read again
      // (listing-gate.ts): the losers of a race hear 'sold' without a transaction of their own.
      // The wait is WAIT_LIMIT_MS in all (the payments ahead may be several); past it, this payment runs beside
      // the one still registered and the listing's row lock decides.
      const deadline = Date.now() + WAIT_LIMIT_MS;
      let current: Awaited<ReturnType<typeof repo.intentAndListing>> = read;
      for (
        let ahead = listingGate.ahead(listingId, deadline - Date.now());
        ahead;
        ahead = Date.now() < deadline ? listingGate.ahead(listingId, deadline - Date.now()) : undefined
      ) {
        await ahead;
        current = await repo.intentAndListing(id);
        if (current?.listing?.status !== 'active') return payAsRead(buyerId, id, input, current);
      }
      const asRead = current;
      return listingGate.run(listingId, () => payAsRead(buyerId, id, input, asRead));
    },

    /** The second step of a card that required one (the simulated verification passed). */
    async completeAction(buyerId: number, id: number) {
      const intent = await ownIntent(buyerId, id);
      if (intent.paymentState === 'paid') return viewOf(intent);
      // Open again, with no step waiting: the step was dropped (a change of method in another window) or
      // refused before. Nothing was charged, and the checkout can pay again: not a closed purchase.
      if (intent.paymentState === 'pending') throw TRADING_ERRORS.intentChanged();
      if (intent.paymentState !== 'requires_action' || !intent.providerReference) {
        throw TRADING_ERRORS.intentClosed(intent.paymentState);
      }
      const provider = externalOf(intent.paymentMethod);
      // Eligibility again, as at pay: the token that made the buyer eligible may have passed on during the step
      // (security review, 2026-12-06). Refused: the authorisation is released and the checkout is open again.
      if (intent.niftyId !== null && intent.saleKind !== 'listing') {
        const reference = intent.providerReference;
        try {
          await deps.eligibility?.assertEligible(buyerId, intent.niftyId);
        } catch (error) {
          const reopened = await repo.updateIntent(id, ['requires_action'], {
            paymentState: 'pending',
            providerReference: null,
            updatedAt: clock.now(),
          });
          if (reopened) await provider.void(reference);
          throw error;
        }
      }
      const outcome = await provider.completeAction(intent.providerReference);
      // Not passed yet (the buyer has not finished the step with the provider): still waiting.
      if (outcome.status === 'requires_action') throw TRADING_ERRORS.needsAction();
      if (outcome.status !== 'authorized') {
        await repo.updateIntent(id, ['requires_action'], {
          paymentState: 'pending',
          providerReference: null,
          updatedAt: clock.now(),
        });
        throw TRADING_ERRORS.declined();
      }
      // The intent as it was authorised: a change since reset it to pending (patchIntent, requantify).
      return viewOf(await settleExternal(provider, id, outcome, paidForOf(intent)));
    },

    /**
     * The buyer gives up the second step of a card (Cancel in its dialog): the intent is open again with nothing
     * waiting (a listing it held is free for others at once, QA 2026-12-07: on hold for up to 15 minutes for nobody),
     * and the authorisation is voided after. Conditional on the step still waiting: completed meanwhile, the intent
     * answers paid; anything else answers as it is (a retry).
     */
    async cancelAction(buyerId: number, id: number) {
      const intent = await ownIntent(buyerId, id);
      const reference = intent.providerReference;
      if (intent.paymentState !== 'requires_action' || !reference) return viewOf(intent);
      // Only the step read here: a payment in another tab may have started a new one meanwhile, which stays (review
      // 2026-12-07: the new one was dropped unvoided, its money held at the bank until it lapsed).
      const dropped = await repo.dropWaitingStep(id, reference, clock.now());
      if (!dropped) return viewOf(await ownIntent(buyerId, id));
      // A step completed after this settles nothing (`PaidFor.waitingOn`); a void that fails leaves the authorisation
      // to lapse at the processor.
      await externalOf(intent.paymentMethod)
        .void(reference)
        .catch(() => undefined);
      return viewOf(dropped);
    },

    /** The dashboard's Sales tab: the seller's sales with what they received (decision 009 fees). */
    async sales(sellerId: number, limit: number, offset: number) {
      const { rows, count } = await repo.salesOf(sellerId, limit, offset);
      return {
        count,
        results: rows.map((r) => {
          // An accepted offer's figures are its movement's entries (none of a kind: 0).
          const offerCents = (sum: string | null) =>
            r.offerProceedsCents === null ? null : sum === null ? 0 : Number(sum);
          // A primary sale as its movement paid it: this edition's part of what the seller was credited (their
          // share when a split divided it) and of the platform's fee, the movement's cents spread over its
          // editions as evenly as cents allow (they add up to the movement's). Without a movement (history made
          // before the ledger), the publisher's 90 % of the edition (decision 009 "Primary sales").
          const edition = (total: string | null) => {
            const cents = Number(total ?? 0);
            const n = Math.max(1, r.primaryEditions);
            return Math.floor(cents / n) + (r.primaryPlace < cents % n ? 1 : 0);
          };
          const fees =
            r.market === 'primary'
              ? r.primaryMovementId !== null
                ? {
                    serviceFeeCents: edition(r.primaryServiceFeeCents),
                    creatorFeeCents: 0,
                    sellerReceivesCents: edition(r.primaryProceedsCents),
                  }
                : primaryFeeBreakdown({ unitPriceCents: r.priceInCents, quantity: 1, method: null })
              : r.intentPriceCents === null || r.royaltyBps === null
                ? null
                : feeBreakdown({
                    priceCents: r.intentPriceCents,
                    royaltyBps: r.royaltyBps,
                    method: null,
                    isExternal: false,
                    deliveryFeeCents: 0,
                  });
          return {
            saleId: r.saleId,
            soldAt: r.soldAt.toISOString(),
            market: r.market,
            price: { amount: r.amount, currency: r.currency as 'USD' | 'ETH' },
            priceInCents: r.priceInCents,
            nifty: { contractAddress: r.contractAddress, tokenId: r.tokenId, name: r.tokenName },
            buyer:
              r.buyerId === null
                ? null
                : { id: r.buyerId, name: r.buyerName ?? '', profileUrl: r.buyerProfileUrl ?? '' },
            paymentMethod: r.paymentMethod ?? r.offerPaymentMethod,
            serviceFeeInCents: fees?.serviceFeeCents ?? offerCents(r.offerServiceFeeCents),
            creatorFeeInCents: fees?.creatorFeeCents ?? offerCents(r.offerCreatorFeeCents),
            proceedsInCents: fees?.sellerReceivesCents ?? offerCents(r.offerProceedsCents),
          };
        }),
      };
    },

    /** Expires open intents past their time (a sweep; reads expire them lazily too). */
    async expireDue(limit = 100): Promise<number> {
      const due = await repo.dueToExpire(clock.now(), limit);
      for (const intent of due) await expireIfDue(intent);
      return due.length;
    },

    /**
     * Voids the card authorisations of expired and cancelled intents not yet released, and every void owed (within
     * the 7 days an authorisation lives). Runs in the server's minute sweep; answers how many it released.
     */
    async releaseDue(limit = 100): Promise<number> {
      const since = new Date(clock.now().getTime() - 7 * 24 * 60 * 60 * 1000);
      let released = 0;
      for (const intent of await repo.unreleased(since, limit)) if (await release(intent)) released += 1;
      // And every other void that failed: purchases that lost, offers withdrawn, bids outbid, verifications dropped.
      return released + ((await deps.owedVoids?.drain(limit)) ?? 0);
    },

    /**
     * Takes the card money of paid intents whose capture did not happen (the process stopped between
     * the purchase's commit and the capture). Runs in the server's minute sweep.
     */
    async captureDue(limit = 100): Promise<number> {
      return captureSweep(clock.now(), limit);
    },
  };

  async function whyNot(sellerId: number, id: number): Promise<AppError> {
    const listing = await repo.listing(id);
    if (!listing) return TRADING_ERRORS.listingNotFound();
    if (listing.sellerId !== sellerId) return TRADING_ERRORS.notOwner();
    return TRADING_ERRORS.listingClosed();
  }
}

export type TradingService = ReturnType<typeof createTradingService>;
export type IntentView = Awaited<ReturnType<TradingService['getIntent']>>;
