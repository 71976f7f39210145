import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatCents,
  INVALID_VERIFICATION_CODE,
  OFFER_ACCEPT_FAILED_MESSAGE,
  OFFER_ACCEPTED_MESSAGE,
  TWO_FACTOR_CODE_MIN_LENGTH,
} from '@vitrine/domain';
import { type FormEvent, useContext, useId, useState } from 'react';
import { isApiError } from '../../app/api-client';
import { useLoggedIn } from '../../app/useLoggedIn';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FormAlert } from '../../ui/FormAlert';
import { Skeleton } from '../../ui/Skeleton';
import { TextField } from '../../ui/TextField';
import { useSubmitOnce } from '../../ui/useSubmitOnce';
import { useToast } from '../../ui/useToast';
import { AuthModalContext } from '../auth/auth-modal-context';
import { isUnauthorized } from '../auth/authed-request';
import { authKeys } from '../auth/query-keys';
import { isTwoFactorInvalid, STEP_UP_CODE_HINT, type StepUpMethod, twoFactorRequired } from '../auth/step-up';
import { itemQuery } from '../catalog/catalog-queries';
import { ListingPrice } from '../catalog/shared/ListingPrice';
import { useTermsDialog } from '../terms/TermsDialog';
import { isTermsApprovalRequired } from '../terms/terms-api';
import { SaleProceedsBreakdown } from '../trading/SaleFeesDialog';
import styles from './Offers.module.css';
import { type Offer, offerKeys, offersApi, offerTargetText, withEdition } from './offers-api';

/** How long the success toast shows before the page reloads (000 §4: the page reloads after success). */
const RELOAD_AFTER_MS = 1500;

export interface AcceptToken {
  contractAddress: string;
  tokenId: string;
}

/**
 * Accepting a bid (000 §2 accept-bid dialog, §4 bid acceptance): for a token offer the token is known; for a
 * global or attribute offer the owner picks one of their eligible nifties first (Accept stays disabled until
 * one is chosen). With two-factor on, the API answers two_factor_required and the verification step shows
 * before anything is sold. Before Accept the seller sees what they receive (the fee lines of the listing's fee
 * dialog, for the token picked). Success: 000 §8's toast, then the page reloads; failure: 000 §8's message. The
 * amount shown is the amount accepted: an offer its maker changed meanwhile is refused, and the offers read again.
 */
export function AcceptBidDialog({
  offer,
  token,
  onClose,
}: {
  offer: Offer;
  /** The token to sell; null to pick one of the caller's eligible nifties. */
  token: AcceptToken | null;
  onClose: () => void;
}) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const authModal = useContext(AuthModalContext);
  const codeId = useId();
  const [picked, setPicked] = useState<AcceptToken | null>(token);
  const [twoFactor, setTwoFactor] = useState<StepUpMethod | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  // A new code was asked for (000 §2: the two-factor prompt has a resend button): said under the field.
  const [resent, setResent] = useState<'sending' | 'sent' | null>(null);
  const terms = useTermsDialog();
  // A double click accepts once: the second click sends nothing while the first is in flight.
  const once = useSubmitOnce();
  const eligible = useQuery({
    queryKey: offerKeys.eligible(offer.purchaseIntentId),
    queryFn: ({ signal }) => offersApi.eligibleNifties(offer.purchaseIntentId, signal),
    enabled: token === null,
  });
  const mutation = useMutation({
    mutationFn: (input: { token: AcceptToken; code?: string }) =>
      offersApi.acceptBid({
        bidId: offer.purchaseIntentId,
        contractAddress: input.token.contractAddress,
        tokenId: input.token.tokenId,
        expectedAmountInCents: offer.amountInCents,
        ...(input.code ? { twoFactorCode: input.code } : {}),
      }),
    onSuccess: () => {
      setResent(null);
      // The seller's balance has the proceeds now: the account menu shows the server's figure at once.
      void queryClient.invalidateQueries({ queryKey: authKeys.profile() });
      toast.success(OFFER_ACCEPTED_MESSAGE);
      window.setTimeout(() => {
        // 000 §4: the page reloads. At its top, where the new owner shows: restored to where the Offers panel was,
        // the scroll landed half-way while the reloaded page was still a skeleton (UX walkthrough, 2026-12-05).
        window.scrollTo({ top: 0 });
        window.location.reload();
      }, RELOAD_AFTER_MS);
    },
    onError: (error, input) => {
      const method = twoFactorRequired(error);
      const resending = resent === 'sending';
      if (resending) setResent(null);
      // 000 §8: tos_approval_required opens the terms dialog; agreeing accepts again.
      if (isTermsApprovalRequired(error)) terms.ask(() => mutation.mutate(input));
      else if (method) {
        // The first answer, or a resend's: the server has sent a new code (sms, email).
        if (twoFactor) setResent('sent');
        setTwoFactor(method);
        setFailed(false);
      } else if (isTwoFactorInvalid(error)) {
        setCodeError(INVALID_VERIFICATION_CODE);
      } else if (resending && isApiError(error) && error.statusCode === 429) {
        // Asked for a new code too often: said at the field; nothing was attempted.
        setCodeError(error.message);
      } else if (isUnauthorized(error)) {
        // The session ended (its refresh refused): the auth modal, as Buy Now does on 401 (000 §8); the page
        // reloads once signed in again, and the owner accepts from there.
        onClose();
        authModal?.open();
      } else if (
        isApiError(error) &&
        (error.errorType === 'offer-changed' || error.errorType === 'offer-unavailable')
      ) {
        // The maker changed the amount since this dialog opened, or withdrew the offer (or it expired): nothing was
        // sold. The offers are read again (QA 2026-12-07: a withdrawn offer stayed listed with Accept) and the owner
        // decides on what is there now.
        toast.error(OFFER_ACCEPT_FAILED_MESSAGE, error.message);
        void queryClient.invalidateQueries({ queryKey: offerKeys.all() });
        void queryClient.invalidateQueries({ queryKey: offerKeys.mine() });
        onClose();
      } else if (
        isApiError(error) &&
        (error.errorType === 'not-accepting-offers' || error.errorType === 'payment-pending')
      ) {
        // The owner's NFT has offers switched off (the box under the item's price), or it is a drawing win whose
        // payment has not gone through yet: the toast says why and how to go on.
        setFailed(true);
        toast.error(OFFER_ACCEPT_FAILED_MESSAGE, error.message);
      } else {
        setFailed(true);
        toast.error(OFFER_ACCEPT_FAILED_MESSAGE);
      }
    },
  });
  const done = mutation.isSuccess;
  const busy = mutation.isPending || done;

  const accept = (event?: FormEvent) => {
    event?.preventDefault();
    if (!picked) return;
    if (twoFactor) {
      // 000 §5: a two-factor code of at least 5 characters, 'Invalid verification code' (as at sign-in; read
      // without its zod schema, which would add zod to the item and collection pages' first load).
      const trimmed = code.trim();
      if (trimmed.length < TWO_FACTOR_CODE_MIN_LENGTH) {
        setCodeError(INVALID_VERIFICATION_CODE);
        return;
      }
      setCodeError(null);
      once.send(mutation, { token: picked, code: trimmed });
    } else once.send(mutation, { token: picked });
  };

  /** Asks for a new code: the accept sent again without one (the server answers with a new code sent). */
  const resend = () => {
    if (!picked) return;
    setResent('sending');
    setCodeError(null);
    once.send(mutation, { token: picked });
  };

  if (twoFactor) {
    return (
      <>
        <Dialog
          open
          onClose={onClose}
          title="Two-factor verification"
          loading={busy}
          onConfirm={() => accept()}
          confirmLabel="Verify and accept"
          testId="accept-bid-2fa-dialog"
        >
          <form onSubmit={accept} noValidate className={styles.form}>
            {failed ? <FormAlert testId="accept-bid-error">{OFFER_ACCEPT_FAILED_MESSAGE}</FormAlert> : null}
            <p className={styles.note}>{STEP_UP_CODE_HINT[twoFactor]}</p>
            <TextField
              id={codeId}
              name="twoFactorCode"
              label="Verification code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                setCodeError(null);
              }}
              error={codeError}
              disabled={busy}
              autoFocus
            />
            {twoFactor === 'totp' ? null : (
              <div>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className={styles.inlineAction}
                  onClick={resend}
                  disabled={busy}
                  data-testid="accept-bid-resend"
                >
                  {resent === 'sending' && mutation.isPending ? 'Sending…' : 'Resend code'}
                </Button>
                {resent === 'sent' ? (
                  <p className={styles.note} data-testid="accept-bid-resent" role="status">
                    We sent a new code.
                  </p>
                ) : null}
              </div>
            )}
          </form>
        </Dialog>
        {terms.dialog}
      </>
    );
  }

  return (
    <>
      <Dialog
        open
        onClose={onClose}
        title="Accept offer"
        loading={busy}
        onConfirm={() => accept()}
        confirmLabel="Accept"
        confirmDisabled={!picked || busy}
        testId="accept-bid-dialog"
      >
        <div className={styles.form}>
          {failed ? <FormAlert testId="accept-bid-error">{OFFER_ACCEPT_FAILED_MESSAGE}</FormAlert> : null}
          <p>
            Sell{' '}
            {token
              ? offer.type === 'offer'
                ? offerTargetText(offer)
                : offer.nifty.name
              : 'one of your editions'}{' '}
            to {offer.maker.name} for <strong>{formatCents(offer.amountInCents)}</strong>? The service fee and
            the creator royalty are taken from the amount.
          </p>
          {token ? null : (
            <fieldset className={styles.nifties} aria-label="Your eligible NFTs">
              <legend className={styles.legend}>Pick the NFT to sell ({offerTargetText(offer)})</legend>
              {eligible.isPending ? (
                <Skeleton width="100%" height={44} />
              ) : eligible.isError ? (
                <FormAlert testId="eligible-error">{eligible.error.message}</FormAlert>
              ) : eligible.data.results.length === 0 ? (
                <p className={styles.muted} data-testid="eligible-empty">
                  You own no NFT this offer can buy.
                </p>
              ) : (
                eligible.data.results.map((nifty) => (
                  <label key={`${nifty.contractAddress}:${nifty.tokenId}`} className={styles.method}>
                    <input
                      type="radio"
                      name="eligibleNifty"
                      checked={
                        picked?.tokenId === nifty.tokenId && picked.contractAddress === nifty.contractAddress
                      }
                      onChange={() =>
                        setPicked({ contractAddress: nifty.contractAddress, tokenId: nifty.tokenId })
                      }
                      disabled={busy}
                      data-testid="eligible-nifty"
                    />
                    {withEdition(nifty.name, nifty.editionNumber)}
                  </label>
                ))
              )}
            </fieldset>
          )}
          {picked ? <ListedNote token={picked} /> : null}
          {/* What the seller receives before they confirm: the listing fee dialog's figures, for the token sold. */}
          {picked ? (
            <SaleProceedsBreakdown
              contractAddress={picked.contractAddress}
              tokenId={picked.tokenId}
              priceInCents={offer.amountInCents}
              priceLabel="Offer"
              receivesLabel="You receive"
              testIdPrefix="accept-fee"
            />
          ) : null}
        </div>
      </Dialog>
      {terms.dialog}
    </>
  );
}

/**
 * The token to sell is listed: accepting sells it for the offer and closes the listing, said before Accept (QA
 * 2026-12-07: a $300 listing went for a $30 offer without a word).
 */
function ListedNote({ token }: { token: AcceptToken }) {
  const signedIn = useLoggedIn();
  const item = useQuery(itemQuery(token.contractAddress, token.tokenId, signedIn));
  const listing = item.data?.listing;
  if (!listing) return null;
  return (
    <FormAlert tone="warning" testId="accept-listed-note">
      This NFT is listed for <ListingPrice listing={listing} />: accepting this offer sells it for the offer
      and closes that listing.
    </FormAlert>
  );
}
