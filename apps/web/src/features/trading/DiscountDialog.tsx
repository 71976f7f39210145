import { useMutation } from '@tanstack/react-query';
import {
  convertMinorUnits,
  formatListingUnits,
  fromMinorUnits,
  MAX_TRADE_CENTS,
  readDiscount,
} from '@vitrine/domain';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../app/api-client';
import { Dialog } from '../../ui/Dialog';
import { FormAlert } from '../../ui/FormAlert';
import { focusFirstInvalid } from '../../ui/focus-first-invalid';
import { TextField } from '../../ui/TextField';
import { useRequestInFlight } from '../../ui/useRequestInFlight';
import { useSubmitOnce } from '../../ui/useSubmitOnce';
import type { Price as Amount } from '../catalog/catalog-types';
import { useFxRate } from '../platform/useFxRate';
import { isStaleListingError, useRefreshItems } from './ListingControls';
import styles from './ListingControls.module.css';
import { SaleProceedsBreakdown } from './SaleFeesDialog';
import { type ListingCurrency, type ListingPrice, tradingApi } from './trading-api';

/** What the discount dialog needs of a listing: its id, list price and discount. */
export interface DiscountedListing {
  id: number;
  baseListingPrice: Amount;
  listingDiscount: Amount | null;
}

/**
 * The seller's discount off a listing (000 §3 listingDiscount; the dashboard's Active Discounts): an amount off
 * the list price, in the listing's currency, that leaves at least the lowest price. Buyers pay what it leaves;
 * a checkout opened at the old price is asked to review the new one. "Remove discount" puts the list price back.
 */
export function DiscountDialog({
  listing,
  token,
  onClose,
  returnFocus,
}: {
  listing: DiscountedListing;
  /** The listed token: with it, the dialog shows what the seller receives at the price the discount leaves. */
  token?: { contractAddress: string; tokenId: string };
  onClose: () => void;
  /** Where focus goes on close if the control that opened it is gone (Dialog's `returnFocus`). */
  returnFocus?: () => HTMLElement | null | undefined;
}) {
  const currency: ListingCurrency = listing.baseListingPrice.currency === 'ETH' ? 'ETH' : 'USD';
  const listUnits = BigInt(listing.baseListingPrice.amount);
  const current = listing.listingDiscount;
  const [amount, setAmount] = useState(() => (current ? fromMinorUnits(current.amount, currency) : ''));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const refresh = useRefreshItems();
  const once = useSubmitOnce();
  const [sending, track] = useRequestInFlight();
  const typed = readDiscount(amount, currency, listUnits);
  // A discount is a reprice: what the seller receives at the price it leaves, by the same fee function as the
  // price dialog's breakdown (an ETH price at today's rate, an estimate). Read once typing pauses.
  const ethToUsd = useFxRate(currency, 'USD');
  const paidCents = (() => {
    if (!('units' in typed)) return null;
    const paid = listUnits - typed.units;
    if (currency === 'USD') return Number(paid);
    if (!ethToUsd.data) return null;
    const cents = Number(convertMinorUnits(paid, 'ETH', 'USD', ethToUsd.data));
    return Number.isSafeInteger(cents) && cents > 0 && cents <= MAX_TRADE_CENTS ? cents : null;
  })();
  const [feesFor, setFeesFor] = useState<number | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setFeesFor(paidCents), 300);
    return () => clearTimeout(timer);
  }, [paidCents]);
  const mutation = useMutation({
    mutationFn: (discount: ListingPrice | null) => track(tradingApi.setListingDiscount(listing.id, discount)),
    onSuccess: async () => {
      await refresh();
      onClose();
    },
    // The API's word on the amount goes below the field, not 'Invalid request'.
    onError: (error) => {
      if (isStaleListingError(error)) void refresh();
      else if (isApiError(error) && error.fields?.discount) setFieldError(error.fields.discount);
    },
  });
  // More than half off, asked about once: the next press of that amount saves it (QA 2026-12-07: 82 meant as 8.20
  // saved $82.00 off $83.00 in one press, and anyone could buy it for $1.00).
  const [asked, setAsked] = useState<bigint | null>(null);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setFieldError('error' in typed ? typed.error : null);
    if ('error' in typed) {
      focusFirstInvalid(formRef.current);
      return;
    }
    if (typed.units * 2n > listUnits && asked !== typed.units) {
      setAsked(typed.units);
      return;
    }
    once.send(mutation, { amount: typed.amount, currency });
  };
  const label = (units: bigint) => formatListingUnits(units, currency);
  return (
    <Dialog
      open
      onClose={onClose}
      title={current ? 'Edit discount' : 'Set a discount'}
      loading={mutation.isPending}
      dismissible={!sending}
      returnFocus={returnFocus}
      onConfirm={() => submit()}
      confirmLabel="Save discount"
      testId="discount-dialog"
    >
      <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
        {mutation.isError && !(isApiError(mutation.error) && mutation.error.fields?.discount) ? (
          <FormAlert testId="discount-error">{mutation.error.message}</FormAlert>
        ) : null}
        <p className={styles.summary} data-testid="discount-list-price">
          List price: <strong>{label(listUnits)}</strong>
        </p>
        <TextField
          name="discount"
          label={`Discount (${currency})`}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            if (fieldError !== null) {
              const read = readDiscount(event.target.value, currency, listUnits);
              setFieldError('error' in read ? read.error : null);
            }
          }}
          error={fieldError}
          autoFocus
        />
        <p className={styles.summary} aria-live="polite" data-testid="discount-buyers-pay">
          {'units' in typed ? (
            <>
              Buyers pay <strong>{label(listUnits - typed.units)}</strong>
            </>
          ) : (
            'Buyers pay the list price less your discount.'
          )}
        </p>
        {asked !== null && 'units' in typed && typed.units === asked ? (
          <FormAlert tone="warning" testId="discount-large-question">
            That is {Number((typed.units * 100n + listUnits - 1n) / listUnits)}% off: buyers pay{' '}
            {label(listUnits - typed.units)}. If that is what you meant, press Save discount again.
          </FormAlert>
        ) : null}
        {token && feesFor !== null && feesFor === paidCents ? (
          <div data-testid="discount-proceeds">
            {currency === 'ETH' ? (
              <p className={styles.note}>
                An estimate at today's ETH rate: the fees are worked out in USD at the rate when it sells.
              </p>
            ) : null}
            <SaleProceedsBreakdown
              contractAddress={token.contractAddress}
              tokenId={token.tokenId}
              priceInCents={feesFor}
              priceLabel="Buyers pay"
              testIdPrefix="discount-fee"
            />
          </div>
        ) : null}
        <p className={styles.note}>
          A checkout already open for this NFT is closed before its buyer can pay, and they buy again at the
          new price. Changing the list price later keeps the discount.
        </p>
        {current ? (
          <button
            type="button"
            className={styles.linkButton}
            disabled={sending}
            onClick={() => once.send(mutation, null)}
            data-testid="remove-discount"
          >
            Remove discount
          </button>
        ) : null}
      </form>
    </Dialog>
  );
}
