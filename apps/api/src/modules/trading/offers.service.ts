// Offers (000 §3 offer and bid order, §7 accept-bid; docs/decisions/009-trading-and-ledger.md "Offers").
// An offer is backed by a ledger hold (balance: the money stays on the maker's account but cannot be
// spent) or a card authorisation. Accepting is one unit of work: lock the offer, the token's active
// listing (the owner change closes it), the token, then the users' ledger accounts (id order; decision
// 022: house accounts are not locked); check, move
// the token, close the hold, post the purchase movement (decision 009 fees, seller's side), write the
// sale, mark the offer accepted. A card is captured after commit.

import type { Db, UnitOfWork } from '@vitrine/db';
import {
  AMOUNT_TOO_HIGH_MESSAGE,
  AppError,
  CARD_DECLINED_MESSAGE,
  CARD_OFFER_MAX_DAYS,
  DUPLICATE_OFFER_MESSAGE,
  feeBreakdown,
  formatCents,
  NOT_ACCEPTING_OFFERS_MESSAGE,
  OFFER_ACCEPTED_MESSAGE,
  PURCHASES_PATH,
  paymentCardLabel,
  proceedsText,
  SALES_PATH,
  toMinorUnits,
} from '@vitrine/domain';
import type { Offer } from '@vitrine/domain/trading-responses';
import type { Background } from '../../lib/background';
import type { Clock } from '../../lib/clock';
import { emailUserLater, type Notifier } from '../../lib/notifier';
import type { RateLimiter } from '../../lib/rate-limit';
import { isUniqueViolation } from '../auth/auth.repo';
import type { AlertsService } from '../live/alerts.service';
import {
  AUTHORIZATION_IN_USE,
  type CardAuthorization,
  createCardAuthorizations,
  owedCaptures,
} from './card-authorizations';
import { createLedgerRepo, type HouseAccount, type LedgerRepo } from './ledger.repo';
import {
  createOffersRepo,
  OFFER_TRAITS,
  OFFER_UNVERIFIED,
  OFFER_WAITING,
  type OfferRow,
  type OffersRepo,
} from './offers.repo';
import type { OwedVoids } from './owed-voids';
import type { ExternalPaymentProvider, NextAction } from './payment-providers';
import { splitPayees, splitPostings, splitShares, tellSplitPayees } from './sales-splits';
import { sendSoldAlert } from './sold-alert';
import { createTradingRepo, type TradingRepo } from './trading.repo';
import { MAX_PRICE_CENTS, TRADING_ERRORS } from './trading.service';

export const OFFER_DEFAULT_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A card offer's authorisation lapses after about 7 days (Stripe cancels uncaptured ones then): an offer
 * accepted later could not be paid. So a card offer ends within 7 days of when it was made (and authorised).
 */
export const CARD_OFFER_TOO_LONG = `An offer by card can last ${CARD_OFFER_MAX_DAYS} days at most from when it was made: your bank holds the amount no longer than that`;
/** 000 §5, quoted. */

const err = (statusCode: number, errorType: string, message: string, fields?: Record<string, string>) =>
  new AppError({ statusCode, errorType, message, ...(fields ? { fields } : {}) });

export const OFFER_ERRORS = {
  notFound: () => err(404, 'not-found', 'Offer not found'),
  duplicate: () => err(409, 'pui_duplicate_offer', DUPLICATE_OFFER_MESSAGE),
  ownToken: () => err(400, 'own-token', 'You cannot make an offer on your own NFT'),
  insufficient: () => err(402, 'insufficient_balance', 'Your balance is too low for this offer'),
  closed: (status: string) =>
    err(
      409,
      'offer-unavailable',
      status === 'expired'
        ? 'This offer has expired'
        : status === OFFER_UNVERIFIED
          ? 'This offer was not made: its card verification was not completed. Make the offer again.'
          : 'This offer is no longer open',
    ),
  mismatch: () => err(409, 'offer-mismatch', 'This offer cannot buy this NFT'),
  ownOffer: () => err(409, 'own-offer', 'You cannot accept your own offer'),
  /** A card offer's amount is its card's authorisation: a new amount needs the card again (`payment_token`). */
  amountFixed: () =>
    err(409, 'offer-amount-fixed', 'Enter your card again to change the amount of an offer made by card', {
      payment_token: 'Enter your card again',
    }),
  notMaker: () => err(403, 'forbidden', 'Only the maker of this offer can change it'),
  /** An opened pack is no longer a pack: no offer is made on it or filled with it. */
  packOpened: () => err(409, 'pack-opened', 'This pack has already been opened'),
  notAcceptingOffers: () => err(409, 'not-accepting-offers', NOT_ACCEPTING_OFFERS_MESSAGE),
  offersOffToAccept: () =>
    err(409, 'not-accepting-offers', "Turn on 'Accepting offers' for this NFT to accept an offer with it"),
  /** A balance offer's maker may change its amount: the owner accepts the amount they saw, or nothing. */
  changed: (amountCents: number) =>
    err(
      409,
      'offer-changed',
      `This offer changed after you opened it: it is now ${formatCents(amountCents)}. Look at it again before you accept.`,
    ),
  declined: () => err(402, 'card_declined', CARD_DECLINED_MESSAGE),
  /** A new amount for a card offer: only a new offer takes a card's verification step. */
  cardNeedsAction: () =>
    err(
      422,
      'payment-requires-action',
      "This card asks for a verification step, which changing an offer's amount cannot take. Cancel this offer and make a new one with this card, or use another card.",
    ),
  /** complete-action before the bank saw the step done. */
  notVerifiedYet: () =>
    err(
      422,
      'payment-requires-action',
      'Your bank has not confirmed this card yet. Complete the verification to make your offer.',
    ),
};

/** How long an offer waits for its card's verification before the minute sweep lets it go (as a deposit). */
export const OFFER_ACTION_WAIT_MS = 30 * 60_000;

export type OfferType = 'offer' | 'global_offer' | 'attribute';

export interface CreateOfferInput {
  type: OfferType;
  contractAddress: string;
  tokenId?: string | undefined;
  niftyType?: string | undefined;
  attribute?: { trait_type: string; value: string } | undefined;
  amount: { amount: string | number; currency: 'USD' };
  expiresInDays?: number | undefined;
  paymentMethod: 'balance' | 'stripe_card';
  paymentToken?: string | undefined;
}

interface OfferRepos {
  offers: OffersRepo;
  trading: TradingRepo;
  ledger: LedgerRepo;
}

const holdReference = (id: number) => `offer:${id}`;
/** Cents as major units with two decimals, as the web shows them: 6000 → '60.00'. */
const majorUnits = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** How many 'new offer' emails one maker's offers send one owner in a day. */
export const OFFER_NEW_EMAILS = { max: 3, windowMs: 24 * 60 * 60 * 1000 };

/** Where an owner answers the offers made on their NFTs (the web's My offers, received tab). */
const OFFERS_RECEIVED_PATH = '/account/offers?scope=received';
/** A moment as an email writes it: 'Dec 13, 2026, 6:26 PM', in UTC (said so beside it). */
const EMAIL_DATE_TIME = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

export function createOffersService(deps: {
  db: Db;
  unit: UnitOfWork<OfferRepos>;
  clock: Clock;
  card: ExternalPaymentProvider;
  notifier?: Notifier;
  background?: Background;
  /** The seller's 'sold' alert after an accepted offer (the bell; their open pages read the balance again). */
  alerts?: Pick<AlertsService, 'send'>;
  /** Voids owed (decision 009): a card offer's old authorisation is written down in the swap's transaction. */
  owedVoids?: Pick<OwedVoids, 'record' | 'release'>;
  /** After a commit that moved a token (browsing caches). */
  onTokenChange?: (tokenRowId: number, formerOwnerId?: number) => Promise<void>;
  /** The web's origin, for the links in emails (none without it). */
  webOrigin?: () => string;
  /** Counts the 'new offer' emails a maker sends an owner (`OFFER_NEW_EMAILS`); without it, each is sent. */
  limiter?: Pick<RateLimiter, 'reserve'>;
}) {
  const { clock, unit } = deps;
  const cards = createCardAuthorizations(deps.card, deps.db);
  const repo = createOffersRepo(deps.db);
  const trading = createTradingRepo(deps.db);
  const ledger = createLedgerRepo(deps.db);

  /** Takes an accepted card offer's money and records it; throws when the processor refuses. */
  async function capture(row: OfferRow): Promise<void> {
    if (!row.providerReference) return;
    await cards.capture(row.providerReference);
    await repo.markCaptured(row.id, clock.now());
  }

  const houseAccounts = new Map<HouseAccount, number>();
  async function houseAccount(kind: HouseAccount): Promise<number> {
    let id = houseAccounts.get(kind);
    if (id === undefined) {
      id = await ledger.houseAccount(kind);
      houseAccounts.set(kind, id);
    }
    return id;
  }

  /**
   * An email after commit, without making the caller wait; `text` may be read then (names looked up). `path`: the
   * page it leads to (Purchases, Sales).
   */
  function notify(
    userId: number | null,
    kind: 'offer_new' | 'offer_accepted' | 'offer_expired' | 'offer_outbid' | 'nft_sold',
    subject: string,
    text: string | (() => Promise<string>),
    path?: string,
  ) {
    emailUserLater(deps, trading.contactOf, userId, { kind, subject, text, ...(path ? { path } : {}) });
  }

  /**
   * Whether a maker's offer may still email this person today (`OFFER_NEW_EMAILS` per maker, person and kind): the
   * owner of a new offer, or a maker it outbids.
   */
  async function mayEmail(makerId: number, userId: number, bucket = 'offer-new-email'): Promise<boolean> {
    if (!deps.limiter) return true;
    // Asked after the offer committed: a limiter that cannot answer (Redis down) sends no email, and never fails
    // the request whose offer is made (its retry would read as a duplicate).
    return deps.limiter
      .reserve(bucket, `${makerId}:${userId}`, OFFER_NEW_EMAILS)
      .then((r) => r.allowed)
      .catch(() => false);
  }

  /** An offer's target as people know it: the edition ('Salt Line #22'), the work, or the collection's trait. */
  function offerLabel(row: OfferRow, d: { niftyTitle: string; editionNumber: number | null }): string {
    if (row.attributeTrait !== null) return `${row.attributeTrait}: ${row.attributeValue ?? ''}`;
    if (row.tokenRowId !== null && d.editionNumber !== null) return `${d.niftyTitle} #${d.editionNumber}`;
    return d.niftyTitle;
  }

  /**
   * Makers of lower open offers on the same target, told of a higher one: a new offer, or one raised (`from`, its
   * amount before: those below it were told when it was made). Committed already: a failed read here must not
   * answer the request as failed.
   */
  async function tellOutbid(
    target: { key: string; amountCents: number; offerId: number; makerId: number; on: string },
    from = 0,
  ) {
    const { key, amountCents, offerId, makerId, on } = target;
    const lowers = await repo.lowerOnTarget(key, amountCents, offerId).catch(() => []);
    for (const lower of lowers) {
      if (lower.makerId === makerId || lower.amountCents < from) continue;
      // As for the owner: one maker's offers outbid another in emails a few times a day.
      if (!(await mayEmail(makerId, lower.makerId, 'offer-outbid-email'))) continue;
      notify(
        lower.makerId,
        'offer_outbid',
        'You were outbid',
        `A higher offer (${formatCents(amountCents)}) arrived above your offer of ${formatCents(lower.amountCents)}${on ? ` on ${on}` : ''}.`,
      );
    }
  }

  function centsOf(amount: string | number): number {
    const minor = toMinorUnits(amount, 'USD');
    if (minor === null || minor <= 0n) throw TRADING_ERRORS.invalid('amount', 'Enter an amount above 0');
    if (minor > BigInt(MAX_PRICE_CENTS)) throw TRADING_ERRORS.invalid('amount', AMOUNT_TOO_HIGH_MESSAGE);
    return Number(minor);
  }

  function expiryFrom(at: Date, days: number | undefined): Date {
    return new Date(at.getTime() + (days ?? OFFER_DEFAULT_DAYS) * DAY_MS);
  }

  /** Refuses a card offer's expiry past its authorisation's days (counted from `authorizedAt`). */
  function checkCardExpiry(method: string, authorizedAt: Date, expiresAt: Date) {
    if (method !== 'stripe_card') return;
    if (expiresAt.getTime() > authorizedAt.getTime() + CARD_OFFER_MAX_DAYS * DAY_MS) {
      throw TRADING_ERRORS.invalid('expiresInDays', CARD_OFFER_TOO_LONG);
    }
  }

  /** Closes an open offer (cancelled, expired) and releases what backs it. Null when it was not open. */
  async function close(id: number, status: 'cancelled' | 'expired'): Promise<OfferRow | null> {
    const at = clock.now();
    const closed = await unit.run(async ({ offers, ledger: l }) => {
      const row = await offers.updateOpen(id, { status, closedAt: at, updatedAt: at });
      if (row?.paymentMethod === 'balance') await l.closeHold(holdReference(row.id), 'released', at);
      return row;
    });
    await cards.release(closed?.providerReference);
    if (closed && status === 'expired') {
      // Named: a maker with several offers open learns which one.
      notify(closed.makerId, 'offer_expired', 'Your offer expired', async () => {
        const on = offerLabel(closed, await repo.details(closed));
        return `Your offer of ${formatCents(closed.amountCents)}${on ? ` on ${on}` : ''} expired; its money is released.`;
      });
    }
    return closed;
  }

  /**
   * When an offer ends: its `expires_at`, and for a card offer no later than its authorisation's days (an
   * offer made before that limit may have a later `expires_at`; migration 0049 moved the open ones).
   */
  function endOf(row: OfferRow): Date {
    if (row.paymentMethod !== 'stripe_card') return row.expiresAt;
    const lapses = row.createdAt.getTime() + CARD_OFFER_MAX_DAYS * DAY_MS;
    return lapses < row.expiresAt.getTime() ? new Date(lapses) : row.expiresAt;
  }

  async function expireIfDue(row: OfferRow): Promise<OfferRow> {
    if (row.status !== 'open' || endOf(row) > clock.now()) return row;
    return (await close(row.id, 'expired')) ?? ((await repo.byId(row.id)) as OfferRow);
  }

  /** `nextAction`: the card's second step, for the maker while the offer waits on it (the answer that made it). */
  async function view(row: OfferRow, nextAction?: NextAction): Promise<Offer> {
    const d = await repo.details(row);
    return {
      id: row.id,
      purchaseIntentId: row.id,
      type: row.type === 'offer' ? 'offer' : 'global_offer',
      BuyOrderPurchaseType: row.type === 'attribute' ? 'attribute' : 'other',
      status: row.status as Offer['status'],
      amount: { amount: majorUnits(row.amountCents), currency: 'USD' },
      amountInCents: row.amountCents,
      expiresAt: row.expiresAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
      paymentMethod: row.paymentMethod as Offer['paymentMethod'],
      maker: {
        id: row.makerId,
        name: d.makerName,
        profile_url: d.makerProfileUrl,
        profile_pic_url: d.makerPicUrl,
      },
      UnmintedBuilderNifty: { niftyType: d.niftyType, niftyContractAddress: row.contractAddress },
      tokenId: d.tokenId,
      editionNumber: d.editionNumber,
      attribute:
        row.attributeTrait === null
          ? null
          : { trait_type: row.attributeTrait, value: row.attributeValue ?? '' },
      nifty: { name: d.niftyTitle, image_url: d.niftyImage },
      collection: { name: d.collectionName },
      ...(nextAction && row.status === OFFER_WAITING ? { nextAction } : {}),
    };
  }

  /**
   * An offer waiting on its card's verification that will never open (cancelled, refused, replaced, left): its
   * authorisation voided, the offer `unverified`. Null when it no longer waited (completed meanwhile).
   */
  async function letGoWaiting(row: OfferRow): Promise<OfferRow | null> {
    const at = clock.now();
    // The void is written down as owed with the change (a process stopping in between still voids it: the sweep).
    const gone = await unit.run(async ({ offers }, tx) => {
      const done = await offers.updateWaiting(row.id, {
        status: OFFER_UNVERIFIED,
        closedAt: at,
        updatedAt: at,
      });
      if (done?.providerReference && deps.owedVoids)
        await deps.owedVoids.record(tx, deps.card.method, done.providerReference);
      return done;
    });
    if (gone?.providerReference) {
      if (deps.owedVoids) await deps.owedVoids.release(deps.card.method, gone.providerReference);
      else await cards.release(gone.providerReference);
    }
    return gone;
  }

  /**
   * A new offer open: its target's owner told (a few times a day per maker), and the makers of lower offers on
   * the same target told they were outbid.
   */
  async function announce(row: OfferRow, ownerId: number | null, label: string) {
    const ownerToTell =
      ownerId !== null && ownerId !== row.makerId && (await mayEmail(row.makerId, ownerId)) ? ownerId : null;
    if (ownerToTell !== null) {
      // Who offered, until when, and a link to the offers received, where the owner accepts it.
      notify(
        ownerToTell,
        'offer_new',
        'New offer on your NFT',
        async () => {
          const maker = (await trading.contactOf(row.makerId))?.name || 'A collector';
          return `${maker} offered ${formatCents(row.amountCents)} on your NFT${label ? ` ${label}` : ''}. It is open until ${EMAIL_DATE_TIME.format(endOf(row))} UTC.`;
        },
        OFFERS_RECEIVED_PATH,
      );
    }
    await tellOutbid({
      key: row.targetKey,
      amountCents: row.amountCents,
      offerId: row.id,
      makerId: row.makerId,
      on: label,
    });
  }

  async function views(rows: OfferRow[]): Promise<Offer[]> {
    const out: Offer[] = [];
    for (const row of rows) out.push(await view(await expireIfDue(row)));
    return out;
  }

  /** What the offer is on: its target key, nifty and collection. */
  async function target(makerId: number, input: CreateOfferInput) {
    if (input.type === 'offer') {
      if (!input.tokenId) throw TRADING_ERRORS.invalid('tokenId', 'Required for an offer on one NFT');
      const token = await repo.token(input.contractAddress, input.tokenId);
      if (!token) throw TRADING_ERRORS.tokenNotFound();
      if (token.ownerId === makerId) throw OFFER_ERRORS.ownToken();
      if (token.openedAt !== null) throw OFFER_ERRORS.packOpened();
      if (!token.isAcceptingOffers) throw OFFER_ERRORS.notAcceptingOffers();
      return {
        key: `token:${token.id}`,
        tokenRowId: token.id,
        niftyId: token.niftyId,
        collectionId: token.collectionId,
        contractAddress: token.contractAddress,
        ownerId: token.ownerId,
        label: token.label,
      };
    }
    if (input.type === 'global_offer') {
      if (!input.niftyType) throw TRADING_ERRORS.invalid('niftyType', 'Required for a global offer');
      const nifty = await repo.niftyType(input.contractAddress, input.niftyType);
      if (!nifty) throw err(404, 'not-found', 'NFT type not found');
      return {
        key: `nifty:${nifty.id}`,
        tokenRowId: null,
        niftyId: nifty.id,
        collectionId: nifty.collectionId,
        contractAddress: input.contractAddress,
        ownerId: null,
      };
    }
    const attr = input.attribute;
    if (!attr) throw TRADING_ERRORS.invalid('attribute', 'Required for an attribute bid');
    if (!(OFFER_TRAITS as readonly string[]).includes(attr.trait_type)) {
      throw TRADING_ERRORS.invalid('attribute', `Bids can name these traits: ${OFFER_TRAITS.join(', ')}`);
    }
    const collection = await repo.collection(input.contractAddress);
    const nifty = collection ? await repo.firstNiftyOf(collection.id) : null;
    if (!collection || !nifty) throw err(404, 'not-found', 'Collection not found');
    return {
      key: `attr:${collection.id}:${attr.trait_type}:${attr.value}`,
      tokenRowId: null,
      niftyId: nifty.id,
      collectionId: collection.id,
      contractAddress: input.contractAddress,
      ownerId: null,
    };
  }

  /** An offer that never opened (waiting on its card's verification, or never verified): its maker's alone. */
  const neverOpened = (row: OfferRow) => row.status === OFFER_WAITING || row.status === OFFER_UNVERIFIED;

  async function mine(makerId: number, id: number): Promise<OfferRow> {
    const row = await repo.byId(id);
    if (!row || (row.makerId !== makerId && neverOpened(row))) throw OFFER_ERRORS.notFound();
    if (row.makerId !== makerId) throw OFFER_ERRORS.notMaker();
    return expireIfDue(row);
  }

  /**
   * Authorises a card for an offer (the shared card helper): the processor's reference and the card. `kind` names
   * what the authorisation is for in its reference: `offer` (a new offer), or `offer:{id}:amount` (a new amount
   * for offer {id}), so a key sent to make one offer and again to change another's amount gets two.
   */
  const authorize = (
    amountCents: number,
    paymentToken: string | undefined,
    request: { userId: number; id: string | null },
    kind = 'offer',
  ): Promise<CardAuthorization> =>
    cards.authorize(
      kind,
      amountCents,
      paymentToken,
      { declined: OFFER_ERRORS.declined, needsAction: OFFER_ERRORS.cardNeedsAction },
      request,
    );

  /**
   * A waiting offer whose card passed its verification: open (a conditional update: still waiting), then
   * announced. Past its time meanwhile, or beside an open offer of the maker's on the same target (made by
   * balance while the bank asked), it never opens and its authorisation is voided.
   */
  async function opened(row: OfferRow, card: CardAuthorization['card']): Promise<OfferRow> {
    const at = clock.now();
    if (endOf(row) <= at) {
      await letGoWaiting(row);
      throw OFFER_ERRORS.closed('expired');
    }
    // An offer on one NFT opens only if one could be made on it now (the owner may have turned offers off, or the
    // maker bought it, while the bank asked), with the answer a new offer would get.
    if (row.type === 'offer' && row.tokenRowId !== null) {
      const token = await repo.tokenOfRow(row.tokenRowId);
      const refusal = !token
        ? TRADING_ERRORS.tokenNotFound()
        : token.ownerId === row.makerId
          ? OFFER_ERRORS.ownToken()
          : token.openedAt !== null
            ? OFFER_ERRORS.packOpened()
            : !token.isAcceptingOffers
              ? OFFER_ERRORS.notAcceptingOffers()
              : null;
      if (refusal) {
        await letGoWaiting(row);
        throw refusal;
      }
    }
    let open: OfferRow | null;
    try {
      open = await repo.updateWaiting(row.id, {
        status: 'open',
        cardBrand: card?.brand ?? null,
        cardLast4: card?.last4 ?? null,
        updatedAt: at,
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await letGoWaiting(row);
      throw OFFER_ERRORS.duplicate();
    }
    if (!open) {
      // Decided by another request meanwhile: opened (the same press twice), or let go.
      const now = await repo.byId(row.id);
      if (now?.status === 'open') return now;
      throw OFFER_ERRORS.closed(now?.status ?? 'closed');
    }
    const ownerId = open.tokenRowId === null ? null : await repo.ownerOfToken(open.tokenRowId);
    const label = await repo
      .details(open)
      .then((d) => offerLabel(open, d))
      .catch(() => '');
    await announce(open, ownerId, label);
    return open;
  }

  const captureSweep = owedCaptures(
    (after, before, limit) => repo.captureOwed(after, before, limit),
    (offer) => offer.closedAt,
    capture,
  );

  return {
    /** `requestId`: from the request's Idempotency-Key (a card offer sent again finds its authorisation). */
    async create(makerId: number, input: CreateOfferInput, requestId: string | null = null): Promise<Offer> {
      const t = await target(makerId, input);
      const amountCents = centsOf(input.amount.amount);
      const at = clock.now();
      const values = {
        makerId,
        type: input.type,
        targetKey: t.key,
        contractAddress: t.contractAddress,
        tokenRowId: t.tokenRowId,
        niftyId: t.niftyId,
        collectionId: t.collectionId,
        attributeTrait: input.type === 'attribute' ? (input.attribute?.trait_type ?? null) : null,
        attributeValue: input.type === 'attribute' ? (input.attribute?.value ?? null) : null,
        amountCents,
        paymentMethod: input.paymentMethod,
        expiresAt: expiryFrom(at, input.expiresInDays),
        createdAt: at,
        updatedAt: at,
      };
      checkCardExpiry(input.paymentMethod, at, values.expiresAt);
      // An open offer past its time does not block a new one.
      const existing = await repo.openOf(makerId, t.key);
      if (existing) {
        if ((await expireIfDue(existing)).status === 'open') throw OFFER_ERRORS.duplicate();
      }
      let row: OfferRow;
      if (input.paymentMethod === 'balance') {
        const account = await ledger.userAccount(makerId);
        row = await unit.run(async ({ offers, ledger: l }) => {
          const locked = await l.lock([account]);
          if ((locked.get(account)?.availableCents ?? 0) < amountCents) throw OFFER_ERRORS.insufficient();
          const made = await offers.insert(values);
          if (!made) throw OFFER_ERRORS.duplicate();
          await l.hold(account, amountCents, holdReference(made.id), at);
          const withHold = await offers.updateOpen(made.id, { holdReference: holdReference(made.id) });
          return withHold ?? made;
        });
      } else {
        const begun = await cards.begin(
          'offer',
          amountCents,
          input.paymentToken,
          { declined: OFFER_ERRORS.declined },
          { userId: makerId, id: requestId },
        );
        const { reference } = begun;
        // Waiting on a verification already: this very request sent again (its authorisation), or an earlier try
        // the maker left (replaced now: its authorisation voided, so it can never open beside this one).
        const waiting = await repo.waitingOf(makerId, t.key).catch(async (error: unknown) => {
          await cards.release(reference);
          throw error;
        });
        const again = waiting.find((w) => w.providerReference === reference);
        if (again) {
          if (begun.status === 'requires_action') return view(again, begun.nextAction);
          return view(await opened(again, begun.card));
        }
        // Backing something else already (a key used again for another request): not ours to void.
        if (await cards.inUse(reference)) throw AUTHORIZATION_IN_USE();
        try {
          for (const w of waiting) await letGoWaiting(w);
        } catch (error) {
          await cards.release(reference);
          throw error;
        }
        // An offer that could not be written leaves no authorisation behind.
        const made = await repo
          .insert({
            ...values,
            providerReference: reference,
            ...(begun.status === 'requires_action'
              ? { status: OFFER_WAITING }
              : { cardBrand: begun.card?.brand ?? null, cardLast4: begun.card?.last4 ?? null }),
          })
          .catch(async (error: unknown) => {
            await cards.release(reference);
            throw error;
          });
        if (!made) {
          await cards.release(reference);
          throw OFFER_ERRORS.duplicate();
        }
        // The bank asks the maker to confirm: the offer waits, seen by nobody else, until they do.
        if (begun.status === 'requires_action') return view(made, begun.nextAction);
        row = made;
      }
      // A maker's new offers email an owner a few times a day (made and cancelled in a loop they would flood the
      // owner's inbox: security review, 2026-12-06); the offers themselves still show on the owner's pages.
      await announce(row, t.ownerId, t.label ?? '');
      return view(row);
    },

    /**
     * The second step of a card offer's verification (3-D Secure) done: the offer opens, and its target's owner
     * and the makers it outbids are told, as for an offer made at once. Answers an open offer as it is (the same
     * press sent again). Not confirmed yet: 422, the offer still waits. Refused by the bank: the offer never
     * opens, 402. Another offer of the maker's on the same target opened meanwhile: this one never opens, 409
     * duplicate. Only the maker.
     */
    async completeAction(makerId: number, id: number): Promise<Offer> {
      const row = await mine(makerId, id);
      if (row.status === 'open') return view(row);
      if (row.status !== OFFER_WAITING || !row.providerReference) throw OFFER_ERRORS.closed(row.status);
      const outcome = await deps.card.completeAction(row.providerReference);
      if (outcome.status === 'requires_action') throw OFFER_ERRORS.notVerifiedYet();
      if (outcome.status === 'declined') {
        // Let go meanwhile (cancelled in another tab, replaced, swept): why it did not open; opened: as it is.
        if (!(await letGoWaiting(row))) {
          const now = await mine(makerId, id);
          if (now.status === 'open') return view(now);
          throw OFFER_ERRORS.closed(now.status);
        }
        throw OFFER_ERRORS.declined();
      }
      return view(await opened(row, outcome.card ?? null));
    },

    /** The maker, or an owner of a token the offer could buy, may read it. */
    async get(userId: number, id: number): Promise<Offer> {
      const row = await repo.byId(id);
      if (!row) throw OFFER_ERRORS.notFound();
      if (row.makerId !== userId) {
        // One that never opened is its maker's alone.
        if (neverOpened(row)) throw OFFER_ERRORS.notFound();
        const { count } = await repo.eligibleTokens({ offerId: row.id }, userId, 1, 0, false);
        if (count === 0) throw OFFER_ERRORS.notFound();
      }
      return view(await expireIfDue(row));
    },

    async list(
      userId: number,
      q: { scope: 'made' | 'received'; openOnly: boolean; limit: number; offset: number },
    ) {
      const { rows, count } =
        q.scope === 'made'
          ? await repo.madeBy(userId, q.openOnly, q.limit, q.offset)
          : await repo.receivedBy(userId, q.openOnly, q.limit, q.offset);
      return { count, results: await views(rows) };
    },

    /** Open offers that could buy one token, highest first (public). */
    async onToken(contractAddress: string, tokenId: string, limit: number, offset: number) {
      const token = await repo.token(contractAddress, tokenId);
      if (!token) throw TRADING_ERRORS.tokenNotFound();
      const { rows, count } = await repo.openForToken(token, limit, offset);
      const results = (await views(rows)).filter((o) => o.status === 'open');
      return { count: count - (rows.length - results.length), results };
    },

    /** The open global offers on a nifty type, highest first (the work's collection page). */
    async onNiftyType(contractAddress: string, niftyType: string, limit: number, offset: number) {
      const nifty = await repo.niftyType(contractAddress, niftyType);
      if (!nifty) throw err(404, 'not-found', 'NFT type not found');
      const { rows, count } = await repo.openGlobalForNifty(nifty.id, limit, offset);
      const results = (await views(rows)).filter((o) => o.status === 'open');
      return { count: count - (rows.length - results.length), results };
    },

    /**
     * The caller's NFTs a bid could capture (000 §7 nifties eligible for a global bid): those the offer `id` could
     * buy, or (`{ contractAddress, niftyType }`) the caller's NFTs of that nifty type, which a global offer on it
     * could. Opened packs are left out, and NFTs whose owner turned offers off (they fill no offer).
     */
    async eligible(
      userId: number,
      target: number | { contractAddress: string; niftyType: string },
      limit: number,
      offset: number,
    ) {
      let by: { offerId: number } | { niftyId: number };
      if (typeof target === 'number') {
        const row = await repo.byId(target);
        if (!row || (neverOpened(row) && row.makerId !== userId)) throw OFFER_ERRORS.notFound();
        by = { offerId: target };
      } else {
        const nifty = await repo.niftyType(target.contractAddress, target.niftyType);
        if (!nifty) throw err(404, 'not-found', 'NFT type not found');
        by = { niftyId: nifty.id };
      }
      const { rows, count } = await repo.eligibleTokens(by, userId, limit, offset);
      return {
        count,
        results: rows.map((r) => ({
          contractAddress: r.contractAddress,
          tokenId: r.tokenId,
          name: r.name,
          image_url: r.image,
          editionNumber: r.editionNumber,
        })),
      };
    },

    async cancel(makerId: number, id: number): Promise<Offer> {
      let row = await mine(makerId, id);
      // Waiting on its card's verification: it never opens. Completed meanwhile: cancelled as any open offer.
      if (row.status === OFFER_WAITING) {
        const gone = await letGoWaiting(row);
        if (gone) return view(gone);
        row = await mine(makerId, id);
        if (row.status === OFFER_UNVERIFIED) return view(row);
      }
      if (row.status !== 'open') throw OFFER_ERRORS.closed(row.status);
      const closed = await close(id, 'cancelled');
      if (!closed) throw OFFER_ERRORS.closed('closed');
      return view(closed);
    },

    /**
     * A new amount and/or a new expiry; only the maker, only open. A balance offer's hold is re-sized in one unit; a
     * card offer's new amount is a new authorisation of the card given again (`paymentToken`, reference from the
     * request's Idempotency-Key), swapped in by a conditional update (still open, still the old authorisation),
     * after which the old one is voided; an offer accepted or changed meanwhile keeps its own, and the new one is
     * voided.
     */
    async update(
      makerId: number,
      id: number,
      patch: {
        amount?: { amount: string | number; currency: 'USD' } | undefined;
        expiresInDays?: number | undefined;
        paymentToken?: string | undefined;
      },
      requestId: string | null = null,
    ): Promise<Offer> {
      const row = await mine(makerId, id);
      if (row.status !== 'open') throw OFFER_ERRORS.closed(row.status);
      const at = clock.now();
      const set: Partial<OfferRow> = { updatedAt: at };
      if (patch.expiresInDays !== undefined) {
        set.expiresAt = expiryFrom(at, patch.expiresInDays);
        checkCardExpiry(row.paymentMethod, row.createdAt, set.expiresAt);
      }
      // The amount is written only when the request changes it, and then with what backs it: a request that
      // changes only the expiry must not write back the amount it read, which a new amount's authorisation
      // may have replaced meanwhile (a $200 offer backed by $100).
      const newAmountCents = patch.amount === undefined ? null : centsOf(patch.amount.amount);
      let updated: OfferRow | null;
      if (row.paymentMethod === 'balance') {
        const account = await ledger.userAccount(makerId);
        updated = await unit.run(async ({ offers, ledger: l }) => {
          const locked = await offers.lock(id);
          if (locked?.status !== 'open') throw OFFER_ERRORS.closed(locked?.status ?? 'closed');
          if (newAmountCents === null) return offers.updateOpen(id, set);
          const acc = await l.lock([account]);
          // What may be spent, counting this offer's own hold as free again.
          if ((acc.get(account)?.availableCents ?? 0) + locked.amountCents < newAmountCents)
            throw OFFER_ERRORS.insufficient();
          if (!(await offers.resizeHold(holdReference(id), newAmountCents)))
            throw OFFER_ERRORS.closed('closed');
          return offers.updateOpen(id, { ...set, amountCents: newAmountCents });
        });
      } else if (newAmountCents !== null && newAmountCents !== row.amountCents) {
        const amountCents = newAmountCents;
        // Re-authorising needs the card again.
        if (!patch.paymentToken) throw OFFER_ERRORS.amountFixed();
        const { reference, card } = await authorize(
          amountCents,
          patch.paymentToken,
          { userId: makerId, id: requestId },
          `offer:${id}:amount`,
        );
        const old = row.providerReference;
        const letGo = old !== null && old !== reference ? old : null;
        // The swap, and the old authorisation written down as owed, in one transaction.
        const swapped = await unit
          .run(async ({ offers }, tx) => {
            const done = await offers.updateOpenFrom(id, old, {
              ...set,
              amountCents,
              providerReference: reference,
              cardBrand: card?.brand ?? null,
              cardLast4: card?.last4 ?? null,
            });
            if (done && letGo) await deps.owedVoids?.record(tx, deps.card.method, letGo);
            return done;
          })
          .catch(async (error: unknown) => {
            if (reference !== old) await cards.release(reference);
            throw error;
          });
        if (!swapped) {
          if (reference !== old) await cards.release(reference);
          throw OFFER_ERRORS.closed('closed');
        }
        if (letGo) {
          if (deps.owedVoids) await deps.owedVoids.release(deps.card.method, letGo);
          else await cards.release(letGo);
        }
        updated = swapped;
      } else {
        updated = await repo.updateOpen(id, set);
      }
      if (!updated) throw OFFER_ERRORS.closed('closed');
      // Raised: the lower offers on the same target are outbid now, as by a new offer.
      if (newAmountCents !== null && newAmountCents > row.amountCents) {
        const details = await repo.details(updated).catch(() => null);
        await tellOutbid(
          {
            key: updated.targetKey,
            amountCents: newAmountCents,
            offerId: updated.id,
            makerId,
            on: details ? offerLabel(updated, details) : '',
          },
          row.amountCents,
        );
      }
      return view(updated);
    },

    /**
     * 000 §7 accept-bid: the caller sells a token they own to the offer. One unit of work (see the head
     * of this file). The step-up check (two-factor) happens before, in the route.
     */
    async accept(
      ownerId: number,
      input: {
        offerId: number;
        contractAddress: string;
        tokenId: string;
        /** The amount the owner saw; when given, any other amount (the maker changed it) is refused. */
        expectedAmountCents: number | undefined;
      },
    ) {
      const draft = await repo.byId(input.offerId);
      if (!draft || (neverOpened(draft) && draft.makerId !== ownerId)) throw OFFER_ERRORS.notFound();
      const offer = await expireIfDue(draft);
      if (offer.status !== 'open') throw OFFER_ERRORS.closed(offer.status);
      const token = await repo.token(input.contractAddress, input.tokenId);
      if (!token) throw TRADING_ERRORS.tokenNotFound();
      if (token.ownerId !== ownerId) throw TRADING_ERRORS.notOwner();
      if (offer.makerId === ownerId) throw OFFER_ERRORS.ownOffer();
      if (!(await repo.matches(offer.id, token))) throw OFFER_ERRORS.mismatch();
      const forSale = await trading.tokenById(token.id);
      if (!forSale) throw TRADING_ERRORS.tokenNotFound();
      const accounts = {
        maker: await ledger.userAccount(offer.makerId),
        seller: await ledger.userAccount(ownerId),
        creator:
          forSale.creatorId === null
            ? await houseAccount('unassigned_royalties')
            : await ledger.userAccount(forSale.creatorId),
        platform: await houseAccount('platform_revenue'),
        clearing: await houseAccount('payments_clearing'),
      };
      const royaltyBps = forSale.royaltyPercentage * 100;
      // The studio's secondary split divides the royalty (decision 017).
      const royaltySplit = await splitPayees(trading, ledger, forSale.niftyId, 'secondary');
      const at = clock.now();
      const done = await unit.run(async ({ offers, trading: tr, ledger: l }) => {
        const locked = await offers.lock(offer.id);
        if (locked?.status !== 'open') throw OFFER_ERRORS.closed(locked?.status ?? 'closed');
        if (endOf(locked) <= at) throw OFFER_ERRORS.closed('expired');
        if (input.expectedAmountCents !== undefined && locked.amountCents !== input.expectedAmountCents)
          throw OFFER_ERRORS.changed(locked.amountCents);
        // The token's active listing before the token (the purchase's order), so the trigger that
        // closes it on the owner change never waits for a lock a purchase holds while it waits for ours.
        const listing = await tr.activeListingOf(token.id);
        if (listing) await tr.lockListing(listing.id);
        const lockedToken = await tr.lockToken(token.id);
        if (!lockedToken || lockedToken.ownerId !== ownerId) throw TRADING_ERRORS.notOwner();
        if (lockedToken.openedAt !== null) throw OFFER_ERRORS.packOpened();
        if (await tr.paymentPending(token.id)) throw TRADING_ERRORS.paymentPending();
        // 000 §6: an owner accepting offers may accept one; with offers off the NFT fills none until they are on.
        if (!lockedToken.isAcceptingOffers) throw OFFER_ERRORS.offersOffToAccept();
        const fees = feeBreakdown({
          priceCents: locked.amountCents,
          royaltyBps,
          method: null,
          isExternal: false,
          deliveryFeeCents: 0,
        });
        const byBalance = locked.paymentMethod === 'balance';
        const balances = await l.lock([...Object.values(accounts), ...royaltySplit.map((p) => p.accountId)]);
        if (byBalance) {
          // Its own hold is still active here: what may be spent plus the hold must cover the price.
          const available = (balances.get(accounts.maker)?.availableCents ?? 0) + locked.amountCents;
          if (available < fees.buyerPaysCents) throw OFFER_ERRORS.insufficient();
          if (!(await l.closeHold(holdReference(locked.id), 'captured', at)))
            throw OFFER_ERRORS.closed('closed');
        }
        if (!(await tr.moveToken(lockedToken.id, ownerId, locked.makerId, locked.amountCents, at))) {
          throw TRADING_ERRORS.notOwner();
        }
        const saleId = await tr.insertSale({
          tokenRowId: lockedToken.id,
          sellerId: ownerId,
          buyerId: locked.makerId,
          market: 'secondary',
          currency: 'USD',
          amount: String(locked.amountCents),
          priceInCents: locked.amountCents,
          soldAt: at,
        });
        const ledgerTransactionId = await l.post({
          kind: 'purchase',
          reference: `offer:${locked.id}`,
          description: `Offer accepted: ${token.label}`,
          at,
          postings: [
            {
              accountId: byBalance ? accounts.maker : accounts.clearing,
              amountCents: -fees.buyerPaysCents,
              memo: byBalance ? 'payment' : 'card_payment',
            },
            { accountId: accounts.seller, amountCents: fees.sellerReceivesCents, memo: 'proceeds' },
            ...splitPostings(royaltySplit, fees.creatorFeeCents, accounts.creator, 'creator_fee'),
            { accountId: accounts.platform, amountCents: fees.serviceFeeCents, memo: 'service_fee' },
          ],
        });
        const accepted = await offers.updateOpen(locked.id, {
          status: 'accepted',
          acceptedBy: ownerId,
          acceptedTokenRowId: lockedToken.id,
          saleId,
          ledgerTransactionId,
          closedAt: at,
          updatedAt: at,
        });
        if (!accepted) throw OFFER_ERRORS.closed('closed');
        return { offer: accepted, saleId, fees, lockedToken };
      });
      // The sale is committed: a capture that fails now is owed, and the minute sweep takes it (captureDue).
      // The seller is not told the acceptance failed: it did not.
      if (done.offer.providerReference) await capture(done.offer).catch(() => undefined);
      await deps.onTokenChange?.(token.id, ownerId).catch(() => undefined);
      notify(
        done.offer.makerId,
        'offer_accepted',
        'Your offer was accepted',
        // The maker's receipt: what they paid and from what (the card as a receipt names it), and which offer.
        `Your offer of ${formatCents(done.offer.amountCents)} was accepted: ${token.label} is yours. You paid ${formatCents(done.fees.priceCents)} ${
          done.offer.cardBrand && done.offer.cardLast4
            ? `with ${paymentCardLabel({ brand: done.offer.cardBrand, last4: done.offer.cardLast4 })}`
            : done.offer.paymentMethod === 'balance'
              ? 'from your balance'
              : 'by card'
        }. Offer #${done.offer.id}.`,
        PURCHASES_PATH,
      );
      // The seller's 'sold' alert (the bell; their open pages read the balance again) and "sold" email, as a
      // Buy Now sale sends them.
      sendSoldAlert(deps, ownerId, {
        what: token.label,
        priceCents: done.fees.priceCents,
        proceedsCents: done.fees.sellerReceivesCents,
        key: `sold:offer:${done.offer.id}`,
      });
      notify(
        ownerId,
        'nft_sold',
        'Your NFT sold',
        `Your NFT ${token.label} sold for ${formatCents(done.fees.priceCents)}, an offer you accepted. ${proceedsText(done.fees.sellerReceivesCents)} (service and card fee ${formatCents(done.fees.serviceFeeCents)}, creator fee ${formatCents(done.fees.creatorFeeCents)}).`,
        SALES_PATH,
      );
      // The creator (or the royalty split's payees) learn of their royalty, as a Buy Now resale tells them.
      tellSplitPayees(
        { ...deps, contactsOf: trading.contactsOf },
        {
          what: token.label,
          priceCents: done.fees.priceCents,
          shares:
            royaltySplit.length > 0
              ? splitShares(royaltySplit, done.fees.creatorFeeCents)
              : forSale.creatorId === null
                ? []
                : [{ userId: forSale.creatorId, cents: done.fees.creatorFeeCents }],
          except: ownerId,
          of: 'royalty',
        },
      );
      return {
        message: OFFER_ACCEPTED_MESSAGE,
        sale: {
          saleId: done.saleId,
          contractAddress: token.contractAddress,
          tokenId: token.tokenId,
          priceInCents: done.fees.priceCents,
          proceedsInCents: done.fees.sellerReceivesCents,
          serviceFeeInCents: done.fees.serviceFeeCents,
          creatorFeeInCents: done.fees.creatorFeeCents,
        },
      };
    },

    /** Takes the money of accepted card offers whose capture after the commit failed (the minute sweep). */
    async captureDue(limit = 100): Promise<number> {
      return captureSweep(clock.now(), limit);
    },

    /** Expires open offers past their time (the server's minute sweep; reads expire them too). */
    async expireDue(limit = 100): Promise<number> {
      const due = await repo.dueToExpire(clock.now(), limit);
      for (const row of due) await expireIfDue(row);
      // Offers nobody can accept any more (the maker bought the NFT another way, it was burnt or, a pack,
      // opened): closed, and their money released, instead of held until they expire (up to 30 days).
      for (const row of await repo.unfillable(limit)) await close(row.id, 'cancelled');
      // Verifications never completed: the offer never opens, and its authorisation is voided.
      const before = new Date(clock.now().getTime() - OFFER_ACTION_WAIT_MS);
      for (const row of await repo.abandoned(before, limit)) await letGoWaiting(row).catch(() => null);
      return due.length;
    },
  };
}

export type OffersService = ReturnType<typeof createOffersService>;
