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
  estimate = false,
  onClose,
}: {
  contractAddress: string;
  tokenId: string;
  priceInCents: number;
  /** An ETH price at today's rate: the figures are an estimate (worked out again when it sells). */
  estimate?: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open onClose={onClose} title="Fee breakdown" hideCancel confirmLabel="Okay" testId="fee-dialog">
      {estimate ? (
        <p className={styles.note} data-testid="fee-estimate-note">
          An estimate at today's ETH rate: the fees are worked out in USD at the rate when it sells.
        </p>
      ) : null}
      <SaleProceedsBreakdown
        contractAddress={contractAddress}
        tokenId={tokenId}
        priceInCents={priceInCents}
      />
      <p className={styles.note}>
        The service and card fee is the platform's share of the sale. A buyer paying by card also pays a card
        surcharge on top of the price, which is not taken from what you receive.
      </p>
    </Dialog>
  );
}

/**
 * What a sale of this token at this price pays the seller, line by line: the one fee function's figures
 * (POST /user/sale-proceeds-amount/), for the listing's fee dialog and the accept-offer dialog alike.
 */
export function SaleProceedsBreakdown({
  contractAddress,
  tokenId,
  priceInCents,
  priceLabel = 'Sale price',
  receivesLabel = 'Seller receives',
  testIdPrefix = 'sale-fee',
}: {
  contractAddress: string;
  tokenId: string;
  priceInCents: number;
  priceLabel?: string;
  receivesLabel?: string;
  testIdPrefix?: string;
}) {
  const proceeds = useQuery({
    queryKey: tradingKeys.saleProceeds(contractAddress, tokenId, priceInCents),
    queryFn: () => tradingApi.saleProceeds(contractAddress, tokenId, priceInCents),
  });
  const info = proceeds.data?.saleProceedsInfo;
  if (proceeds.isError)
    return (
      <ErrorFallback
        title="We couldn't work out the fees."
        message={proceeds.error.message}
        onRetry={() => void proceeds.refetch()}
        retrying={proceeds.isFetching}
      />
    );
  return (
    <dl className={styles.fees} aria-busy={proceeds.isPending || undefined}>
      <div>
        <dt>{priceLabel}</dt>
        <dd data-testid={`${testIdPrefix}-price`}>{formatCents(priceInCents)}</dd>
      </div>
      <div>
        {/* 000 §9's name for the seller's fee line, in every breakdown (the listing's and the accept dialog's). */}
        <dt>Service and card fee</dt>
        <dd data-testid={`${testIdPrefix}-service`}>
          {info ? `−${formatCents(info.nifty_fee_in_cents)}` : <Skeleton width={56} />}
        </dd>
      </div>
      <div>
        <dt>Creator fee</dt>
        <dd data-testid={`${testIdPrefix}-creator`}>
          {info ? `−${formatCents(info.creator_fee_in_cents)}` : <Skeleton width={56} />}
        </dd>
      </div>
      <div className={styles.total}>
        <dt>{receivesLabel}</dt>
        <dd data-testid={`${testIdPrefix}-proceeds`}>
          {info ? formatCents(info.total_amount_seller_would_receive) : <Skeleton width={64} />}
        </dd>
      </div>
    </dl>
  );
}
