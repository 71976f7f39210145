import { formatCents } from '@vitrine/domain';
import { formatConvertedPrice } from '../../platform/display-price';
import { useDisplayCurrency } from '../../platform/useDisplayCurrency';
import { useFxRate } from '../../platform/useFxRate';

/** Formats USD cents as text in the display currency (for places a <Price> cannot go, such as SVG). */
export function useCentsText(): (cents: number) => string {
  const [currency] = useDisplayCurrency();
  const rate = useFxRate('USD', currency);
  return (cents: number) => {
    if (currency === 'USD' || !rate.data) return formatCents(cents);
    return (
      formatConvertedPrice({ amount: cents, currency: 'USD', convertFromCents: true }, currency, rate.data) ??
      formatCents(cents)
    );
  };
}
