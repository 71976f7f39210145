// A nifty's studio sales splits in the ledger (docs/decisions/017 "Splits in the ledger"): the primary split
// divides a primary sale's publisher proceeds, the secondary split a secondary sale's royalty. Read before
// the unit of work (accounts made once), posted in it (credits: no lock, decision 022).
import { splitAmount } from '@vitrine/domain';
import type { LedgerRepo } from './ledger.repo';
import type { TradingRepo } from './trading.repo';

export interface SplitPayee {
  accountId: number;
  percentage: number;
  /** Whose account it is (the sale's emails tell each payee their share). */
  userId: number;
}

/** The ledger accounts and percentages of a nifty's split; empty when it has none. */
export async function splitPayees(
  trading: Pick<TradingRepo, 'userSplitOf'>,
  ledger: Pick<LedgerRepo, 'userAccounts'>,
  niftyId: number,
  kind: 'primary' | 'secondary',
): Promise<SplitPayee[]> {
  const split = await trading.userSplitOf(niftyId, kind);
  if (split.length === 0) return [];
  const accounts = await ledger.userAccounts(split.map((s) => s.userId));
  return split.flatMap((s) => {
    const accountId = accounts.get(s.userId);
    return accountId === undefined ? [] : [{ accountId, percentage: s.percentage, userId: s.userId }];
  });
}

/** One posting of `cents` to `fallback` when there is no split, else one per payee dividing it exactly. */
export function splitPostings(split: readonly SplitPayee[], cents: number, fallback: number, memo: string) {
  const parts = splitAmount(
    cents,
    split.map((s) => s.percentage),
  );
  if (parts.length === 0) return [{ accountId: fallback, amountCents: cents, memo }];
  return split.map((s, i) => ({ accountId: s.accountId, amountCents: parts[i] ?? 0, memo }));
}
