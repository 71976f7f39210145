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
  const appliedKey = `${min}|${max}|${currency}|${rateReady}`;
  const lastKey = useRef(appliedKey);
  const timer = useRef<number | undefined>(undefined);

  // The applied range changed elsewhere (a chip, Clear All, the currency): show it.
  useEffect(() => {
    if (lastKey.current === appliedKey) return;
    lastKey.current = appliedKey;
    setMinText(filterCentsToPriceInput(min, currency, usdToEth.data ?? null, ethToUsd.data ?? null));
    setMaxText(filterCentsToPriceInput(max, currency, usdToEth.data ?? null, ethToUsd.data ?? null));
  }, [appliedKey, min, max, currency, usdToEth.data, ethToUsd.data]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const valid = (text: string) => text.trim() === '' || priceInputToMinorUnits(text, currency) !== null;
  const canApply =
    rateReady && canApplyRange(minText, maxText, requireBoth) && valid(minText) && valid(maxText);

  const apply = (nextMin = minText, nextMax = maxText) => {
    const ratio = ethToUsd.data ?? null;
    onApply(
      priceInputToFilterCents(nextMin, currency, ratio),
      priceInputToFilterCents(nextMax, currency, ratio),
    );
  };

  const change = (which: 'min' | 'max', text: string) => {
    const nextMin = which === 'min' ? text : minText;
    const nextMax = which === 'max' ? text : maxText;
    if (which === 'min') setMinText(text);
    else setMaxText(text);
    if (!autoApply) return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      // Both bounds cleared applies too (the filter goes off); otherwise the Apply rule holds.
      const cleared = nextMin.trim() === '' && nextMax.trim() === '';
      const ready = cleared || canApplyRange(nextMin, nextMax, requireBoth);
      if (rateReady && ready && valid(nextMin) && valid(nextMax)) apply(nextMin, nextMax);
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
