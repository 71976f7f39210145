import { createContext, type ReactNode, Suspense, useContext, useEffect, useState } from 'react';
import { Dialog } from '../../ui/Dialog';
import { Skeleton } from '../../ui/Skeleton';
import styles from './BuyNowButton.module.css';

/** Set by the checkout inside the dialog: a payment is on its way (null outside a checkout dialog). */
const CheckoutBusyContext = createContext<((busy: boolean) => void) | null>(null);

/**
 * Tells the checkout dialog around this view (if any) that a payment is on its way: until it is answered, the
 * dialog ignores its backdrop, Escape and its close button (000 §4), so the buyer sees the result.
 */
export function useCheckoutBusy(busy: boolean): void {
  const report = useContext(CheckoutBusyContext);
  useEffect(() => {
    if (!report) return;
    report(busy);
    return () => report(false);
  }, [report, busy]);
}

/**
 * The checkout in a dialog over the page it was opened from (a listing's Buy Now, a pack's Buy): open while
 * there is a purchase intent; its view (a lazy chunk) shows a skeleton while its code loads. While a payment is
 * on its way it stays open: closed, the buyer would not learn whether it went through, and might buy again.
 */
export function CheckoutDialog({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Checkout"
      width={960}
      actions={null}
      loading={busy}
      dismissible={!busy}
      testId="checkout-modal"
    >
      {open ? (
        <CheckoutBusyContext.Provider value={setBusy}>
          <Suspense fallback={<Skeleton variant="rect" className={styles.modalSkeleton} />}>
            {children}
          </Suspense>
        </CheckoutBusyContext.Provider>
      ) : null}
    </Dialog>
  );
}
