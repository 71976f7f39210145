import { useQuery } from '@tanstack/react-query';
import { formatCents } from '@vitrine/domain';
import { Dialog } from '../../ui/Dialog';
import { ErrorFallback } from '../../ui/ErrorFallback';
import { Skeleton } from '../../ui/Skeleton';
import styles from './SaleFeesDialog.module.css';
import { tradingApi, tradingKeys } from './trading-api';

/**
 * The seller's fee-breakdown dialog (000 §2; a bottom sheet under 600 px, as every Dialog): what a sale at
 * this price pays out, from POST /user/sale-proceeds-amount/, the figures the ledger credits (decision 009).
 */
export function SaleFeesDialog({
  contractAddress,
  tokenId,
  priceInCents,
  onClose,
}: {
  contractAddress: string;
  tokenId: string;
  priceInCents: number;
  onClose: () => void;
}) {
  const proceeds = useQuery({
    queryKey: tradingKeys.saleProceeds(contractAddress, tokenId, priceInCents),
    queryFn: () => tradingApi.saleProceeds(contractAddress, tokenId, priceInCents),
  });
  const info = proceeds.data?.saleProceedsInfo;
  return (
    <Dialog open onClose={onClose} title="Fee breakdown" hideCancel confirmLabel="Okay" testId="fee-dialog">
      {proceeds.isError ? (
        <ErrorFallback
          title="We couldn't work out the fees."
          message={proceeds.error.message}
          onRetry={() => void proceeds.refetch()}
          retrying={proceeds.isFetching}
        />
      ) : (
        <dl className={styles.fees} aria-busy={proceeds.isPending || undefined}>
          <div>
            <dt>Sale price</dt>
            <dd data-testid="sale-fee-price">{formatCents(priceInCents)}</dd>
          </div>
          <div>
            <dt>Service and card fee</dt>
            <dd data-testid="sale-fee-service">
              {info ? `−${formatCents(info.nifty_fee_in_cents)}` : <Skeleton width={56} />}
            </dd>
          </div>
          <div>
            <dt>Creator fee</dt>
            <dd data-testid="sale-fee-creator">
              {info ? `−${formatCents(info.creator_fee_in_cents)}` : <Skeleton width={56} />}
            </dd>
          </div>
          <div className={styles.total}>
            <dt>Seller receives</dt>
            <dd data-testid="sale-fee-proceeds">
              {info ? formatCents(info.total_amount_seller_would_receive) : <Skeleton width={64} />}
            </dd>
          </div>
        </dl>
      )}
      <p className={styles.note}>
        Buyers paying by card pay the card fee on top of the price; it does not change what you receive.
      </p>
    </Dialog>
  );
}
