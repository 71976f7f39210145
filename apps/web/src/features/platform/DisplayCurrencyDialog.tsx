import { DISPLAY_CURRENCIES, type DisplayCurrency } from '@vitrine/domain';
import { useEffect, useState } from 'react';
import { Dialog } from '../../ui/Dialog';
import styles from './DisplayCurrencyDialog.module.css';
import { useDisplayCurrency } from './useDisplayCurrency';

/** Exact text of the display currency dialog (001 §2). */
export const DISPLAY_CURRENCY_TEXT =
  'This currency conversion will be used if an NFT is listed for sale in another currency.';

const NAMES: Record<DisplayCurrency, string> = { USD: 'US Dollar', ETH: 'Ether' };

export interface DisplayCurrencyDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Choose USD or ETH (radio) and Save (000 §2, 001 §2); the choice is stored locally. */
export function DisplayCurrencyDialog({ open, onClose }: DisplayCurrencyDialogProps) {
  const [current, setCurrent] = useDisplayCurrency();
  const [selected, setSelected] = useState<DisplayCurrency>(current);

  useEffect(() => {
    if (open) setSelected(current);
  }, [open, current]);

  const save = () => {
    setCurrent(selected);
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Display Currency"
      confirmLabel="Save"
      onConfirm={save}
      testId="display-currency-dialog"
    >
      <p className={styles.text}>{DISPLAY_CURRENCY_TEXT}</p>
      <fieldset className={styles.options}>
        <legend className="visually-hidden">Display currency</legend>
        {DISPLAY_CURRENCIES.map((currency) => (
          <label key={currency} className={styles.option}>
            <input
              type="radio"
              name="display-currency"
              value={currency}
              checked={selected === currency}
              onChange={() => setSelected(currency)}
              data-autofocus={selected === currency ? true : undefined}
            />
            <span className={styles.code}>{currency}</span>
            <span className={styles.name}>{NAMES[currency]}</span>
          </label>
        ))}
      </fieldset>
    </Dialog>
  );
}
