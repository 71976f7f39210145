// Bids on primary auctions (issue 15; docs/decisions/012-bids.md): auction (1/1), ranked_auction and
// silent_auction. Placing a bid is one unit of work under the nifty's row lock: the sale window by the
// server clock, the minimum / leaderboard rules, the bid safety net, the backing (a ledger hold on the
// balance or a card authorisation, as offers do), the release of the bids it pushes out of the top N, and
// the end moved by a late bid. Settlement (`settle`) is one unit too, guarded by a conditional update of
// `auction_states.settled_at`: winners get editions minted and their backing captured (publisher 90 %,
// platform 10 %, as primary sales), losers are released. Events, alerts and emails go out after commit.

import type { Db, UnitOfWork } from '@vitrine/db';
import {
  AMOUNT_TOO_HIGH_MESSAGE,
  AppError,
  bidAllowance,
  bidBelowMinimumMessage,
  bidderDisplay,
  bidPagePath,
  CARD_DECLINED_MESSAGE,
  extendedEndTime,
  formatCents,
  isAuctionSaleType,
  leaderboardThresholds,
  primaryFeeBreakdown,
  proceedsText,
  rankedPlacement,
  SALES_PATH,
  startingBidInCents,
  toMinorUnits,
  topics,
} from '@vitrine/domain';
import type { Background } from '../../lib/background';
import type { Clock } from '../../lib/clock';
import type { Jobs } from '../../lib/jobs';
import type { LiveEvents } from '../../lib/live-events';
import { emailUserLater, type MessageKind, type Notifier } from '../../lib/notifier';
import type { EligibilityService } from '../eligibility/eligibility.service';
import type { AlertsService } from '../live/alerts.service';
import {
  CAPTURE_WINDOW_MS,
  type CardAuthorization,
  createCardAuthorizations,
  MAX_CAPTURE_ATTEMPTS,
  owedCaptures,
  retryWaitAfter,
} from '../trading/card-authorizations';
import { CARD_VERIFICATION_ERRORS, type CardVerifications } from '../trading/card-verifications';
import { createLedgerRepo, type HouseAccount, type LedgerRepo } from '../trading/ledger.repo';
import { type ExternalPaymentProvider, PaymentRefusedError } from '../trading/payment-providers';
import {
  splitPayees,
  splitPostings,
  splitShares,
  tellSplitPayees,
  tellTakenBack,
} from '../trading/sales-splits';
import { createTradingRepo, type NiftyForSale, type TradingRepo } from '../trading/trading.repo';
import { MAX_PRICE_CENTS, TRADING_ERRORS } from '../trading/trading.service';
import { type BidRow, type BidsRepo, createBidsRepo } from './bids.repo';

export const SETTLE_JOB = 'bids.settle';

/** What a winner whose card could never be charged is told (in-app alert and email). The spec has no text for it. */
export const auctionForfeitMessage = (title: string) =>
  `We could not take the payment for ${title} from your card, so your auction win was forfeited`;
/** What the publisher is told then: the sale they were told of is undone. */
export const auctionSaleCancelledMessage = (name: string, amountCents: number) =>
  `The winning bid of ${formatCents(amountCents)} for ${name} could not be charged to the bidder's card, so the sale was cancelled and its proceeds taken back. The edition is no longer sold.`;

const err = (statusCode: number, errorType: string, message: string, fields?: Record<string, string>) =>
  new AppError({ statusCode, errorType, message, ...(fields ? { fields } : {}) });

export const BID_ERRORS = {
  niftyNotFound: () => err(404, 'not-found', 'NFT not found'),
  notByBids: () => err(422, 'sale-type-unavailable', 'This NFT is not sold by bids'),
  notStarted: () => err(409, 'auction-not-started', 'Not yet Available'),
  ended: () => err(409, 'auction-ended', 'This auction has ended'),
  tooLow: (minimum: number) =>
    err(409, 'bid-too-low', bidBelowMinimumMessage(minimum), { minBidInCents: String(minimum) }),
  incrementTooSmall: (minimum: number) =>
    err(409, 'bid-increment-too-small', `Your new bid must be at least ${formatCents(minimum)}`, {
      minBidInCents: String(minimum),
    }),
  notPlaced: () => err(409, 'bid-not-placed', 'Your bid is too low to place among the winning bids'),
  allowance: (allowance: number) =>
    err(409, 'bid-allowance-exceeded', `Your active bids may add up to ${formatCents(allowance)} at most`),
  insufficient: () => err(402, 'insufficient_balance', 'Your balance is too low for this bid'),
  declined: () => err(402, 'card_declined', CARD_DECLINED_MESSAGE),
};

export interface PlaceBidInput {
  contractAddress: string;
  niftyType: number;
  amount: { amount: string | number; currency: 'USD' };
  paymentMethod: 'balance' | 'stripe_card';
  paymentToken?: string | undefined;
  /** A card verification (3-D Secure) the bidder completed: its authorisation backs the bid (decision 009). */
  cardVerificationId?: number | undefined;
}

interface BidRepos {
  bids: BidsRepo;
  trading: TradingRepo;
  ledger: LedgerRepo;
}

const holdReference = (id: number) => `bid:${id}`;

export interface BidInfo {
  minBid: number;
  highestBid: number | null;
  bidCurrency: 'USD';
  bidIncrement: number;
  firstPlaceBid: number | null;
  leaderboardMinBid: number;
}

export function createBidsService(deps: {
  db: Db;
  unit: UnitOfWork<BidRepos>;
  clock: Clock;
  card: ExternalPaymentProvider;
  /** Cards whose bank asks for a verification: the bid waits for it (202), then is sent again with it. */
  verifications: CardVerifications;
  jobs: Jobs;
  events: LiveEvents;
  notifier?: Notifier;
  background?: Background;
  /** Alerts kept for the bell, published and emailed (decision 014); without it, published and emailed here. */
  alerts?: Pick<AlertsService, 'send' | 'scheduleEndingSoon' | 'addWatchers'>;
  /** The drop's participation criteria (decision 015): 403 'Not Eligible to Bid' before any money moves. */
  eligibility?: Pick<EligibilityService, 'assertEligible'>;
  /** After a commit that minted tokens (browsing caches). */
  onTokenChange?: (tokenRowId: number) => Promise<void>;
  /**
   * Before a unit that may remove a token (a forfeited win's edition): the browsing answers it shows on, read while
   * it is there; the function answered touches them once it is gone.
   */
  onTokenRemoval?: (tokenRowId: number) => Promise<() => void>;
  /** For the operator: a forfeit that could not be made, or could not give back everything. */
  log?: (message: string, detail: Record<string, unknown>) => void;
  /** After a commit that changed a nifty's highest bid (a bid, a settlement): the drop answers showing it. */
  onAuctionChange?: (niftyId: number) => Promise<void>;
  /** The web's origin, for the links in emails (none without it). */
  webOrigin?: () => string;
}) {
  const { clock, unit } = deps;
  const cards = createCardAuthorizations(deps.card, deps.db);
  const repo = createBidsRepo(deps.db);

  /**
   * Takes a winning card bid's money and records it (after the settlement's commit, then the minute sweep).
   * A capture the processor refuses is counted, and the next waits (`CAPTURE_RETRY_DELAYS_MS`); after
   * `MAX_CAPTURE_ATTEMPTS` refusals, or once the authorisation's life is over (it can never be taken then), the
   * win is forfeited (`forfeit`). One the processor does not answer (an outage) counts no refusal until that
   * life is over, when it counts unless the processor says the money was taken. Throws while the money is still
   * owed, so the sweep does not count it taken. True when the win was forfeited.
   */
  /** `saleTold`: the sale was told to its publisher and payees (false at the settlement itself, before they are). */
  async function capture(bid: BidRow, saleTold = true): Promise<boolean> {
    const ref = bid.providerReference;
    if (!ref) return false;
    const at = clock.now();
    // After a refusal, not before its wait.
    if (
      bid.captureRefusedAt &&
      at.getTime() < bid.captureRefusedAt.getTime() + retryWaitAfter(bid.captureAttempts)
    ) {
      throw new Error(`bid ${bid.id}: its next capture is not due yet`);
    }
    try {
      await cards.capture(ref);
    } catch (error) {
      const refused = error instanceof PaymentRefusedError;
      const lapsed = at.getTime() - bid.createdAt.getTime() >= CAPTURE_WINDOW_MS;
      // A capture whose answer was lost may have taken the money: charged, the win is kept.
      if (!refused && lapsed && (await deps.card.isCaptured(ref).catch(() => null)) === true) {
        await repo.markCaptured(bid.id, clock.now());
        return false;
      }
      // Not answered (an outage): tried again at the next sweep, no refusal counted.
      if (!refused && !lapsed) throw error;
      const count = await repo.addRefusedCapture(bid.id, bid.captureRefusedAt, at);
      // Null: another run counted this refusal (and forfeits if it is due).
      if (count !== null && (lapsed || count >= MAX_CAPTURE_ATTEMPTS)) {
        await forfeit(bid.id, saleTold);
        return true;
      }
      throw error;
    }
    await repo.markCaptured(bid.id, clock.now());
    return false;
  }

  /**
   * A won card bid whose money can never be taken forfeits the win, in one unit under the nifty's lock (then the
   * bid, the edition, the accounts), as a drawing win does (decision 013 "Refused captures"): the edition is
   * released (its token and primary sale removed, one fewer sold), and the purchase reversed
   * (`purchase_forfeited`): the card's clearing entry given back, each credit taken back up to what its account may
   * spend now (a publisher who cashed out meanwhile), the rest left on clearing (`refund_shortfall`) and logged for
   * the operator. No bidder is promoted: the others' money was released at the settlement. Conditional on the bid
   * still won and not captured (a second run does nothing). The winner is told, and the publisher.
   */
  async function forfeit(bidId: number, saleTold: boolean): Promise<void> {
    const at = clock.now();
    const first = await repo.byId(bidId);
    const n = first ? await trading.niftyForSaleById(first.niftyId) : null;
    if (first?.status !== 'won' || first.saleId === null || !n) return;
    // The browsing answers the edition shows on, read while it is there (touched once it is gone).
    const firstToken = await repo.tokenOfSale(first.saleId);
    const touchRemoved =
      firstToken === null ? undefined : await deps.onTokenRemoval?.(firstToken).catch(() => undefined);
    const result = await unit.run(async ({ bids, trading: t, ledger: l }) => {
      const nifty = await t.lockNifty(first.niftyId);
      const bid = await bids.lockOwed(bidId);
      if (!nifty || !bid) return 'done' as const;
      const tokenRowId = bid.saleId === null ? null : await bids.tokenOfSale(bid.saleId);
      // The offers on the edition (made while its payment was pending) go with it: closed, their holds released,
      // their cards voided after the commit (removing the token deletes the rows, not their holds).
      const offersOn = tokenRowId === null ? [] : await t.cancelOffersOnToken(tokenRowId, at);
      for (const o of offersOn)
        if (o.paymentMethod === 'balance') await l.closeHold(`offer:${o.id}`, 'released', at);
      const listed = tokenRowId === null ? null : await t.activeListingOf(tokenRowId);
      if (listed) await t.lockListing(listed.id);
      const token = tokenRowId === null ? null : await t.lockToken(tokenRowId);
      if (!token || token.ownerId !== bid.userId) return 'stuck' as const;
      const { shortfall, takenBack } = await l.reversePurchase(
        `bid:${bid.id}`,
        `Auction win forfeited (payment refused): ${token.name}`,
        at,
      );
      await bids.removeToken(token.id);
      if (!(await t.addSold(nifty.id, -1))) throw new Error(`bid ${bid.id}: sold count`);
      if (!(await bids.markForfeited(bid.id, at))) throw new Error(`bid ${bid.id}: forfeited twice`);
      return { bid, name: token.name, shortfall, takenBack, offersOn };
    });
    if (result === 'done') return;
    if (result === 'stuck') {
      deps.log?.('auction win not paid and its edition no longer the winner’s: left to an operator', {
        bidId,
      });
      return;
    }
    const { bid, name, shortfall, takenBack, offersOn } = result;
    touchRemoved?.();
    // The winner's authorisation, if still alive, and the cancelled offers' cards are let go.
    await cards.release(bid.providerReference);
    for (const o of offersOn) await cards.release(o.providerReference);
    for (const o of offersOn)
      emailUserLater(deps, trading.contactOf, o.makerId, {
        kind: 'offer_expired',
        subject: 'Your offer was cancelled',
        text: `Your offer of ${formatCents(o.amountCents)} on ${name} was cancelled: the edition is no longer sold. Its money is released.`,
      });
    if (shortfall > 0) {
      deps.log?.('forfeited auction win larger than what the sale’s accounts may give back', {
        bidId,
        shortfall,
      });
    }
    const link = linkOf(n);
    const message = auctionForfeitMessage(n.title);
    alert(bid.userId, 'lost', message, link, `bid-forfeited:${n.id}:${bid.id}`);
    email(bid.userId, 'bid_lost', 'Your auction win was forfeited', `${message}. ${link}`);
    // Forfeited at the settlement itself, the sale was never told: nor is its undoing (review 2026-12-07).
    if (saleTold) {
      emailUserLater(deps, trading.contactOf, n.publisherOwnerId, {
        kind: 'nft_sold',
        subject: 'An auction sale was cancelled',
        text: auctionSaleCancelledMessage(name, bid.amountInCents),
        path: SALES_PATH,
      });
      // The split's other payees, told of their share at the settlement, are told it went back.
      tellTakenBack(
        { ...deps, contactsOf: trading.contactsOf },
        { what: name, takenBack, except: n.publisherOwnerId },
      );
    }
    await deps.onAuctionChange?.(n.id).catch(() => undefined);
  }
  const trading = createTradingRepo(deps.db);
  const ledger = createLedgerRepo(deps.db);

  const houseAccounts = new Map<HouseAccount, number>();
  async function houseAccount(kind: HouseAccount): Promise<number> {
    let id = houseAccounts.get(kind);
    if (id === undefined) {
      id = await ledger.houseAccount(kind);
      houseAccounts.set(kind, id);
    }
    return id;
  }

  /** An email after commit, without making the caller wait. */
  function email(userId: number, kind: MessageKind, subject: string, text: string) {
    const { notifier, background } = deps;
    // With the alerts service, the alert's own email goes out instead (one email per alert).
    if (!notifier || !background || deps.alerts) return;
    background.run(async () => {
      const contact = await trading.contactOf(userId);
      if (contact?.email) await notifier.send({ channel: 'email', to: contact.email, kind, subject, text });
    });
  }

  function publish(topic: string, event: Parameters<LiveEvents['publish']>[1]) {
    deps.events.publish(topic, event).catch(() => undefined);
  }

  /** An alert for one user; `key` makes it once-only (a settlement run again alerts nobody twice). */
  function alert(
    userId: number,
    kind: 'outbid' | 'won' | 'lost',
    message: string,
    link: string,
    key: string,
  ) {
    const { alerts, background } = deps;
    if (alerts && background) {
      background.run(async () => {
        await alerts.send(userId, { kind, message, link, key });
      });
      return;
    }
    publish(topics.user(userId), { type: 'alert', data: { kind, message, link } });
  }

  function centsOf(amount: string | number): number {
    const minor = toMinorUnits(amount, 'USD');
    if (minor === null || minor <= 0n) throw TRADING_ERRORS.invalid('amount', 'Enter an amount above 0');
    if (minor > BigInt(MAX_PRICE_CENTS)) throw TRADING_ERRORS.invalid('amount', AMOUNT_TOO_HIGH_MESSAGE);
    return Number(minor);
  }

  async function niftyOf(contractAddress: string, niftyType: number): Promise<NiftyForSale> {
    const n = await trading.niftyForSale(contractAddress, niftyType);
    if (!n) throw BID_ERRORS.niftyNotFound();
    if (!isAuctionSaleType(n.saleType)) throw BID_ERRORS.notByBids();
    return n;
  }

  /** How many bids win: one for a 1/1 auction, else the editions left. */
  function slotsOf(n: Pick<NiftyForSale, 'saleType' | 'editionSize' | 'totalSold' | 'totalReserved'>) {
    if (n.saleType === 'auction') return 1;
    return Math.max(1, n.editionSize - n.totalSold - n.totalReserved);
  }

  async function termsOf(niftyId: number) {
    const t = await repo.bidTerms(niftyId);
    return {
      start: startingBidInCents(t ?? { minimumBidInCents: null, priceAmount: 0 }),
      increment: Math.max(1, t?.bidIncrementInCents ?? 100),
    };
  }

  const linkOf = (n: Pick<NiftyForSale, 'contractAddress' | 'typeNumber' | 'saleType'>) =>
    bidPagePath(n.saleType, n.contractAddress, n.typeNumber);

  function infoFrom(
    saleType: string,
    activeDesc: number[],
    slots: number,
    terms: { start: number; increment: number },
  ): BidInfo {
    const t = leaderboardThresholds(activeDesc, slots, terms.start, terms.increment);
    const sealed = saleType === 'silent_auction';
    return {
      minBid: sealed ? terms.start : t.leaderboardMinBid,
      highestBid: sealed ? null : (activeDesc[0] ?? null),
      bidCurrency: 'USD',
      bidIncrement: terms.increment,
      firstPlaceBid: sealed ? null : t.firstPlaceBid,
      leaderboardMinBid: sealed ? terms.start : t.leaderboardMinBid,
    };
  }

  /** The card that backs a bid: authorised now, or the verification its bidder completed (card-verifications.ts). */
  const backCard = (
    niftyId: number,
    userId: number,
    amountCents: number,
    input: PlaceBidInput,
    requestId: string | null,
  ) =>
    deps.verifications.back(
      'bid',
      `nifty:${niftyId}`,
      userId,
      amountCents,
      input,
      requestId,
      BID_ERRORS.declined,
    );

  async function scheduleSettlement(niftyId: number, endsAt: Date) {
    await deps.jobs.send(
      SETTLE_JOB,
      { niftyId },
      { startAfter: endsAt, singletonKey: `${niftyId}:${endsAt.getTime()}` },
    );
  }

  /** Releases the backing of closed bids inside the unit (holds); returns their card references. */
  async function releaseHolds(l: LedgerRepo, closed: BidRow[], at: Date): Promise<string[]> {
    const cards: string[] = [];
    for (const b of closed) {
      if (b.holdReference) await l.closeHold(b.holdReference, 'released', at);
      if (b.providerReference) cards.push(b.providerReference);
    }
    return cards;
  }

  /**
   * Throws when `amountCents` does not place by the rules of the sale type (000 §5): thresholds from the
   * other bidders' active bids; the bidder's own previous bid must be exceeded by the increment.
   */
  function assertPlaces(
    saleType: string,
    userId: number,
    amountCents: number,
    active: BidRow[],
    slots: number,
    terms: { start: number; increment: number },
  ) {
    const own = active.find((b) => b.userId === userId) ?? null;
    const others = active.filter((b) => b.userId !== userId);
    const t = leaderboardThresholds(
      others.map((b) => b.amountInCents),
      slots,
      terms.start,
      terms.increment,
    );
    if (saleType === 'auction') {
      if (amountCents < t.leaderboardMinBid) throw BID_ERRORS.tooLow(t.leaderboardMinBid);
      if (own && amountCents < own.amountInCents + terms.increment)
        throw BID_ERRORS.incrementTooSmall(own.amountInCents + terms.increment);
      return { own, others };
    }
    const placement = rankedPlacement({
      amount: amountCents,
      firstPlaceBid: t.firstPlaceBid,
      leaderboardMinBid: t.leaderboardMinBid,
      previousBid: own?.amountInCents ?? null,
      bidIncrement: terms.increment,
    });
    if (!placement.valid) {
      if (placement.reason === 'increment_too_small') {
        throw BID_ERRORS.incrementTooSmall((own?.amountInCents ?? 0) + terms.increment);
      }
      if (amountCents < terms.start) throw BID_ERRORS.tooLow(terms.start);
      throw saleType === 'silent_auction' ? BID_ERRORS.notPlaced() : BID_ERRORS.tooLow(t.leaderboardMinBid);
    }
    return { own, others };
  }

  /** `requestId`: from the request's Idempotency-Key (a card bid sent again finds its authorisation). */
  /** Places a bid (below); one sent with a completed card verification and refused all the same releases it. */
  function place(userId: number, input: PlaceBidInput, requestId: string | null = null) {
    const verificationId = input.paymentMethod === 'stripe_card' ? input.cardVerificationId : undefined;
    return deps.verifications.run(userId, verificationId, () => placeOnce(userId, input, requestId));
  }

  async function placeOnce(userId: number, input: PlaceBidInput, requestId: string | null) {
    const n = await niftyOf(input.contractAddress, input.niftyType);
    if (n.dropStatus !== null && n.dropStatus !== 'published') throw BID_ERRORS.notStarted();
    await deps.eligibility?.assertEligible(userId, n.id);
    const amountCents = centsOf(input.amount.amount);
    const terms = await termsOf(n.id);
    const bidder = await repo.bidder(userId);
    if (!bidder) throw TRADING_ERRORS.invalid('user', 'Unknown user');
    const account = await ledger.userAccount(userId);
    const allowance = bidAllowance(bidder);
    const sealed = n.saleType === 'silent_auction';
    // Refused early on what is committed, without a transaction: the minimums only rise while the auction
    // runs (a bid too low now is too low under the lock too), so losers of a hot auction hold no lock.
    const committed = await repo.state(n.id);
    const committedEnd = committed?.endsAt ?? n.endAt;
    const now = clock.now();
    if (committed?.settledAt || (committedEnd && now >= committedEnd)) throw BID_ERRORS.ended();
    if (!committedEnd || (n.startAt && now < n.startAt)) throw BID_ERRORS.notStarted();
    const committedBids = await repo.active(n.id);
    // A silent auction's placement answer tells where its sealed amounts lie: only a bid its bidder can back
    // hears it (a balance too low, a card declined are refused first, whatever the amount), so nobody learns the
    // winning amount by free bids (security review, 2026-12-06). Other auctions show their minimum first.
    if (sealed && input.paymentMethod === 'balance') {
      const own = committedBids.find((b) => b.userId === userId);
      const freed = own?.holdReference ? own.amountInCents : 0;
      if ((await ledger.userBalance(userId)).availableCents + freed < amountCents)
        throw BID_ERRORS.insufficient();
    }
    // A verified card's authorisation is let go through its verification (another request may hold it: the same
    // verification sent twice at once); any other is voided.
    const verified = input.paymentMethod === 'stripe_card' && input.cardVerificationId !== undefined;
    const release = (reference: string | null) =>
      reference === null
        ? Promise.resolve()
        : verified
          ? deps.verifications.letGo(reference)
          : cards.release(reference);
    let authorized: CardAuthorization | null = null;
    if (sealed && input.paymentMethod === 'stripe_card') {
      const backed = await backCard(n.id, userId, amountCents, input, requestId);
      if ('requiresAction' in backed) return backed;
      authorized = backed;
    }
    try {
      assertPlaces(n.saleType, userId, amountCents, committedBids, slotsOf(n), terms);
    } catch (error) {
      if (authorized) await release(authorized.reference);
      throw error;
    }
    // A card is authorised before the unit (a call outside); voided when the bid does not commit.
    if (input.paymentMethod === 'stripe_card' && !authorized) {
      const backed = await backCard(n.id, userId, amountCents, input, requestId);
      if ('requiresAction' in backed) return backed;
      authorized = backed;
    }
    const cardReference = authorized?.reference ?? null;
    const at = clock.now();
    const step = () =>
      unit.run(async ({ bids, trading: tr, ledger: l }, tx) => {
        const nifty = await tr.lockNifty(n.id);
        if (!nifty) throw BID_ERRORS.niftyNotFound();
        // A verification backs one bid: taken in this unit, or this bid is not placed.
        if (verified && cardReference && !(await deps.verifications.use(tx, cardReference)))
          throw CARD_VERIFICATION_ERRORS.ended();
        const state = await bids.state(n.id);
        const endsAt = state?.endsAt ?? n.endAt;
        if (state?.settledAt || (endsAt && at >= endsAt)) throw BID_ERRORS.ended();
        if (!endsAt || (n.startAt && at < n.startAt)) throw BID_ERRORS.notStarted();
        // The bidder's account row: one bid of a user at a time (the safety net's sum stays true).
        const locked = await l.lock([account]);
        const active = await bids.active(n.id);
        const slots = slotsOf({ ...n, totalSold: nifty.totalSold, totalReserved: nifty.totalReserved });
        // What the balance can back, before a silent auction's placement answer (above).
        const affordable = (own: BidRow | null) => {
          if (input.paymentMethod !== 'balance') return;
          const freed = own?.holdReference ? own.amountInCents : 0;
          if ((locked.get(account)?.availableCents ?? 0) + freed < amountCents)
            throw BID_ERRORS.insufficient();
        };
        if (sealed) affordable(active.find((b) => b.userId === userId) ?? null);
        const { own, others } = assertPlaces(n.saleType, userId, amountCents, active, slots, terms);
        if (allowance !== null) {
          const total = (await bids.activeSumOf(userId)) - (own?.amountInCents ?? 0) + amountCents;
          if (total > allowance) throw BID_ERRORS.allowance(allowance);
        }
        // The bidder's previous bid here is replaced: its backing released first.
        const replaced = own ? await bids.close([own.id], { status: 'replaced', closedAt: at }) : [];
        const voids = await releaseHolds(l, replaced, at);
        affordable(own);
        const bid = await bids.insert({
          userId,
          niftyId: n.id,
          amountInCents: amountCents,
          currency: 'USD',
          paymentMethod: input.paymentMethod,
          providerReference: cardReference,
          cardBrand: authorized?.card?.brand ?? null,
          cardLast4: authorized?.card?.last4 ?? null,
          createdAt: at,
        });
        if (input.paymentMethod === 'balance') {
          await l.hold(account, amountCents, holdReference(bid.id), at);
          await bids.setHold(bid.id, holdReference(bid.id));
          bid.holdReference = holdReference(bid.id);
        }
        // Bids pushed out of the top N lose their backing now.
        const ranked = [...others, bid].sort(
          (a, b) =>
            b.amountInCents - a.amountInCents || a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id,
        );
        const outbid = await bids.close(
          ranked.slice(slots).map((b) => b.id),
          { status: 'outbid', closedAt: at },
        );
        voids.push(...(await releaseHolds(l, outbid, at)));
        const extends_ = n.saleType !== 'silent_auction';
        const newEnd = extends_ ? (extendedEndTime(endsAt, at) ?? endsAt) : endsAt;
        const saved = await bids.saveState(n.id, newEnd, at);
        const stillActive = ranked.slice(0, slots);
        return {
          bid,
          outbid,
          voids,
          endsAt: saved.endsAt,
          bidCount: saved.bidCount,
          moved: !state || saved.endsAt.getTime() !== endsAt.getTime(),
          info: infoFrom(
            n.saleType,
            stillActive.map((b) => b.amountInCents),
            slots,
            terms,
          ),
          rank: stillActive.findIndex((b) => b.id === bid.id) + 1,
        };
      });
    let done: Awaited<ReturnType<typeof step>>;
    try {
      done = await step();
    } catch (e) {
      await release(cardReference);
      throw e;
    }
    await cards.releaseAll(done.voids);
    if (done.moved) {
      await scheduleSettlement(n.id, done.endsAt);
      // 'Ending soon' for its bidders and watchers, before the (new) end (decision 014).
      await deps.alerts?.scheduleEndingSoon(n.id, done.endsAt).catch(() => undefined);
    }
    await deps.onAuctionChange?.(n.id).catch(() => undefined);
    const topic = topics.nifty(n.contractAddress, n.typeNumber);
    const display = bidderDisplay({ name: bidder.name, profile_url: bidder.profileUrl });
    publish(topic, {
      type: 'bid',
      data: {
        contractAddress: n.contractAddress,
        niftyType: n.typeNumber,
        amountInCents: sealed ? 0 : amountCents,
        bidderUsername: display.clickable ? bidder.profileUrl : null,
        placedAt: at.toISOString(),
      },
    });
    publish(topic, {
      type: 'auction',
      data: {
        contractAddress: n.contractAddress,
        niftyType: n.typeNumber,
        highestBidInCents: done.info.highestBid,
        endsAt: done.endsAt.toISOString(),
        bidCount: done.bidCount,
      },
    });
    const link = linkOf(n);
    for (const o of done.outbid) {
      if (o.userId === userId) continue;
      const message = `You were outbid on ${n.title}`;
      alert(o.userId, 'outbid', message, link, `bid-outbid:${n.id}:${o.userId}:${o.amountInCents}`);
      email(
        o.userId,
        'bid_outbid',
        'You were outbid',
        `${message}: your bid of ${formatCents(o.amountInCents)} no longer wins and its money is released. ${link}`,
      );
    }
    return {
      bid: bidView(done.bid, { viewerId: userId, sealed }),
      rank: done.rank,
      endsAt: done.endsAt.toISOString(),
      bidInfo: done.info,
    };
  }

  function bidView(
    b: BidRow,
    o: { viewerId: number | null; sealed: boolean },
    user?: {
      id: number;
      name: string;
      bio: string;
      profileUrl: string;
      profilePicUrl: string | null;
      isPublisher: boolean;
    },
  ) {
    const hidden = o.sealed && b.userId !== o.viewerId;
    const anonymous = user ? user.name === 'none' : false;
    return {
      id: b.id,
      Timestamp: b.createdAt.toISOString(),
      amount: hidden ? null : (b.amountInCents / 100).toFixed(2),
      amount_in_cents: hidden ? null : b.amountInCents,
      currency: b.currency,
      currently_active: b.currentlyActive,
      status: b.status,
      user_prof: user
        ? {
            id: anonymous ? null : user.id,
            name: user.name,
            bio: anonymous ? '' : user.bio,
            profile_pic_url: anonymous ? null : user.profilePicUrl,
            profile_url: anonymous ? null : user.profileUrl,
            userCanCreateNiftyStores: user.isPublisher,
          }
        : null,
    };
  }

  /**
   * Settles a nifty's auction once its end has passed by the server clock: one unit under the nifty's
   * lock; `auction_states.settled_at` set from null (nothing when it already was, or the end moved).
   * `force` (the dev route, for browser tests that cannot move the server's clock) ends it now instead.
   */
  async function settle(
    niftyId: number,
    options: { force?: boolean } = {},
  ): Promise<{ settled: boolean; winners: number }> {
    const n = await trading.niftyForSaleById(niftyId);
    if (!n || !isAuctionSaleType(n.saleType)) return { settled: false, winners: 0 };
    const at = clock.now();
    const draftState = await repo.state(niftyId);
    const endsAt = options.force ? at : (draftState?.endsAt ?? n.endAt);
    if (!endsAt || endsAt > at || draftState?.settledAt) return { settled: false, winners: 0 };
    const fixed = {
      publisher:
        n.publisherOwnerId === null
          ? await houseAccount('unassigned_publisher_proceeds')
          : await ledger.userAccount(n.publisherOwnerId),
      platform: await houseAccount('platform_revenue'),
      clearing: await houseAccount('payments_clearing'),
    };
    // The studio's primary split divides the publisher's proceeds (decision 017).
    const proceedsSplit = await splitPayees(trading, ledger, niftyId, 'primary');
    const candidates = await repo.active(niftyId);
    const userAccounts =
      candidates.length > 0
        ? await ledger.userAccounts(candidates.map((b) => b.userId))
        : new Map<number, number>();
    const done = await unit.run(async ({ bids, trading: tr, ledger: l }) => {
      const nifty = await tr.lockNifty(niftyId);
      if (!nifty) return null;
      const state = await bids.state(niftyId);
      const end = options.force ? at : (state?.endsAt ?? endsAt);
      if (end > at) return null;
      if (!(await bids.markSettled(niftyId, end, at))) return null;
      const active = await bids.active(niftyId);
      const free = Math.max(0, nifty.editionSize - nifty.totalSold - nifty.totalReserved);
      const slots = Math.min(free, n.saleType === 'auction' ? 1 : free);
      const winners = active.slice(0, slots);
      const losers = active.slice(slots);
      for (const w of winners) {
        if (!userAccounts.has(w.userId)) userAccounts.set(w.userId, await l.userAccount(w.userId));
      }
      await l.lock([
        ...Object.values(fixed),
        ...proceedsSplit.map((p) => p.accountId),
        ...winners.map((w) => userAccounts.get(w.userId) as number),
      ]);
      const minted: {
        bid: BidRow;
        tokenRowId: number;
        name: string;
        fees: ReturnType<typeof primaryFeeBreakdown>;
      }[] = [];
      if (winners.length > 0) {
        if (!(await tr.addSold(niftyId, winners.length))) throw TRADING_ERRORS.soldOut();
        const first = Math.max(nifty.totalSold, await tr.lastEditionOf(niftyId)) + 1;
        const tokens = await tr.insertTokens(
          winners.map((w, i) => ({
            niftyId,
            contractAddress: n.contractAddress,
            tokenId: String(nifty.typeNumber * 100_000 + first + i),
            name: `${nifty.title} #${first + i}`,
            editionNumber: first + i,
            ownerId: w.userId,
            lastSaleInCents: w.amountInCents,
            lastSaleAt: at,
            mintedAt: at,
          })),
        );
        for (const [i, w] of winners.entries()) {
          const token = tokens[i];
          if (!token) throw new Error('token not minted');
          const saleId = await tr.insertSale({
            tokenRowId: token.id,
            sellerId: n.publisherOwnerId,
            buyerId: w.userId,
            market: 'primary',
            currency: 'USD',
            amount: String(w.amountInCents),
            priceInCents: w.amountInCents,
            soldAt: at,
          });
          const fees = primaryFeeBreakdown({ unitPriceCents: w.amountInCents, quantity: 1, method: null });
          const byBalance = w.holdReference !== null;
          if (byBalance && !(await l.closeHold(w.holdReference as string, 'captured', at))) {
            throw new Error(`bid ${w.id}: its hold is not active`);
          }
          const ledgerTransactionId = await l.post({
            kind: 'purchase',
            reference: `bid:${w.id}`,
            description: `Won auction: ${nifty.title} #${first + i}`,
            at,
            postings: [
              {
                accountId: byBalance ? (userAccounts.get(w.userId) as number) : fixed.clearing,
                amountCents: -fees.buyerPaysCents,
                memo: byBalance ? 'payment' : 'card_payment',
              },
              ...splitPostings(
                proceedsSplit,
                fees.sellerReceivesCents,
                fixed.publisher,
                'publisher_proceeds',
              ),
              { accountId: fixed.platform, amountCents: fees.serviceFeeCents, memo: 'primary_platform_fee' },
            ],
          });
          await bids.close([w.id], { status: 'won', closedAt: at, saleId, ledgerTransactionId });
          minted.push({ bid: w, tokenRowId: token.id, name: `${nifty.title} #${first + i}`, fees });
        }
      }
      const lost = await bids.close(
        losers.map((b) => b.id),
        { status: 'lost', closedAt: at },
      );
      const voids = await releaseHolds(l, lost, at);
      return { minted, lost, voids, bidCount: state?.bidCount ?? 0, end };
    });
    if (!done) return { settled: false, winners: 0 };
    // Committed: a capture that fails now is owed, and the minute sweep takes it (captureDue). One that forfeits at
    // once (an authorisation past its life, a settlement run late) is not told as won or sold (review 2026-12-07).
    const forfeited = new Set<number>();
    for (const m of done.minted) if (await capture(m.bid, false).catch(() => false)) forfeited.add(m.bid.id);
    const kept = done.minted.filter((m) => !forfeited.has(m.bid.id));
    await cards.releaseAll(done.voids);
    const first = kept[0];
    if (first) await deps.onTokenChange?.(first.tokenRowId).catch(() => undefined);
    const link = linkOf(n);
    for (const m of kept) {
      // What was won and what it cost: the bell (and its email) is the winner's word of it.
      const message = `You won ${n.title} for ${formatCents(m.bid.amountInCents)}`;
      alert(m.bid.userId, 'won', message, link, `bid-won:${n.id}:${m.bid.id}`);
      email(m.bid.userId, 'bid_won', 'You won', `${message}. ${link}`);
    }
    // The publisher's "sold" email, as a Buy Now primary sale sends one (decision 009): what each edition sold
    // for and what the publisher received, or its share when a split divided it; each other payee is told
    // theirs. One task per edition and person: a refused send leaves the others sent.
    const ownerId = n.publisherOwnerId;
    for (const m of kept) {
      const shares = splitShares(proceedsSplit, m.fees.sellerReceivesCents);
      tellSplitPayees(
        { ...deps, contactsOf: trading.contactsOf },
        { what: m.name, priceCents: m.bid.amountInCents, shares, except: ownerId },
      );
      const proceeds = proceedsText(
        m.fees.sellerReceivesCents,
        shares.length > 0
          ? { shareCents: shares.find((p) => p.userId === ownerId)?.cents ?? null }
          : undefined,
      );
      emailUserLater(deps, trading.contactOf, ownerId, {
        kind: 'nft_sold',
        subject: 'Your NFT sold',
        text: `Your NFT ${m.name} sold at auction for ${formatCents(m.bid.amountInCents)}. ${proceeds} (service fee ${formatCents(m.fees.serviceFeeCents)}).`,
        path: SALES_PATH,
      });
    }
    for (const b of done.lost) {
      const message = `You did not win ${n.title}`;
      alert(b.userId, 'lost', message, link, `bid-lost:${n.id}:${b.userId}`);
      email(b.userId, 'bid_lost', 'Auction ended', `${message}; your bid's money is released. ${link}`);
    }
    await deps.onAuctionChange?.(n.id).catch(() => undefined);
    publish(topics.nifty(n.contractAddress, n.typeNumber), {
      type: 'auction',
      data: {
        contractAddress: n.contractAddress,
        niftyType: n.typeNumber,
        highestBidInCents:
          n.saleType === 'silent_auction' ? null : (done.minted[0]?.bid.amountInCents ?? null),
        endsAt: done.end.toISOString(),
        bidCount: done.bidCount,
      },
    });
    return { settled: true, winners: done.minted.length };
  }

  // An auction's bidders hear that it ends soon (the alerts' ending-soon job asks for its watchers).
  deps.alerts?.addWatchers((niftyId) => repo.bidderIds(niftyId));

  deps.jobs.register<{ niftyId: number }>(SETTLE_JOB, async ({ niftyId }) => {
    await settle(niftyId);
  });

  const captureSweep = owedCaptures(
    (after, before, limit) => repo.captureOwed(after, before, limit),
    (bid) => bid.closedAt,
    async (bid) => {
      await capture(bid);
    },
  );

  return {
    place,
    settle,
    /** Ends and settles a nifty's auction now, whatever its end (the test-only dev route). */
    async settleNow(contractAddress: string, niftyType: number) {
      return settle((await niftyOf(contractAddress, niftyType)).id, { force: true });
    },
    settleAuction: settle,
    settleRanked: settle,
    settleSilent: settle,

    /** Takes the money of winning card bids whose capture after settlement failed (the minute sweep). */
    async captureDue(limit = 100): Promise<number> {
      return captureSweep(clock.now(), limit);
    },

    /** Settles every auction past its end and not settled (the server's minute sweep; jobs do it at the end). */
    async settleDue(limit = 50): Promise<number> {
      let settled = 0;
      for (const niftyId of await repo.due(clock.now(), limit)) {
        if ((await settle(niftyId)).settled) settled++;
      }
      return settled;
    },

    /**
     * Bid info and auction info of a nifty (000 §3, 001 §3), and for a signed-in viewer their own newest bid's
     * state (`yourBid`: 000 §3 Bid `currently_active` and `status`; null without a bid or signed out).
     */
    async info(contractAddress: string, niftyType: number, viewerId: number | null = null) {
      const n = await niftyOf(contractAddress, niftyType);
      const [terms, state, active] = [await termsOf(n.id), await repo.state(n.id), await repo.active(n.id)];
      const own = viewerId === null ? null : await repo.latestOf(n.id, viewerId);
      const slots = slotsOf(n);
      const endsAt = state?.endsAt ?? n.endAt;
      const at = clock.now();
      return {
        contractAddress: n.contractAddress,
        niftyType: n.typeNumber,
        saleType: n.saleType,
        editionSize: n.editionSize,
        winningSlots: slots,
        auctionInfo: {
          variant: n.saleType,
          minimumBidInCents: terms.start,
          minBidIncreaseInCents: terms.increment,
          scheduledStartDateTime: n.startAt?.toISOString() ?? null,
          scheduledEndDateTime: n.endAt?.toISOString() ?? null,
        },
        // Settled, the bids are no longer active: the winning ones say what it went for (QA 2026-12-07: an ended
        // auction read its minimum bid, as if nobody had bid). Before, there are none.
        bidInfo: infoFrom(
          n.saleType,
          active.length > 0 ? active.map((b) => b.amountInCents) : await repo.wonAmounts(n.id),
          slots,
          terms,
        ),
        endsAt: endsAt?.toISOString() ?? null,
        bidCount: state?.bidCount ?? 0,
        yourBid: own
          ? {
              id: own.id,
              amount_in_cents: own.amountInCents,
              currently_active: own.currentlyActive,
              status: own.status,
            }
          : null,
        settled: Boolean(state?.settledAt),
        status: (n.startAt && at < n.startAt
          ? 'upcoming'
          : endsAt && at < endsAt && !state?.settledAt
            ? 'live'
            : 'ended') as 'upcoming' | 'live' | 'ended',
      };
    },

    /** The bid table (newest first) or the leaderboard (`ranked`: active bids in rank order). */
    async list(
      contractAddress: string,
      niftyType: number,
      o: { ranked: boolean; limit: number; offset: number; viewerId: number | null },
    ) {
      const n = await niftyOf(contractAddress, niftyType);
      const sealed = n.saleType === 'silent_auction';
      const { rows, count } = await repo.page(n.id, o);
      return {
        count,
        results: rows.map((r, i) => ({
          ...bidView(r.bid, { viewerId: o.viewerId, sealed }, r.user),
          ...(o.ranked ? { rank: o.offset + i + 1 } : {}),
        })),
      };
    },
  };
}

export type BidsService = ReturnType<typeof createBidsService>;
