import { formatConvertedPrice, formatOwnPrice, type PriceInput } from '../features/platform/display-price';
import { useDisplayCurrency } from '../features/platform/useDisplayCurrency';
import { useFxRate } from '../features/platform/useFxRate';
import styles from './Price.module.css';
import { Skeleton } from './Skeleton';

export interface PriceProps extends PriceInput {
  className?: string;
}

/**
 * An amount shown in the chosen display currency (USD or ETH). A price listed in another currency is
 * converted with the latest exchange rate (000 §7); until the rate arrives a placeholder shows, and if
 * it cannot be loaded the price stays in its own currency.
 */
export function Price({ amount, currency, convertFromCents, className }: PriceProps) {
  const [displayCurrency] = useDisplayCurrency();
  const rate = useFxRate(currency, displayCurrency);
  const own = formatOwnPrice({ amount, currency, convertFromCents });
  const classes = [styles.price, className].filter(Boolean).join(' ');

  if (currency === displayCurrency) {
    return (
      <span className={classes} data-testid="price">
        {own}
      </span>
    );
  }
  if (rate.isPending) return <Skeleton width="5em" className={className} />;
  const converted = rate.data
    ? formatConvertedPrice({ amount, currency, convertFromCents }, displayCurrency, rate.data)
    : null;
  return (
    <span className={classes} title={converted ? own : undefined} data-testid="price">
      {converted ?? own}
    </span>
  );
}
