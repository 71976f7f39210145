// The user's balance (decision 009): add funds by card, cash out (a simulated payout), and the list of
// movements for the Transactions tab. Every change is one ledger movement against the payments
// clearing account.
import type { Db, UnitOfWork } from '@vitrine/db';
import { AppError } from '@vitrine/domain';
import type { Clock } from '../../lib/clock';
import { createLedgerRepo, type LedgerRepo } from './ledger.repo';
import type { ExternalPaymentProvider } from './payment-providers';
import { TRADING_ERRORS } from './trading.service';

/** Cash-out methods offered (000 §3 cashoutMethods): a simulated bank payout until a real one exists. */
export const CASHOUT_METHODS = ['simulated_bank_transfer'] as const;

export function createBalanceService(deps: {
  db: Db;
  unit: UnitOfWork<{ ledger: LedgerRepo }>;
  clock: Clock;
  card: ExternalPaymentProvider;
}) {
  const ledger = createLedgerRepo(deps.db);

  async function move(kind: 'deposit' | 'payout', userId: number, amountCents: number, reference: string) {
    const user = await ledger.userAccount(userId);
    const clearing = await ledger.houseAccount('payments_clearing');
    const sign = kind === 'deposit' ? 1 : -1;
    return deps.unit.run(async ({ ledger: l }) => {
      const locked = await l.lock([user, clearing]);
      if (kind === 'payout' && (locked.get(user)?.availableCents ?? 0) < amountCents) {
        throw TRADING_ERRORS.insufficientFunds();
      }
      await l.post({
        kind,
        reference,
        description: kind === 'deposit' ? 'Funds added by card' : 'Cash out',
        at: deps.clock.now(),
        postings: [
          { accountId: user, amountCents: sign * amountCents, memo: kind },
          {
            accountId: clearing,
            amountCents: -sign * amountCents,
            memo: kind === 'deposit' ? 'card_payment' : 'payout',
          },
        ],
      });
    });
  }

  return {
    /** Adds funds by card: authorise, capture, post the movement. A card needing a second step is refused. */
    async deposit(userId: number, amountCents: number, paymentToken: string, requestId: string) {
      const outcome = await deps.card.authorize({
        reference: `deposit:${userId}:${requestId}`,
        amountCents,
        currency: 'USD',
        paymentToken,
      });
      if (outcome.status === 'declined') throw TRADING_ERRORS.declined();
      if (outcome.status === 'requires_action') {
        await deps.card.void(outcome.providerReference);
        throw new AppError({
          errorType: 'payment-requires-action',
          message:
            'This card needs a verification step that adding funds does not support yet; use another card',
          statusCode: 402,
        });
      }
      // The same deposit run again (its Idempotency-Key's answer was not kept, e.g. a 500): the processor gave back
      // the same authorisation (the reference comes from the key), and a deposit credited already is not again.
      if (await ledger.hasMovement('deposit', `deposit:${outcome.providerReference}`))
        return { balanceInCents: await ledger.balanceOf(userId) };
      // The money is taken before it is credited: a capture that fails credits nothing (crediting first
      // left the funds in the balance, spendable and able to be cashed out, with the card never charged).
      try {
        await deps.card.capture(outcome.providerReference);
      } catch (error) {
        // A capture whose answer was lost may have taken the money: the processor is asked. Taken: credited
        // below, as if the answer had come. Not taken: released, and nothing is credited.
        const taken = await deps.card.isCaptured(outcome.providerReference).catch(() => null);
        if (taken === null) throw error;
        if (!taken) {
          await deps.card.void(outcome.providerReference).catch(() => undefined);
          throw TRADING_ERRORS.declined();
        }
      }
      try {
        await move('deposit', userId, amountCents, `deposit:${outcome.providerReference}`);
      } catch (error) {
        // Taken but not credited: give it back.
        await deps.card.refund(outcome.providerReference, amountCents);
        throw error;
      }
      return { balanceInCents: await ledger.balanceOf(userId) };
    },

    /** Cashes out (simulated payout): refused beyond what may be spent. */
    async payout(userId: number, amountCents: number, requestId: string) {
      await move('payout', userId, amountCents, `payout:${userId}:${requestId}`);
      return { balanceInCents: await ledger.balanceOf(userId) };
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
