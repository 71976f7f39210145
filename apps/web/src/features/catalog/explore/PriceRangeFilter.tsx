import {
  canApplyRange,
  FILTER_DEBOUNCE_MS,
  filterCentsToPriceInput,
  type PriceInputCurrency,
  priceInputToFilterCents,
  priceInputToMinorUnits,
} from '@vitrine/domain';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../ui/Button';
import { useDisplayCurrency } from '../../platform/useDisplayCurrency';
import { useFxRate } from '../../platform/useFxRate';
import styles from '../shared/RangeInputs.module.css';
import { PriceInput } from './PriceInput';

export interface PriceRangeFilterProps {
  /** The applied bounds in USD cents. */
  min: number | null;
  max: number | null;
  onApply: (min: number | null, max: number | null) => void;
  /** On mobile the range applies itself 500 ms after typing stops (001 §2). */
  autoApply?: boolean;
  /** Beside preset radio options a custom range needs both bounds (001 §5). */
  requireBoth?: boolean;
}

/**
 * Price range (001 §2, §5) typed in the display currency: USD ($, 2 decimals) or ETH (' ETH'). Apply is
 * enabled when at least one bound is set, or both when `requireBoth` (radio presets beside it); the API
 * gets USD cents (ETH converted with the latest rate).
 */
export function PriceRangeFilter({
  min,
  max,
  onApply,
  autoApply = false,
  requireBoth = false,
}: PriceRangeFilterProps) {
  const [displayCurrency] = useDisplayCurrency();
  const currency: PriceInputCurrency = displayCurrency;
  const ethToUsd = useFxRate('ETH', 'USD');
  const usdToEth = useFxRate('USD', 'ETH');
  const rateReady = currency === 'USD' || (ethToUsd.data !== undefined && usdToEth.data !== undefined);
  const shown = (cents: number | null) =>
    filterCentsToPriceInput(cents, currency, usdToEth.data ?? null, ethToUsd.data ?? null);

  const [minText, setMinText] = useState(() => shown(min));
  const [maxText, setMaxText] = useState(() => shown(max));
  const appliedKey = `${min}|${max}|${currency}`;
  const lastKey = useRef(appliedKey);
  const lastRateReady = useRef(rateReady);
  const lastCurrency = useRef(currency);
  // The person typed since the range was last shown: their text stays until the applied range changes.
  const edited = useRef(false);
  // A typed range the sheet could not apply yet (no ETH rate): it applies when the rate arrives.
  const waiting = useRef<[string, string] | null>(null);
  const timer = useRef<number | undefined>(undefined);
  // The debounce timer reads the rate as it is when it fires, not as it was at the keystroke.
  const latest = useRef({ rateReady, ethToUsd: ethToUsd.data ?? null });
  latest.current = { rateReady, ethToUsd: ethToUsd.data ?? null };

  useEffect(() => {
    const rangeChanged = lastKey.current !== appliedKey;
    const rateArrived = rateReady && !lastRateReady.current;
    lastKey.current = appliedKey;
    lastRateReady.current = rateReady;
    const currencyChanged = lastCurrency.current !== currency;
    lastCurrency.current = currency;
    if (!rangeChanged && !rateArrived) return;
    const ratio = ethToUsd.data ?? null;
    const cents = (text: string) => priceInputToFilterCents(text, currency, ratio);
    const reads = (text: string, bound: number | null) =>
      bound === null ? text.trim() === '' : cents(text) === bound;
    const show = () => {
      edited.current = false;
      setMinText(filterCentsToPriceInput(min, currency, usdToEth.data ?? null, ratio));
      setMaxText(filterCentsToPriceInput(max, currency, usdToEth.data ?? null, ratio));
    };
    const pending = waiting.current;
    waiting.current = null;
    if (rangeChanged) {
      // The applied range changed elsewhere (a chip, Clear All, the currency): show it. A range applied
      // from these fields already reads as typed, so the typed text stays.
      if (currencyChanged || !reads(minText, min) || !reads(maxText, max)) show();
    } else if (pending) {
      // The sheet's range typed before the ETH rate came: apply it now.
      onApply(cents(pending[0]), cents(pending[1]));
    } else if (!edited.current) {
      // The ETH rate came after the page: the applied range can be shown in ETH now, unless the person typed.
      show();
    }
  }, [appliedKey, rateReady, min, max, currency, minText, maxText, usdToEth.data, ethToUsd.data, onApply]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const valid = (text: string) => text.trim() === '' || priceInputToMinorUnits(text, currency) !== null;
  const canApply =
    rateReady && canApplyRange(minText, maxText, requireBoth) && valid(minText) && valid(maxText);

  function apply(nextMin = minText, nextMax = maxText) {
    const ratio = latest.current.ethToUsd;
    onApply(
      priceInputToFilterCents(nextMin, currency, ratio),
      priceInputToFilterCents(nextMax, currency, ratio),
    );
  }

  const change = (which: 'min' | 'max', text: string) => {
    const nextMin = which === 'min' ? text : minText;
    const nextMax = which === 'max' ? text : maxText;
    edited.current = true;
    if (which === 'min') setMinText(text);
    else setMaxText(text);
    if (!autoApply) return;
    window.clearTimeout(timer.current);
    waiting.current = null;
    timer.current = window.setTimeout(() => {
      // Both bounds cleared applies too (the filter goes off); otherwise the Apply rule holds.
      const cleared = nextMin.trim() === '' && nextMax.trim() === '';
      const ready = cleared || canApplyRange(nextMin, nextMax, requireBoth);
      if (!ready || !valid(nextMin) || !valid(nextMax)) return;
      if (latest.current.rateReady) apply(nextMin, nextMax);
      else waiting.current = [nextMin, nextMax];
    }, FILTER_DEBOUNCE_MS);
  };

  return (
    <form
      className={styles.range}
      onSubmit={(event) => {
        event.preventDefault();
        if (canApply) apply();
      }}
      data-testid="price-range-filter"
    >
      <div className={styles.fields}>
        <PriceInput
          value={minText}
          onChange={(text) => change('min', text)}
          currency={currency}
          label="Minimum price"
          testId="price-min"
        />
        <span className={styles.to}>to</span>
        <PriceInput
          value={maxText}
          onChange={(text) => change('max', text)}
          currency={currency}
          label="Maximum price"
          testId="price-max"
        />
      </div>
      {currency === 'ETH' ? (
        <p className={styles.note}>ETH bounds are converted to USD at the latest rate.</p>
      ) : null}
      {autoApply ? null : (
        <div className={styles.actions}>
          <Button type="submit" variant="secondary" size="sm" disabled={!canApply} data-testid="price-apply">
            Apply
          </Button>
        </div>
      )}
    </form>
  );
}
