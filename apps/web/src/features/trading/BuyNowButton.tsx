import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PURCHASE_FAILED_MESSAGE } from '@vitrine/domain';
import { lazy, type MouseEvent, useContext, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../app/api-client';
import { Button } from '../../ui/Button';
import { reloadWithNotice } from '../../ui/reload-notice';
import { useSubmitOnce } from '../../ui/useSubmitOnce';
import { AuthModalContext } from '../auth/auth-modal-context';
import { isUnauthorized } from '../auth/authed-request';
import { catalogKeys } from '../catalog/query-keys';
import { useRequireSignIn } from '../social/useRequireSignIn';
import { useTermsDialog } from '../terms/TermsDialog';
import { isTermsApprovalRequired } from '../terms/terms-api';
import styles from './BuyNowButton.module.css';
import {
  type CheckoutMode,
  checkoutModalFlag,
  checkoutMode,
  POPUP_CLOSE_CHECK_MS,
  popupFeatures,
} from './buy-flow';
import { CheckoutDialog } from './CheckoutDialog';
import { listingCheckoutPath, tradingApi, tradingKeys } from './trading-api';

/** How often the item page reads its listing's hold again (a light, per-viewer read). */
export const HOLD_REFRESH_MS = 10_000;

// The checkout's code loads only when the modal opens (the item page stays light).
const ListingCheckout = lazy(() => import('./CheckoutPage').then((m) => ({ default: m.ListingCheckout })));

/**
 * Buy Now on a listed item (000 §4, §8): signed out opens the auth modal (and goes on once signed in); signed
 * in creates a listing
 * match and opens its checkout: the page in the same tab, the checkout modal under the local-storage test
 * flag, or a 700x700 pop-up window for a new-window click, watched every 2 s until closed, then the item
 * is read again (decision 009 "Buy flow"). Disabled while loading or while the listing is on hold (another
 * buyer's payment in progress, read per viewer from `/v2/listings/{id}/hold`, every 10 s); a 401
 * opens the auth modal, tos_approval_required the terms dialog (then Buy Now again), other errors reload
 * the page (the listing may have changed), a refusal (409: sold, cancelled, repriced) with its message
 * shown once the page is back, any other failure with the purchase failure's text (000 §8).
 */
export function BuyNowButton({
  listingId,
  contractAddress,
  tokenId,
  onOpenModal,
}: {
  listingId: number;
  contractAddress: string;
  tokenId: string;
  /**
   * Opens the checkout modal (the test flag's mode). The modal belongs to the page, not to this button:
   * a paid checkout refreshes the item, which then has no listing and no Buy Now, and the buyer must
   * still see the result.
   */
  onOpenModal: (piid: number) => void;
}) {
  // Signed out, Buy Now asks for sign-in first; once back here signed in, it goes on to the checkout.
  const requireSignIn = useRequireSignIn({
    key: `buy-now:${listingId}`,
    run: () => once.send(mutation, 'navigate'),
  });
  const authModal = useContext(AuthModalContext);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const terms = useTermsDialog();
  const popup = useRef<Window | null>(null);
  const [watchingPopup, setWatchingPopup] = useState(false);
  const refreshItem = () => void queryClient.invalidateQueries({ queryKey: catalogKeys.items() });
  // Another buyer's payment for this listing in progress (decision 009 "Buy flow"): per viewer, uncached.
  const hold = useQuery({
    queryKey: tradingKeys.listingHold(listingId),
    queryFn: ({ signal }) => tradingApi.listingHold(listingId, signal),
    staleTime: 0,
    refetchInterval: HOLD_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  const onHold = hold.data?.onHold === true;

  // A double click sends one request: the second click sends nothing while the first is in flight.
  const once = useSubmitOnce();
  const location = useLocation();
  const mutation = useMutation({
    mutationFn: (_mode: CheckoutMode) => tradingApi.listingMatch(listingId),
    onSuccess: (match, mode) => {
      // The page's query parameters go along (a campaign's, the web view's), as the drop checkout's do (QA 2026-12-07).
      const path = listingCheckoutPath(contractAddress, tokenId, match.listingMatchId, location.search);
      if (mode === 'modal') onOpenModal(match.listingMatchId);
      else if (mode === 'popup' && popup.current && !popup.current.closed) popup.current.location.href = path;
      else navigate(path);
    },
    onError: (error, mode) => {
      if (mode === 'popup' && popup.current && !popup.current.closed) popup.current.close();
      // A window opens only from a click: after the terms dialog the checkout opens in this tab.
      if (isTermsApprovalRequired(error))
        terms.ask(() => mutation.mutate(mode === 'popup' ? 'navigate' : mode));
      else if (isApiError(error) && error.errorType === 'listing-on-hold') void hold.refetch();
      else if (isUnauthorized(error) && authModal) authModal.open();
      // The listing changed (sold, cancelled, repriced): the page is read again, and says why.
      else if (isApiError(error) && error.statusCode === 409) reloadWithNotice(error.message);
      // Anything else (a server error, a lost answer): read again too, and say that nothing was started.
      else reloadWithNotice(`${PURCHASE_FAILED_MESSAGE} Please try again.`);
    },
  });

  // 000 §9: while the pop-up is open, check every 2 s whether it was closed; then read the item again.
  useEffect(() => {
    if (!watchingPopup) return;
    const timer = window.setInterval(() => {
      if (popup.current && !popup.current.closed) return;
      popup.current = null;
      setWatchingPopup(false);
      refreshItem();
    }, POPUP_CLOSE_CHECK_MS);
    return () => window.clearInterval(timer);
  });

  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (!requireSignIn()) return;
    let mode = checkoutMode(event, checkoutModalFlag());
    if (mode === 'popup') {
      // Opened now, inside the click, so no pop-up blocker refuses it; the checkout's address follows.
      const opened = window.open('about:blank', 'vitrine-checkout', popupFeatures(window));
      if (opened) {
        popup.current = opened;
        setWatchingPopup(true);
      } else mode = 'navigate';
    }
    once.send(mutation, mode);
  };

  return (
    <>
      <Button
        size="lg"
        loading={mutation.isPending}
        disabled={mutation.isPending || onHold}
        onClick={onClick}
        title="Shift-click to check out in a new window"
        data-testid="buy-now"
      >
        {onHold ? 'On Hold' : 'Buy Now'}
      </Button>
      {onHold ? (
        <span className={styles.onHold} data-testid="buy-now-on-hold">
          Another buyer is completing a payment for this item. Check back in a few minutes.
        </span>
      ) : null}
      {terms.dialog}
    </>
  );
}

/** The checkout of a listing in a dialog over its item page (the local-storage test flag of 000 §2). */
export function ListingCheckoutModal({
  contractAddress,
  tokenId,
  piid,
  onClose,
}: {
  contractAddress: string;
  tokenId: string;
  piid: number | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const close = () => {
    onClose();
    void queryClient.invalidateQueries({ queryKey: catalogKeys.items() });
  };
  return (
    <CheckoutDialog open={piid !== null} onClose={close}>
      {piid !== null ? (
        <ListingCheckout
          contractAddress={contractAddress}
          tokenId={tokenId}
          piid={piid}
          frame="modal"
          onBack={close}
        />
      ) : null}
    </CheckoutDialog>
  );
}
