// Drawings (issue 15, decision 013): drops of type drawing and pack_drawing. A drawing is made (seed from
// `crypto`, its sha256 published as the commitment) at the first read or entry of the nifty, before any
// entry, and the `drawings.run` job is sent for the close. An entry (validated profile, an unused entry,
// the window open by the server clock) is one unit of work under the drawing's row lock; a priced entry
// holds its price on the entrant's balance (a ledger hold, as offers do) or by card (an authorisation made
// before the unit, voided if the unit fails), so only winners are charged.
// The run: one unit under the drawing's lock (a second run finds it drawn and does nothing), winners =
// drawWinners(seed, entries sorted by id, free editions), each winner's hold captured and posted
// (publisher 90 %, platform 10 %, as primary sales), an edition minted to each, the others released;
// then the seed is public. After commit the card entries' authorisations are captured (winners) or voided
// (losers), each once under its entry's row lock (`card_settled_at`); a run finding the drawing drawn
// finishes what a crash left. Alerts after commit.
import { randomBytes } from 'node:crypto';
import type { Db, UnitOfWork } from '@vitrine/db';
import {
  AppError,
  CARD_DECLINED_MESSAGE,
  drawingCommitment,
  drawWinners,
  formatCents,
  PURCHASES_PATH,
  paymentCardLabel,
  primaryFeeBreakdown,
  TRANSACTIONS_PATH,
  topics,
} from '@vitrine/domain';
import type { Drawing } from '@vitrine/domain/trading-responses';
import { offsetOf, type Page, type PageQuery, toPage } from '../../http/pagination';
import type { Background } from '../../lib/background';
import type { Clock } from '../../lib/clock';
import type { Jobs } from '../../lib/jobs';
import type { LiveEvents } from '../../lib/live-events';
import { emailUserLater, type Notifier } from '../../lib/notifier';
import type { EligibilityService } from '../eligibility/eligibility.service';
import type { AlertsService } from '../live/alerts.service';
import {
  CAPTURE_WINDOW_MS,
  type CardAuthorization,
  createCardAuthorizations,
  MAX_CAPTURE_ATTEMPTS,
  retryWaitAfter,
} from '../trading/card-authorizations';
import {
  CARD_VERIFICATION_ERRORS,
  type CardVerifications,
  type RequiresAction,
} from '../trading/card-verifications';
import { createLedgerRepo, type LedgerRepo } from '../trading/ledger.repo';
import type { OwedVoids } from '../trading/owed-voids';
import { type ExternalPaymentProvider, PaymentRefusedError } from '../trading/payment-providers';
import { checkoutKindOf } from '../trading/sale-kind';
import { splitPayees, splitPostings, splitShares, tellTakenBack } from '../trading/sales-splits';
import { createTradingRepo, type NiftyForSale, type TradingRepo } from '../trading/trading.repo';
import { createDrawingsRepo, type DrawingRow, type DrawingsRepo, type ListedEntry } from './drawings.repo';

/** 000 §5: "one entry per user unless specified". */
export const DRAWING_ENTRIES_PER_USER = 1;
export const DRAWING_RUN_JOB = 'drawings.run';
/** Settles the card entries of a drawn drawing again: a refused capture retried later (decision 013). */
export const DRAWING_SETTLE_JOB = 'drawings.settle-cards';
/** What the forfeiting winner is told (in-app alert and email). The spec has no text for it. */
export const forfeitMessage = (title: string, passedOn = true) =>
  `We could not take the payment for ${title} from your card, so your drawing win was forfeited${
    passedOn ? ' and the edition went to the next entrant' : ''
  }`;
/**
 * What an entrant not drawn is told. While a winner's card payment is still to be taken, a forfeit may pass its
 * edition to the next entrant in the draw order, who then pays the entry's price (decision 013): they are told so.
 */
export const notDrawnMessage = (title: string, paymentPending: boolean) =>
  paymentPending
    ? `You were not drawn for ${title}. Your entry stays in line until the winners have paid: if a winner's payment fails, the edition passes to the next entrant in the draw order, at the entry's price`
    : `You were not drawn for ${title}; your entry was released`;
/** What the next entrant in the draw order is told when a forfeited edition comes to them. */
export const runnerUpMessage = (title: string) =>
  `You won the drawing for ${title}: a drawn winner's payment failed and the edition passed to you`;
/** A drawing still open this long after its close (its job lost) is sent to the jobs again when read. */
const LOST_JOB_AFTER_MS = 60_000;

const err = (statusCode: number, errorType: string, message: string) =>
  new AppError({ statusCode, errorType, message });

export const DRAWING_ERRORS = {
  notFound: () => err(404, 'not-found', 'Drawing not found'),
  /** 001 §4 'Burn Required': entering by burning an NFT is not built, so such a drawing takes no entries. */
  burnRequired: () =>
    err(
      409,
      'burn-required',
      'Burn Required: this drawing is entered by burning an NFT, which is not open yet',
    ),
  /** The entry ids (to verify the draw) are answered once drawn; the spec has no text for it. */
  notDrawn: () => err(409, 'drawing-not-drawn', 'This drawing has not been drawn yet'),
  /** 001 §4 button label. */
  validationRequired: () => err(403, 'validation-required', 'Validated account required'),
  notOpen: () => err(409, 'drop-not-live', 'This drawing is not open'),
  noEntries: () => err(409, 'no-unused-entries', 'You have no unused entries for this drawing'),
  insufficient: () => err(402, 'insufficient_balance', 'Your balance is too low to enter this drawing'),
  notUsd: () => err(422, 'payment-method-unavailable', 'This drawing is not priced in USD'),
  declined: () => err(402, 'card_declined', CARD_DECLINED_MESSAGE),
};

/** How a priced entry is backed until the draw: a balance hold or a card authorisation. */
export interface EntryPayment {
  paymentMethod: 'balance' | 'stripe_card';
  /** The tokenised card (`pm_…`) of a card entry. */
  paymentToken?: string | undefined;
  /** A card verification (3-D Secure) the entrant completed after a 202: its authorisation backs the entry. */
  cardVerificationId?: number | undefined;
}

interface DrawingRepos {
  drawings: DrawingsRepo;
  trading: TradingRepo;
  ledger: LedgerRepo;
}

/** A drawing's public state as answered (the schema of its routes). */
export type DrawingView = Drawing;

export function createDrawingsService(deps: {
  db: Db;
  unit: UnitOfWork<DrawingRepos>;
  clock: Clock;
  jobs: Jobs;
  events: LiveEvents;
  /** The card provider: card entries are authorised, captured for winners and voided for losers. */
  card: ExternalPaymentProvider;
  /** Cards whose bank asks for a verification: the entry waits for it (202), then is sent again with it. */
  verifications: CardVerifications;
  notifier?: Notifier;
  background?: Background;
  /** The web's origin: the publisher's proceeds email links to Transactions there. */
  webOrigin?: () => string;
  /** Alerts kept for the bell, published and emailed (decision 014); without it, published and emailed here. */
  alerts?: Pick<AlertsService, 'send'>;
  /** The drop's participation criteria (decision 015), checked before an entry holds any money. */
  eligibility?: Pick<EligibilityService, 'assertEligible'>;
  /** After a commit that changed a token (and, when it changed hands or went, its former owner). */
  onTokenChange?: (tokenRowId: number, formerOwnerId?: number) => Promise<void>;
  /** Before a forfeit that may release an edition: its browsing answers, touched once it is gone (as bids'). */
  onTokenRemoval?: (tokenRowId: number) => Promise<() => void>;
  /** For the operator: a forfeit whose accounts could not give back everything (its shortfall). */
  log?: (message: string, detail: Record<string, unknown>) => void;
  /** Voids written down as owed in the unit that lets an authorisation go (decision 009 "Voids owed"). */
  owedVoids?: Pick<OwedVoids, 'record' | 'release'>;
}) {
  const { clock, unit, jobs } = deps;
  const repo = createDrawingsRepo(deps.db);
  const trading = createTradingRepo(deps.db);
  const ledger = createLedgerRepo(deps.db);
  const cards = createCardAuthorizations(deps.card, deps.db);

  const priceOf = (n: NiftyForSale) => {
    if (n.priceCurrency !== 'USD') throw DRAWING_ERRORS.notUsd();
    return Number(n.priceAmount);
  };

  async function niftyOf(contractAddress: string, niftyType: number): Promise<NiftyForSale> {
    const n = await trading.niftyForSale(contractAddress, niftyType);
    // A drawing by its own sale type, whatever its drop's type (the one rule checkout and bids go by: a studio drop
    // mixes sale types, and its type is the one chosen last).
    if (n?.dropStatus !== 'published' || checkoutKindOf(n) !== 'drawing') throw DRAWING_ERRORS.notFound();
    return n;
  }

  const schedule = (d: DrawingRow, n: NiftyForSale) =>
    jobs.send(
      DRAWING_RUN_JOB,
      { drawingId: d.id },
      { startAfter: n.endAt ?? clock.now(), singletonKey: `drawing:${d.id}` },
    );

  /** The nifty's drawing, made (and its run sent to the jobs) the first time. */
  async function ensure(n: NiftyForSale): Promise<DrawingRow> {
    const found = await repo.byNifty(n.id);
    if (found) {
      const lost = n.endAt && clock.now().getTime() > n.endAt.getTime() + LOST_JOB_AFTER_MS;
      if (found.status === 'open' && lost) await schedule(found, n);
      return found;
    }
    const seed = randomBytes(32).toString('hex');
    const made = await repo.create({
      niftyId: n.id,
      seed,
      commitment: drawingCommitment(seed),
      at: clock.now(),
    });
    const drawing = await repo.byNifty(n.id);
    if (!drawing) throw DRAWING_ERRORS.notFound();
    if (made) await schedule(drawing, n);
    return drawing;
  }

  function statusOf(d: DrawingRow, n: NiftyForSale, at: Date): DrawingView['status'] {
    if (d.status === 'drawn') return 'drawn';
    if (n.startAt && at < n.startAt) return 'upcoming';
    if (n.endAt && at >= n.endAt) return 'closed';
    return 'open';
  }

  async function view(n: NiftyForSale, viewerId: number | null): Promise<DrawingView> {
    const d = await ensure(n);
    // Counts from the store and the winners (bounded by the editions): never every entry (they are paged).
    const [total, mine, winnerEntries] = await Promise.all([
      repo.countEntries(d.id),
      viewerId === null ? [] : repo.entriesOfUserListed(d.id, viewerId),
      repo.winnerEntries(d.id),
    ]);
    const used = mine.length;
    // The viewer's own entry (a won one first, should a user ever have several): what the results page tells them.
    const own = mine.find((e) => e.status === 'won') ?? mine[0];
    const drawn = d.status === 'drawn';
    return {
      contractAddress: n.contractAddress,
      niftyType: n.typeNumber,
      name: n.title,
      dropType: n.dropType ?? 'drawing',
      startDate: n.startAt?.toISOString() ?? null,
      endDate: n.endAt?.toISOString() ?? null,
      status: statusOf(d, n, clock.now()),
      priceInCents: priceOf(n),
      editionSize: n.editionSize,
      commitment: d.commitment,
      seed: drawn ? d.seed : null,
      drawnAt: d.drawnAt?.toISOString() ?? null,
      editionsDrawn: d.editionsDrawn,
      editionsToDraw: d.editionsDrawn ?? Math.max(0, n.editionSize - n.totalSold - n.totalReserved),
      winners: winnerEntries.filter((e) => !e.promoted).map((e) => e.id),
      winnerEntries,
      saleDetails: {
        price: priceOf(n),
        userEntriesUnused: viewerId === null ? 0 : Math.max(0, DRAWING_ENTRIES_PER_USER - used),
        userEntriesUsed: used,
        totalEntries: total,
      },
      validated: viewerId === null ? null : await repo.isValidated(viewerId),
      burnRequired: n.burnRequired,
      viewerEntry: own ? { id: own.id, status: own.status, promoted: own.promoted } : null,
    };
  }

  function alert(userId: number, won: boolean, n: NiftyForSale, paymentPending = false) {
    const message = won ? `You won the drawing for ${n.title}` : notDrawnMessage(n.title, paymentPending);
    tell(userId, n, message, won ? 'You won the drawing' : 'Drawing results', `drawing:${n.id}`);
  }

  /**
   * Every entrant told the draw's result from the entries as they stand, each alert once per user (its key): a drawn
   * winner (neither promoted since, whom `forfeit` tells, nor forfeited) that they won, before their card is
   * captured (a processor that does not answer would hold the news back); then, once the card entries are settled
   * (`settleCards`) or the settlement threw, a loser that they were not drawn, and, while a winner's card payment is
   * still to be taken, that their entry stays in line. A run that finds the drawing drawn (its job again after a
   * crash or a failed settlement) tells only whom the first did not. Without the alerts service (events and emails
   * only), only the draw's own run tells.
   */
  async function settleThenTell(drawingId: number, n: NiftyForSale, again: boolean) {
    const tells = !again || Boolean(deps.alerts && deps.background);
    if (tells) {
      for (const e of await repo.allEntries(drawingId)) {
        if (e.status === 'won' && e.promotedAt === null) alert(e.userId, true, n);
      }
    }
    try {
      await settleCards(drawingId);
    } finally {
      if (tells) {
        const entries = await repo.allEntries(drawingId);
        // In line while a winner's card payment is still to be taken (a forfeit could pass the edition on).
        const paymentPending = entries.some(
          (e) => e.status === 'won' && e.providerReference !== null && e.cardSettledAt === null,
        );
        for (const e of entries) if (e.status === 'lost') alert(e.userId, false, n, paymentPending);
      }
    }
  }

  /**
   * After the draw committed: the publisher (or each payee of its primary split) is told what the drawing's
   * editions brought them, as the ledger credited it, linking to Transactions. Free editions bring nothing to tell.
   */
  function tellProceeds(
    n: NiftyForSale,
    drawn: {
      winners: readonly unknown[];
      proceeds: ReadonlyMap<number, number>;
      gross: number;
      split: boolean;
    },
  ) {
    for (const [userId, cents] of drawn.proceeds) {
      if (cents <= 0) continue;
      const editions = drawn.winners.length === 1 ? '1 edition' : `${drawn.winners.length} editions`;
      emailUserLater(deps, repo.contactOf, userId, {
        kind: 'nft_sold',
        subject: 'Your drawing was drawn',
        text: `The drawing for ${n.title} was drawn: ${editions} went to collectors for ${formatCents(drawn.gross)}. ${drawn.split ? 'Your share of its proceeds, by its split' : 'Your proceeds'}: ${formatCents(cents)}.`,
        path: TRANSACTIONS_PATH,
      });
    }
  }

  /**
   * A winner's receipt, once their payment is taken (called once per entry: at the draw's or the forfeit's commit for
   * a balance or free entry, at the capture for a card): the edition, the price and what paid (QA 2026-12-07: a
   * winner was charged and sent no receipt).
   */
  function sendReceipt(entry: { id: number; userId: number }) {
    emailUserLater(deps, repo.contactOf, entry.userId, {
      kind: 'purchase_receipt',
      subject: 'Your purchase receipt',
      text: async () => {
        const r = await repo.receiptOf(entry.id);
        if (!r) throw new Error(`drawing receipt: entry ${entry.id} not found`);
        const paid =
          r.priceCents === 0
            ? ''
            : r.cardBrand && r.cardLast4
              ? ` Paid with ${paymentCardLabel({ brand: r.cardBrand, last4: r.cardLast4 })}.`
              : ' Paid from your balance.';
        const edition = r.editionNumber === null ? 'an edition' : `edition #${r.editionNumber}`;
        return `You won the drawing for ${r.title}: ${edition} is yours, for ${r.priceCents === 0 ? 'free' : formatCents(r.priceCents)}.${paid} Drawing entry #${entry.id}.`;
      },
      path: PURCHASES_PATH,
    });
  }

  /** An alert kept for the bell, published and emailed, once per user and key. */
  function tell(userId: number, n: NiftyForSale, message: string, subject: string, key: string) {
    const link = `/drawing/${n.contractAddress}/${n.typeNumber}`;
    const { notifier, background, alerts } = deps;
    if (alerts && background) {
      // Once-only per user and key: a draw (or a forfeit) run again alerts nobody twice.
      background.run(async () => {
        await alerts.send(userId, { kind: 'drawing-result', message, link, key });
      });
      return;
    }
    void deps.events
      .publish(topics.user(userId), { type: 'alert', data: { kind: 'drawing-result', message, link } })
      .catch(() => undefined);
    if (!notifier || !background) return;
    background.run(async () => {
      const contact = await repo.contactOf(userId);
      if (contact?.email) {
        await notifier.send({
          channel: 'email',
          to: contact.email,
          kind: 'drawing_result',
          subject,
          text: message,
          link,
        });
      }
    });
  }

  /**
   * After the draw committed: each won card entry's authorisation captured, once, in its own unit under
   * its row lock (marked in the same unit: a concurrent run waits and then finds it done). A capture the
   * processor refuses is counted in that unit; the settlement is sent again for later (`DRAWING_SETTLE_JOB`,
   * `CAPTURE_RETRY_DELAYS_MS`) and after `MAX_CAPTURE_ATTEMPTS` refusals the win is forfeited (`forfeit`),
   * which may make the next entrant a winner to capture in turn. Lost (and forfeited) entries' authorisations
   * are voided only once no winner's capture is pending: until then a lost entrant may still be next.
   */
  async function settleCards(drawingId: number): Promise<void> {
    let refused = 0;
    // Each winner is tried once per pass; a forfeit's new winner is tried in the next round.
    const tried = new Set<number>();
    for (let round = 0; round < 1000; round++) {
      let forfeited = false;
      for (const w of (await repo.cardsToSettle(drawingId)).filter((e) => e.status === 'won')) {
        if (tried.has(w.id)) continue;
        tried.add(w.id);
        const outcome = await captureWinner(w.id);
        if (outcome === 'captured') sendReceipt(w);
        if (outcome === 'refused' || outcome === 'unanswered') refused++;
        if (outcome === 'forfeit') {
          // Not forfeited: the edition left the winner's hands (an operator's case), no retry.
          if (await forfeit(drawingId, w.id)) forfeited = true;
        }
      }
      if (!forfeited) break;
    }
    const pending = (await repo.cardsToSettle(drawingId)).filter((e) => e.status === 'won');
    if (pending.length > 0) {
      if (refused > 0) await sendSettleAgain(drawingId);
      return;
    }
    // Each lost entry's card settled in one unit under its lock (a concurrent run finds it done), its void written
    // down as owed there, then voided after the commit; a void the processor refuses stays owed for the minute sweep.
    // (Voided inside the unit, a refused void was written down beside it, which the embedded store's one connection,
    // held by the unit, never let through: the settlement hung.)
    for (const e of await repo.cardsToSettle(drawingId)) {
      const letGo = await unit.run(async ({ drawings }, tx) => {
        const entry = await drawings.lockCardToSettle(e.id);
        if (!entry || entry.status === 'won') return null;
        if (deps.owedVoids) await deps.owedVoids.record(tx, deps.card.method, entry.providerReference);
        await drawings.markCardSettled(e.id, clock.now());
        return entry.providerReference;
      });
      if (letGo === null) continue;
      if (deps.owedVoids) await deps.owedVoids.release(deps.card.method, letGo);
      else await cards.release(letGo);
    }
  }

  /** The settlement sent again after the wait its winners' refused captures call for. */
  async function sendSettleAgain(drawingId: number): Promise<void> {
    const entries = (await repo.allEntries(drawingId)).filter(
      (e) => e.status === 'won' && e.cardSettledAt === null && e.providerReference !== null,
    );
    // The earliest moment a pending winner's next capture is due.
    const due = entries
      .filter((e) => e.captureRefusedAt !== null)
      .map((e) => (e.captureRefusedAt as Date).getTime() + retryWaitAfter(e.captureAttempts));
    if (due.length === 0) return;
    const startAfter = new Date(Math.min(...due));
    await jobs.send(
      DRAWING_SETTLE_JOB,
      { drawingId },
      { startAfter, singletonKey: `drawing-settle:${drawingId}:${startAfter.getTime()}` },
    );
  }

  /**
   * One capture of a won card entry, in one unit under its lock: captured, refused (counted), due to forfeit, or
   * not answered (the processor down: nothing known of the payment, so no refusal is counted; tried again after the
   * wait, until the processor answers or the authorisation's life is over, when it counts as refused unless the
   * processor says the money was taken).
   */
  async function captureWinner(
    id: number,
  ): Promise<'captured' | 'gone' | 'refused' | 'forfeit' | 'unanswered'> {
    return unit.run(async ({ drawings }) => {
      const e = await drawings.lockEntry(id);
      if (e?.status !== 'won' || e.cardSettledAt !== null || !e.providerReference) return 'gone';
      if (e.captureAttempts >= MAX_CAPTURE_ATTEMPTS) return 'forfeit';
      // Not before the wait after the last failed capture (a duplicate run early counts no attempt).
      const at = clock.now();
      if (
        e.captureRefusedAt &&
        at.getTime() < e.captureRefusedAt.getTime() + retryWaitAfter(e.captureAttempts)
      ) {
        return 'refused';
      }
      try {
        await cards.capture(e.providerReference);
      } catch (error) {
        // Past the authorisation's life (about 7 days from the entry) nothing can be taken any more: an unanswered
        // capture then counts as refused, so an outage, or a processor that never knew the payment, ends in time.
        const lapsed = at.getTime() - e.createdAt.getTime() >= CAPTURE_WINDOW_MS;
        if (!(error instanceof PaymentRefusedError) && lapsed) {
          // A capture whose answer was lost may have taken the money: charged, the win is kept (review 2026-12-07).
          if ((await deps.card.isCaptured(e.providerReference).catch(() => null)) === true) {
            await drawings.markCardSettled(id, clock.now());
            return 'captured';
          }
        }
        if (!(error instanceof PaymentRefusedError) && !lapsed) {
          deps.log?.('drawing capture not answered by the processor: tried again later', {
            entryId: id,
            error: error instanceof Error ? error.message : String(error),
          });
          await drawings.markCaptureUnanswered(id, at);
          return 'unanswered';
        }
        const n = (await drawings.addCaptureAttempt(id, at)) ?? 0;
        return n >= MAX_CAPTURE_ATTEMPTS ? 'forfeit' : 'refused';
      }
      await drawings.markCardSettled(id, clock.now());
      return 'captured';
    });
  }

  /**
   * A winner whose captures were refused `MAX_CAPTURE_ATTEMPTS` times forfeits the win, in one unit under
   * the drawing's lock (then the entry, the nifty, the edition, the accounts): the edition goes to the next
   * entrant in the draw order (`drawWinners` over every entry, continued past the editions drawn) who was
   * not drawn and can still pay (a card authorisation still held, or a balance covering the price now),
   * whose purchase is posted as the draw posts one; with nobody left the edition is released (the token
   * removed, one fewer sold). The forfeited purchase is reversed (`purchase_forfeited`), after the new one:
   * the payer's entry negated, each credit taken back as a card refund takes it (`takeBack`: a user's
   * account, e.g. a publisher who cashed out meanwhile, up to what it may spend now, a house account in
   * full), and the rest, the shortfall, left on the clearing account (`refund_shortfall`) and logged for the
   * operator; so no account goes below zero, and a forfeit never fails for it. Conditional on the entry
   * still won and not captured: a second run finds it forfeited and does nothing. False when it could not
   * (the edition left the winner's hands meanwhile: left to an operator).
   */
  async function forfeit(drawingId: number, entryId: number): Promise<boolean> {
    const at = clock.now();
    const d = await repo.byId(drawingId);
    const n = d ? await trading.niftyForSaleById(d.niftyId) : null;
    if (!d || !n) return false;
    // The browsing answers the edition shows on, read while it is there: touched if the forfeit releases it.
    const edition = await repo.tokenOfEntry(entryId);
    const touchRemoved =
      edition === null ? undefined : await deps.onTokenRemoval?.(edition).catch(() => undefined);
    const result = await unit.run(async ({ drawings, trading: t, ledger: l }) => {
      const drawing = await drawings.lock(drawingId);
      const e = await drawings.lockEntry(entryId);
      if (!drawing || !e || e.status !== 'won' || e.cardSettledAt !== null) return 'done' as const;
      if (e.captureAttempts < MAX_CAPTURE_ATTEMPTS) return 'done' as const;
      let offersOn: Awaited<ReturnType<typeof t.cancelOffersOnToken>> = [];
      const nifty = await t.lockNifty(drawing.niftyId);
      // A listing of the edition (the winner listed it) before the token, as a purchase of it takes them
      // (listing, token, accounts): passing or removing the token closes that listing below.
      const listed = e.tokenRowId === null ? null : await t.activeListingOf(e.tokenRowId);
      if (listed) await t.lockListing(listed.id);
      const token = e.tokenRowId === null ? null : await t.lockToken(e.tokenRowId);
      if (!nifty || !token || token.ownerId !== e.userId) return 'stuck' as const;

      const original = await l.movementEntries('purchase', `drawing_entry:${e.id}`);
      const fixed = original.map((p) => p.accountId);
      await l.lock(fixed);
      const all = await drawings.allEntries(drawingId);
      const byId = new Map(all.map((x) => [x.id, x]));
      let next: (typeof all)[number] | null = null;
      for (const id of drawWinners(
        drawing.seed,
        all.map((x) => x.id),
        all.length,
      )) {
        const c = byId.get(id);
        if (c?.status !== 'lost' || c.cardSettledAt !== null) continue;
        // A card whose authorisation's life is over can no longer pay: passed over, its entry voided as a loser's
        // (review 2026-12-07: such runners-up were each told they won, then forfeited in turn).
        if (c.providerReference !== null && at.getTime() - c.createdAt.getTime() >= CAPTURE_WINDOW_MS)
          continue;
        if (c.priceCents > 0 && c.providerReference === null) {
          const account = await l.userAccount(c.userId);
          const locked = await l.lock([...fixed, account]);
          if ((locked.get(account)?.availableCents ?? 0) < c.priceCents) continue;
        }
        next = c;
        break;
      }

      if (next) {
        if (!(await drawings.promote(next.id, token.id, at)))
          throw new Error('drawing: next entrant changed');
        if (!(await drawings.passToken(token.id, e.userId, next.userId, next.priceCents, at))) {
          throw new Error('drawing: edition moved');
        }
        if (next.priceCents > 0) {
          const byCard = next.providerReference !== null;
          const publisherAccount =
            n.publisherOwnerId === null
              ? await l.houseAccount('unassigned_publisher_proceeds')
              : await l.userAccount(n.publisherOwnerId);
          const platform = await l.houseAccount('platform_revenue');
          const payer = byCard ? await l.houseAccount('payments_clearing') : await l.userAccount(next.userId);
          const proceedsSplit = await splitPayees(t, l, nifty.id, 'primary');
          await l.lock([
            ...fixed,
            publisherAccount,
            platform,
            payer,
            ...proceedsSplit.map((p) => p.accountId),
          ]);
          const fees = primaryFeeBreakdown({
            unitPriceCents: next.priceCents,
            quantity: 1,
            method: 'balance',
          });
          await l.post({
            kind: 'purchase',
            reference: `drawing_entry:${next.id}`,
            description: `Drawing won (forfeited edition): ${n.title}`,
            at,
            postings: [
              {
                accountId: payer,
                amountCents: -fees.buyerPaysCents,
                memo: byCard ? 'card_payment' : 'payment',
              },
              ...splitPostings(
                proceedsSplit,
                fees.sellerReceivesCents,
                publisherAccount,
                'publisher_proceeds',
              ),
              { accountId: platform, amountCents: fees.serviceFeeCents, memo: 'primary_platform_fee' },
            ],
          });
        }
      } else {
        // The offers on the edition go with it: closed, their holds released, their cards voided after the commit
        // (removing the token deletes the rows, not their holds; review 2026-12-07).
        offersOn = await t.cancelOffersOnToken(token.id, at);
        for (const o of offersOn)
          if (o.paymentMethod === 'balance') await l.closeHold(`offer:${o.id}`, 'released', at);
        await drawings.removeToken(token.id);
        if (!(await t.addSold(nifty.id, -1))) throw new Error('drawing: sold count');
      }
      // The payer gets its payment back; each credit is taken back, a user's up to what they may spend now (read
      // again under the locks held: the new purchase credited them), the rest left on clearing.
      const { shortfall, takenBack } = await l.reversePurchase(
        `drawing_entry:${e.id}`,
        `Drawing win forfeited (payment refused): ${n.title}`,
        at,
      );
      if (!(await drawings.markForfeited(e.id, at))) throw new Error('drawing: forfeited twice');
      return { loser: e.userId, next, tokenRowId: next ? token.id : null, shortfall, takenBack, offersOn };
    });
    if (result === 'done') return true;
    if (result === 'stuck') return false;
    // Committed: both told, the operator of a shortfall, the browsing caches.
    const { loser, next, tokenRowId, shortfall, takenBack, offersOn } = result;
    if (next === null) touchRemoved?.();
    for (const o of offersOn) await cards.release(o.providerReference);
    if (shortfall > 0) {
      deps.log?.('forfeited drawing win larger than what the sale’s accounts may give back', {
        drawingId,
        entryId,
        shortfall,
      });
    }
    tell(
      loser,
      n,
      forfeitMessage(n.title, next !== null),
      'Your drawing win was forfeited',
      `drawing:${n.id}:forfeited`,
    );
    if (next) tell(next.userId, n, runnerUpMessage(n.title), 'You won the drawing', `drawing:${n.id}:won`);
    // Paid now by balance (or free); by card, once captured (`settleCards`).
    if (next && next.providerReference === null) sendReceipt(next);
    // Released: the proceeds told at the draw (the publisher's, or each payee's of the split) went back, unsaid
    // before. Passed to the next entrant, its purchase credits the same accounts again: nothing to tell.
    if (next === null)
      tellTakenBack({ ...deps, contactsOf: trading.contactsOf }, { what: n.title, takenBack, except: null });
    if (tokenRowId !== null) await deps.onTokenChange?.(tokenRowId, loser).catch(() => undefined);
    return true;
  }

  /** An entry (`enter`, in the service below), tried once. */
  async function enterOnce(
    userId: number,
    contractAddress: string,
    niftyType: number,
    payment: EntryPayment,
    requestId: string | null,
  ): Promise<DrawingView | RequiresAction> {
    const n = await niftyOf(contractAddress, niftyType);
    // Burning a token to enter is not built: a burn-required drawing takes no entries, rather than one without a burn
    // (primary-sales review, 2026-12-06). The page shows its 'Burn Required' button disabled.
    if (n.burnRequired) throw DRAWING_ERRORS.burnRequired();
    if (!(await repo.isValidated(userId))) throw DRAWING_ERRORS.validationRequired();
    await deps.eligibility?.assertEligible(userId, n.id);
    const at = clock.now();
    if ((n.startAt && at < n.startAt) || (n.endAt && at >= n.endAt)) throw DRAWING_ERRORS.notOpen();
    const price = priceOf(n);
    const d = await ensure(n);
    const byCard = price > 0 && payment.paymentMethod === 'stripe_card';
    // Refused on what is committed before a card is authorised (the unit checks again under the lock).
    if (byCard && (await repo.entriesOfUser(d.id, userId)) >= DRAWING_ENTRIES_PER_USER) {
      throw DRAWING_ERRORS.noEntries();
    }
    const account = price > 0 && !byCard ? await ledger.userAccount(userId) : null;
    // A card is authorised before the unit (a call outside), or the verification its entrant completed is
    // taken; voided when the entry does not commit.
    const verified = byCard && payment.cardVerificationId !== undefined;
    let authorized: CardAuthorization | null = null;
    if (byCard) {
      const backed = await deps.verifications.back(
        'drawing_entry',
        `drawing:${d.id}`,
        userId,
        price,
        payment,
        requestId,
        DRAWING_ERRORS.declined,
      );
      if ('requiresAction' in backed) return backed;
      authorized = backed;
    }
    const cardReference = authorized?.reference ?? null;
    try {
      await unit.run(async ({ drawings, ledger: l }, tx) => {
        const drawing = await drawings.lock(d.id);
        if (drawing?.status !== 'open') throw DRAWING_ERRORS.notOpen();
        // A verification backs one entry: taken in this unit, or this entry is not made.
        if (verified && cardReference && !(await deps.verifications.use(tx, cardReference)))
          throw CARD_VERIFICATION_ERRORS.ended();
        if ((await drawings.entriesOfUser(d.id, userId)) >= DRAWING_ENTRIES_PER_USER) {
          throw DRAWING_ERRORS.noEntries();
        }
        const entryId = await drawings.insertEntry({
          drawingId: d.id,
          userId,
          priceCents: price,
          at,
          paymentMethod: byCard ? 'stripe_card' : 'balance',
          providerReference: cardReference,
          card: authorized?.card ?? null,
        });
        if (account !== null) {
          const locked = await l.lock([account]);
          if ((locked.get(account)?.availableCents ?? 0) < price) throw DRAWING_ERRORS.insufficient();
          await l.hold(account, price, `drawing_entry:${entryId}`, at);
        }
      });
    } catch (error) {
      if (cardReference !== null) {
        if (verified) await deps.verifications.letGo(cardReference);
        else await cards.release(cardReference);
      }
      // Two entries of one user at once: the unique index refuses the second.
      if ((error as { code?: string }).code === '23505') throw DRAWING_ERRORS.noEntries();
      throw error;
    }
    return view(n, userId);
  }

  return {
    async view(contractAddress: string, niftyType: number, viewerId: number | null): Promise<DrawingView> {
      return view(await niftyOf(contractAddress, niftyType), viewerId);
    },

    /** One page of the drawing's entries, by id ascending (public; none before its first read). */
    async entries(contractAddress: string, niftyType: number, q: PageQuery): Promise<Page<ListedEntry>> {
      const d = await repo.byNifty((await niftyOf(contractAddress, niftyType)).id);
      if (!d) return toPage(q, 0, []);
      const [count, results] = await Promise.all([
        repo.countEntries(d.id),
        repo.listEntries(d.id, q.page_size, offsetOf(q)),
      ]);
      return toPage(q, count, results);
    },

    /**
     * Every entry id of a drawn drawing, ascending: with the seed, what anyone recomputes the winners from
     * (`drawWinners`). Refused before the draw: the list is only of use with the seed.
     */
    async entryIds(contractAddress: string, niftyType: number): Promise<{ ids: number[] }> {
      const d = await repo.byNifty((await niftyOf(contractAddress, niftyType)).id);
      if (d?.status !== 'drawn') throw DRAWING_ERRORS.notDrawn();
      return { ids: await repo.entryIds(d.id) };
    },

    /**
     * An entry (000 §5): validated profile, an unused entry, the window open; a priced one held. A card whose bank
     * asks for a verification (3-D Secure) answers `requiresAction` (202: nothing entered) and the entry is sent
     * again with `cardVerificationId` once the step is done (decision 009 "Verified cards"). An entry sent with a
     * verification and refused all the same (closed meanwhile, no entries left) ends it and releases its card,
     * except when the bank has not confirmed it yet or the failure says nothing of the entry.
     */
    async enter(
      userId: number,
      contractAddress: string,
      niftyType: number,
      payment: EntryPayment = { paymentMethod: 'balance' },
      /** The request's own id (from its Idempotency-Key): a retry finds the card authorisation the first try made. */
      requestId: string | null = null,
    ): Promise<DrawingView | RequiresAction> {
      const verificationId = payment.paymentMethod === 'stripe_card' ? payment.cardVerificationId : undefined;
      return deps.verifications.run(userId, verificationId, () =>
        enterOnce(userId, contractAddress, niftyType, payment, requestId),
      );
    },

    /**
     * The draw (the `drawings.run` job): once, under the drawing's row lock. Before the close it does
     * nothing (unless `force`, the test-only route) and sends itself again for the close.
     */
    async run(
      drawingId: number,
      options: { force?: boolean } = {},
    ): Promise<'drawn' | 'already' | 'not-yet'> {
      const d = await repo.byId(drawingId);
      if (!d) return 'already';
      const n = await trading.niftyForSaleById(d.niftyId);
      if (d.status === 'drawn') {
        if (n) await settleThenTell(drawingId, n, true);
        else await settleCards(drawingId);
        return 'already';
      }
      if (!n) return 'already';
      const at = clock.now();
      if (!options.force && n.endAt && at < n.endAt) {
        await schedule(d, n);
        return 'not-yet';
      }
      const result = await unit.run(async ({ drawings, trading: t, ledger: l }) => {
        const drawing = await drawings.lock(drawingId);
        if (drawing?.status !== 'open') return null;
        const nifty = await t.lockNifty(n.id);
        if (!nifty) return null;
        const entries = (await drawings.entriesOf(drawingId)).filter((e) => e.status === 'entered');
        const free = Math.max(0, nifty.editionSize - nifty.totalSold - nifty.totalReserved);
        const winnerIds = new Set(
          drawWinners(
            drawing.seed,
            entries.map((e) => e.id),
            free,
          ),
        );
        const winners = entries.filter((e) => winnerIds.has(e.id));
        const losers = entries.filter((e) => !winnerIds.has(e.id));

        const tokenRowIds = new Map<number, number>();
        // The publisher's proceeds by payee (the owner, or the primary split's payees) and the editions' gross.
        const proceeds = new Map<number, number>();
        let gross = 0;
        let split = false;
        if (winners.length > 0) {
          const publisherAccount =
            n.publisherOwnerId === null
              ? await l.houseAccount('unassigned_publisher_proceeds')
              : await l.userAccount(n.publisherOwnerId);
          const platform = await l.houseAccount('platform_revenue');
          const clearing = winners.some((w) => w.providerReference !== null && w.priceCents > 0)
            ? await l.houseAccount('payments_clearing')
            : null;
          const buyers = await l.userAccounts(winners.map((w) => w.userId));
          // The studio's primary split divides the publisher's proceeds (decision 017).
          const proceedsSplit = await splitPayees(t, l, nifty.id, 'primary');
          split = proceedsSplit.length > 0;
          await l.lock([
            publisherAccount,
            platform,
            ...(clearing === null ? [] : [clearing]),
            ...proceedsSplit.map((p) => p.accountId),
            ...buyers.values(),
          ]);
          if (!(await t.addSold(nifty.id, winners.length))) throw new Error('drawing: editions ran out');
          const first = Math.max(nifty.totalSold, await t.lastEditionOf(nifty.id)) + 1;
          const minted = await t.insertTokens(
            winners.map((w, i) => ({
              niftyId: nifty.id,
              contractAddress: n.contractAddress,
              tokenId: String(nifty.typeNumber * 100_000 + first + i),
              name: `${nifty.title} #${first + i}`,
              editionNumber: first + i,
              ownerId: w.userId,
              lastSaleInCents: w.priceCents,
              lastSaleAt: at,
              mintedAt: at,
            })),
          );
          await t.insertSales(
            minted.map((token, i) => ({
              tokenRowId: token.id,
              sellerId: n.publisherOwnerId,
              buyerId: winners[i]?.userId ?? null,
              market: 'primary',
              currency: 'USD',
              amount: String(winners[i]?.priceCents ?? 0),
              priceInCents: winners[i]?.priceCents ?? 0,
              soldAt: at,
            })),
          );
          for (const [i, w] of winners.entries()) {
            const token = minted[i];
            if (token) tokenRowIds.set(w.id, token.id);
            if (w.priceCents === 0) continue;
            const fees = primaryFeeBreakdown({
              unitPriceCents: w.priceCents,
              quantity: 1,
              method: 'balance',
            });
            // Who the proceeds went to, as posted (told after commit).
            gross += fees.priceCents;
            const shares =
              proceedsSplit.length > 0
                ? splitShares(proceedsSplit, fees.sellerReceivesCents)
                : n.publisherOwnerId === null
                  ? []
                  : [{ userId: n.publisherOwnerId, cents: fees.sellerReceivesCents }];
            for (const share of shares)
              proceeds.set(share.userId, (proceeds.get(share.userId) ?? 0) + share.cents);
            // By card the money enters through the clearing account (captured after commit), as bids.
            const byCard = w.providerReference !== null;
            if (!byCard) await l.closeHold(`drawing_entry:${w.id}`, 'captured', at);
            await l.post({
              kind: 'purchase',
              reference: `drawing_entry:${w.id}`,
              description: `Drawing won: ${n.title}`,
              at,
              postings: [
                {
                  accountId: byCard ? (clearing as number) : (buyers.get(w.userId) as number),
                  amountCents: -fees.buyerPaysCents,
                  memo: byCard ? 'card_payment' : 'payment',
                },
                ...splitPostings(
                  proceedsSplit,
                  fees.sellerReceivesCents,
                  publisherAccount,
                  'publisher_proceeds',
                ),
                { accountId: platform, amountCents: fees.serviceFeeCents, memo: 'primary_platform_fee' },
              ],
            });
          }
          await drawings.settle(
            winners.map((w) => w.id),
            'won',
            at,
            tokenRowIds,
          );
        }
        for (const loser of losers) {
          if (loser.priceCents > 0 && loser.providerReference === null) {
            await l.closeHold(`drawing_entry:${loser.id}`, 'released', at);
          }
        }
        await drawings.settle(
          losers.map((e) => e.id),
          'lost',
          at,
        );
        if (!(await drawings.markDrawn(drawingId, free, at))) throw new Error('drawing: drawn twice');
        return {
          winners,
          firstToken: [...tokenRowIds.values()][0] ?? null,
          sold: nifty.totalSold + winners.length,
          proceeds,
          gross,
          split,
        };
      });
      if (!result) {
        await settleThenTell(drawingId, n, true);
        return 'already';
      }
      // Committed: the proceeds told, the sold count, the browsing caches; then the card entries captured or voided
      // and every entrant told the result, even when that settlement fails (`settleThenTell`).
      tellProceeds(n, result);
      // Winners paid by balance (or free) were charged in the draw; a card winner is sent theirs once captured.
      for (const w of result.winners) if (w.providerReference === null) sendReceipt(w);
      void deps.events
        .publish(topics.nifty(n.contractAddress, n.typeNumber), {
          type: 'sold',
          data: {
            contractAddress: n.contractAddress,
            niftyType: n.typeNumber,
            sold: result.sold,
            editionSize: n.editionSize,
          },
        })
        .catch(() => undefined);
      if (result.firstToken !== null) await deps.onTokenChange?.(result.firstToken).catch(() => undefined);
      await settleThenTell(drawingId, n, false);
      return 'drawn';
    },

    /** Settles a drawn drawing's card entries (the `drawings.settle-cards` job): see `settleCards`. */
    settleCards,

    /** The drawing's id, for the test-only run route. */
    async idOf(contractAddress: string, niftyType: number): Promise<number> {
      return (await ensure(await niftyOf(contractAddress, niftyType))).id;
    },
  };
}

export type DrawingsService = ReturnType<typeof createDrawingsService>;
