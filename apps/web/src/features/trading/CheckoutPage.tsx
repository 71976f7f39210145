import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CARD_DECLINED_MESSAGE,
  formatCents,
  itemPath,
  type PaymentMethod,
  PURCHASE_FAILED_MESSAGE,
  PURCHASES_PATH,
  profileLink,
  SIM_EXTERNAL_TOKENS,
} from '@vitrine/domain';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../app/api-client';
import { useLoggedIn } from '../../app/useLoggedIn';
import { readStorage, writeStorage } from '../../lib/storage';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { Dialog } from '../../ui/Dialog';
import { DocumentTitle } from '../../ui/DocumentTitle';
import { ErrorFallback } from '../../ui/ErrorFallback';
import { FormAlert } from '../../ui/FormAlert';
import { focusFirstInvalid } from '../../ui/focus-first-invalid';
import { Link } from '../../ui/Link';
import { Skeleton } from '../../ui/Skeleton';
import { useSubmitOnce } from '../../ui/useSubmitOnce';
import { useProfile } from '../auth/profile-query';
import { authKeys } from '../auth/query-keys';
import { RequireAuth } from '../auth/RequireAuth';
import { itemQuery } from '../catalog/catalog-queries';
import { catalogKeys } from '../catalog/query-keys';
import { ArtworkMedia } from '../catalog/shared/ArtworkMedia';
import { ListingPrice } from '../catalog/shared/ListingPrice';
import { formatDateTime } from '../catalog/shared/time-format';
import { dashboardKeys } from '../dashboard/dashboard-api';
import { paymentMethodLabel } from '../dashboard/dashboard-format';
import { formatConvertedPrice } from '../platform/display-price';
import { useDisplayCurrency } from '../platform/useDisplayCurrency';
import { useFxRate } from '../platform/useFxRate';
import { useTermsDialog } from '../terms/TermsDialog';
import { isTermsApprovalRequired } from '../terms/terms-api';
import { DECLINED_CARD_ADVICE, STATUS_POLL_MS } from './buy-flow';
import { CardActionDialog } from './CardActionDialog';
import { CardFields } from './CardFields';
import { useCheckoutBusy } from './CheckoutDialog';
import styles from './CheckoutPage.module.css';
import { listingMatchQuery, parsePiid } from './checkout-queries';
import { LISTING_CLOSED_TEXT, listingClosedText } from './listing-closed';
import { editionsPriceText } from './quantity-quote';
import { passCardStep, stripeCards } from './stripe-card';
import {
  type CardInput,
  listingCheckoutPath,
  type PurchaseIntent,
  type Quote,
  sameToken,
  tradingApi,
  tradingKeys,
} from './trading-api';
import { useCardForm } from './useCardForm';

/** A listing's checkout closed, and the item is the viewer's now (another checkout of theirs, or their offer). */
const BOUGHT_ELSEWHERE_TEXT =
  'You own this NFT now: it is in your collection, and its receipt is in Dashboard → Purchases.';
/** After a lost pay answer, how long the page waits for the status it asked for before saying it does not know. */
const CHECK_WAIT_MS = 10_000;
const LOST_UNPAID_TEXT =
  'We could not confirm your payment, and this purchase is not paid yet. Please try again.';
const LOST_UNKNOWN_TEXT =
  'We could not confirm your payment yet. This page keeps checking; look in Dashboard → Purchases before you pay again.';

/** A press of Pay this recent is the one its submit answers (a press dragged off Pay submits nothing). */
const PRESS_MS = 5_000;

/** Said when the total to pay is not the one Pay showed when it was pressed: nothing is charged. */
function totalChangedText(totalInCents: number): string {
  return `Nothing was charged: the total is now ${formatCents(totalInCents)}. Check it, then press Pay.`;
}

type Method = Extract<PaymentMethod, 'stripe_card' | 'balance' | 'stripe_klarna' | 'gemini_balance'>;

/** Checkout of a listing match: /listing-checkout/{contractAddress}/{tokenId}/?piid={listingMatchId} (000 §2). */
export function CheckoutPage() {
  return (
    <RequireAuth>
      <Checkout />
    </RequireAuth>
  );
}

function Checkout() {
  const { contractAddress = '', tokenId = '' } = useParams();
  const [search] = useSearchParams();
  return (
    <ListingCheckout
      contractAddress={contractAddress}
      tokenId={tokenId}
      piid={parsePiid(search.get('piid'))}
      frame="page"
    />
  );
}

export type Frame = 'page' | 'modal';

/**
 * The checkout of one listing match, on its page or inside the checkout modal over the item page (the
 * local-storage test flag, decision 009 "Buy flow").
 */
export function ListingCheckout({
  contractAddress,
  tokenId,
  piid,
  frame,
  onBack,
}: {
  contractAddress: string;
  tokenId: string;
  piid: number | null;
  frame: Frame;
  /** The modal's close: its 'View your NFT' is the item page under it, so a link alone left it open. */
  onBack?: () => void;
}) {
  const signedIn = useLoggedIn();
  const { search } = useLocation();
  const match = useQuery({ ...listingMatchQuery(piid ?? 0), enabled: piid !== null });
  // What the intent buys, whatever token the URL names (a hand-edited URL may name another).
  const own = match.data?.listing ?? { contractAddress, tokenId };
  const item = useQuery(itemQuery(own.contractAddress, own.tokenId, signedIn));
  const profile = useProfile();
  const back = itemPath(own.contractAddress, own.tokenId);
  const Shell = frame === 'page' ? PageShell : ModalShell;

  if (piid === null || (match.isError && isApiError(match.error) && match.error.statusCode === 404)) {
    return (
      <Shell>
        <FormAlert testId="checkout-not-found">
          This purchase could not be found. Start again from the item with Buy Now.
        </FormAlert>
        <BackToItem to={back} onClick={onBack} />
      </Shell>
    );
  }
  // Nothing to show yet: its error. A read again that fails (after a payment) keeps what the buyer was shown.
  if (match.isError && match.data === undefined) {
    return (
      <Shell>
        <ErrorFallback
          title="We couldn't load this checkout."
          message={match.error.message}
          onRetry={() => void match.refetch()}
          retrying={match.isFetching}
          testId="checkout-error"
        />
      </Shell>
    );
  }
  if (match.data === undefined) {
    return (
      <Shell>
        <div className={styles.layout} data-testid="checkout-loading">
          <Skeleton variant="rect" className={styles.mediaSkeleton} />
          <Skeleton variant="rect" className={styles.panelSkeleton} />
        </div>
      </Shell>
    );
  }
  const urlNamesOwn = sameToken(
    { contractAddress: own.contractAddress, id: own.tokenId },
    { contractAddress, id: tokenId },
  );
  if (frame === 'page' && !urlNamesOwn) {
    // The page's URL names another token than the intent's: its own checkout URL (000 §2, other query
    // parameters kept).
    return (
      <Navigate
        replace
        to={listingCheckoutPath(own.contractAddress, own.tokenId, match.data.listingMatchId, search)}
      />
    );
  }
  const intent = match.data.purchaseIntent;
  const token = item.data?.token;
  // The viewer owns it now (bought in another window): a closed checkout says so, not 'sold to another collector'.
  const viewerId = profile.data?.id ?? null;
  const viewerOwns = viewerId !== null && item.data?.owner?.id === viewerId;
  return (
    <Shell>
      <div className={styles.layout}>
        <section className={styles.summary} aria-label="Item" data-testid="checkout-item">
          <div className={styles.media}>
            <ArtworkMedia
              asset={token?.asset ?? null}
              title={token?.name ?? 'NFT'}
              sizes="(max-width: 959px) 100vw, 40vw"
              fit="contain"
              priority
            />
          </div>
          {item.data ? (
            <>
              {/* In the modal the item page is under it: the name closes the modal, like 'View your NFT'. */}
              <Link to={back} className={styles.itemName} data-testid="checkout-item-name" onClick={onBack}>
                {item.data.token.name}
              </Link>
              <span className={styles.muted}>{item.data.collection.name}</span>
              {intent.listing?.listingDiscount ? (
                // The seller's discount the item page showed, said again where the buyer pays (QA 2026-12-07).
                <span data-testid="checkout-discount">
                  <ListingPrice listing={intent.listing} />
                </span>
              ) : null}
            </>
          ) : item.isError ? (
            <Link to={back} onClick={onBack}>
              View the item
            </Link>
          ) : (
            <Skeleton className={styles.textSkeleton} />
          )}
        </section>
        <section className={styles.panel} aria-label="Payment">
          <Payment
            intent={intent}
            back={back}
            tokenId={own.tokenId}
            itemName={item.data?.token.name ?? 'this NFT'}
            viewerOwnsItem={viewerOwns}
            closedText={listingClosedText(
              intent.listing,
              item.data ? { ownerId: item.data.owner?.id ?? null, listing: item.data.listing } : null,
            )}
            frame={frame}
            {...(onBack ? { onBack } : {})}
          />
        </section>
      </div>
    </Shell>
  );
}

export function PageShell({ children }: { children: ReactNode }) {
  return (
    <div className={`page-container ${styles.page}`} data-testid="checkout-page">
      <DocumentTitle title="Checkout · Vitrine" />
      <h1 className={styles.title} data-testid="checkout-heading">
        Checkout
      </h1>
      {children}
    </div>
  );
}

function ModalShell({ children }: { children: ReactNode }) {
  return <div data-testid="checkout-modal-body">{children}</div>;
}

function BackToItem({
  to,
  label = 'Back to the item',
  onClick,
}: {
  to: string;
  label?: string | undefined;
  onClick?: (() => void) | undefined;
}) {
  return (
    <ButtonLink to={to} variant="secondary" data-testid="checkout-back" onClick={onClick}>
      {label}
    </ButtonLink>
  );
}

/** The price line's label: 'Price', with what a price of several editions is made of. */
function PriceLabel({
  priceInCents,
  quantity,
  testId,
}: {
  priceInCents: number;
  quantity: number;
  testId: string;
}) {
  const editions = editionsPriceText(priceInCents, quantity);
  return (
    <dt>
      Price
      {editions ? (
        <>
          {' '}
          <span className={styles.priceDetail} data-testid={testId}>
            {editions}
          </span>
        </>
      ) : null}
    </dt>
  );
}

/**
 * What the buyer pays for a method (000 §9: the gas line only when the rule says so). `quantity`: the editions
 * the price is for (a drop's checkout), said beside it ('3 × $75.00').
 */
export function FeeBreakdown({ quote, quantity = 1 }: { quote: Quote; quantity?: number }) {
  return (
    <>
      <dl className={styles.fees} data-testid="fee-breakdown">
        <div>
          <PriceLabel priceInCents={quote.priceInCents} quantity={quantity} testId="fee-quantity" />
          <dd data-testid="fee-price">{formatCents(quote.priceInCents)}</dd>
        </div>
        {/* The balance (or a free item) pays no card fee: no line, as on the receipt. */}
        {quote.cardFeeInCents > 0 ? (
          <div>
            <dt>Card fee</dt>
            <dd data-testid="fee-service-card">{formatCents(quote.cardFeeInCents)}</dd>
          </div>
        ) : null}
        {quote.showGasFee ? (
          <div>
            <dt>Gas fee</dt>
            <dd data-testid="fee-gas">{formatCents(quote.gasFeeInCents)}</dd>
          </div>
        ) : null}
        <div className={styles.total}>
          <dt>Total</dt>
          <dd data-testid="fee-total">{formatCents(quote.totalInCents)}</dd>
        </div>
      </dl>
      <ChargedInDollars totalInCents={quote.totalInCents} />
    </>
  );
}

/**
 * Prices shown in ETH (the display currency) are charged in dollars: the checkout says so, with the
 * total in ETH at today's rate, so the buyer can tie it to the price on the item page.
 */
function ChargedInDollars({ totalInCents }: { totalInCents: number }) {
  const [displayCurrency] = useDisplayCurrency();
  const rate = useFxRate('USD', displayCurrency);
  if (displayCurrency === 'USD') return null;
  const inEth = rate.data
    ? formatConvertedPrice(
        { amount: totalInCents, currency: 'USD', convertFromCents: true },
        displayCurrency,
        rate.data,
      )
    : null;
  return (
    <p className={styles.muted} data-testid="fee-charged-in-dollars">
      Charged in US dollars{inEth ? `: about ${inEth} at today's rate` : ''}.
    </p>
  );
}

/**
 * What the buyer paid (the checkout's price and fee lines, then the total), how and when: the quote of the
 * method used (the intent's first quote).
 */
function Receipt({ intent }: { intent: PurchaseIntent }) {
  const quote = intent.quotes.find((q) => q.paymentMethod === intent.paymentMethod) ?? intent.quotes[0];
  if (!quote) return null;
  return (
    <dl className={`${styles.fees} ${styles.receipt}`} data-testid="checkout-receipt">
      <div>
        <PriceLabel
          priceInCents={quote.priceInCents}
          quantity={intent.requestedQuantity}
          testId="receipt-quantity"
        />
        <dd data-testid="receipt-price">{formatCents(quote.priceInCents)}</dd>
      </div>
      {/* Paid from the balance (or free): no card, no card fee line. */}
      {quote.cardFeeInCents > 0 ? (
        <div>
          <dt>Card fee</dt>
          <dd data-testid="receipt-service-card">{formatCents(quote.cardFeeInCents)}</dd>
        </div>
      ) : null}
      {quote.showGasFee ? (
        <div>
          <dt>Gas fee</dt>
          <dd data-testid="receipt-gas">{formatCents(quote.gasFeeInCents)}</dd>
        </div>
      ) : null}
      <div>
        <dt>Paid</dt>
        <dd data-testid="receipt-total">{formatCents(quote.totalInCents)}</dd>
      </div>
      <div>
        <dt>Payment</dt>
        <dd data-testid="receipt-method">{paymentMethodLabel(intent.paymentMethod, intent.paymentCard)}</dd>
      </div>
      {intent.paidAt ? (
        <div>
          <dt>Date</dt>
          <dd data-testid="receipt-date">
            {/* The app's date formatter: the dashboard's 'Nov 25, 2026' with the time of day. */}
            <time dateTime={intent.paidAt}>{formatDateTime(intent.paidAt)}</time>
          </dd>
        </div>
      ) : null}
      <div>
        <dt>Order</dt>
        <dd>#{intent.purchaseIntentId}</dd>
      </div>
    </dl>
  );
}

/**
 * The purchases paid in this tab (its session storage: kept across Back and Forward, not shared with other tabs),
 * so a page shown again from the history's cache, whose poll then finds the purchase paid, does not say it was
 * paid in another window (UX review, 2026-12-06).
 */
const PAID_HERE_KEY = 'vitrine:checkout-paid-here';
function paidHereIds(): number[] {
  try {
    const ids: unknown = JSON.parse(readStorage('session', PAID_HERE_KEY) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}
function paidHere(id: number): boolean {
  return paidHereIds().includes(id);
}
/** Storage refused (private mode, full): the note may then read 'in another window'. */
function markPaidHere(id: number): void {
  const ids = [...paidHereIds().filter((x) => x !== id), id].slice(-20);
  writeStorage('session', PAID_HERE_KEY, JSON.stringify(ids));
}

type Outcome =
  | { kind: 'idle' }
  | { kind: 'needs-action' }
  | { kind: 'paid'; elsewhere?: boolean }
  | { kind: 'expired' }
  | {
      kind: 'unavailable';
      message: string;
      ownListing?: boolean;
      /** A listing's checkout the server closed: why is said from the item read again (`closedText`). */
      listingClosed?: boolean;
    };

function outcomeOf(intent: PurchaseIntent): Outcome {
  if (intent.paymentState === 'paid') return { kind: 'paid' };
  if (intent.paymentState === 'requires_action') return { kind: 'needs-action' };
  if (intent.paymentState === 'pending') return { kind: 'idle' };
  if (intent.paymentState === 'expired') return { kind: 'expired' };
  if (intent.paymentState === 'cancelled') {
    // Closed by the server: a listing sold, repriced or withdrawn, or a drop's checkout replaced by a newer one.
    return {
      kind: 'unavailable',
      message:
        intent.saleType === 'listing'
          ? LISTING_CLOSED_TEXT
          : 'This checkout was closed because you opened a newer one for this NFT. Continue in that one, or press Buy again.',
      listingClosed: intent.saleType === 'listing',
    };
  }
  return { kind: 'unavailable', message: 'This purchase can no longer be paid.' };
}

/**
 * A drop's quantity typed and not yet the intent's: the quantity, its figures (`quotes`, shown, Pay's total among
 * them) and `apply`, which makes it the intent's and answers the intent (Pay applies it, then pays what it said).
 * 'unpayable': typed, but not a quantity that can be bought as it is: Pay shows no total and pays nothing.
 */
export type TypedQuantity =
  | { quantity: number; quotes: Quote[]; apply: () => Promise<PurchaseIntent> }
  | 'unpayable';

/** A typed quantity Pay applied was refused (its reason shows at the quantity): nothing was paid. */
class QuantityNotApplied extends Error {}

/**
 * The payment panel of a checkout: fee breakdown, method, card, pay, the card's second step and the
 * result. The primary checkout (PrimaryCheckoutPage) gives its quantity stepper (`children`, shown above
 * the fees), the quantity typed in it (`typedQuantity`) and its own result texts.
 */
export function Payment({
  intent,
  back,
  tokenId = '',
  itemName,
  children,
  successText,
  // Not "the price was held": a listing is not held for a buyer while they pay (another may buy it meanwhile).
  expiredText = 'This checkout has expired: a checkout stays open for 15 minutes. Go back to the item and choose Buy Now again if it is still for sale.',
  backLabel,
  onBack,
  disabled = false,
  freeLabel,
  frame = 'page',
  viewerOwnsItem = false,
  closedText,
  typedQuantity = null,
}: {
  intent: PurchaseIntent;
  back: string;
  /** The token the status poll asks about (a listing's); '' for a primary purchase. */
  tokenId?: string;
  itemName: string;
  children?: ReactNode;
  /** The result's text, from the paid intent (what it minted). */
  successText?: (paid: PurchaseIntent, context: { openedPaid: boolean }) => ReactNode;
  expiredText?: string;
  backLabel?: string;
  /** Also run by the back link (a checkout modal closes: its back may be the page under it). */
  onBack?: () => void;
  disabled?: boolean;
  /** The button of a free item (price 0, paid with no_payment_required): 'Redeem' for a free redemption. */
  freeLabel?: string;
  /** On the checkout page (the default) or in the checkout modal: where the result is scrolled to. */
  frame?: Frame;
  /** A listing's checkout: the viewer owns the item now (read again once the checkout closed). */
  viewerOwnsItem?: boolean;
  /** A listing's checkout: why the server closed it, from the item read again (`listingClosedText`). */
  closedText?: string;
  /** A drop's quantity typed and not yet the intent's (null: none). */
  typedQuantity?: TypedQuantity | null;
}) {
  const queryClient = useQueryClient();
  const signedIn = useLoggedIn();
  const terms = useTermsDialog();
  const profile = useProfile().data;
  const [method, setMethod] = useState<Method>('stripe_card');
  // The card's verification was closed without completing it: said above Pay (nothing was charged).
  const [stepDismissed, setStepDismissed] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // The total Pay said when the pointer pressed it (null: it said none), and when: the submit that follows pays it.
  const pressedTotal = useRef<{ total: number | null; at: number } | null>(null);
  // The method whose second step is open (3-D Secure for a card, Klarna's own step): the dialog speaks of it.
  const [stepMethod, setStepMethod] = useState<PaymentMethod>(intent.paymentMethod);
  const [outcome, setOutcome] = useState<Outcome>(() => outcomeOf(intent));
  const [paidIntent, setPaidIntent] = useState<PurchaseIntent>(intent);
  // Opened on a purchase paid before (its link, a reload): the receipt, without claiming the NFT is still the
  // viewer's (it may have been sold on since).
  const [openedPaid] = useState(() => intent.paymentState === 'paid');

  // 000 §4, §9: while signed in and the intent is open, its status is polled every 5000 ms, so a payment
  // made elsewhere (another tab, the pop-up) or the intent's expiry shows here without a reload.
  const open = outcome.kind === 'idle' || outcome.kind === 'needs-action';
  const status = useQuery({
    queryKey: tradingKeys.intentStatus(intent.purchaseIntentId),
    queryFn: ({ signal }) => tradingApi.intentStatus(intent.purchaseIntentId, tokenId, signal),
    enabled: signedIn && open,
    refetchInterval: signedIn && open ? STATUS_POLL_MS : false,
    refetchIntervalInBackground: true,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const polledState = status.data?.paymentState;
  // Paid as the poll saw it (elsewhere, or an answer lost): the receipt shows the intent read again as paid (its
  // method, fee, total and date), not as this page read it before.
  const paidRead = useQuery({
    queryKey: [...tradingKeys.purchaseIntent(intent.purchaseIntentId), 'paid'],
    queryFn: ({ signal }) => tradingApi.getPurchaseIntent(intent.purchaseIntentId, signal),
    enabled: outcome.kind === 'paid' && paidIntent.paymentState !== 'paid',
    retry: 3,
  });
  const receiptIntent =
    paidIntent.paymentState === 'paid'
      ? paidIntent
      : paidRead.data?.paymentState === 'paid'
        ? paidRead.data
        : null;

  // A quantity typed shows its own figures (and Pay's total) until it is the intent's.
  const typed = typedQuantity === 'unpayable' ? null : typedQuantity;
  const unpayable = typedQuantity === 'unpayable';
  const quotes = typed?.quotes ?? intent.quotes;
  const quoteOf = (m: Method) => quotes.find((q) => q.paymentMethod === m) ?? null;
  const quote = quoteOf(method);
  const balanceQuote = quoteOf('balance');
  // Gemini balance (decision 009): offered once the buyer's Gemini account is connected; connecting is one step.
  const geminiQuoted = quoteOf('gemini_balance') !== null;
  const gemini = useQuery({
    queryKey: tradingKeys.geminiAccount(),
    queryFn: ({ signal }) => tradingApi.geminiAccount(signal),
    enabled: signedIn && geminiQuoted,
  });
  const geminiConnected = gemini.data?.geminiAccount.connected === true;
  const [connectingGemini, setConnectingGemini] = useState(false);
  const connectGemini = useMutation({
    mutationFn: () => tradingApi.connectGemini(),
    onSuccess: (answer) => {
      queryClient.setQueryData(tradingKeys.geminiAccount(), answer);
      setConnectingGemini(false);
      setMethod('gemini_balance');
    },
  });
  // The balance as it is now: read again when the buyer comes back to this tab (funds added or spent in another,
  // QA 2026-12-07: it kept 'not enough' until a reload), and after a payment it did not cover (below, onError).
  useEffect(() => {
    const readAgain = () => {
      if (document.visibilityState === 'visible')
        void queryClient.invalidateQueries({ queryKey: authKeys.profile() });
    };
    window.addEventListener('focus', readAgain);
    document.addEventListener('visibilitychange', readAgain);
    return () => {
      window.removeEventListener('focus', readAgain);
      document.removeEventListener('visibilitychange', readAgain);
    };
  }, [queryClient]);
  const balance = profile?.available_balance_in_cents ?? null;
  const balanceTooLow = balance === null || balanceQuote === null || balance < balanceQuote.totalInCents;
  // The balance chosen, then too low for a new total (a larger quantity): back to the card, saying why, rather than a
  // greyed-out choice still checked and a Pay that could only fail (QA 2026-12-07).
  const [balanceOutgrown, setBalanceOutgrown] = useState(false);
  const outgrown = method === 'balance' && balance !== null && balanceQuote !== null && balanceTooLow;

  const settled = async (answer: PurchaseIntent) => {
    setStepMethod(answer.paymentMethod);
    stepSecret.current = answer.nextAction?.clientSecret ?? null;
    setOutcome(outcomeOf(answer));
    if (answer.paymentState === 'paid') {
      setPaidIntent(answer);
      markPaidHere(answer.purchaseIntentId);
      // The item changed owner and the balance may have moved.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogKeys.items() }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.collections() }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.collectionNifties() }),
        queryClient.invalidateQueries({ queryKey: authKeys.profile() }),
        // Its receipt points to Dashboard → Purchases: a list read before the payment shows it.
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all() }),
        // A drop's checkout shows the nifty's sold count from its intent: read it again.
        queryClient.invalidateQueries({ queryKey: tradingKeys.purchaseIntent(intent.purchaseIntentId) }),
      ]);
    }
  };
  // A payment sent from this page whose answer never came back (the connection dropped: status 0) or broke
  // (5xx): it may have gone through, and the status poll tells. Then it was paid here, not in another window.
  const answerLost = useRef(false);
  /** The give-up of a dismissed card step, while it is on its way (a payment waits for it). */
  const stepCancel = useRef<Promise<unknown> | null>(null);
  // The client secret of the card step the last pay answer opened (Stripe): Stripe.js runs that step with it.
  const stepSecret = useRef<string | null>(null);
  // After a lost answer the page asks the server at once whether the payment went through (not at the next
  // poll): meanwhile it says so, and Pay waits; an error would read as a failed payment that may have succeeded.
  const [checking, setChecking] = useState(false);
  // Whether the status read after a lost answer said, fresh, that the purchase is not paid (else: unknown yet).
  const [confirmedUnpaid, setConfirmedUnpaid] = useState(false);
  /** Sends a payment request, noting whether its answer was lost. */
  const sent = async <T,>(request: () => Promise<T>): Promise<T> => {
    answerLost.current = false;
    const sentAt = Date.now();
    try {
      return await request();
    } catch (error) {
      answerLost.current = isApiError(error) && (error.statusCode === 0 || error.statusCode >= 500);
      if (answerLost.current) checkAfterLoss(sentAt);
      throw error;
    }
  };
  /**
   * Reads the status at once after a lost answer. Paid: the page stays on 'checking' until it shows the payment
   * (the effect below). A fresh read saying pending: not paid. A second step: its dialog. A read that failed,
   * is older than the payment, or takes over CHECK_WAIT_MS: unknown, said so; the poll goes on meanwhile.
   */
  const checkAfterLoss = (sentAt: number) => {
    setChecking(true);
    setConfirmedUnpaid(false);
    const giveUp = window.setTimeout(() => setChecking(false), CHECK_WAIT_MS);
    void status.refetch().then((read) => {
      const fresh = read.isSuccess && read.dataUpdatedAt >= sentAt;
      const state = fresh ? read.data?.paymentState : undefined;
      if (state === 'paid') return;
      window.clearTimeout(giveUp);
      if (state === 'requires_action') setOutcome({ kind: 'needs-action' });
      setConfirmedUnpaid(state === 'pending');
      setChecking(false);
    });
  };
  const onError = (error: Error, retry?: () => void) => {
    if (!isApiError(error)) return;
    if (isTermsApprovalRequired(error) && retry) {
      // 000 §8: tos_approval_required opens the terms dialog; agreeing pays (or claims) again.
      terms.ask(retry);
      return;
    }
    // The Gemini grant expired (or was disconnected elsewhere) since the page read it: connect again.
    if (error.errorType === 'gemini-not-connected')
      void queryClient.invalidateQueries({ queryKey: tradingKeys.geminiAccount() });
    // The balance did not cover it: what it is now shows beside the message (QA 2026-12-07: 'too low' under
    // '$150.00 available', spent meanwhile in another tab).
    if (error.errorType === 'insufficient-funds')
      void queryClient.invalidateQueries({ queryKey: authKeys.profile() });
    // The card's second step is still open (its dialog was dismissed): show it again rather than a
    // dead end, since paying again cannot go through until it is completed.
    // The intent changed since this page read it (another tab): its new figures show, and its message.
    if (error.errorType === 'purchase-intent-changed')
      void queryClient.invalidateQueries({ queryKey: tradingKeys.purchaseIntent(intent.purchaseIntentId) });
    if (error.errorType === 'payment-requires-action') setOutcome({ kind: 'needs-action' });
    else if (error.errorType === 'purchase-intent-closed' && /expired/i.test(error.message))
      setOutcome({ kind: 'expired' });
    else if (
      error.errorType === 'listing-unavailable' ||
      error.errorType === 'price-changed' ||
      error.errorType === 'purchase-intent-closed' ||
      error.errorType === 'own-listing'
    ) {
      // A listing's checkout closed by the server (sold to another, repriced, withdrawn) says why, from the item read
      // again, as the poll's word does a moment later (UX review, 2026-12-06: the answer said only 'no longer').
      const listingClosed =
        (error.errorType === 'purchase-intent-closed' || error.errorType === 'listing-unavailable') &&
        intent.saleType === 'listing';
      setOutcome({
        kind: 'unavailable',
        message: listingClosed ? LISTING_CLOSED_TEXT : error.message,
        ownListing: error.errorType === 'own-listing',
        listingClosed,
      });
      void queryClient.invalidateQueries({ queryKey: catalogKeys.items() });
    }
  };

  // A free item (decision 016: free redemptions) is paid with no_payment_required, without a method.
  const free =
    intent.quotes.length > 0 && intent.quotes.every((q) => q.paymentMethod === 'no_payment_required');
  // A double click pays (or claims) once: the second click sends nothing while the first is in flight.
  const once = useSubmitOnce();
  /** A typed quantity made the intent's before anything is paid (a refusal is said at the quantity). */
  const applyQuantity = async (apply: () => Promise<PurchaseIntent>): Promise<PurchaseIntent> => {
    try {
      return await apply();
    } catch {
      throw new QuantityNotApplied();
    }
  };
  const redeem = useMutation({
    mutationFn: async (apply?: () => Promise<PurchaseIntent>) => {
      answerLost.current = false;
      if (apply) await applyQuantity(apply);
      return sent(() => tradingApi.pay(intent.purchaseIntentId, 'no_payment_required'));
    },
    onSuccess: settled,
    onError: (error, apply) => onError(error, () => redeem.mutate(apply)),
  });
  const pay = useMutation({
    // `total`: the amount on the Pay button when it was pressed; the server charges that or nothing. `shown`: the
    // amount it says now (leaving the quantity field as Pay is pressed may have corrected the quantity). `apply`: a
    // typed quantity to make the intent's first.
    mutationFn: async (input: {
      method: Method;
      card: CardInput | null;
      total: number;
      shown: number;
      apply?: (() => Promise<PurchaseIntent>) | undefined;
    }) => {
      // A step given up just before (Cancel in its dialog) is given up first: paid beside it, the payment would
      // find the old step still waiting and offer it again, which the cancel then drops.
      await stepCancel.current;
      // A card the processor could not tokenise fails before any payment is sent: not a lost answer.
      answerLost.current = false;
      // A step this payment opens is its own: the last one's secret must not run it (its answer may be lost).
      stepSecret.current = null;
      setStepMethod(input.method);
      // Nothing is charged for a total the buyer did not see on Pay: the figures changed under the press, or the
      // quantity's own answer quotes another total than the one typed (the editions' price changed).
      if (input.shown !== input.total) throw new Error(totalChangedText(input.shown));
      if (input.apply) {
        const applied = await applyQuantity(input.apply);
        const now = applied.quotes.find((q) => q.paymentMethod === input.method)?.totalInCents;
        if (now !== undefined && now !== input.total) throw new Error(totalChangedText(now));
      }
      if (input.method === 'balance')
        return sent(() => tradingApi.pay(intent.purchaseIntentId, 'balance', undefined, input.total));
      // Gemini balance: the connected Gemini account pays; the request carries no token.
      if (input.method === 'gemini_balance')
        return sent(() => tradingApi.pay(intent.purchaseIntentId, 'gemini_balance', undefined, input.total));
      // Klarna (simulated, decision 009): its script's token; the buyer then confirms on Klarna's own step.
      if (input.method === 'stripe_klarna')
        return sent(() =>
          tradingApi.pay(
            intent.purchaseIntentId,
            'stripe_klarna',
            SIM_EXTERNAL_TOKENS.klarnaApproves,
            input.total,
          ),
        );
      if (!input.card) throw new Error('Enter your card');
      // The card goes to the processor only; our purchase call carries its token.
      const token = await tradingApi.tokenizeCard(input.card);
      return sent(() => tradingApi.pay(intent.purchaseIntentId, 'stripe_card', token.id, input.total));
    },
    onSuccess: settled,
    onError: (error, input) => onError(error, () => pay.mutate(input)),
  });
  const complete = useMutation({
    mutationFn: async () => {
      answerLost.current = false;
      // With Stripe, the bank's step runs in the browser first (Stripe.js), with the step's client secret: the pay
      // answer's, else a read of the intent now (a reload, a lost answer, a step opened in another window).
      if (stripeCards()) {
        const secret =
          stepSecret.current ??
          (await tradingApi.getPurchaseIntent(intent.purchaseIntentId)).nextAction?.clientSecret;
        await passCardStep(secret);
      }
      return sent(() => tradingApi.completeAction(intent.purchaseIntentId));
    },
    onSuccess: settled,
    onError: (error) => {
      // Whatever came of it, the next try reads the step as it is now.
      stepSecret.current = null;
      onError(error);
      // The step is over and nothing was charged: the bank refused it, or another window changed how to pay.
      // The form comes back with the reason above Pay (in the dialog it would hide behind it).
      if (
        isApiError(error) &&
        (error.errorType === 'card_declined' || error.errorType === 'purchase-intent-changed')
      )
        setOutcome({ kind: 'idle' });
    },
  });
  useEffect(() => {
    if (!outgrown || pay.isPending || paidIntent.paymentState === 'paid') return;
    setMethod('stripe_card');
    setBalanceOutgrown(true);
  }, [outgrown, pay.isPending, paidIntent.paymentState]);
  const shownError = pay.error ?? complete.error;
  // The processor's refusal of the card ('Your card number is invalid.') shows at its field.
  const card = useCardForm(shownError);
  // While a payment is in flight its own answer settles the page; the poll's word waits for it to end, and is
  // read again then (a payment whose answer was lost while the poll said paid shows as paid).
  const paying = pay.isPending || complete.isPending;
  // In the checkout modal: a payment on its way keeps it open until its answer shows. Paid, it closes at once,
  // though the payment's call still waits for the pages behind it to be read again.
  useCheckoutBusy((paying || redeem.isPending || checking) && outcome.kind !== 'paid');
  useEffect(() => {
    if (!open || paying) return;
    if (polledState === 'paid') {
      // Paid in this tab before (Back, then Forward to this page) is not 'in another window'.
      setOutcome({ kind: 'paid', elsewhere: !answerLost.current && !paidHere(intent.purchaseIntentId) });
      setChecking(false);
      void queryClient.invalidateQueries({ queryKey: catalogKeys.items() });
      void queryClient.invalidateQueries({ queryKey: authKeys.profile() });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all() });
      void queryClient.invalidateQueries({ queryKey: tradingKeys.listingMatch(intent.purchaseIntentId) });
    } else if (polledState === 'expired' || polledState === 'cancelled' || polledState === 'refunded') {
      setOutcome(outcomeOf({ ...intent, paymentState: polledState }));
      // Who owns the item now (the viewer, when they bought it in another window).
      void queryClient.invalidateQueries({ queryKey: catalogKeys.items() });
    }
  }, [polledState, open, paying, queryClient, intent]);
  // A payment that failed leaves the keyboard where the problem is: the field it is about, else Pay (UX review,
  // 2026-12-06: Pay and the fields were disabled while it ran, so the focus fell to the page's top). Not a failure of
  // the second step: that shows in its dialog, which keeps the focus (and gives it back to Pay when it closes).
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !paying && pay.isError) {
      const form = formRef.current;
      focusFirstInvalid(form, () => form?.querySelector<HTMLElement>('[data-testid="pay"]'));
    }
    wasBusy.current = paying;
  }, [paying, pay.isError]);
  // The success view replaces a form the buyer may have scrolled down to. On its page, when the result starts
  // in the upper half of the screen from the top (a desktop: beside the artwork), the page goes back to its
  // top, so the 'Checkout' heading shows with it (review 19-checkout-balance-paid.png: the heading was under
  // the sticky bar). Otherwise (a phone: under the artwork; the modal) the result's heading comes into view,
  // below the sticky bar by its scroll margin.
  const resultRef = useRef<HTMLDivElement>(null);
  const paid = outcome.kind === 'paid';
  useEffect(() => {
    const result = resultRef.current;
    if (!paid || !result) return;
    if (frame === 'page') {
      const top = result.getBoundingClientRect().top + window.scrollY;
      if (top < window.innerHeight / 2) {
        window.scrollTo({ top: 0 });
        return;
      }
    }
    result.scrollIntoView({ block: 'start' });
  }, [paid, frame]);

  if (outcome.kind === 'paid') {
    const profileHref = profileLink(profile?.profileUrl)?.href ?? null;
    return (
      <div className={styles.result} ref={resultRef} data-testid="checkout-success">
        <h2 className={styles.resultTitle} data-testid="checkout-result-title">
          {openedPaid
            ? 'Purchase complete'
            : (receiptIntent ?? paidIntent).requestedQuantity > 1
              ? 'You own them!'
              : 'You own it!'}
        </h2>
        <p data-testid="checkout-success-text">
          {successText ? (
            successText(receiptIntent ?? paidIntent, { openedPaid })
          ) : openedPaid ? (
            <>You bought {itemName}.</>
          ) : (
            <>{itemName} is now in your collection.</>
          )}
        </p>
        {/* Until the paid intent is read (a payment made elsewhere), no receipt rather than the unpaid figures. */}
        {receiptIntent ? <Receipt intent={receiptIntent} /> : null}
        {outcome.elsewhere ? (
          <p className={styles.muted} data-testid="checkout-paid-elsewhere">
            This purchase was paid in another window.
          </p>
        ) : null}
        <div className={styles.actions}>
          <ButtonLink to={back} onClick={onBack} data-testid="checkout-view-item">
            {backLabel ?? (openedPaid ? 'View the NFT' : 'View your NFT')}
          </ButtonLink>
          {profileHref ? (
            <ButtonLink to={profileHref} variant="secondary" data-testid="checkout-view-profile">
              Go to your profile
            </ButtonLink>
          ) : null}
        </div>
        <p className={styles.muted}>
          Your receipt is in <Link to={PURCHASES_PATH}>Dashboard → Purchases</Link> and on its way to your
          email.
        </p>
      </div>
    );
  }
  if (outcome.kind === 'expired' || outcome.kind === 'unavailable') {
    // A listing's checkout closed, and the item is the viewer's now: bought in another window (not their own
    // listing, which they always owned).
    // An old checkout link, expired, for an item the viewer has bought since: not 'choose Buy Now again'.
    const boughtElsewhere =
      !(outcome.kind === 'unavailable' && outcome.ownListing) &&
      viewerOwnsItem &&
      intent.saleType === 'listing';
    return (
      <div className={styles.result} data-testid="checkout-closed">
        {boughtElsewhere ? (
          <FormAlert tone="info" testId="checkout-closed-message">
            {BOUGHT_ELSEWHERE_TEXT}
          </FormAlert>
        ) : (
          <FormAlert tone="warning" testId="checkout-closed-message">
            {outcome.kind === 'expired'
              ? expiredText
              : outcome.listingClosed && closedText
                ? closedText
                : outcome.message}
          </FormAlert>
        )}
        <BackToItem to={back} label={boughtElsewhere ? 'View your NFT' : backLabel} onClick={onBack} />
      </div>
    );
  }

  if (free) {
    const failure =
      redeem.error && !isTermsApprovalRequired(redeem.error) && !(redeem.error instanceof QuantityNotApplied)
        ? redeem.error
        : null;
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          // A quantity that cannot be claimed as typed: corrected as the field is left, nothing claimed.
          if (unpayable) return;
          once.send(redeem, typed?.apply);
        }}
        noValidate
        data-testid="checkout-form"
      >
        {children}
        <p className={styles.muted} data-testid="checkout-free">
          FREE: no payment is needed.
        </p>
        {failure ? <FormAlert testId="checkout-pay-error">{failure.message}</FormAlert> : null}
        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={redeem.isPending}
          disabled={redeem.isPending || disabled}
          data-testid="pay"
        >
          {freeLabel ?? 'Claim'}
        </Button>
        {terms.dialog}
      </form>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A new payment: the last second step's failure is history (its dialog may open again for this one).
    complete.reset();
    setStepDismissed(false);
    // What Pay said when it was pressed: the press comes before leaving the quantity field, which may correct a
    // typed quantity (and its total) under it. From the keyboard, what it says now.
    const pressed = pressedTotal.current;
    pressedTotal.current = null;
    const shown = unpayable ? null : (quote?.totalInCents ?? null);
    const total = pressed !== null && performance.now() - pressed.at < PRESS_MS ? pressed.total : shown;
    // Pay said no total (a quantity that cannot be bought as typed, corrected as the field is left): nothing to pay.
    if (total === null || shown === null) return;
    const apply = typed?.apply;
    if (method === 'balance' || method === 'stripe_klarna' || method === 'gemini_balance') {
      once.send(pay, { method, card: null, total, shown, apply });
      return;
    }
    const read = card.check();
    if (!read) {
      focusFirstInvalid(formRef.current);
      return;
    }
    card.sending();
    once.send(pay, { method, card: read, total, shown, apply });
  };
  // Another way to pay: the last payment's refusal (a declined card) no longer applies above its Pay button.
  const choose = (next: Method) => {
    setMethod(next);
    setBalanceOutgrown(false);
    pay.reset();
    complete.reset();
    setStepDismissed(false);
  };
  const busy = pay.isPending || complete.isPending || checking;
  // Pay's total: none while the typed quantity cannot be bought as it is.
  const shownTotal = quote && !unpayable ? quote.totalInCents : null;
  // The second step's own failure (not finished yet, a lost answer) shows in its dialog, over the form.
  const stepError = complete.error && !isTermsApprovalRequired(complete.error) ? complete.error : null;
  // The terms dialog answers tos_approval_required, and a refused card shows at its fields: neither is shown
  // above the form.
  // A typed quantity refused on the way to paying says why at the quantity.
  const error =
    isTermsApprovalRequired(shownError) || card.atFields || shownError instanceof QuantityNotApplied
      ? null
      : shownError;
  const declined = isApiError(error) && error.errorType === 'card_declined';
  // A payment sent whose answer was lost (the connection dropped, a server error): what the status read since
  // said. An error before anything was sent (the card's tokenisation) is shown as it is.
  const lost = error !== null && answerLost.current;

  return (
    <form ref={formRef} onSubmit={submit} noValidate data-testid="checkout-form">
      {/* What the buyer chose (a drop's quantity) stays as it is while it is being paid for (UX review, 2026-12-06:
          a quantity changed mid-payment failed the payment). */}
      <fieldset className={styles.bare} disabled={busy}>
        {children}
      </fieldset>
      {/* No figures for a quantity that cannot be bought as typed: the last ones were for another quantity. */}
      {quote && !unpayable ? (
        <FeeBreakdown quote={quote} quantity={typed?.quantity ?? intent.requestedQuantity} />
      ) : null}
      <fieldset className={styles.methods} disabled={busy}>
        <legend className={styles.legend}>Payment method</legend>
        <label className={styles.method}>
          <input
            type="radio"
            name="method"
            value="stripe_card"
            checked={method === 'stripe_card'}
            onChange={() => choose('stripe_card')}
            data-testid="method-card"
          />
          Credit or debit card
        </label>
        <label className={styles.method}>
          <input
            type="radio"
            name="method"
            value="balance"
            checked={method === 'balance'}
            disabled={balanceTooLow}
            onChange={() => choose('balance')}
            data-testid="method-balance"
          />
          {/* One run of text: on a phone it wraps as a sentence, not as two cramped columns. */}
          <span>
            Account balance
            <span className={styles.muted} data-testid="checkout-balance">
              {/* Greyed out: say why. */}
              {balance === null
                ? ''
                : ` (${formatCents(balance)} available${balanceTooLow ? ', not enough for this' : ''})`}
            </span>
          </span>
        </label>
        {balanceOutgrown && method === 'stripe_card' ? (
          <p className={styles.muted} role="status" data-testid="balance-outgrown">
            Your balance does not cover this total: pay by card, or choose fewer editions.
          </p>
        ) : null}
        {quoteOf('stripe_klarna') ? (
          <label className={styles.method}>
            <input
              type="radio"
              name="method"
              value="stripe_klarna"
              checked={method === 'stripe_klarna'}
              onChange={() => choose('stripe_klarna')}
              data-testid="method-klarna"
            />
            <span>
              Klarna
              <span className={styles.muted}> (buy now, pay later; you confirm with Klarna)</span>
            </span>
          </label>
        ) : null}
        {geminiQuoted ? (
          <>
            <label className={styles.method}>
              <input
                type="radio"
                name="method"
                value="gemini_balance"
                checked={method === 'gemini_balance'}
                disabled={!geminiConnected}
                onChange={() => choose('gemini_balance')}
                data-testid="method-gemini"
              />
              <span>
                Gemini balance
                <span className={styles.muted} data-testid="gemini-state">
                  {gemini.isPending && signedIn
                    ? ''
                    : geminiConnected
                      ? ' (your Gemini account is connected)'
                      : ' (connect your Gemini account to pay from it)'}
                </span>
              </span>
            </label>
            {/* Connecting is offered whenever the account is not known to be connected (its read failing too). */}
            {signedIn && !gemini.isPending && !geminiConnected ? (
              <Button
                type="button"
                variant="secondary"
                size="sm"
                className={styles.connect}
                onClick={() => setConnectingGemini(true)}
                data-testid="connect-gemini"
              >
                Connect Gemini
              </Button>
            ) : null}
          </>
        ) : null}
      </fieldset>
      {method === 'stripe_card' ? (
        <CardFields
          value={card.value}
          onChange={card.change}
          disabled={busy}
          testId="card-form"
          errors={card.errors}
        />
      ) : null}
      {checking ? (
        <FormAlert tone="info" testId="checkout-checking">
          We did not hear back about your payment. Checking whether it went through…
        </FormAlert>
      ) : error ? (
        <FormAlert testId="checkout-pay-error">
          {lost ? (
            confirmedUnpaid ? (
              LOST_UNPAID_TEXT
            ) : (
              LOST_UNKNOWN_TEXT
            )
          ) : declined ? (
            // 000 §8's text, and what went wrong: the buyer tries another card, not the same one again.
            // A refusal by Klarna or Gemini is no declined card (the API answers each card_declined).
            <>
              {PURCHASE_FAILED_MESSAGE} {stepMethod === 'stripe_card' ? `${CARD_DECLINED_MESSAGE} ` : ''}
              {DECLINED_CARD_ADVICE}
            </>
          ) : (
            error.message
          )}
        </FormAlert>
      ) : stepDismissed ? (
        <FormAlert tone="info" testId="checkout-step-dismissed">
          {stepMethod === 'stripe_klarna'
            ? 'Nothing was charged: the payment was not confirmed with Klarna. Press Pay to confirm it, or choose another way to pay.'
            : // The page reloaded while the step was open: the card is not typed any more, and Pay sends the card typed
              // (QA 2026-12-07: 'Press Pay to verify again' led to 'Enter the card number').
              card.value.number.trim() === ''
              ? 'Nothing was charged: the card verification was not completed. Enter your card again and press Pay, or use another card.'
              : 'Nothing was charged: the card verification was not completed. Press Pay to verify again, or use another card.'}
        </FormAlert>
      ) : null}
      <Button
        type="submit"
        size="lg"
        fullWidth
        loading={busy}
        disabled={busy || disabled || !quote}
        data-testid="pay"
        data-total={shownTotal ?? undefined}
        onPointerDown={(event) => {
          const said = event.currentTarget.dataset.total;
          pressedTotal.current = { total: said === undefined ? null : Number(said), at: performance.now() };
        }}
      >
        {shownTotal === null ? 'Pay' : `Pay ${formatCents(shownTotal)}`}
      </Button>
      <p className={styles.muted} data-testid="checkout-held-until">
        {/* Not "this price is held": a listing's seller may still reprice (the checkout then closes). */}
        This checkout is open until{' '}
        {new Date(intent.expiresAt).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })}.
      </p>
      <CardActionDialog
        open={outcome.kind === 'needs-action'}
        onClose={() => {
          // Escape or Cancel while Complete is on its way (known from the click on): its answer decides.
          if (once.busy()) return;
          setOutcome({ kind: 'idle' });
          setStepDismissed(true);
          // The step is given up at the API too: a listing it held is free for other buyers at once (QA 2026-12-07:
          // on hold for up to 15 minutes for nobody). Completed at the bank meanwhile, the status read after says
          // paid and the page shows it. A call that fails leaves the hold to the intent's time, as before.
          stepCancel.current = tradingApi
            .cancelAction(intent.purchaseIntentId)
            .then(() => status.refetch())
            .catch(() => undefined);
        }}
        // Pay was busy when the step opened (it had the focus): the keyboard's place is Pay again.
        returnFocus={() => formRef.current?.querySelector<HTMLElement>('[data-testid="pay"]')}
        loading={complete.isPending}
        error={stepError ? (answerLost.current ? LOST_UNKNOWN_TEXT : stepError.message) : null}
        onConfirm={() => once.send(complete, undefined)}
        finish="finish your purchase"
        provider={stepMethod === 'stripe_klarna' ? 'klarna' : 'card'}
        testId="card-action-dialog"
      />
      <Dialog
        open={connectingGemini}
        onClose={() => setConnectingGemini(false)}
        title="Connect Gemini"
        loading={connectGemini.isPending}
        onConfirm={() => connectGemini.mutate()}
        confirmLabel="Allow"
        testId="gemini-connect-dialog"
      >
        <p>
          Gemini asks you to allow Vitrine to read your Gemini balance and to pay from it when you choose to.
          You can disconnect at any time.
        </p>
        {connectGemini.error ? (
          <FormAlert testId="gemini-connect-error">{connectGemini.error.message}</FormAlert>
        ) : null}
      </Dialog>
      {terms.dialog}
    </form>
  );
}
