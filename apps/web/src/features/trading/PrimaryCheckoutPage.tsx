import { useQuery } from '@tanstack/react-query';
import { collectionPath, formatCents, isUnlimitedEdition, itemPath } from '@vitrine/domain';
import type { PrimaryNifty } from '@vitrine/domain/trading-responses';
import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../app/api-client';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { ErrorFallback } from '../../ui/ErrorFallback';
import { FormAlert } from '../../ui/FormAlert';
import { Link } from '../../ui/Link';
import { Skeleton } from '../../ui/Skeleton';
import { RequireAuth } from '../auth/RequireAuth';
import { ArtworkMedia } from '../catalog/shared/ArtworkMedia';
import { PageShell as Page, Payment, type TypedQuantity } from './CheckoutPage';
import styles from './CheckoutPage.module.css';
import { parsePiid, purchaseIntentQuery } from './checkout-queries';
import { heldElsewhereText, LIMIT_REACHED, SOLD_OUT } from './quantity-limit';
import { quotesForQuantity } from './quantity-quote';
import { type PurchaseIntent, primaryCheckoutPath, sameToken } from './trading-api';
import { type QuantityDraft, useQuantityDraft } from './useQuantityDraft';

export { LIMIT_REACHED, SOLD_OUT } from './quantity-limit';

/**
 * Checkout of a primary purchase intent (000 §2): /checkout/{contractAddress}/{niftyType}?piid={purchaseIntentId}.
 * The drop's nifty, a quantity stepper within its limits (001 §4 quantity panel), the quote, the payment method
 * and the result. The sale type switch: fcfs today; #15 adds the other drop types.
 */
export function PrimaryCheckoutPage() {
  return (
    <RequireAuth>
      <PrimaryCheckout />
    </RequireAuth>
  );
}

function PrimaryCheckout() {
  const { contractAddress = '', niftyType = '' } = useParams();
  const [search] = useSearchParams();
  return (
    <PrimaryCheckoutView
      contractAddress={contractAddress}
      niftyType={niftyType}
      piid={parsePiid(search.get('piid'))}
      frame="page"
    />
  );
}

/** The checkout in a dialog over the drop page (000 §4: packs open a checkout modal). */
function ModalShell({ children }: { children: ReactNode }) {
  return <div data-testid="checkout-modal-body">{children}</div>;
}

/** A primary intent's checkout: the page's content, or the same in the checkout modal. */
export function PrimaryCheckoutView({
  contractAddress,
  niftyType,
  piid,
  frame,
  onBack,
}: {
  contractAddress: string;
  niftyType: string;
  piid: number | null;
  frame: 'page' | 'modal';
  /** The modal's close: 'Back to the drop' over the drop page would otherwise leave the modal open. */
  onBack?: () => void;
}) {
  const PageShell = frame === 'page' ? Page : ModalShell;
  const { search } = useLocation();
  const query = useQuery({ ...purchaseIntentQuery(piid ?? 0), enabled: piid !== null });
  const back = /^\d{1,9}$/.test(niftyType) ? collectionPath(contractAddress, Number(niftyType)) : '/';

  if (piid === null || (query.isError && isApiError(query.error) && query.error.statusCode === 404)) {
    return (
      <PageShell>
        <FormAlert testId="checkout-not-found">
          This purchase could not be found. Start again from the drop with Buy.
        </FormAlert>
        <ButtonLink to={back} variant="secondary" data-testid="checkout-back" onClick={onBack}>
          Back to the drop
        </ButtonLink>
      </PageShell>
    );
  }
  // Nothing to show yet: its error. A read again that fails (after a payment, on a loaded drop day) keeps
  // what the buyer was shown.
  if (query.isError && query.data === undefined) {
    return (
      <PageShell>
        <ErrorFallback
          title="We couldn't load this checkout."
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          testId="checkout-error"
        />
      </PageShell>
    );
  }
  if (query.data === undefined) {
    return (
      <PageShell>
        <div className={styles.layout} data-testid="checkout-loading">
          <Skeleton variant="rect" className={styles.mediaSkeleton} />
          <Skeleton variant="rect" className={styles.panelSkeleton} />
        </div>
      </PageShell>
    );
  }
  const intent = query.data;
  const nifty = intent.nifty;
  if (!nifty) {
    return (
      <PageShell>
        <FormAlert testId="checkout-not-found">This purchase is not for a drop.</FormAlert>
      </PageShell>
    );
  }
  const urlNamesOwn = sameToken(
    { contractAddress: nifty.contractAddress, id: String(nifty.niftyType) },
    { contractAddress, id: niftyType },
  );
  if (frame === 'page' && !urlNamesOwn) {
    // The page's URL names another nifty than the intent's: its own checkout URL (000 §2, other query
    // parameters kept).
    return (
      <Navigate
        replace
        to={primaryCheckoutPath(nifty.contractAddress, nifty.niftyType, intent.purchaseIntentId, search)}
      />
    );
  }
  const itemPath = collectionPath(nifty.contractAddress, nifty.niftyType);
  // The drop's page (001 §2 /collections/{key}, a drop's collection by its slug): where Buy was chosen.
  const dropPage = `/collections/${encodeURIComponent(nifty.collectionSlug)}`;
  return (
    <PageShell>
      <div className={styles.layout}>
        <section className={styles.summary} aria-label="Item" data-testid="checkout-item">
          <div className={styles.media}>
            <ArtworkMedia
              asset={nifty.asset}
              title={nifty.title}
              sizes="(max-width: 959px) 100vw, 40vw"
              fit="contain"
              priority
            />
          </div>
          <Link to={itemPath} className={styles.itemName} data-testid="checkout-item-name">
            {nifty.title}
          </Link>
          <span className={styles.muted}>
            {nifty.collectionName} · by {nifty.publisher.name}
          </span>
          <span className={styles.muted} data-testid="checkout-unit-price">
            {nifty.unitPriceInCents === 0 ? 'FREE' : `${formatCents(nifty.unitPriceInCents)} each`} ·{' '}
            {nifty.saleType === 'open_edition'
              ? `Open Edition · ${nifty.totalSold} sold`
              : `${nifty.totalSold} / ${nifty.editionSize} sold`}
          </span>
          <EditionNotes nifty={nifty} />
        </section>
        <section className={styles.panel} aria-label="Payment">
          <PrimaryPayment
            intent={intent}
            nifty={nifty}
            dropPage={dropPage}
            frame={frame}
            {...(onBack ? { onBack } : {})}
          />
        </section>
      </div>
    </PageShell>
  );
}

/**
 * The payment panel of a drop's checkout, its quantity above the fees. A quantity typed shows its figures at once
 * (Pay too), and one press of Pay makes it the intent's, then pays exactly what Pay said (UX walkthrough: the first
 * press only applied the quantity); a typed quantity that cannot be bought as it is shows no total and pays nothing.
 */
function PrimaryPayment({
  intent,
  nifty,
  dropPage,
  frame,
  onBack,
}: {
  intent: PurchaseIntent;
  nifty: PrimaryNifty;
  dropPage: string;
  frame: 'page' | 'modal';
  onBack?: () => void;
}) {
  const quantity = useQuantityDraft(intent, nifty);
  const { state } = quantity;
  const typedQuotes = state.kind === 'typed' ? quotesForQuantity(intent, state.quantity) : null;
  const typed: TypedQuantity | null =
    state.kind === 'typed'
      ? typedQuotes
        ? { quantity: state.quantity, quotes: typedQuotes, apply: state.apply }
        : 'unpayable'
      : state.kind === 'unpayable'
        ? 'unpayable'
        : null;
  return (
    <Payment
      intent={intent}
      back={dropPage}
      itemName={nifty.title}
      backLabel="Back to the drop"
      frame={frame}
      {...(onBack ? { onBack } : {})}
      freeLabel={nifty.isFreeRedemption ? 'Redeem' : undefined}
      successText={(paid, { openedPaid }) => {
        // Opened on a purchase paid before: what was bought, not that it is still the viewer's.
        if (paid.deliveryMessage) {
          const n = paid.requestedQuantity;
          const what = n > 1 ? `${n} editions of ${nifty.title}` : nifty.title;
          return (
            <>
              {openedPaid ? `You bought ${what}.` : `${what} ${n > 1 ? 'are' : 'is'} yours.`}{' '}
              <span data-testid="checkout-delivery-message">{paid.deliveryMessage}</span>
            </>
          );
        }
        const minted = paid.mintedTokens;
        const bought = minted.length > 1 ? `${minted.length} editions of ${nifty.title}` : nifty.title;
        const what = openedPaid
          ? `You bought ${bought}`
          : `${bought} ${minted.length > 1 ? 'are' : 'is'} now in your collection`;
        if (minted.length === 0) return `${what}.`;
        // Each edition links to its page (QA 2026-12-07: a pack's buyer was told to open it 'from its page', and
        // given no way there).
        return (
          <>
            {what} (
            {minted.map((t, i) => (
              <span key={t.tokenId}>
                {i > 0 ? ', ' : ''}
                <Link to={itemPath(nifty.contractAddress, t.tokenId)} data-testid="checkout-minted-edition">
                  #{t.editionNumber}
                </Link>
              </span>
            ))}
            ).
            {nifty.saleType === 'pack'
              ? ` Open ${minted.length > 1 ? 'each' : 'it'} from its page to reveal what is inside.`
              : ''}
          </>
        );
      }}
      expiredText={
        holdsEditions(nifty)
          ? 'This purchase has expired: the editions were held for 15 minutes. Go back to the drop and choose Buy again.'
          : `This purchase has expired: a checkout stays open for 15 minutes. Go back to the drop and choose ${nifty.saleType === 'open_edition' ? 'Mint' : 'Buy'} again.`
      }
      // 'Only {n} Remaining!' asks first: Pay waits for the answer.
      disabled={nifty.allowedQuantity < 1 || state.kind === 'asking'}
      typedQuantity={typed}
    >
      <QuantityPanel intent={intent} nifty={nifty} quantity={quantity} />
    </Payment>
  );
}

/** A quantity typed that cannot be bought as it is. */
export function quantityInvalidText(max: number): string {
  return max === 1 ? 'Enter 1: one edition may be bought.' : `Enter a whole number from 1 to ${max}.`;
}

/**
 * Whether the checkout holds its editions for the buyer while it is open: not an open edition's (minted for every
 * buyer, decision 016) nor an unlimited edition's, where nothing can run out (UX walkthrough: 'held for 15
 * minutes' on an unlimited open edition).
 */
function holdsEditions(nifty: PrimaryNifty): boolean {
  return nifty.saleType !== 'open_edition' && !isUnlimitedEdition(nifty.editionSize);
}

/** What differs by drop type (decision 016): open and blind editions, packs, burns. */
function EditionNotes({ nifty }: { nifty: PrimaryNifty }) {
  const notes: string[] = [];
  if (nifty.saleType === 'open_edition')
    notes.push('Open editions are minted after purchasing closes and may take up to 4 hours to appear.');
  if (nifty.saleType === 'blind_edition')
    notes.push('Which artwork each edition is stays hidden until the sale ends.');
  if (nifty.saleType === 'pack')
    notes.push('You get a sealed pack: open it from its page to reveal what is inside.');
  if (nifty.burnRequired) notes.push('Burn Required: redeeming burns one NFT you own of the required kind.');
  if (notes.length === 0) return null;
  return (
    <ul className={styles.muted} data-testid="checkout-edition-notes">
      {notes.map((n) => (
        <li key={n}>{n}</li>
      ))}
    </ul>
  );
}

/**
 * The quantity stepper (001 §5: clamped to 1..max, buttons disabled at the bounds) and its limits explained. No
 * stepper when one is the most that can be bought: nothing to choose (UX walkthrough: both buttons disabled).
 */
function QuantityPanel({
  intent,
  nifty,
  quantity,
}: {
  intent: PurchaseIntent;
  nifty: PrimaryNifty;
  quantity: QuantityDraft;
}) {
  const max = nifty.allowedQuantity;
  const open = intent.paymentState === 'pending' || intent.paymentState === 'requires_action';
  if (!open) return null;
  if (max < 1) {
    return (
      <FormAlert tone="warning" testId="checkout-quantity-closed">
        {nifty.quantityLimit === 'limit_reached'
          ? LIMIT_REACHED
          : nifty.heldElsewhere > 0
            ? // Not sold out: the rest may come back (QA 2026-12-07: 'Sold Out' beside the drop's 'Only 2 Remaining!').
              heldElsewhereText(nifty.heldElsewhere, true)
            : SOLD_OUT}
      </FormAlert>
    );
  }
  const limits = (
    <p className={styles.muted} data-testid="quantity-limits">
      {nifty.quantityLimit === 'remaining'
        ? `Only ${max} Remaining!`
        : nifty.maxPurchaseQuantity === 1
          ? 'One per purchase.'
          : `Up to ${nifty.maxPurchaseQuantity} per purchase.`}
      {nifty.limitPerUser === 1 ? ' One purchase per collector.' : ''}
      {holdsEditions(nifty) ? ' Editions are held for you for 15 minutes.' : ''}
      {nifty.heldElsewhere > 0 && nifty.quantityLimit === 'remaining' ? (
        // Why fewer than the drop's 'Only N Remaining!' (QA 2026-12-07: the stepper went without a word).
        <> {heldElsewhereText(nifty.heldElsewhere, false)}</>
      ) : null}
    </p>
  );
  if (max === 1 && intent.requestedQuantity === 1) return limits;
  const { draft, set, over, busy } = quantity;
  return (
    <fieldset className={styles.methods} disabled={busy} data-testid="checkout-quantity">
      <legend className={styles.legend}>Quantity</legend>
      <div className={styles.stepper}>
        <button
          type="button"
          className={styles.stepperButton}
          aria-label="One fewer"
          disabled={busy || intent.requestedQuantity <= 1}
          onClick={() => set(intent.requestedQuantity - 1)}
          data-testid="quantity-decrease"
        >
          −
        </button>
        <input
          className={styles.stepperInput}
          inputMode="numeric"
          aria-label="Quantity"
          value={draft}
          onChange={(event) => quantity.type(event.target.value)}
          onBlur={quantity.commit}
          onKeyDown={(event) => {
            // Enter applies the quantity (its total is on Pay already) rather than paying from the field.
            if (event.key !== 'Enter') return;
            event.preventDefault();
            quantity.commit();
          }}
          aria-invalid={quantity.state.kind === 'unpayable' ? true : undefined}
          aria-describedby={quantity.state.kind === 'unpayable' ? 'quantity-invalid' : undefined}
          data-testid="quantity-input"
        />
        <button
          type="button"
          className={styles.stepperButton}
          aria-label="One more"
          disabled={busy || intent.requestedQuantity >= max}
          onClick={() => set(intent.requestedQuantity + 1)}
          data-testid="quantity-increase"
        >
          +
        </button>
      </div>
      {quantity.state.kind === 'unpayable' ? (
        // What cannot be bought as typed says so (QA 2026-12-07: '0', '11' or 'abc' showed one edition's figures and
        // no word); no total shows until it can be.
        <p className={styles.fieldError} id="quantity-invalid" role="alert" data-testid="quantity-invalid">
          {quantityInvalidText(max)}
        </p>
      ) : null}
      {limits}
      {over !== null ? (
        <FormAlert
          tone="warning"
          testId="quantity-rest"
          action={
            <span className={styles.restActions}>
              <Button type="button" size="sm" onClick={() => set(max)} data-testid="quantity-rest-confirm">
                {max === 1 ? 'Mint the last one' : `Mint the rest (${max})`}
              </Button>
              <Button
                type="button"
                size="sm"
                variant="secondary"
                onClick={quantity.keep}
                data-testid="quantity-rest-cancel"
              >
                Keep {intent.requestedQuantity}
              </Button>
            </span>
          }
        >
          <strong>Only {max} Remaining!</strong> You asked for {over}.
        </FormAlert>
      ) : null}
      {quantity.error ? <FormAlert testId="quantity-error">{quantity.error.message}</FormAlert> : null}
    </fieldset>
  );
}
