import {
  clearAllFilters,
  clearFilter,
  type ExploreState,
  filterCentsToPriceInput,
  filterChips,
} from '@vitrine/domain';
import { useDisplayCurrency } from '../../platform/useDisplayCurrency';
import { useFxRate } from '../../platform/useFxRate';
import styles from './ActiveFilterChips.module.css';
import { hasActiveFilters, resultsText } from './explore-filters-active';

export interface ActiveFilterChipsProps {
  state: ExploreState;
  /** Null while the first answer loads. */
  count: number | null;
  /** Gets how to change the latest state. */
  onChange: (change: (latest: ExploreState) => ExploreState) => void;
}

/**
 * Active-filter chips (001 §2): the results count, a chip per filter (token id, New Floor Price, Trending,
 * '<= N Editions', mass range, price range) that clears it, and Clear All. Clearing resets the page (§4).
 */
export function ActiveFilterChips({ state, count, onChange }: ActiveFilterChipsProps) {
  const [currency] = useDisplayCurrency();
  const ethToUsd = useFxRate('ETH', 'USD');
  const usdToEth = useFxRate('USD', 'ETH');
  // A range typed in ETH reads in ETH, as typed; the USD presets keep their dollars.
  const typedRange = state.price.min !== null || state.price.max !== null;
  const inEth = currency === 'ETH' && typedRange && usdToEth.data !== undefined;
  const chips = filterChips(
    state,
    inEth
      ? {
          formatPrice: (cents) =>
            filterCentsToPriceInput(cents, 'ETH', usdToEth.data ?? null, ethToUsd.data ?? null),
        }
      : {},
  );
  return (
    <div className={styles.bar} data-testid="active-filters">
      <p className={styles.count} aria-live="polite" data-testid="results-count">
        {count === null ? '\u00a0' : resultsText(count)}
      </p>
      {chips.length > 0 ? (
        <ul className={styles.chips} aria-label="Active filters">
          {chips.map((chip) => (
            <li key={chip.key}>
              <button
                type="button"
                className={styles.chip}
                onClick={() => onChange((latest) => clearFilter(latest, chip.key))}
                aria-label={`Remove filter ${chip.label}`}
                data-testid="filter-chip"
                data-chip={chip.key}
              >
                <span>{chip.label}</span>
                <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true">
                  <path
                    d="M6 6l12 12M18 6L6 18"
                    stroke="currentColor"
                    strokeWidth="2.6"
                    strokeLinecap="round"
                  />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {hasActiveFilters(state) ? (
        <button
          type="button"
          className={styles.clearAll}
          onClick={() => onChange(clearAllFilters)}
          data-testid="clear-all"
        >
          Clear All
        </button>
      ) : null}
    </div>
  );
}
