import { PRICE_FILTER_LABELS, PRICE_FILTERS, type PriceFilter, selectedPricePreset } from '@vitrine/domain';
import { useId } from 'react';
import styles from './PricePresetFilter.module.css';
import { PriceRangeFilter } from './PriceRangeFilter';

export interface PricePresetFilterProps {
  /** The applied preset (001 §3 "Price filters"); null = any. */
  preset: PriceFilter | null;
  /** The applied custom bounds in USD cents. */
  min: number | null;
  max: number | null;
  onPreset: (preset: PriceFilter | null) => void;
  onApplyCustom: (min: number | null, max: number | null) => void;
  autoApply?: boolean;
}

/**
 * Price filter with radio options (001 §3: any, under_10, 10_to_100, 100_to_1000, 1000_to_10000,
 * over_10000, custom). A preset applies at once; Custom opens the min/max range, which then needs both
 * bounds before Apply is enabled (001 §5).
 */
export function PricePresetFilter({
  preset,
  min,
  max,
  onPreset,
  onApplyCustom,
  autoApply = false,
}: PricePresetFilterProps) {
  const name = useId();
  const selected = selectedPricePreset({ priceFilter: preset, price: { min, max } });
  return (
    <div className={styles.wrap} data-testid="price-preset-filter">
      <fieldset className={styles.group}>
        <legend className="visually-hidden">Price</legend>
        {PRICE_FILTERS.map((option) => (
          <label key={option} className={styles.option}>
            <input
              type="radio"
              name={name}
              checked={selected === option}
              onChange={() => onPreset(option === 'any' ? null : option)}
              data-testid={`price-preset-${option}`}
            />
            <span>{PRICE_FILTER_LABELS[option]}</span>
          </label>
        ))}
      </fieldset>
      {selected === 'custom' ? (
        <PriceRangeFilter min={min} max={max} onApply={onApplyCustom} autoApply={autoApply} requireBoth />
      ) : null}
    </div>
  );
}
