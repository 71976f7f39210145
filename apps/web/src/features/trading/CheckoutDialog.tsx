import { type ReactNode, Suspense } from 'react';
import { Dialog } from '../../ui/Dialog';
import { Skeleton } from '../../ui/Skeleton';
import styles from './BuyNowButton.module.css';

/**
 * The checkout in a dialog over the page it was opened from (a listing's Buy Now, a pack's Buy): open while
 * there is a purchase intent; its view (a lazy chunk) shows a skeleton while its code loads.
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
  return (
    <Dialog open={open} onClose={onClose} title="Checkout" width={960} actions={null} testId="checkout-modal">
      {open ? <Suspense fallback={<Skeleton className={styles.modalSkeleton} />}>{children}</Suspense> : null}
    </Dialog>
  );
}
