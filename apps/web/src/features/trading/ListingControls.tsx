import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  amountText,
  convertMinorUnits,
  discountProblem,
  discountRoomMessage,
  formatListingUnits,
  fromMinorUnits,
  MAX_TRADE_CENTS,
  PRICE_TOO_HIGH_MESSAGE,
} from '@vitrine/domain';
import { type FormEvent, useContext, useRef, useState } from 'react';
import { isApiError } from '../../app/api-client';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FormAlert } from '../../ui/FormAlert';
import { focusFirstInvalid } from '../../ui/focus-first-invalid';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { useRefocusWhenReplaced } from '../../ui/useRefocusWhenReplaced';
import { useRequestInFlight } from '../../ui/useRequestInFlight';
import { useSubmitOnce } from '../../ui/useSubmitOnce';
import { AuthModalContext } from '../auth/auth-modal-context';
import { isUnauthorized } from '../auth/authed-request';
import type { Listing as CatalogListing } from '../catalog/catalog-types';
import { catalogKeys } from '../catalog/query-keys';
import { dashboardKeys } from '../dashboard/dashboard-api';
import { formatConvertedPrice } from '../platform/display-price';
import { useFxRate } from '../platform/useFxRate';
import { useTermsDialog } from '../terms/TermsDialog';
import { isTermsApprovalRequired } from '../terms/terms-api';
import { DiscountDialog } from './DiscountDialog';
import styles from './ListingControls.module.css';
import { readListingPrice } from './listing-price';
import { SaleFeesDialog } from './SaleFeesDialog';
import { type ListingCurrency, type ListingPrice, tradingApi } from './trading-api';

/**
 * The owner's controls on the item page (issue #14): "List for sale" when the token is not listed,
 * "Edit price" and "Cancel listing" when it is. The item's data is refreshed after each change.
 */
export function ListingControls({
  contractAddress,
  tokenId,
  listing,
}: {
  contractAddress: string;
  tokenId: string;
  listing: CatalogListing | null;
}) {
  const [dialog, setDialog] = useState<'price' | 'discount' | 'cancel' | null>(null);
  // After a change the button pressed is gone (listed: 'Edit price' replaces 'List for sale'): focus goes to the
  // first of the controls that replaced it.
  const controls = useRef<HTMLSpanElement>(null);
  const firstControl = () => controls.current?.querySelector('button');
  useRefocusWhenReplaced(listing?.id ?? null, firstControl);
  return (
    <span ref={controls} className={styles.controls}>
      {listing ? (
        <>
          <Button variant="secondary" size="lg" onClick={() => setDialog('price')} data-testid="edit-price">
            Edit price
          </Button>
          <Button
            variant="secondary"
            size="lg"
            onClick={() => setDialog('discount')}
            data-testid="edit-discount"
          >
            {listing.listingDiscount ? 'Edit discount' : 'Set discount'}
          </Button>
          <Button
            variant="secondary"
            size="lg"
            onClick={() => setDialog('cancel')}
            data-testid="cancel-listing"
          >
            Cancel listing
          </Button>
        </>
      ) : (
        <Button size="lg" onClick={() => setDialog('price')} data-testid="list-for-sale">
          List for sale
        </Button>
      )}
      {dialog === 'price' ? (
        <PriceDialog
          contractAddress={contractAddress}
          tokenId={tokenId}
          listing={listing}
          onClose={() => setDialog(null)}
          returnFocus={firstControl}
        />
      ) : null}
      {dialog === 'discount' && listing ? (
        <DiscountDialog
          listing={listing}
          token={{ contractAddress, tokenId }}
          onClose={() => setDialog(null)}
          returnFocus={firstControl}
        />
      ) : null}
      {dialog === 'cancel' && listing ? (
        <CancelDialog listingId={listing.id} onClose={() => setDialog(null)} returnFocus={firstControl} />
      ) : null}
    </span>
  );
}

/** What the price dialog needs of a current listing (the item's listing, or a collection table row's). */
export type CurrentListing = Pick<CatalogListing, 'id' | 'baseListingPrice' | 'listingDiscount'>;

/** After a listing changes: the item pages, the collection tables and the dashboard's lists. */
export function useRefreshItems() {
  const queryClient = useQueryClient();
  return () => {
    // The dashboard refreshes in the background. The dialog waits for what is on screen behind it (only what is
    // shown is read again): the item, or the collection table whose row opened it, which otherwise still offered
    // the old action for a moment (pressed, a second create or cancel the server refused).
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all() });
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: catalogKeys.collectionTokensAll() }),
      queryClient.invalidateQueries({ queryKey: catalogKeys.items() }),
    ]);
  };
}

/**
 * A listing write refused because the listing changed meanwhile (409: sold, cancelled, changed elsewhere): what
 * the page shows is stale, so the item and the tables are read again (a sold item then shows its new owner).
 */
export function isStaleListingError(error: unknown): boolean {
  return isApiError(error) && (error.statusCode === 409 || error.errorType === 'listing-unavailable');
}

/** A listing's price as the price field reads it: '125', '125.50' (never '125.5') in dollars; ETH as it is. */
function priceText(price: { amount: string; currency: string }): string {
  if (price.currency !== 'USD') return fromMinorUnits(price.amount, price.currency === 'ETH' ? 'ETH' : 'USD');
  const cents = Number(price.amount);
  return cents % 100 === 0 ? fromMinorUnits(cents, 'USD') : amountText(cents);
}

/**
 * The list (or edit price) dialog, used by the item page and the collection table's "List for sale"; its
 * "Fee breakdown" opens the seller's fee dialog for a USD price.
 */
export function PriceDialog({
  contractAddress,
  tokenId,
  listing,
  onClose,
  returnFocus,
}: {
  contractAddress: string;
  tokenId: string;
  listing: CurrentListing | null;
  onClose: () => void;
  /** Where focus goes on close if the control that opened it is gone (Dialog's `returnFocus`). */
  returnFocus?: () => HTMLElement | null | undefined;
}) {
  const [feesFor, setFeesFor] = useState<number | null>(null);
  const refresh = useRefreshItems();
  const authModal = useContext(AuthModalContext);
  const current = listing?.baseListingPrice;
  const [amount, setAmount] = useState(() => (current ? priceText(current) : ''));
  const [currency, setCurrency] = useState<ListingCurrency>(current?.currency === 'ETH' ? 'ETH' : 'USD');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // A number typed is a price in its currency only: switching the currency never keeps it under the other (2 ETH,
  // thousands of dollars, would become a $2 listing). What was typed in each currency comes back with it; a
  // currency with nothing typed yet starts empty, focused, with a note saying why.
  const typedIn = useRef<Record<ListingCurrency, string>>({ USD: '', ETH: '' });
  const [currencyNote, setCurrencyNote] = useState<string | null>(null);
  const switchCurrency = (next: ListingCurrency) => {
    if (next === currency) return;
    typedIn.current[currency] = amount;
    const restored = typedIn.current[next];
    setCurrency(next);
    setAmount(restored);
    setFieldError(null);
    setCurrencyNote(
      restored === '' && amount.trim() !== ''
        ? `Prices don't carry over between currencies: enter the price in ${next}.`
        : null,
    );
    formRef.current?.querySelector<HTMLInputElement>('input[name="price"]')?.focus();
  };
  // An ETH price in dollars at today's rate (000 §7 rates), so the seller sees what it is worth.
  const ethToUsd = useFxRate('ETH', 'USD');
  // A discount the listing has stays with a new price in its currency (buyers pay the price less it); another
  // currency drops it. A price with no room for it is refused here as the API would.
  const discount = listing?.listingDiscount ?? null;
  const keptDiscount = discount && discount.currency === currency ? BigInt(discount.amount) : null;
  const readWithRoom = (text: string, cur: ListingCurrency) => {
    const read = readListingPrice(text, cur);
    const kept = discount && discount.currency === cur ? BigInt(discount.amount) : null;
    return 'units' in read && kept !== null && discountProblem(read.units, kept, cur)
      ? { error: discountRoomMessage(kept, cur) }
      : read;
  };
  const problemOf = (text: string, cur: ListingCurrency) => {
    const read = readWithRoom(text, cur);
    return 'error' in read ? read.error : null;
  };
  const typed = readWithRoom(amount, currency);
  // What buyers would pay, in the currency's minor unit: the price less a discount that stays.
  const paidUnits = 'units' in typed ? typed.units - (keptDiscount ?? 0n) : null;
  const ethInUsd =
    currency === 'ETH' && ethToUsd.data && paidUnits !== null
      ? formatConvertedPrice(
          { amount: fromMinorUnits(paidUnits, 'ETH'), currency: 'ETH' },
          'USD',
          ethToUsd.data,
        )
      : null;
  // The same in cents, for an estimated fee breakdown (the terms say the fees are shown before listing).
  const ethInCents = (() => {
    if (currency !== 'ETH' || !ethToUsd.data || paidUnits === null) return null;
    const cents = Number(convertMinorUnits(paidUnits, 'ETH', 'USD', ethToUsd.data));
    return Number.isSafeInteger(cents) && cents > 0 ? cents : null;
  })();
  // An ETH list price worth more than the highest price at today's rate: the API refuses it (Save says so, and the
  // fee endpoint would answer 'Invalid request'), so its fee breakdown says what Save says instead.
  const ethListTooHigh =
    currency === 'ETH' &&
    ethToUsd.data !== undefined &&
    'units' in typed &&
    convertMinorUnits(typed.units, 'ETH', 'USD', ethToUsd.data) > BigInt(MAX_TRADE_CENTS);
  // Above the highest price (an ETH one at today's rate): refused if sent.
  const listOverLimit =
    'units' in typed && (currency === 'USD' ? typed.units > BigInt(MAX_TRADE_CENTS) : ethListTooHigh);
  const [estimated, setEstimated] = useState(false);
  const terms = useTermsDialog();
  // A double click lists once: the second click sends nothing while the first is in flight.
  const once = useSubmitOnce();
  const [sending, track] = useRequestInFlight();
  const mutation = useMutation({
    mutationFn: (price: ListingPrice) =>
      track(
        listing
          ? tradingApi.repriceListing(listing.id, price)
          : tradingApi.createListing(contractAddress, tokenId, price),
      ),
    onSuccess: async () => {
      await refresh();
      onClose();
    },
    // 000 §8: tos_approval_required opens the terms dialog; agreeing lists again.
    onError: (error, price) => {
      if (isTermsApprovalRequired(error)) terms.ask(() => mutation.mutate(price));
      // The session ended (its refresh refused): the auth modal, as Buy Now does on 401 (000 §8); nothing was listed.
      else if (isUnauthorized(error)) {
        onClose();
        authModal?.open();
      } else if (isStaleListingError(error)) void refresh();
      // The API's word on the price ('The price is too high: at most …') goes below the field, not 'Invalid request'.
      else if (isApiError(error) && error.fields?.price) setFieldError(error.fields.price);
    },
  });
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    // The price as the API reads it: '1,250.50' is sent as '1250.5'.
    // Above the highest price: refused here, as the API would (review 2026-12-07).
    setFieldError('error' in typed ? typed.error : listOverLimit ? PRICE_TOO_HIGH_MESSAGE : null);
    if ('error' in typed || listOverLimit) {
      focusFirstInvalid(formRef.current);
      return;
    }
    once.send(mutation, { amount: typed.amount, currency });
  };
  return (
    <>
      <Dialog
        open
        onClose={onClose}
        title={listing ? 'Edit price' : 'List for sale'}
        loading={mutation.isPending}
        // While the price is on its way it stays (its answer shows here); answered, it may be left while the
        // pages behind it are read again.
        dismissible={!sending}
        returnFocus={returnFocus}
        onConfirm={() => submit()}
        confirmLabel={listing ? 'Save price' : 'List for sale'}
        testId="listing-dialog"
      >
        <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
          {terms.dialog}
          {mutation.isError &&
          !isTermsApprovalRequired(mutation.error) &&
          !(isApiError(mutation.error) && mutation.error.fields?.price) ? (
            <FormAlert testId="listing-error">{mutation.error.message}</FormAlert>
          ) : null}
          {/* The currency first: a price typed is read in it (switching it afterwards clears the price). */}
          <SelectField
            name="currency"
            label="Currency"
            value={currency}
            onChange={(event) => switchCurrency(event.target.value === 'ETH' ? 'ETH' : 'USD')}
          >
            <option value="USD">USD</option>
            <option value="ETH">ETH</option>
          </SelectField>
          <TextField
            name="price"
            label="Price"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
              setCurrencyNote(null);
              // An error shown goes as soon as the price is right (and says what is wrong meanwhile).
              if (fieldError !== null) setFieldError(problemOf(event.target.value, currency));
            }}
            error={fieldError}
            autoFocus
          />
          {currencyNote ? (
            <p className={styles.note} aria-live="polite" data-testid="price-currency-note">
              {currencyNote}
            </p>
          ) : null}
          {/* What buyers pay in the chosen currency, always in sight before a save (a discount that stays: its note says it). */}
          {/* A price above the highest is not quoted: it would be refused (QA 2026-12-07: 'Buyers pay $99,999,999,999.00'
              beside the refusal). Said here as it is typed, unless the field says it already. */}
          {keptDiscount === null && paidUnits !== null && !listOverLimit ? (
            <p className={styles.summary} aria-live="polite" data-testid="price-buyers-pay">
              Buyers pay <strong>{formatListingUnits(paidUnits, currency)}</strong>
            </p>
          ) : null}
          {listOverLimit && fieldError !== PRICE_TOO_HIGH_MESSAGE ? (
            <p className={styles.note} aria-live="polite" data-testid="price-too-high">
              {PRICE_TOO_HIGH_MESSAGE}
            </p>
          ) : null}
          {discount ? (
            <p className={styles.note} aria-live="polite" data-testid="price-discount-note">
              {keptDiscount === null
                ? `A new currency removes your discount of ${formatListingUnits(BigInt(discount.amount), discount.currency === 'ETH' ? 'ETH' : 'USD')}.`
                : paidUnits !== null && !listOverLimit
                  ? `Your discount of ${formatListingUnits(keptDiscount, currency)} stays: buyers pay ${formatListingUnits(paidUnits, currency)}.`
                  : `Your discount of ${formatListingUnits(keptDiscount, currency)} stays: buyers pay the price less it.`}
            </p>
          ) : null}
          {currency === 'USD' ? (
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => {
                // The fees of what buyers pay: the price less a discount that stays. The list price itself is
                // bounded too (the API refuses one above the highest price, whatever the discount).
                const cents = paidUnits !== null && !listOverLimit ? Number(paidUnits) : null;
                setFieldError(
                  'error' in typed ? typed.error : cents === null ? PRICE_TOO_HIGH_MESSAGE : null,
                );
                setFeesFor(cents);
              }}
              data-testid="show-fees"
            >
              Fee breakdown
            </button>
          ) : (
            <>
              <p className={styles.note} data-testid="eth-price-note">
                {ethInUsd ? `About ${ethInUsd} at today's rate. ` : null}
                Fees are worked out in USD at the rate when it sells.
              </p>
              {ethInCents !== null ? (
                <button
                  type="button"
                  className={styles.linkButton}
                  onClick={() => {
                    const tooHigh = listOverLimit || ethInCents > MAX_TRADE_CENTS;
                    setFieldError(tooHigh ? PRICE_TOO_HIGH_MESSAGE : null);
                    if (tooHigh) {
                      focusFirstInvalid(formRef.current);
                      return;
                    }
                    setEstimated(true);
                    setFeesFor(ethInCents);
                  }}
                  data-testid="show-fees"
                >
                  Fee breakdown at today's rate
                </button>
              ) : null}
            </>
          )}
        </form>
      </Dialog>
      {feesFor !== null ? (
        <SaleFeesDialog
          contractAddress={contractAddress}
          tokenId={tokenId}
          priceInCents={feesFor}
          estimate={estimated}
          onClose={() => {
            setFeesFor(null);
            setEstimated(false);
          }}
        />
      ) : null}
    </>
  );
}

export function CancelDialog({
  listingId,
  onClose,
  returnFocus,
}: {
  listingId: number;
  onClose: () => void;
  /** Where focus goes on close if the control that opened it is gone (Dialog's `returnFocus`). */
  returnFocus?: () => HTMLElement | null | undefined;
}) {
  const refresh = useRefreshItems();
  const authModal = useContext(AuthModalContext);
  const once = useSubmitOnce();
  const [sending, track] = useRequestInFlight();
  const mutation = useMutation({
    mutationFn: () => track(tradingApi.cancelListing(listingId)),
    onSuccess: async () => {
      await refresh();
      onClose();
    },
    onError: (error) => {
      if (isStaleListingError(error)) void refresh();
      else if (isUnauthorized(error)) {
        onClose();
        authModal?.open();
      }
    },
  });
  return (
    <Dialog
      open
      onClose={onClose}
      title="Cancel listing"
      loading={mutation.isPending}
      // While the cancel is on its way 'Keep listing' cannot be pressed (the listing would be cancelled anyway,
      // unseen); answered, the dialog may be left while the pages behind it are read again.
      dismissible={!sending}
      returnFocus={returnFocus}
      onConfirm={() => once.send(mutation, undefined)}
      confirmLabel="Cancel listing"
      cancelLabel="Keep listing"
      testId="cancel-listing-dialog"
    >
      {mutation.isError ? <FormAlert testId="listing-error">{mutation.error.message}</FormAlert> : null}
      <p>The NFT will no longer be for sale. You can list it again at any time.</p>
    </Dialog>
  );
}
