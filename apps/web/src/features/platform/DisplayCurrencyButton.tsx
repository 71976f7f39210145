import { useState } from 'react';
import { DisplayCurrencyDialog } from './DisplayCurrencyDialog';
import { useDisplayCurrency } from './useDisplayCurrency';

export interface DisplayCurrencyButtonProps {
  className?: string;
}

/** Shows the display currency (USD/ETH) and opens the display currency dialog. */
export function DisplayCurrencyButton({ className }: DisplayCurrencyButtonProps) {
  const [currency] = useDisplayCurrency();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={`Display currency: ${currency}`}
        data-testid="display-currency-button"
      >
        {currency}
      </button>
      <DisplayCurrencyDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
