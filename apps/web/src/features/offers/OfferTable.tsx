import { useMutation } from '@tanstack/react-query';
import { itemPath } from '@vitrine/domain';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FormAlert } from '../../ui/FormAlert';
import { Link } from '../../ui/Link';
import { Price } from '../../ui/Price';
import { useSubmitOnce } from '../../ui/useSubmitOnce';
import table from '../catalog/item/DetailTable.module.css';
import { UserCell } from '../catalog/item/UserCell';
import { centsPrice } from '../catalog/shared/price-props';
import { formatDate, formatRelative } from '../catalog/shared/time-format';
import { AcceptBidDialog, type AcceptToken } from './AcceptBidDialog';
import { useRefreshOffers } from './MakeOfferButton';
import styles from './Offers.module.css';
import { type Offer, offersApi, offerTargetText } from './offers-api';

// The edit dialog (with a card form for a card offer's new amount) loads when it opens, not with the item page.
const EditOfferDialog = lazy(() => import('./EditOfferDialog').then((m) => ({ default: m.EditOfferDialog })));

export interface OfferTableProps {
  offers: Offer[];
  /** The signed-in viewer's id (their own offers get Cancel), or null. */
  viewerId: number | null;
  /**
   * Whether the viewer may accept an offer: the token they would sell, null to pick among their eligible
   * nifties, false for no Accept. Without it nothing is accepted here.
   */
  acceptFor?: (offer: Offer) => AcceptToken | null | false;
  /** Shows what each offer is for (the My offers view). */
  showTarget?: boolean;
  /** Shows who made each offer; off where they are all the viewer's own (My offers, Made). */
  showMaker?: boolean;
  showStatus?: boolean;
  testId?: string;
  /** The viewed item's Buy Now price in cents while it is listed in USD: a new amount at or above it is pointed out. */
  buyNowCents?: number | null;
}

/**
 * Offers in a table: amount, what for, maker, expiry; Cancel for the maker, Accept for an owner. Under 600 px
 * each offer is a stacked card (every cell named), so a phone reads it and reaches its buttons without
 * sideways scrolling.
 */
/** An offer's status as the My offers table shows it (past offers). */
const STATUS_LABELS: Record<Offer['status'], string> = {
  open: 'Open',
  accepted: 'Accepted',
  cancelled: 'Cancelled',
  expired: 'Expired',
  outbid: 'Outbid',
  // Neither is listed (the API leaves offers that never opened out of every list); named should one be shown.
  requires_action: 'Awaiting card verification',
  unverified: 'Not made: card not verified',
};

export function OfferTable({
  offers,
  viewerId,
  acceptFor = () => false,
  showTarget = false,
  showMaker = true,
  showStatus = false,
  testId = 'offer-table',
  buyNowCents = null,
}: OfferTableProps) {
  // The token the dialog opened for, kept: the sale it makes moves the token, and the item read again then (the
  // 'sold' alert) must not turn the open dialog into 'pick the NFT to sell' (QA 2026-12-07).
  const [accepting, setAccepting] = useState<{ offer: Offer; token: AcceptToken | null } | null>(null);
  const [cancelling, setCancelling] = useState<Offer | null>(null);
  const [editing, setEditing] = useState<Offer | null>(null);
  const lastColumn = showStatus ? 'Status' : 'Expires';
  return (
    <div className={`${table.scroll} ${styles.stackHost}`}>
      <table className={`${table.table} ${styles.stack}`} data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">Offer</th>
            {showTarget ? <th scope="col">For</th> : null}
            {showMaker ? <th scope="col">From</th> : null}
            <th scope="col">Made</th>
            <th scope="col">{lastColumn}</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {offers.map((offer) => {
            const mine = viewerId !== null && offer.maker.id === viewerId;
            const open = offer.status === 'open';
            let action: ReactNode = null;
            if (mine && open)
              action = (
                <>
                  {/* A card offer's new amount needs a new authorisation: the edit dialog asks for the card again. */}
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setEditing(offer)}
                    data-testid="offer-edit"
                  >
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setCancelling(offer)}
                    data-testid="offer-cancel"
                  >
                    Cancel
                  </Button>
                </>
              );
            else if (!mine && open && acceptFor(offer) !== false)
              action = (
                <Button
                  size="sm"
                  onClick={() => setAccepting({ offer, token: acceptFor(offer) || null })}
                  data-testid="offer-accept"
                >
                  Accept
                </Button>
              );
            return (
              <tr key={offer.id} data-testid="offer-row" data-offer-id={offer.id}>
                <td data-label="Offer" className={styles.amountCell} data-testid="offer-amount">
                  <Price {...centsPrice(offer.amountInCents)} />
                  {/* On an item's page, an offer on any edition of the work is not one on this NFT alone. */}
                  {!showTarget && offer.type === 'global_offer' ? (
                    <span className={table.muted} data-testid="offer-global">
                      {' '}
                      · {offer.BuyOrderPurchaseType === 'attribute' ? 'Attribute offer' : 'Global offer'}
                    </span>
                  ) : null}
                  {/* Your own offer says what backs it: a hold on your balance or on your card. */}
                  {mine ? (
                    <span className={table.muted} data-testid="offer-backed-by">
                      {' '}
                      · {offer.paymentMethod === 'balance' ? 'from your balance' : 'on your card'}
                    </span>
                  ) : null}
                </td>
                {showTarget ? (
                  <td data-label="For">
                    {offer.tokenId ? (
                      <Link to={itemPath(offer.UnmintedBuilderNifty.niftyContractAddress, offer.tokenId)}>
                        {offerTargetText(offer)}
                      </Link>
                    ) : (
                      offerTargetText(offer)
                    )}
                  </td>
                ) : null}
                {showMaker ? (
                  <td data-label="From">
                    <UserCell
                      user={{
                        displayName: offer.maker.name,
                        username: offer.maker.profile_url,
                        profilePicUrl: offer.maker.profile_pic_url,
                      }}
                    />
                  </td>
                ) : null}
                <td className={table.muted} data-label="Made">
                  {formatRelative(offer.createdAt)}
                </td>
                <td className={table.muted} data-label={lastColumn} data-testid="offer-status">
                  {showStatus ? STATUS_LABELS[offer.status] : formatDate(offer.expiresAt)}
                </td>
                <td className={styles.actionsCell}>
                  <div className={styles.rowActions}>{action}</div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {accepting ? (
        <AcceptBidDialog offer={accepting.offer} token={accepting.token} onClose={() => setAccepting(null)} />
      ) : null}
      {cancelling ? <CancelOfferDialog offer={cancelling} onClose={() => setCancelling(null)} /> : null}
      {editing ? (
        <Suspense fallback={null}>
          <EditOfferDialog offer={editing} buyNowCents={buyNowCents} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}

function CancelOfferDialog({ offer, onClose }: { offer: Offer; onClose: () => void }) {
  const refresh = useRefreshOffers();
  const once = useSubmitOnce();
  const mutation = useMutation({
    mutationFn: () => offersApi.cancel(offer.purchaseIntentId),
    onSuccess: async () => {
      await refresh();
      onClose();
    },
  });
  return (
    <Dialog
      open
      onClose={onClose}
      title="Cancel offer"
      loading={mutation.isPending}
      onConfirm={() => once.send(mutation, undefined)}
      confirmLabel="Cancel offer"
      cancelLabel="Keep offer"
      testId="cancel-offer-dialog"
    >
      {mutation.isError ? <FormAlert testId="cancel-offer-error">{mutation.error.message}</FormAlert> : null}
      <p>
        Your offer on {offerTargetText(offer)} will be withdrawn and{' '}
        {offer.paymentMethod === 'balance'
          ? 'the held amount returned to your balance.'
          : 'the card authorisation released.'}
      </p>
    </Dialog>
  );
}
