// The user's balance (decision 009): add funds by card, cash out (a simulated payout), and the list of
// movements for the Transactions tab. Every change is one ledger movement against the payments
// clearing account.
import { type Db, schema, type UnitOfWork } from '@vitrine/db';
import { AppError, formatCents, fundsSettlingMessage, TRANSACTIONS_PATH } from '@vitrine/domain';
import { and, asc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Background } from '../../lib/background';
import type { Clock } from '../../lib/clock';
import { emailUserLater, type Notifier } from '../../lib/notifier';
import { CAPTURE_GRACE_MS, CAPTURE_WINDOW_MS, type OwedCursor } from './card-authorizations';
import { createLedgerRepo, type LedgerRepo } from './ledger.repo';
import { type ExternalPaymentProvider, PaymentRefusedError } from './payment-providers';
import { TRADING_ERRORS } from './trading.service';

/** Cash-out methods offered (000 §3 cashoutMethods): a simulated bank payout until a real one exists. */
export const CASHOUT_METHODS = ['simulated_bank_transfer'] as const;

/** A deposit whose card verification was not completed this long after it began is voided by the sweep. */
export const DEPOSIT_ACTION_WAIT_MS = 30 * 60_000;

const DEPOSIT_ERRORS = {
  notFound: () => new AppError({ errorType: 'not-found', message: 'Deposit not found', statusCode: 404 }),
  /** The processor has not seen the second step done yet (the same words as the checkout's). */
  needsAction: () =>
    new AppError({
      errorType: 'payment-requires-action',
      message: 'Complete the card verification to add the funds',
      statusCode: 402,
    }),
};

/**
 * Credits a charged deposit in the caller's transaction: its status from authorized to credited (once, whoever gets
 * there first: the request, its retry, the sweep, or a refund's webhook, which credits before it takes back) and its
 * movement. Answers whether it did.
 */
export async function creditDeposit(
  tx: Db,
  l: LedgerRepo,
  row: { id: number; amountCents: number; providerReference: string },
  accounts: { user: number; clearing: number },
  at: Date,
): Promise<boolean> {
  const reference = `deposit:${row.providerReference}`;
  const claimed = await tx
    .update(schema.cardDeposits)
    .set({ status: 'credited', updatedAt: at })
    .where(and(eq(schema.cardDeposits.id, row.id), eq(schema.cardDeposits.status, 'authorized')))
    .returning({ id: schema.cardDeposits.id });
  if (claimed.length === 0 || (await l.hasMovement('deposit', reference))) return false;
  await l.lock([accounts.user, accounts.clearing]);
  await l.post({
    kind: 'deposit',
    reference,
    description: 'Funds added by card',
    at,
    postings: [
      { accountId: accounts.user, amountCents: row.amountCents, memo: 'deposit' },
      { accountId: accounts.clearing, amountCents: -row.amountCents, memo: 'card_payment' },
    ],
  });
  return true;
}

/** Days after which funds added by card and sale proceeds may be cashed out (CARD_FUNDS_CASHOUT_DAYS). */
export const DEFAULT_CARD_FUNDS_CASHOUT_DAYS = 7;
/** The smallest deposit and cash out ($1.00) and the largest ($10,000.00) the routes take. */
export const BALANCE_AMOUNT_MIN_CENTS = 100;
export const BALANCE_AMOUNT_MAX_CENTS = 1_000_000;
/** The ledger memos of money arriving on a user's account that settles before it may leave. */
const SETTLING_MEMOS = [
  'deposit',
  'proceeds',
  'creator_fee',
  'publisher_proceeds',
  // A publisher fee paid by card, given back to the balance (decision 017): card money arriving. (Paid from the
  // balance, `publisher_fee_refunded`: the credits it was paid from still settle on their own.)
  'publisher_fee_card_refunded',
] as const;
const payoutReference = (userId: number, requestId: string) => `payout:${userId}:${requestId}`;
const DAY_MS = 24 * 60 * 60 * 1000;

export function createBalanceService(deps: {
  db: Db;
  unit: UnitOfWork<{ ledger: LedgerRepo }>;
  clock: Clock;
  card: ExternalPaymentProvider;
  /** The cash-out email (money leaving the account is told where its owner would notice one not theirs). */
  notifier?: Notifier;
  background?: Background;
  webOrigin?: () => string;
  contactOf?: (userId: number) => Promise<{ email: string | null } | null>;
  /** Days after which funds added by card and sale proceeds may be cashed out (0: at once). */
  cardFundsCashoutDays?: number;
}) {
  const settleDays = deps.cardFundsCashoutDays ?? DEFAULT_CARD_FUNDS_CASHOUT_DAYS;
  const ledger = createLedgerRepo(deps.db);
  const deposits = schema.cardDeposits;
  type DepositRow = typeof deposits.$inferSelect;

  /**
   * The deposits this server's card processor made: its method, and its references' beginning when it says one (the
   * simulated card and Stripe share `stripe_card`). Another processor's are never asked about, nor voided on its word.
   */
  function ofThisProcessor(): SQL | undefined {
    const prefix = deps.card.referencePrefix;
    return and(
      eq(deposits.processor, deps.card.method),
      prefix ? sql`starts_with(${deposits.providerReference}, ${prefix})` : undefined,
    );
  }

  /**
   * One read of the sweep's, in the order of the deposits' start and id, going on after the last row the run before
   * read (kept in this process), and from the oldest again after a short page: rows the processor keeps failing on
   * cannot keep newer ones from being reached (as `owedCaptures` does for owed captures).
   */
  function sweepRead(where: (now: Date) => SQL | undefined, windowMs: number | null) {
    let from: OwedCursor | null = null;
    return async (now: Date, limit: number): Promise<DepositRow[]> => {
      const oldest = new Date(windowMs === null ? 0 : now.getTime() - windowMs);
      const after = from && from.at > oldest ? from : { at: oldest, id: 0 };
      const rows = await deps.db
        .select()
        .from(deposits)
        .where(
          and(
            where(now),
            ofThisProcessor(),
            sql`(${deposits.createdAt}, ${deposits.id}) > (${after.at.toISOString()}::timestamptz, ${after.id}::int)`,
          ),
        )
        .orderBy(asc(deposits.createdAt), asc(deposits.id))
        .limit(limit);
      const last = rows.length >= limit ? rows[rows.length - 1] : undefined;
      from = last ? { at: last.createdAt, id: last.id } : null;
      return rows;
    };
  }

  // Deposits left authorised (the grace counts from when it was authorised: a verification may be done minutes after
  // the deposit began, and its request is capturing now), within the window from when it began.
  const dueDeposits = sweepRead(
    (now) =>
      and(
        eq(deposits.status, 'authorized'),
        lt(deposits.updatedAt, new Date(now.getTime() - CAPTURE_GRACE_MS)),
      ),
    CAPTURE_WINDOW_MS,
  );
  // Verifications left undone for DEPOSIT_ACTION_WAIT_MS: nothing was taken; the authorisation is released.
  const abandonedDeposits = sweepRead(
    (now) =>
      and(
        eq(deposits.status, 'requires_action'),
        lt(deposits.createdAt, new Date(now.getTime() - DEPOSIT_ACTION_WAIT_MS)),
      ),
    null,
  );

  /** The deposit of this authorisation, written down once (before any money is taken). */
  async function noted(
    userId: number,
    amountCents: number,
    providerReference: string,
    reference: string,
    status: 'authorized' | 'requires_action' = 'authorized',
  ): Promise<DepositRow> {
    const at = deps.clock.now();
    const processor = deps.card.method;
    await deps.db
      .insert(deposits)
      .values({
        userId,
        reference,
        processor,
        providerReference,
        amountCents,
        status,
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing();
    const [row] = await deps.db
      .select()
      .from(deposits)
      .where(and(eq(deposits.processor, processor), eq(deposits.providerReference, providerReference)));
    if (!row || row.userId !== userId || row.amountCents !== amountCents)
      throw new Error(`deposit ${providerReference}: not this deposit's authorisation`);
    return row;
  }

  /** Moves a deposit on from `from` (a conditional update: whoever gets there first); the row as it is now. */
  async function setStatus(
    row: DepositRow,
    status: 'voided' | 'authorized',
    from: 'authorized' | 'requires_action' = 'authorized',
  ): Promise<DepositRow> {
    await deps.db
      .update(deposits)
      .set({ status, updatedAt: deps.clock.now() })
      .where(and(eq(deposits.id, row.id), eq(deposits.status, from)));
    const [now] = await deps.db.select().from(deposits).where(eq(deposits.id, row.id));
    return now ?? row;
  }

  /**
   * An authorised deposit: capture, then credit (once). A deposit credited already answers as it is; a voided one
   * answers the card declined.
   */
  async function finish(row: DepositRow) {
    // Credited already (an answer lost, then the same deposit sent again): nothing more to take or add.
    if (row.status !== 'authorized') {
      if (row.status === 'voided') throw TRADING_ERRORS.declined();
      if (row.status === 'requires_action') throw DEPOSIT_ERRORS.needsAction();
      return { balanceInCents: await ledger.balanceOf(row.userId) };
    }
    // The money is taken before it is credited: a capture that fails credits nothing (crediting first
    // left the funds in the balance, spendable and able to be cashed out, with the card never charged).
    try {
      await deps.card.capture(row.providerReference);
    } catch (error) {
      // A capture whose answer was lost may have taken the money: the processor is asked. Taken: credited
      // below, as if the answer had come. Not taken (or refused for good: nothing can be taken), released, and
      // nothing is credited. Not known: the deposit stays authorised, for the same request sent again or the sweep.
      const taken =
        error instanceof PaymentRefusedError
          ? false
          : await deps.card.isCaptured(row.providerReference).catch(() => null);
      if (taken === null) throw error;
      if (!taken) {
        await deps.card.void(row.providerReference);
        await setStatus(row, 'voided');
        throw TRADING_ERRORS.declined();
      }
    }
    // A credit that fails (the store) is not undone at the card: the deposit stays authorised and charged, and the
    // same request sent again, or the sweep, credits it once.
    await credit(row);
    return { balanceInCents: await ledger.balanceOf(row.userId) };
  }

  /**
   * Credits a charged deposit: its movement and its status in one transaction, once (the status moves from
   * authorized only once, whoever gets there first: the request, its retry or the sweep). Answers whether it did.
   */
  async function credit(row: DepositRow): Promise<boolean> {
    const accounts = {
      user: await ledger.userAccount(row.userId),
      clearing: await ledger.houseAccount('payments_clearing'),
    };
    return deps.unit.run(({ ledger: l }, tx) => creditDeposit(tx, l, row, accounts, deps.clock.now()));
  }

  /**
   * What may leave the platform now: the available balance less the money that arrived in the last `settleDays`
   * days, by card (a deposit) or from a sale (proceeds, royalties, a primary sale's share), whose buyer may still
   * be a stolen card's (review 2026-12-07: a stolen card paid another account's listing, whose proceeds were cashed
   * out at once). Only what arrived counts: a refund meanwhile already lowered the balance. `l`: the unit's ledger.
   */
  async function cashableOf(l: LedgerRepo, user: number, available: number): Promise<number> {
    if (settleDays <= 0) return Math.max(0, available);
    const since = new Date(deps.clock.now().getTime() - settleDays * DAY_MS);
    const arriving = await l.creditsSince(user, SETTLING_MEMOS, since);
    return Math.max(0, available - arriving);
  }

  /** The balance, its available part and what may leave now, unlocked (the cash out checks again under its lock). */
  async function cashableNow(userId: number) {
    const user = await ledger.userAccount(userId);
    const { balanceCents: balance, availableCents: available } = await ledger.userBalance(userId);
    return { balance, available, cashable: await cashableOf(ledger, user, available) };
  }

  const refusal = (cashable: number, available: number) =>
    new AppError(
      cashable < available
        ? {
            errorType: 'funds-settling',
            message: `${fundsSettlingMessage(settleDays)} You can cash out up to ${formatCents(cashable)} now.`,
            statusCode: 402,
          }
        : {
            errorType: 'insufficient-funds',
            message: `You can cash out up to ${formatCents(cashable)}`,
            statusCode: 402,
          },
    );

  /** A cash-out: one movement out to the payments clearing account, refused beyond what may leave now. */
  async function payOut(userId: number, amountCents: number, reference: string) {
    const user = await ledger.userAccount(userId);
    const clearing = await ledger.houseAccount('payments_clearing');
    return deps.unit.run(async ({ ledger: l }) => {
      const locked = await l.lock([user, clearing]);
      // Paid out already under this reference (the same request sent again): done, once. The same key with another
      // amount (its first answer gone) is another request: refused, not answered as done (review 2026-12-07).
      const earlier = await l.movementAmount('payout', reference, user);
      if (earlier !== null) {
        if (earlier === -amountCents) return false;
        throw new AppError({
          errorType: 'idempotency-key-reused',
          message: 'This Idempotency-Key was used with another request.',
          statusCode: 422,
        });
      }
      const available = locked.get(user)?.availableCents ?? 0;
      const cashable = await cashableOf(l, user, available);
      if (cashable < amountCents) throw refusal(cashable, available);
      await l.post({
        kind: 'payout',
        reference,
        description: 'Cash out',
        at: deps.clock.now(),
        postings: [
          { accountId: user, amountCents: -amountCents, memo: 'payout' },
          { accountId: clearing, amountCents, memo: 'payout' },
        ],
      });
      return true;
    });
  }

  return {
    /**
     * Adds funds by card: authorise, write the deposit down, capture, credit. A card needing a second step (3-D
     * Secure) leaves the deposit waiting (`requires_action`) and answers `requiresAction` with nothing added;
     * `completeAction` finishes it. Sent again under its key (`requestId`), it finds the same authorisation and
     * finishes what the last try did not; a deposit charged but never credited is credited by the minute sweep
     * (creditDue), so the card is never charged for funds that do not arrive, and never refunded for funds that did.
     */
    async deposit(userId: number, amountCents: number, paymentToken: string, requestId: string) {
      const reference = `deposit:${userId}:${requestId}`;
      const outcome = await deps.card.authorize({
        reference,
        amountCents,
        currency: 'USD',
        paymentToken,
        payerId: userId,
      });
      if (outcome.status === 'declined') throw TRADING_ERRORS.declined();
      if (outcome.status === 'requires_action') {
        const waiting = await noted(
          userId,
          amountCents,
          outcome.providerReference,
          reference,
          'requires_action',
        );
        if (waiting.status === 'requires_action') {
          return {
            balanceInCents: await ledger.balanceOf(userId),
            requiresAction: { depositId: waiting.id, nextAction: outcome.nextAction },
          };
        }
        return finish(waiting);
      }
      let row = await noted(userId, amountCents, outcome.providerReference, reference);
      // Verified meanwhile at the processor (the same deposit sent again after its second step): on with it.
      if (row.status === 'requires_action') row = await setStatus(row, 'authorized', 'requires_action');
      return finish(row);
    },

    /**
     * The second step of a deposit's card (the verification passed): the deposit is finished as `deposit` does. A
     * credited deposit answers as it is; not verified yet answers 402; a refused verification voids the deposit
     * and answers the card declined. Only the depositor's own deposit.
     */
    async completeAction(userId: number, depositId: number) {
      const [found] = await deps.db.select().from(deposits).where(eq(deposits.id, depositId));
      if (!found || found.userId !== userId) throw DEPOSIT_ERRORS.notFound();
      let row = found;
      if (row.status === 'requires_action') {
        const outcome = await deps.card.completeAction(row.providerReference);
        if (outcome.status === 'requires_action') throw DEPOSIT_ERRORS.needsAction();
        if (outcome.status !== 'authorized') {
          await deps.card.void(row.providerReference);
          row = await setStatus(row, 'voided', 'requires_action');
          if (row.status !== 'authorized' && row.status !== 'credited') throw TRADING_ERRORS.declined();
        } else {
          row = await setStatus(row, 'authorized', 'requires_action');
        }
      }
      return finish(row);
    },

    /**
     * Finishes deposits left authorised for over a minute (their request failed or stopped): credited when the
     * processor took the money, voided when it did not; and voids those whose verification was never done. Only
     * this server's processor's deposits; each read goes on where the last run's stopped (`sweepRead`), so deposits
     * the processor keeps failing on do not hold newer ones back. Runs in the minute sweep; answers how many it
     * credited.
     */
    async creditDue(limit = 100): Promise<number> {
      const now = deps.clock.now();
      const due = await dueDeposits(now, limit);
      const abandoned = await abandonedDeposits(now, limit);
      for (const row of abandoned) {
        try {
          await deps.card.void(row.providerReference);
          await setStatus(row, 'voided', 'requires_action');
        } catch {
          // The next sweep tries again.
        }
      }
      let credited = 0;
      for (const row of due) {
        try {
          if (await deps.card.isCaptured(row.providerReference)) {
            if (await credit(row)) credited += 1;
          } else {
            await deps.card.void(row.providerReference);
            // A capture that went through meanwhile (a request still finishing) cannot be voided: credited, not lost.
            if (await deps.card.isCaptured(row.providerReference)) {
              if (await credit(row)) credited += 1;
            } else await setStatus(row, 'voided');
          }
        } catch {
          // The processor or the store did not answer: the next sweep asks again.
        }
      }
      return credited;
    },

    /**
     * Refuses now a cash out that could not go through (beyond what may leave), before its two-factor code is asked
     * for; the cash out checks again under its lock.
     */
    async assertCashable(userId: number, amountCents: number, requestId: string): Promise<void> {
      // Done already under its key (a retry whose answer was lost): the cash out answers it.
      if (await ledger.hasMovement('payout', payoutReference(userId, requestId))) return;
      const { available, cashable } = await cashableNow(userId);
      if (cashable < amountCents) throw refusal(cashable, available);
    },

    /**
     * The balance and what a cash out may take now (the Deposit tab shows it and checks an amount against it before
     * sending): the same rule the cash out applies under its lock.
     */
    async state(userId: number) {
      const { balance, available, cashable } = await cashableNow(userId);
      return {
        balanceInCents: balance,
        availableInCents: available,
        cashableInCents: cashable,
        cashoutMinimumInCents: BALANCE_AMOUNT_MIN_CENTS,
        cashoutSettleDays: Math.max(0, settleDays),
        cashoutMethods: [...CASHOUT_METHODS],
      };
    },

    /** Cashes out (simulated payout): refused beyond what may leave now. */
    async payout(userId: number, amountCents: number, requestId: string) {
      const fresh = await payOut(userId, amountCents, payoutReference(userId, requestId));
      const balanceInCents = await ledger.balanceOf(userId);
      // Told once (not again for the same request sent again), after the commit.
      if (fresh && deps.contactOf) {
        emailUserLater(deps, deps.contactOf, userId, {
          kind: 'payout',
          subject: `You cashed out ${formatCents(amountCents)}`,
          text: `You cashed out ${formatCents(amountCents)} from your Vitrine balance. Your balance is now ${formatCents(balanceInCents)}. If you did not do this, change your password and contact us at once.`,
          path: TRANSACTIONS_PATH,
        });
      }
      return { balanceInCents };
    },

    async movements(userId: number, limit: number, offset: number) {
      const [rows, count] = await Promise.all([
        ledger.movementsOf(userId, limit, offset),
        ledger.countMovementsOf(userId),
      ]);
      return { count, rows };
    },

    balanceOf: (userId: number) => ledger.balanceOf(userId),
  };
}

export type BalanceService = ReturnType<typeof createBalanceService>;
