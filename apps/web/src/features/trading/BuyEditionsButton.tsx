import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DropCardViewer } from '@vitrine/domain';
import type { NiftyEligibility } from '@vitrine/domain/catalog-responses';
import { useContext, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { serverNow } from '../../lib/server-clock';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { useSubmitOnce } from '../../ui/useSubmitOnce';
import { AuthModalContext } from '../auth/auth-modal-context';
import { isUnauthorized } from '../auth/authed-request';
import { catalogKeys } from '../catalog/query-keys';
import { useRequireSignIn } from '../social/useRequireSignIn';
import { useTermsDialog } from '../terms/TermsDialog';
import { isTermsApprovalRequired } from '../terms/terms-api';
import { type NiftyBuyInput, niftyBuyButton } from './nifty-buy-button';
import { PrimaryCheckoutModal } from './PrimaryCheckoutModal';
import { purchaseCreationFailure } from './purchase-failure';
import { LIMIT_REACHED } from './quantity-limit';
import { primaryCheckoutPath, tradingApi } from './trading-api';

/** 001 §4 / 000 §4: open editions are minted after purchasing closes. */
export const OPEN_EDITION_MESSAGE =
  'Open editions are minted after purchasing closes and may take up to 4 hours to appear.';

/**
 * Buy on a drop's nifty (001 §4 labels by the drop cards' priority, `niftyBuyButton`: 'Unavailable' when
 * every edition is reserved, 'Not yet Available', 'Ended', 'Sold Out' counting reserved editions, 'Buy'
 * or 'Mint'): signed out opens
 * the auth modal; signed in creates a purchase intent for one edition and opens its checkout page
 * (/checkout/{contractAddress}/{niftyType}?piid=, the page's other query parameters kept), or for a pack the
 * checkout in a modal over the page (000 §4). Nothing for drop types checkout does not sell yet.
 */
export function BuyEditionsButton({
  contractAddress,
  niftyType,
  eligibility,
  eligibilityLoading = false,
  ...sale
}: NiftyBuyInput & {
  contractAddress: string;
  niftyType: number;
  /** The viewer's eligibility, as a drop card reads it: 'Not Eligible to Buy' before the click, not after it. */
  eligibility?: NiftyEligibility | undefined;
  /** The signed-in viewer's eligibility is on its way: Buy waits for it. */
  eligibilityLoading?: boolean;
}) {
  const viewer: DropCardViewer = {
    ...(eligibility?.eligible === null || eligibility === undefined
      ? {}
      : { eligible: eligibility.eligible }),
    ...(eligibility?.validated === null || eligibility === undefined
      ? {}
      : { validated: eligibility.validated }),
  };
  // A one-per-collector NFT the viewer already bought: checkout would refuse it (409 limit-reached).
  const limitReached = eligibility?.limitReached === true;
  const buyable = (now: number) => {
    const b = niftyBuyButton(sale, now, viewer);
    return b && !b.disabled && !eligibilityLoading && !limitReached;
  };
  // Signed out, Buy asks for sign-in first; once back here signed in, it goes on to the checkout while the
  // nifty is still on sale.
  const requireSignIn = useRequireSignIn({
    key: `buy-editions:${contractAddress}/${niftyType}`,
    ready: buyable(serverNow()) === true,
    run: () => once.send(mutation, undefined),
  });
  const authModal = useContext(AuthModalContext);
  const navigate = useNavigate();
  const location = useLocation();
  const terms = useTermsDialog();
  const queryClient = useQueryClient();
  const [modalPiid, setModalPiid] = useState<number | null>(null);
  // A double click sends one request: the second click sends nothing while the first is in flight.
  const once = useSubmitOnce();
  const mutation = useMutation({
    mutationFn: () => tradingApi.createPurchaseIntent(contractAddress, niftyType, 1),
    onSuccess: (intent) => {
      if (sale.dropType === 'pack') setModalPiid(intent.purchaseIntentId);
      else
        void navigate(
          primaryCheckoutPath(contractAddress, niftyType, intent.purchaseIntentId, location.search),
        );
    },
    onError: (error) => {
      // 000 §8: tos_approval_required opens the terms dialog; agreeing opens the checkout.
      if (isTermsApprovalRequired(error)) terms.ask(() => mutation.mutate());
      else if (isUnauthorized(error) && authModal) authModal.open();
    },
  });
  const button = niftyBuyButton(sale, serverNow(), viewer);
  if (button === null) return null;
  const openEdition = sale.dropType === 'open_edition';
  const failure = purchaseCreationFailure(mutation.error);
  return (
    <div>
      <Button
        size="lg"
        loading={mutation.isPending}
        disabled={button.disabled || eligibilityLoading || limitReached || mutation.isPending}
        onClick={() => {
          if (requireSignIn()) once.send(mutation, undefined);
        }}
        data-testid="buy-editions"
      >
        {button.label}
      </Button>
      {limitReached ? <p data-testid="buy-editions-limit">{LIMIT_REACHED}</p> : null}
      {failure ? <FormAlert testId="buy-editions-error">{failure}</FormAlert> : null}
      {openEdition ? <p data-testid="open-edition-message">{OPEN_EDITION_MESSAGE}</p> : null}
      {terms.dialog}
      <PrimaryCheckoutModal
        contractAddress={contractAddress}
        niftyType={niftyType}
        piid={modalPiid}
        onClose={() => {
          setModalPiid(null);
          // The nifty page reads its counts again.
          void queryClient.invalidateQueries({ queryKey: catalogKeys.collectionNifties() });
        }}
      />
    </div>
  );
}
