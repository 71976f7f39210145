import { useQuery } from '@tanstack/react-query';
import {
  cardNiftyCounts,
  type DropSaleCard,
  dropCardCountdown,
  dropCardPriceLine,
  type SaleType,
} from '@vitrine/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLoggedIn } from '../../../app/useLoggedIn';
import { serverNow } from '../../../lib/server-clock';
import { ErrorFallback } from '../../../ui/ErrorFallback';
import { Price } from '../../../ui/Price';
import { Skeleton } from '../../../ui/Skeleton';
import styles from '../../bids/NiftyAuction.module.css';
import { SaleTimer } from '../../bids/SaleTimer';
import { DrawingEntryButton } from '../../drawings/DrawingEntryButton';
import { drawingResultsPath, drawingsApi, drawingsKeys } from '../../drawings/drawings-api';
import { entriesText, nextReadIn } from '../../drawings/drawings-text';
import { EligibilityPanel } from '../../drops/EligibilityPanel';
import { BuyEditionsButton } from '../../trading/BuyEditionsButton';

export interface NiftySaleProps {
  contractAddress: string;
  niftyType: number;
  /** The drop's type; null outside a drop. */
  dropType: string | null;
  saleType: string;
  startTime: string | null;
  endTime: string | null;
  /** The primary sale's price in USD cents (0 reads FREE); null outside a drop's sale window. */
  priceInCents: number | null;
  editionSize: number;
  totalSold: number;
  totalReserved: number;
  totalBurnt: number;
}

/**
 * A work's primary sale on its page, as its drop card shows it (001 §4): the price ('FREE' at 0), 'Opens in' /
 * 'Closes in' with the 'Live' badge, and its action: Buy / Mint (the checkout), or for a drawing Enter Drawing with its
 * entries and its results page. Auctions have their own panel (`NiftyAuction`). Without a primary sale (a work outside
 * a drop), only the Buy button's own rule applies: nothing.
 */
export function NiftySale(props: NiftySaleProps) {
  const { priceInCents, startTime, endTime } = props;
  const [now, setNow] = useState(() => serverNow());
  if (priceInCents === null || !startTime || !endTime) return null;
  const card: DropSaleCard = {
    nifty: cardNiftyCounts(props),
    saleType: props.saleType as SaleType,
    saleDetails: { price: priceInCents },
    startDate: startTime,
    endDate: endTime,
  };
  const price = dropCardPriceLine(card);
  const countdown = dropCardCountdown(card, now);
  // Neither upcoming nor live: its window has passed.
  const ended = countdown.label === null && !countdown.live;
  return (
    <div className={styles.panel} data-testid="nifty-sale">
      <p className={styles.price} data-testid="nifty-sale-price">
        <span className={styles.label}>Price: </span>
        {price.free ? (
          'FREE'
        ) : price.amount !== null ? (
          <Price amount={price.amount} currency="USD" convertFromCents />
        ) : null}
      </p>
      <SaleTimer
        countdown={countdown}
        ended={ended}
        onComplete={() => setNow(serverNow())}
        testIdPrefix="nifty-sale"
      />
      {props.saleType === 'drawing' ? (
        <NiftyDrawing contractAddress={props.contractAddress} niftyType={props.niftyType} />
      ) : (
        <NiftyBuy {...props} startTime={startTime} endTime={endTime} live={countdown.live} />
      )}
    </div>
  );
}

/**
 * Buy (Mint, Redeem) by the viewer's eligibility, as the drop card reads it: the eligibility panel and 'Not Eligible to
 * Buy' before any click (QA 2026-12-07: an enabled Buy, then a bare 'Not Eligible to Buy' after the click). Asked for
 * while the sale is open.
 */
function NiftyBuy(props: NiftySaleProps & { startTime: string; endTime: string; live: boolean }) {
  const signedIn = useLoggedIn();
  const eligibility = useQuery({
    queryKey: drawingsKeys.eligibility(props.contractAddress, props.niftyType, signedIn),
    queryFn: ({ signal }) => drawingsApi.eligibility(props.contractAddress, props.niftyType, signal),
    enabled: props.live,
  });
  return (
    <>
      {eligibility.data?.criteria ? <EligibilityPanel eligibility={eligibility.data} /> : null}
      <BuyEditionsButton
        dropType={props.dropType}
        contractAddress={props.contractAddress}
        niftyType={props.niftyType}
        startTime={props.startTime}
        endTime={props.endTime}
        saleType={props.saleType}
        editionSize={props.editionSize}
        totalSold={props.totalSold}
        totalReserved={props.totalReserved}
        totalBurnt={props.totalBurnt}
        eligibility={eligibility.data}
        eligibilityLoading={signedIn && props.live && eligibility.isPending}
      />
    </>
  );
}

/** A drawing's entries, its Enter Drawing button and the link to its results page (decision 013). */
function NiftyDrawing({ contractAddress, niftyType }: { contractAddress: string; niftyType: number }) {
  const loggedIn = useLoggedIn();
  // The drawing's results page's query: read again at its opening, its close and its draw.
  const drawing = useQuery({
    queryKey: drawingsKeys.drawing(contractAddress, niftyType, loggedIn),
    queryFn: () => drawingsApi.get(contractAddress, niftyType),
    refetchInterval: (query) => nextReadIn(query.state.data),
  });
  const link = (
    <Link
      to={drawingResultsPath(contractAddress, niftyType)}
      className={styles.bids}
      data-testid="nifty-drawing-link"
    >
      {drawing.data?.status === 'drawn' ? 'View results' : 'About this drawing'}
    </Link>
  );
  if (drawing.isError && !drawing.data) {
    return (
      <>
        <ErrorFallback
          title="We couldn't load the drawing."
          message={drawing.error.message}
          onRetry={() => void drawing.refetch()}
          retrying={drawing.isFetching}
        />
        {link}
      </>
    );
  }
  if (!drawing.data) {
    return (
      <div aria-busy="true">
        <Skeleton width="40%" height={20} />
      </div>
    );
  }
  const d = drawing.data;
  return (
    <>
      <p className={styles.label} data-testid="nifty-drawing-entries">
        {entriesText(d.saleDetails.totalEntries)} · {d.editionsToDraw}{' '}
        {d.editionsToDraw === 1 ? 'edition' : 'editions'} to draw
      </p>
      {/* As wide as its label, as Buy is. */}
      <div>
        <DrawingEntryButton drawing={d} contractAddress={contractAddress} niftyType={niftyType} size="lg" />
      </div>
      {link}
    </>
  );
}
