import { useMutation } from '@tanstack/react-query';
import { collectionStatus } from '@vitrine/domain';
import { useContext } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../app/api-client';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { AuthModalContext } from '../auth/auth-modal-context';
import { isUnauthorized } from '../auth/authed-request';
import { useRequireSignIn } from '../social/useRequireSignIn';
import { useTermsDialog } from '../terms/TermsDialog';
import { isTermsApprovalRequired } from '../terms/terms-api';
import { primaryCheckoutPath, tradingApi } from './trading-api';

/** The drop types whose Buy opens the checkout page (000 §4); #15 adds the others. */
const CHECKOUT_DROP_TYPES = new Set(['fcfs', 'open_edition', 'blind_edition', 'pack']);
/** 001 §4 / 000 §4: open editions are minted after purchasing closes. */
export const OPEN_EDITION_MESSAGE =
  'Open editions are minted after purchasing closes and may take up to 4 hours to appear.';

/**
 * Buy on a drop's nifty (001 §4 labels: 'Not yet Available', 'Ended', 'Sold Out', 'Buy'): signed out opens
 * the auth modal; signed in creates a purchase intent for one edition and opens its checkout page
 * (/checkout/{contractAddress}/{niftyType}?piid=, the page's other query parameters kept). Nothing for drop
 * types checkout does not sell yet.
 */
export function BuyEditionsButton({
  dropType,
  contractAddress,
  niftyType,
  startTime,
  endTime,
  editionSize,
  totalSold,
}: {
  dropType: string | null;
  contractAddress: string;
  niftyType: number;
  startTime: string | null;
  endTime: string | null;
  editionSize: number;
  totalSold: number;
}) {
  const requireSignIn = useRequireSignIn();
  const authModal = useContext(AuthModalContext);
  const navigate = useNavigate();
  const location = useLocation();
  const terms = useTermsDialog();
  const mutation = useMutation({
    mutationFn: () => tradingApi.createPurchaseIntent(contractAddress, niftyType, 1),
    onSuccess: (intent) =>
      navigate(primaryCheckoutPath(contractAddress, niftyType, intent.purchaseIntentId, location.search)),
    onError: (error) => {
      // 000 §8: tos_approval_required opens the terms dialog; agreeing opens the checkout.
      if (isTermsApprovalRequired(error)) terms.ask(() => mutation.mutate());
      else if (isUnauthorized(error) && authModal) authModal.open();
    },
  });
  if (dropType === null || !CHECKOUT_DROP_TYPES.has(dropType) || !startTime || !endTime) return null;
  const status = collectionStatus(startTime, endTime, Date.now());
  const openEdition = dropType === 'open_edition';
  const soldOut = !openEdition && totalSold >= editionSize;
  // 001 §4: an open edition's action is Mint.
  const action = openEdition ? 'Mint' : 'Buy';
  const label =
    status === 'upcoming' ? 'Not yet Available' : status !== 'live' ? 'Ended' : soldOut ? 'Sold Out' : action;
  const failure =
    mutation.error &&
    isApiError(mutation.error) &&
    !isUnauthorized(mutation.error) &&
    !isTermsApprovalRequired(mutation.error)
      ? mutation.error.message
      : null;
  return (
    <div>
      <Button
        size="lg"
        loading={mutation.isPending}
        disabled={label !== action || mutation.isPending}
        onClick={() => {
          if (requireSignIn()) mutation.mutate();
        }}
        data-testid="buy-editions"
      >
        {label}
      </Button>
      {failure ? <FormAlert testId="buy-editions-error">{failure}</FormAlert> : null}
      {openEdition ? <p data-testid="open-edition-message">{OPEN_EDITION_MESSAGE}</p> : null}
      {terms.dialog}
    </div>
  );
}
