// A nifty's studio sales splits in the ledger (docs/decisions/017 "Splits in the ledger"): the primary split
// divides a primary sale's publisher proceeds, the secondary split a secondary sale's royalty. Read before
// the unit of work (accounts made once), posted in it (credits: no lock, decision 022). After commit each payee
// is told their share (decision 009 "Notifications").
import { formatCents, splitAmount, TRANSACTIONS_PATH } from '@vitrine/domain';
import type { Background } from '../../lib/background';
import { emailUserLater, type Notifier } from '../../lib/notifier';
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
  const rows = await trading.userSplitOf(niftyId, kind);
  if (rows.length === 0) return [];
  // One payee named twice is one payee with both shares: one credit per account and memo, which is what a refund
  // gives back by (money review 2026-12-06: two credits under one memo were given back wrongly).
  const split = new Map<number, number>();
  for (const r of rows) split.set(r.userId, (split.get(r.userId) ?? 0) + r.percentage);
  const accounts = await ledger.userAccounts([...split.keys()]);
  return [...split].flatMap(([userId, percentage]) => {
    const accountId = accounts.get(userId);
    return accountId === undefined ? [] : [{ accountId, percentage, userId }];
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

/** Each payee's share of `cents`, the same figures as `splitPostings` posts (the payees in the split's order). */
export function splitShares(
  split: readonly Pick<SplitPayee, 'userId' | 'percentage'>[],
  cents: number,
): { userId: number; cents: number }[] {
  const parts = splitAmount(
    cents,
    split.map((s) => s.percentage),
  );
  return parts.length === 0 ? [] : split.map((s, i) => ({ userId: s.userId, cents: parts[i] ?? 0 }));
}

/**
 * After commit, each payee of a split but `except` (the seller, whose own "sold" email names its share) is told
 * their share of the sale, linking to Transactions where the credit shows: one task each, so a refused address
 * leaves the others sent. `of: 'royalty'`: the shares are of a resale's creator royalty (the secondary split's
 * payees, or the creator alone), not of the sale's proceeds. A share of nothing is not told.
 */
export function tellSplitPayees(
  deps: {
    notifier?: Notifier;
    background?: Background;
    webOrigin?: () => string;
    contactsOf: Pick<TradingRepo, 'contactsOf'>['contactsOf'];
  },
  sale: {
    what: string;
    priceCents: number;
    shares: readonly { userId: number; cents: number }[];
    except: number | null;
    of?: 'proceeds' | 'royalty';
  },
): void {
  const royalty = sale.of === 'royalty';
  for (const share of sale.shares) {
    if (share.userId === sale.except || share.cents <= 0) continue;
    emailUserLater(deps, async (id) => (await deps.contactsOf([id])).get(id), share.userId, {
      kind: 'nft_sold',
      subject: royalty ? 'Your royalty from a resale' : 'Your share of a sale',
      text: royalty
        ? `${sale.what} was resold for ${formatCents(sale.priceCents)}. ${sale.shares.length > 1 ? 'Your share of its creator royalty, by its split' : 'Your creator royalty'}: ${formatCents(share.cents)}.`
        : `${sale.what} sold for ${formatCents(sale.priceCents)}. Your share of its proceeds, by its split: ${formatCents(share.cents)}.`,
      path: TRANSACTIONS_PATH,
    });
  }
}

/**
 * After commit, each user a forfeited sale's reversal took money back from but `except` (told otherwise: the
 * publisher's own "sale cancelled" email) is told what left their balance and why, linking to Transactions where
 * the reversal shows. A payee told of their share at the sale would otherwise see it go unsaid.
 */
export function tellTakenBack(
  deps: {
    notifier?: Notifier;
    background?: Background;
    webOrigin?: () => string;
    contactsOf: Pick<TradingRepo, 'contactsOf'>['contactsOf'];
  },
  sale: { what: string; takenBack: readonly { userId: number; cents: number }[]; except: number | null },
): void {
  for (const t of sale.takenBack) {
    if (t.userId === sale.except || t.cents <= 0) continue;
    emailUserLater(deps, async (id) => (await deps.contactsOf([id])).get(id), t.userId, {
      kind: 'nft_sold',
      subject: 'A sale you were paid from was cancelled',
      text: saleTakenBackMessage(sale.what, t.cents),
      path: TRANSACTIONS_PATH,
    });
  }
}

/** What a payee of a cancelled sale is told (the spec has no text for it). */
export const saleTakenBackMessage = (what: string, cents: number) =>
  `The sale of ${what} was cancelled: its buyer's payment could not be taken. The ${formatCents(cents)} you received from it was taken back from your balance.`;
