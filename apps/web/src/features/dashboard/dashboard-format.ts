// The dashboard's labels and amounts (spec 000 §2 dashboard tabs, decision 009's ledger). Pure functions,
// tested beside.
import {
  formatCents,
  fundsSettlingMessage,
  isAuctionSaleType,
  type PaymentCardSummary,
  paymentCardLabel,
} from '@vitrine/domain';
import type { BalanceState } from '@vitrine/domain/trading-responses';

/** The dashboard's tabs and inner tabs (000 §2): purchases-sales/:innertab?, transactions/:innertab?, … */
export const DASHBOARD_PATH = '/dashboard';
export const DASHBOARD_DEPOSIT_PATH = `${DASHBOARD_PATH}/deposit`;
export const DASHBOARD_TABS = [
  { key: 'sales', label: 'Sales', to: `${DASHBOARD_PATH}/purchases-sales/sales` },
  { key: 'purchases', label: 'Purchases', to: `${DASHBOARD_PATH}/purchases-sales/purchases` },
  { key: 'transactions', label: 'Other transactions', to: `${DASHBOARD_PATH}/transactions` },
  { key: 'active-discounts', label: 'Active Discounts', to: `${DASHBOARD_PATH}/active-discounts` },
  { key: 'deposit', label: 'Deposit', to: `${DASHBOARD_PATH}/deposit` },
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number]['key'];

/** The tab a dashboard path shows, or null for a path that is not one (a 404). */
export function dashboardTabOf(pathname: string): DashboardTab | null {
  const parts = pathname.toLowerCase().split('/').filter(Boolean);
  if (parts[0] !== 'dashboard') return null;
  const [, tab, inner, ...rest] = parts;
  if (rest.length > 0) return null;
  if (tab === undefined) return 'sales';
  if (tab === 'purchases-sales') {
    if (inner === undefined || inner === 'sales') return 'sales';
    return inner === 'purchases' ? 'purchases' : null;
  }
  if (tab === 'transactions') return inner === undefined || inner === 'other' ? 'transactions' : null;
  if (inner !== undefined) return null;
  if (tab === 'active-discounts') return 'active-discounts';
  if (tab === 'deposit') return 'deposit';
  return null;
}

/** A signed movement: '+$12.50' for money in, '−$3.00' for money out. */
export function formatSignedCents(cents: number): string {
  if (cents === 0) return formatCents(0);
  return `${cents > 0 ? '+' : '−'}${formatCents(Math.abs(cents))}`;
}

/** What a ledger entry was for, by its memo (decision 009) and its movement's kind. */
export function movementLabel(kind: string, memo: string): string {
  // A forfeited drawing win taken back: every entry of it, whatever share it takes back.
  if (kind === 'purchase_forfeited') return 'Drawing win forfeited';
  const named = memoLabel(memo);
  if (named) return named;
  // A refund's give-back of a share (`proceeds_refunded`, `creator_fee_refunded`…): the share's name, refunded.
  const share = memo.endsWith('_refunded') ? memoLabel(memo.slice(0, -'_refunded'.length)) : null;
  if (share) return `${share}, refunded`;
  return kind ? kind.charAt(0).toUpperCase() + kind.slice(1).replaceAll('_', ' ') : 'Movement';
}

function memoLabel(memo: string): string | null {
  switch (memo) {
    case 'deposit':
      return 'Funds added by card';
    case 'deposit_refunded':
      return 'Funds added by card, refunded';
    case 'payout':
      return 'Cash out';
    case 'proceeds':
      return 'Sale proceeds';
    case 'creator_fee':
      return 'Creator royalty';
    case 'payment':
      return 'Purchase paid from balance';
    case 'hold':
      return 'Funds held for an offer';
    case 'release':
      return 'Held funds released';
    // A primary sale's proceeds: the publisher's, or a split payee's share (review 2026-12-07: read 'Purchase').
    case 'publisher_proceeds':
      return 'Primary sale proceeds';
    // A card purchase refunded: the money comes back to the buyer's balance and goes on to their card.
    case 'refund':
      return 'Refund of a card payment';
    case 'refund_to_card':
      return 'Refund sent to your card';
    default:
      return null;
  }
}

/**
 * A movement's details in Other transactions: its description when it says more than its name (a deposit's
 * 'Funds added by card' is its name already), else '—'.
 */
export function movementDetails(label: string, description: string | null | undefined): string {
  const text = (description ?? '').trim();
  return text === '' || text.toLowerCase() === label.trim().toLowerCase() ? '—' : text;
}

const METHOD_LABELS: Record<string, string> = {
  stripe_card: 'Card',
  stripe_klarna: 'Klarna',
  gemini_balance: 'Gemini balance',
  eth: 'ETH',
  prepaid_eth: 'Prepaid ETH',
  balance: 'Account balance',
  no_payment_required: 'Free',
};

/** A payment method as the buyer knows it: the card that paid ('Visa •••• 4242') when the purchase names one. */
export function paymentMethodLabel(method: string | null, card?: PaymentCardSummary | null): string {
  if (card) return paymentCardLabel(card);
  if (!method) return '—';
  return METHOD_LABELS[method] ?? method;
}

const STATE_LABELS: Record<string, string> = {
  pending: 'Pending',
  requires_action: 'Needs confirmation',
  paid: 'Paid',
  expired: 'Expired',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** A purchase intent's payment state. */
export function paymentStateLabel(state: string): string {
  return STATE_LABELS[state] ?? state;
}

/** Where a purchase of the history came from: a purchase intent, an accepted offer, an auction or drawing win. */
export type PurchaseSource = 'intent' | 'offer' | 'auction' | 'drawing';

/**
 * A purchase's source from its `saleType` (GET /v2/purchase-intent/historical: `offer`/`global_offer` for
 * an accepted offer, an auction sale type or `drawing` for a win, else an intent's) and the note its row
 * shows under the item. Ids are the offer's, bid's or entry's for those, so the source keys the row too.
 */
export function purchaseSource(saleType: string): { kind: PurchaseSource; note: string | null } {
  if (saleType === 'offer' || saleType === 'global_offer')
    return { kind: 'offer', note: 'Your accepted offer' };
  if (isAuctionSaleType(saleType)) return { kind: 'auction', note: 'Won at auction' };
  if (saleType === 'drawing') return { kind: 'drawing', note: 'Won in a drawing' };
  return { kind: 'intent', note: null };
}

/** Deposit and cash-out limits of the API (decision 009): $1 to $10,000. */
export const MIN_AMOUNT_CENTS = 100;
export const MAX_AMOUNT_CENTS = 1_000_000;
/** The range the deposit and cash-out amounts are read in (`readUsdAmount` of @vitrine/domain). */
export const AMOUNT_RANGE = { min: MIN_AMOUNT_CENTS, max: MAX_AMOUNT_CENTS };

/** What Cash out needs of GET /v2/balance. */
export type CashOutState = Pick<
  BalanceState,
  'balanceInCents' | 'availableInCents' | 'cashableInCents' | 'cashoutMinimumInCents' | 'cashoutSettleDays'
>;

/** Why part of the balance cannot leave yet, in the server's words (its 402 funds-settling). */
export const settlingReason = fundsSettlingMessage;

/**
 * What the Cash out card offers: the form up to `maxCents` (with the settling reason when that is less than the
 * available balance), or, when no cash out could go through, why not instead of a form.
 */
export type CashOutView =
  | { kind: 'form'; maxCents: number; settling: string | null }
  | { kind: 'empty' }
  | { kind: 'closed'; lines: string[] };

export function cashOutView(state: CashOutState): CashOutView {
  const { balanceInCents: balance, availableInCents: available, cashableInCents: cashable } = state;
  const minimum = formatCents(state.cashoutMinimumInCents);
  const settling = cashable < available ? settlingReason(state.cashoutSettleDays) : null;
  if (cashable >= state.cashoutMinimumInCents) return { kind: 'form', maxCents: cashable, settling };
  if (balance <= 0) return { kind: 'empty' };
  if (available <= 0) {
    return {
      kind: 'closed',
      lines: [
        'All of your balance is held for your offers, bids and drawing entries, so none of it can be cashed out now.',
      ],
    };
  }
  if (available < state.cashoutMinimumInCents) {
    return {
      kind: 'closed',
      lines:
        available < balance
          ? [
              `You have ${formatCents(available)} available, below the ${minimum} minimum for a cash out. The rest of your balance is held for your offers, bids and drawing entries.`,
            ]
          : [`Your balance of ${formatCents(balance)} is below the ${minimum} minimum for a cash out.`],
    };
  }
  // Enough is available, but too little of it has settled yet.
  return {
    kind: 'closed',
    lines: [
      cashable <= 0
        ? 'None of your balance can be cashed out yet.'
        : `You can cash out up to ${formatCents(cashable)} now, below the ${minimum} minimum for a cash out.`,
      settlingReason(state.cashoutSettleDays),
    ],
  };
}

/**
 * The cash-out amount's problem before it is sent (null: none): more than may leave now says how much may, and why
 * when funds are still settling (the server's 402 words, so nothing is sent that it would refuse).
 */
export function cashOutAmountError(cents: number, view: CashOutView): string | null {
  if (view.kind !== 'form' || cents <= view.maxCents) return null;
  const most = formatCents(view.maxCents);
  return view.settling
    ? `You can cash out up to ${most} now. ${view.settling}`
    : `You can cash out up to ${most}`;
}

/** A short token reference for rows without a name: 'NFT #12'. */
export function tokenLabel(tokenId: string): string {
  return `NFT #${tokenId}`;
}

/**
 * An edition's name with its number once: token names usually end with it already ('Hush (Slate) #9'),
 * so '#9' is added only when the name does not end with this edition's number.
 */
export function editionName(name: string, editionNumber: number): string {
  const clean = name.trim();
  const suffix = `#${editionNumber}`;
  if (clean === '') return suffix;
  return new RegExp(`(^|\\s)${suffix}$`).test(clean) ? clean : `${clean} ${suffix}`;
}

/**
 * A primary purchase in Purchases: the work's title with the editions it minted ('Salt Line #22',
 * 'Salt Line #22, #23'), as a Buy Now row names its edition; before they are minted (an open edition), the
 * title and how many were bought ('Salt Line ×2').
 */
export function primaryPurchaseName(title: string, quantity: number, editionNumbers: number[]): string {
  if (editionNumbers.length === 0) return quantity > 1 ? `${title} ×${quantity}` : title;
  const [first, ...rest] = editionNumbers;
  return [editionName(title, first as number), ...rest.map((n) => `#${n}`)].join(', ');
}
