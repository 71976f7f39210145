import {
  ETH_INPUT_SUFFIX,
  formatPriceInput,
  type PriceInputCurrency,
  typedPriceInput,
  USD_INPUT_PREFIX,
} from '@vitrine/domain';
import { useLayoutEffect, useRef } from 'react';
import styles from '../shared/RangeInputs.module.css';

export interface PriceInputProps {
  value: string;
  onChange: (value: string) => void;
  currency: PriceInputCurrency;
  label: string;
  placeholder?: string;
  testId?: string;
}

/**
 * A price field (001 §5): no negatives, thousand separators; USD with a $ prefix and 2 fixed decimals on
 * blur; ETH with an ' ETH' suffix and unrestricted decimals. The caret stays between prefix and suffix.
 */
export function PriceInput({ value, onChange, currency, label, placeholder, testId }: PriceInputProps) {
  const ref = useRef<HTMLInputElement>(null);

  useLayoutEffect(() => {
    const input = ref.current;
    if (!input || document.activeElement !== input || value === '') return;
    const min = currency === 'USD' ? USD_INPUT_PREFIX.length : 0;
    const max = currency === 'ETH' ? value.length - ETH_INPUT_SUFFIX.length : value.length;
    const start = input.selectionStart ?? max;
    const end = input.selectionEnd ?? max;
    if (start < min || end > max)
      input.setSelectionRange(Math.max(min, Math.min(start, max)), Math.max(min, Math.min(end, max)));
  }, [value, currency]);

  return (
    <input
      ref={ref}
      className={styles.input}
      inputMode="decimal"
      autoComplete="off"
      aria-label={label}
      placeholder={placeholder ?? (currency === 'USD' ? '$0.00' : `0${ETH_INPUT_SUFFIX}`)}
      value={value}
      onChange={(event) => onChange(typedPriceInput(event.target.value, currency))}
      onBlur={() => onChange(formatPriceInput(value, currency))}
      data-testid={testId}
    />
  );
}
