// The bid pages (000 §2, §3, §8, §9; decision 012): /auctionbid/?contractAddress&niftyType (the auction's bid
// table) and /rankedbid/?contractAddress&niftyType&targetAmount&targetRank (the ranked leaderboard and the
// target amount). Rows are 80 px high; a bidder named 'none' shows 'Anonymous' and is not a link; others link
// to /profile/{profile_url}. New bids arrive through the nifty's live topic.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BID_TABLE_ROW_HEIGHT_PX,
  bidderDisplay,
  collectionPath,
  formatCents,
  profileLink,
  rankedTargetAmount,
  topics,
} from '@vitrine/domain';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { NotFoundPage } from '../../app/NotFoundPage';
import { Avatar } from '../../ui/Avatar';
import { Countdown } from '../../ui/Countdown';
import { ErrorFallback } from '../../ui/ErrorFallback';
import { Page } from '../../ui/Page';
import { Pagination } from '../../ui/Pagination';
import { Skeleton } from '../../ui/Skeleton';
import { formatDateTime } from '../catalog/shared/time-format';
import { useLiveTopic } from '../live/useLiveTopic';
import styles from './BidPages.module.css';
import { type AuctionState, type Bid, bidKeys, bidsApi } from './bids-api';
import { PlaceBidButton } from './PlaceBidButton';

/** 000 §8. */
export const NO_BIDS_TEXT = 'There are no bids yet';

function useTarget(): { contractAddress: string; niftyType: number } | null {
  const [params] = useSearchParams();
  const contractAddress = params.get('contractAddress') ?? '';
  const niftyType = Number(params.get('niftyType'));
  if (contractAddress === '' || !Number.isInteger(niftyType) || niftyType <= 0) return null;
  return { contractAddress, niftyType };
}

/** Refreshes the page's bid queries on every event of the nifty's topic. */
function useLiveBids(contractAddress: string, niftyType: number) {
  const queryClient = useQueryClient();
  useLiveTopic(topics.nifty(contractAddress, niftyType), () => {
    void queryClient.invalidateQueries({ queryKey: bidKeys.of(contractAddress, niftyType) });
  });
}

function Summary({ state }: { state: AuctionState }) {
  const { bidInfo } = state;
  const sealed = state.saleType === 'silent_auction';
  return (
    <div className={styles.summary} data-testid="bid-summary">
      <div className={styles.figure}>
        <span className={styles.label}>
          {bidInfo.highestBid === null || sealed ? 'Minimum Bid:' : 'Highest Bid:'}
        </span>
        <span className={styles.value} data-testid="bid-summary-price">
          {formatCents(bidInfo.highestBid === null || sealed ? bidInfo.minBid : bidInfo.highestBid)}
        </span>
      </div>
      <div className={styles.figure}>
        <span className={styles.label}>Bids</span>
        <span className={styles.value}>{state.bidCount}</span>
      </div>
      <div className={styles.figure}>
        <span className={styles.label}>{state.status === 'upcoming' ? 'Opens in' : 'Closes in'}</span>
        <span className={styles.value}>
          {state.status === 'ended' ? (
            'Ended'
          ) : (
            <Countdown
              to={state.status === 'upcoming' ? state.auctionInfo.scheduledStartDateTime : state.endsAt}
              hideWhenComplete
            />
          )}
        </span>
      </div>
      <PlaceBidButton
        contractAddress={state.contractAddress}
        niftyType={state.niftyType}
        saleType={state.saleType}
        disabled={state.status !== 'live'}
      />
      <Link to={collectionPath(state.contractAddress, state.niftyType)}>View the NFT</Link>
    </div>
  );
}

function BidRows({ bids, ranked }: { bids: Bid[]; ranked: boolean }) {
  if (bids.length === 0) {
    return (
      <p className={styles.empty} data-testid="bid-table-empty">
        {NO_BIDS_TEXT}
      </p>
    );
  }
  return (
    <table className={styles.table} data-testid="bid-table">
      <thead>
        <tr>
          {ranked ? <th>Rank</th> : null}
          <th>Bidder</th>
          <th>Amount</th>
          <th>Time</th>
        </tr>
      </thead>
      <tbody>
        {bids.map((bid) => {
          const who = bidderDisplay(
            bid.user_prof ? { name: bid.user_prof.name, profile_url: bid.user_prof.profile_url } : null,
          );
          const link = who.clickable ? profileLink(bid.user_prof?.profile_url) : null;
          return (
            <tr
              key={bid.id}
              style={{ height: BID_TABLE_ROW_HEIGHT_PX }}
              className={bid.currently_active ? undefined : styles.inactive}
              data-testid="bid-row"
            >
              {ranked ? <td>{bid.rank}</td> : null}
              <td>
                <span className={styles.bidder}>
                  <Avatar
                    src={who.clickable ? (bid.user_prof?.profile_pic_url ?? null) : null}
                    name={who.name}
                    size={40}
                  />
                  {link ? (
                    <Link to={link.href} data-testid="bidder-link">
                      {who.name}
                    </Link>
                  ) : (
                    <span data-testid="bidder-anonymous">{who.name}</span>
                  )}
                </span>
              </td>
              <td data-testid="bid-amount">
                {bid.amount_in_cents === null ? 'Sealed' : formatCents(bid.amount_in_cents)}
              </td>
              <td>
                {/* The app's one date format ('Dec 6, 2026, 6:26 PM'), not the browser's own. */}
                <time dateTime={bid.Timestamp}>{formatDateTime(bid.Timestamp)}</time>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function useAuctionState(contractAddress: string, niftyType: number) {
  return useQuery({
    queryKey: bidKeys.info(contractAddress, niftyType),
    queryFn: ({ signal }) => bidsApi.info(contractAddress, niftyType, signal),
  });
}

/** /auctionbid/?contractAddress&niftyType */
export function AuctionBidPage() {
  const target = useTarget();
  if (!target) return <NotFoundPage />;
  return (
    <Page title="Bids" testId="auction-bid-page">
      <AuctionBids {...target} />
    </Page>
  );
}

function AuctionBids({ contractAddress, niftyType }: { contractAddress: string; niftyType: number }) {
  const [page, setPage] = useState(1);
  useLiveBids(contractAddress, niftyType);
  const state = useAuctionState(contractAddress, niftyType);
  const list = useQuery({
    queryKey: bidKeys.list(contractAddress, niftyType, page),
    queryFn: ({ signal }) => bidsApi.list(contractAddress, niftyType, page, signal),
  });
  // An error only when there is nothing to show: a read again that fails (a live bid's refresh) keeps the bids.
  if ((state.isError && !state.data) || (list.isError && !list.data)) {
    return (
      <ErrorFallback
        title="We couldn't load the bids."
        message={((state.isError && !state.data ? state.error : null) ?? list.error)?.message ?? ''}
        onRetry={() => {
          void state.refetch();
          void list.refetch();
        }}
        retrying={state.isFetching || list.isFetching}
      />
    );
  }
  return (
    <>
      {state.data ? <Summary state={state.data} /> : <Skeleton width="100%" height={60} />}
      {list.data ? (
        <BidRows bids={list.data.results} ranked={false} />
      ) : (
        <Skeleton width="100%" height={240} />
      )}
      {list.data ? <Pagination page={page} totalPages={list.data.total_pages} onChange={setPage} /> : null}
    </>
  );
}

/** /rankedbid/?contractAddress&niftyType&targetAmount&targetRank */
export function RankedBidPage() {
  const target = useTarget();
  const [params] = useSearchParams();
  if (!target) return <NotFoundPage />;
  const targetRank = Number(params.get('targetRank'));
  const targetAmount = Number(params.get('targetAmount'));
  return (
    <Page title="Leaderboard" testId="ranked-bid-page">
      <RankedBids
        {...target}
        targetRank={Number.isInteger(targetRank) && targetRank > 0 ? targetRank : null}
        targetAmount={
          Number.isFinite(targetAmount) && targetAmount > 0 ? Math.round(targetAmount * 100) : null
        }
      />
    </Page>
  );
}

function RankedBids({
  contractAddress,
  niftyType,
  targetRank,
  targetAmount,
}: {
  contractAddress: string;
  niftyType: number;
  targetRank: number | null;
  targetAmount: number | null;
}) {
  useLiveBids(contractAddress, niftyType);
  const state = useAuctionState(contractAddress, niftyType);
  const board = useQuery({
    queryKey: bidKeys.leaderboard(contractAddress, niftyType),
    queryFn: ({ signal }) => bidsApi.leaderboard(contractAddress, niftyType, signal),
  });
  if ((state.isError && !state.data) || (board.isError && !board.data)) {
    return (
      <ErrorFallback
        title="We couldn't load the leaderboard."
        message={((state.isError && !state.data ? state.error : null) ?? board.error)?.message ?? ''}
        onRetry={() => {
          void state.refetch();
          void board.refetch();
        }}
        retrying={state.isFetching || board.isFetching}
      />
    );
  }
  if (!state.data || !board.data) return <Skeleton width="100%" height={300} />;
  const s = state.data;
  const rank = Math.min(targetRank ?? s.winningSlots, s.winningSlots);
  const atRank = board.data.results[rank - 1]?.amount_in_cents ?? null;
  // 000 §5: the current amount plus the minimum increase; the minimum bid for a silent auction or a free rank.
  const computed =
    s.saleType === 'silent_auction' || atRank === null
      ? s.bidInfo.minBid
      : rankedTargetAmount(atRank, s.bidInfo.bidIncrement);
  return (
    <>
      <Summary state={s} />
      <p data-testid="ranked-target">
        Target amount for rank {rank}: {formatCents(targetAmount ?? computed)}
      </p>
      <BidRows bids={board.data.results} ranked />
    </>
  );
}
