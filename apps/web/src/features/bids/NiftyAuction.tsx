// The auction part of a work page (/marketplace/collection/{contractAddress}/{type}) for auction, ranked and
// silent auction nifties (000 §4, 001 §4, decision 012 "Web"): the drop card's price line ('Minimum Bid:'
// before any bid, 'Highest Bid:' after), its timer ('Opens in' / 'Closes in' with 'Live', by the server's
// clock; 'Ended' once closed), Place Bid by the card's button rules ('Not yet Available', 'Ended') and
// 'View bids', the way to the bid table. The bid info refetches on the nifty's live events (useBidInfo).
import {
  cardNiftyCounts,
  type DropSaleCard,
  dropCardButton,
  dropCardCountdown,
  dropCardPriceLine,
  type SaleType,
} from '@vitrine/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { serverNow } from '../../lib/server-clock';
import { ErrorFallback } from '../../ui/ErrorFallback';
import { Price } from '../../ui/Price';
import { Skeleton } from '../../ui/Skeleton';
import { type AuctionState, bidTablePath } from './bids-api';
import styles from './NiftyAuction.module.css';
import { PlaceBidButton } from './PlaceBidButton';
import { SaleTimer } from './SaleTimer';
import { useBidInfo } from './useYourBid';

/** Decision 012 "Web": the link from an auction's work page and drop card to its bid table. */
export const VIEW_BIDS_TEXT = 'View bids';

export interface NiftyAuctionProps {
  contractAddress: string;
  niftyType: number;
  /** An auction sale type (the catalog answers it as a string). */
  saleType: SaleType | string;
  editionSize: number;
  totalSold: number;
  totalReserved: number;
  totalBurnt: number;
}

/** The domain's drop card of the auction as the bid info answers it (the end as late bids moved it). */
export function auctionCard(props: NiftyAuctionProps, state: AuctionState): DropSaleCard {
  return {
    nifty: cardNiftyCounts(props),
    saleType: props.saleType as SaleType,
    saleDetails: { price: state.bidInfo.minBid, highestBid: state.bidInfo.highestBid },
    startDate: state.auctionInfo.scheduledStartDateTime,
    endDate: state.endsAt,
  };
}

export function NiftyAuction(props: NiftyAuctionProps) {
  const { contractAddress, niftyType, saleType } = props;
  const [now, setNow] = useState(() => serverNow());
  const info = useBidInfo(contractAddress, niftyType);
  const link = (
    <Link to={bidTablePath(contractAddress, niftyType, saleType)} className={styles.bids}>
      {VIEW_BIDS_TEXT}
    </Link>
  );

  // An error only when there is nothing to show: a read again that fails (a live bid's refresh) keeps the auction.
  if (info.isError && !info.data) {
    return (
      <div className={styles.panel} data-testid="nifty-auction">
        <ErrorFallback
          title="We couldn't load the auction."
          message={info.error.message}
          onRetry={() => void info.refetch()}
          retrying={info.isFetching}
        />
        {link}
      </div>
    );
  }
  if (!info.data) {
    return (
      <div className={styles.panel} data-testid="nifty-auction" aria-busy="true">
        <Skeleton width="60%" height={24} />
        <Skeleton width="40%" height={20} />
        <PlaceBidButton
          contractAddress={contractAddress}
          niftyType={niftyType}
          saleType={saleType}
          disabled
        />
        {link}
      </div>
    );
  }

  const card = auctionCard(props, info.data);
  // Settled (or closed early), the auction is over whatever the clock says.
  const ended = info.data.status === 'ended';
  const countdown = ended ? { label: null, target: null, live: false } : dropCardCountdown(card, now);
  const button = ended ? { label: 'Ended', disabled: true } : dropCardButton(card, now);
  const price = dropCardPriceLine(card);
  return (
    <div className={styles.panel} data-testid="nifty-auction">
      <p className={styles.price} data-testid="nifty-auction-price">
        {price.label ? <span className={styles.label}>{price.label} </span> : null}
        {price.amount !== null ? <Price amount={price.amount} currency="USD" convertFromCents /> : null}
      </p>
      <SaleTimer
        countdown={countdown}
        ended={button.label === 'Ended'}
        onComplete={() => {
          setNow(serverNow());
          void info.refetch();
        }}
        testIdPrefix="nifty-auction"
      />
      <PlaceBidButton
        contractAddress={contractAddress}
        niftyType={niftyType}
        saleType={saleType}
        label={button.label}
        disabled={button.disabled}
      />
      {link}
    </div>
  );
}
