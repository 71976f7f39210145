import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dropCardCountdown, dropCardPriceLine, isBidSaleType, type LiveEvent, topics } from '@vitrine/domain';
import type { NiftyEligibility } from '@vitrine/domain/catalog-responses';
import { useCallback, useContext, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { serverNow } from '../../lib/server-clock';
import { Button } from '../../ui/Button';
import { Countdown } from '../../ui/Countdown';
import { FormAlert } from '../../ui/FormAlert';
import { Price } from '../../ui/Price';
import { useSubmitOnce } from '../../ui/useSubmitOnce';
import { AuthModalContext } from '../auth/auth-modal-context';
import { isUnauthorized } from '../auth/authed-request';
import { BidDialog, YourBidLine } from '../bids/BidDialog';
import { bidTablePath } from '../bids/bids-api';
import { VIEW_BIDS_TEXT } from '../bids/NiftyAuction';
import { useBidInfo } from '../bids/useYourBid';
import { yourBidText } from '../bids/your-bid';
import { ArtworkMedia } from '../catalog/shared/ArtworkMedia';
import { DrawingEntryDialog } from '../drawings/DrawingEntryDialog';
import { drawingResultsPath, drawingsApi, drawingsKeys } from '../drawings/drawings-api';
import { cardReadIn } from '../drawings/drawings-text';
import { DropTypeBadge } from '../home/DropTypeBadge';
import { useLiveTopic } from '../live/useLiveTopic';
import { useRequireSignIn } from '../social/useRequireSignIn';
import { useTermsDialog } from '../terms/TermsDialog';
import { isTermsApprovalRequired } from '../terms/terms-api';
import { PrimaryCheckoutModal } from '../trading/PrimaryCheckoutModal';
import { purchaseCreationFailure } from '../trading/purchase-failure';
import { primaryCheckoutPath, tradingApi } from '../trading/trading-api';
import styles from './DropSales.module.css';
import { EligibilityPanel } from './EligibilityPanel';
import { dropPageKeys } from './query-keys';
import {
  cardDropType,
  domainCard,
  drawingCardNow,
  entriesLine,
  quantityLine,
  type SaleCard,
  saleCardButton,
  viewerEntries,
} from './sale-card';

/**
 * A drop sale card (001 §2, §3, §4): the work, the drop-type badge with 'More about drop types', 'Opens in' /
 * 'Closes in' with the 'Live' badge, the price line, the quantity-limit panel, the eligibility panel and the
 * button by the priority of 001 §4 ('Not Eligible to {action}' when the viewer is not eligible). Place Bid
 * opens the bid dialog ('View bids' links the auction's bid table), Enter Drawing the drawing entry dialog, a pack's Buy the checkout modal (000 §4), the
 * others the checkout page. tos_approval_required opens the terms dialog, then Buy again.
 */
export function DropSaleCard({
  card,
  dropType,
  eligibility,
  eligibilityLoading = false,
  signedIn,
}: {
  card: SaleCard;
  dropType: string;
  eligibility: NiftyEligibility | undefined;
  /** The signed-in viewer's eligibility is on its way: nothing is claimed about the viewer yet. */
  eligibilityLoading?: boolean;
  signedIn: boolean;
}) {
  const [now, setNow] = useState(() => serverNow());
  const [sold, setSold] = useState<number | undefined>(undefined);
  const [highestBid, setHighestBid] = useState<number | undefined>(undefined);
  const [dialog, setDialog] = useState<'bid' | 'drawing' | null>(null);
  const authModal = useContext(AuthModalContext);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const terms = useTermsDialog();
  const [modalPiid, setModalPiid] = useState<number | null>(null);
  // This card's own delay after a drawing's opening, close or draw (not a secret: it only spreads the viewers' reads).
  const [readJitterMs] = useState(() => (crypto.getRandomValues(new Uint32Array(1))[0] ?? 0) % 5_000);

  // Sold counts and the highest bid pushed by the live feature (decision 014; a silent auction's is null).
  const onEvent = useCallback(
    (event: LiveEvent) => {
      if (event.type === 'sold' && event.data.niftyType === card.typeNumber) {
        setSold(event.data.sold);
        // A drawing's draw publishes its sold count: the card reads the drawing ('View results') after its own
        // delay, so that every viewer's cards do not ask in the same second (the event reaches them all at once).
        if (card.saleType === 'drawing')
          setTimeout(() => {
            void queryClient.invalidateQueries({
              queryKey: drawingsKeys.drawing(card.contractAddress, card.typeNumber, signedIn),
            });
          }, readJitterMs);
      }
      if (
        event.type === 'auction' &&
        event.data.niftyType === card.typeNumber &&
        event.data.highestBidInCents !== null
      )
        setHighestBid(event.data.highestBidInCents);
    },
    [card.typeNumber, card.saleType, card.contractAddress, signedIn, queryClient, readJitterMs],
  );
  useLiveTopic(topics.nifty(card.contractAddress, card.typeNumber), onEvent);

  // A double click sends one request: the second click sends nothing while the first is in flight.
  const once = useSubmitOnce();
  const checkout = useMutation({
    mutationFn: () => tradingApi.createPurchaseIntent(card.contractAddress, card.typeNumber, 1),
    onSuccess: (intent) => {
      if (dropType === 'pack') setModalPiid(intent.purchaseIntentId);
      else
        navigate(
          primaryCheckoutPath(
            card.contractAddress,
            card.typeNumber,
            intent.purchaseIntentId,
            location.search,
          ),
        );
    },
    onError: (error) => {
      if (isTermsApprovalRequired(error)) terms.ask(() => checkout.mutate());
      else if (isUnauthorized(error) && authModal) authModal.open();
    },
  });

  // A drawing's entries for this viewer (and the newest total): the drawing's own answer, the query the
  // entry dialog refreshes after an entry, so the button reads 'Entered' at once. Read again at its opening and its
  // close, and at its draw (the `sold` event above; a slow read meanwhile): one timer, the query's, gone with the
  // card (`cardReadIn`), so the card follows it to 'Ended' and 'View results' without a reload.
  const isDrawing = card.saleType === 'drawing';
  const drawing = useQuery({
    queryKey: drawingsKeys.drawing(card.contractAddress, card.typeNumber, signedIn),
    queryFn: () => drawingsApi.get(card.contractAddress, card.typeNumber),
    enabled: isDrawing,
    // By the server's clock, as the card shows its countdown (a browser clock ahead would read every 10 s till then).
    refetchInterval: (query) => (isDrawing ? cardReadIn(query.state.data, readJitterMs, serverNow()) : false),
  });

  const drawingDetails = drawing.data?.saleDetails;
  const entryCounts = isDrawing && drawingDetails ? viewerEntries(drawingDetails, signedIn) : undefined;
  const shown = domainCard(card, sold, entryCounts, highestBid);
  // A drawing's card reads its own close once the drawing's answer says it closed.
  const cardNow = isDrawing ? drawingCardNow(shown, now, drawing.data?.status) : now;
  const entries = entriesLine(shown);
  // A signed-in bidder's own state on an auction card, live (useBidInfo refetches on the nifty's events).
  const bidInfo = useBidInfo(card.contractAddress, card.typeNumber, {
    enabled: signedIn && isBidSaleType(shown.saleType),
  });
  const yours = signedIn ? yourBidText(shown.saleType, bidInfo.data?.yourBid) : null;

  const button = saleCardButton(shown, cardNow, { signedIn, eligibility, eligibilityLoading });
  const countdown = dropCardCountdown(shown, cardNow);
  const priceLine = dropCardPriceLine(shown);
  // A one-per-collector NFT the viewer already bought: checkout would refuse it (409 limit-reached), so the
  // quantity-limit panel says so and Buy / Mint is disabled (000 §5, 001 §4). Bids and drawings have their own rules.
  const limitReached =
    eligibility?.limitReached === true && !isBidSaleType(shown.saleType) && shown.saleType !== 'drawing';
  const quantity = quantityLine(shown, countdown.live, limitReached);
  const failure = purchaseCreationFailure(checkout.error);

  const open = () => {
    if (isBidSaleType(shown.saleType)) setDialog('bid');
    else if (shown.saleType === 'drawing') setDialog('drawing');
    else once.send(checkout, undefined);
  };
  // Signed out, the card's action (Buy, Place Bid, Enter Drawing) goes on once the visitor has signed in in the
  // modal and the card can act (its eligibility read, the sale open).
  const requireSignIn = useRequireSignIn({
    key: `drop-card:${card.contractAddress}/${card.typeNumber}`,
    ready: !button.disabled && !limitReached,
    run: open,
  });
  const act = () => {
    if (requireSignIn()) open();
  };

  return (
    <article
      className={styles.card}
      data-testid="drop-sale-card"
      data-contract={card.contractAddress}
      data-nifty-type={card.typeNumber}
      data-sale-type={card.saleType}
    >
      <Link
        to={`/marketplace/collection/${card.contractAddress}/${card.typeNumber}`}
        className={styles.media}
        aria-label={card.nifty.name}
      >
        <ArtworkMedia asset={card.asset} title={card.nifty.name} sizes="280px" />
      </Link>
      <div className={styles.body}>
        <div className={styles.badges}>
          <DropTypeBadge dropType={cardDropType(dropType, card.saleType)} />
          <Link to="/help-centre#drop-types" className={styles.help}>
            More about drop types
          </Link>
          {countdown.live ? (
            <span className={styles.live} data-testid="drop-sale-live">
              Live
            </span>
          ) : null}
        </div>
        <h3 className={styles.title} data-testid="drop-sale-title">
          {card.nifty.name}
        </h3>
        {countdown.label && countdown.target ? (
          <div className={styles.timer} data-testid="drop-sale-countdown">
            <Countdown
              to={countdown.target}
              label={countdown.label}
              hideWhenComplete
              onComplete={() => setNow(serverNow())}
            />
          </div>
        ) : null}
        <p className={styles.priceLine} data-testid="drop-sale-price">
          {priceLine.free ? (
            <strong>FREE</strong>
          ) : (
            <>
              {priceLine.label ? <span>{priceLine.label} </span> : null}
              {priceLine.amount !== null ? (
                <Price amount={priceLine.amount} currency="USD" convertFromCents />
              ) : null}
            </>
          )}
        </p>
        {yours ? <YourBidLine text={yours.text} winning={yours.winning} className={styles.quantity} /> : null}
        {entries !== null ? (
          <p className={styles.quantity} data-testid="drop-sale-entries">
            {entries}
          </p>
        ) : null}
        {/* A drawn drawing's winners, seed and check are on its results page (decision 013). */}
        {isDrawing && drawing.data?.status === 'drawn' ? (
          <Link
            to={drawingResultsPath(card.contractAddress, card.typeNumber)}
            className={styles.results}
            data-testid="drop-sale-results"
          >
            View results
          </Link>
        ) : null}
        {/* An auction's bids: its bid table, or the ranked leaderboard (decision 012 "Web"). */}
        {isBidSaleType(shown.saleType) ? (
          <Link
            to={bidTablePath(card.contractAddress, card.typeNumber, card.saleType)}
            className={styles.results}
            data-testid="drop-sale-bids"
          >
            {VIEW_BIDS_TEXT}
          </Link>
        ) : null}
        {quantity !== null ? (
          <p className={styles.quantity} data-testid="quantity-limit">
            {quantity}
          </p>
        ) : null}
        {eligibility ? <EligibilityPanel eligibility={eligibility} /> : null}
        <Button
          size="lg"
          fullWidth
          disabled={button.disabled || limitReached || checkout.isPending}
          loading={checkout.isPending}
          onClick={act}
          data-testid="drop-sale-button"
        >
          {button.label}
        </Button>
        {failure ? <FormAlert testId="drop-sale-error">{failure}</FormAlert> : null}
      </div>
      {dialog === 'bid' ? (
        <BidDialog
          contractAddress={card.contractAddress}
          niftyType={card.typeNumber}
          saleType={shown.saleType}
          open
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'drawing' ? (
        <DrawingEntryDialog
          contractAddress={card.contractAddress}
          niftyType={card.typeNumber}
          open
          onClose={() => setDialog(null)}
        />
      ) : null}
      {terms.dialog}
      <PrimaryCheckoutModal
        contractAddress={card.contractAddress}
        niftyType={card.typeNumber}
        piid={modalPiid}
        onClose={() => {
          setModalPiid(null);
          void queryClient.invalidateQueries({ queryKey: dropPageKeys.all() });
        }}
      />
    </article>
  );
}
