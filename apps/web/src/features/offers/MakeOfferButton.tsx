import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DUPLICATE_OFFER_MESSAGE, formatCents, NOT_ACCEPTING_OFFERS_MESSAGE } from '@vitrine/domain';
import { useContext, useId, useState } from 'react';
import { isApiError } from '../../app/api-client';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FormAlert } from '../../ui/FormAlert';
import { Link } from '../../ui/Link';
import { useSubmitOnce } from '../../ui/useSubmitOnce';
import { useToast } from '../../ui/useToast';
import { AuthModalContext } from '../auth/auth-modal-context';
import { isUnauthorized } from '../auth/authed-request';
import { MY_OFFERS_PATH } from '../auth/paths';
import { authKeys } from '../auth/query-keys';
import { catalogKeys } from '../catalog/query-keys';
import { useRequireSignIn } from '../social/useRequireSignIn';
import { useTermsDialog } from '../terms/TermsDialog';
import { isTermsApprovalRequired } from '../terms/terms-api';
import { DECLINED_CARD_ADVICE } from '../trading/buy-flow';
import { isCardFieldError } from '../trading/card-form';
import { type PendingStep, useCardVerification } from '../trading/useCardVerification';
import { createOffer, OfferForm } from './OfferForm';
import {
  isDuplicateOffer,
  type NewOffer,
  type Offer,
  type OfferTarget,
  offerKeys,
  offersApi,
} from './offers-api';

/**
 * "Make Offer" on an item (000 §2): signed out opens the auth modal; signed in opens the offer dialog. A
 * second offer on the same target is refused by the API and shows 000 §5's duplicate warning toast.
 */
export function MakeOfferButton({
  target,
  label = 'Make Offer',
  buyNowCents = null,
  floorCents = null,
  closed = false,
}: {
  target: OfferTarget;
  label?: string;
  /** The item's Buy Now price in cents while it is listed (the form points out an offer at or above it). */
  buyNowCents?: number | null;
  /** The floor of the item's edition (an offer far above it is asked about once). */
  floorCents?: number | null;
  /**
   * The owner is not accepting offers: the button reads so, disabled. A dialog open when the owner turned offers off
   * (the item read again on its live update) stays and says so, not vanishing with what was typed (review 2026-12-05).
   */
  closed?: boolean;
}) {
  const [open, setOpen] = useState(false);
  // Signed out, the dialog opens once the visitor has signed in and is back on this page.
  const requireSignIn = useRequireSignIn({
    key: `make-offer:${JSON.stringify(target)}`,
    run: () => setOpen(true),
  });
  return (
    <>
      {closed ? (
        <Button
          variant="secondary"
          size="lg"
          disabled
          title={NOT_ACCEPTING_OFFERS_MESSAGE}
          data-testid="not-accepting-offers"
        >
          Not Accepting Offers
        </Button>
      ) : (
        <Button
          variant="secondary"
          size="lg"
          onClick={() => {
            if (requireSignIn()) setOpen(true);
          }}
          data-testid="make-offer"
        >
          {label}
        </Button>
      )}
      {open ? (
        <MakeOfferDialog
          target={target}
          buyNowCents={buyNowCents}
          floorCents={floorCents}
          closed={closed}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

/**
 * Invalidates every list an offer can appear in (the public ones and the user's own) and the profile: an offer
 * from the balance holds its amount, so the available balance the next offer dialog and the account menu show
 * moves with making, repricing and cancelling one.
 */
export function useRefreshOffers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: offerKeys.all() }),
      queryClient.invalidateQueries({ queryKey: offerKeys.mine() }),
      queryClient.invalidateQueries({ queryKey: authKeys.profile() }),
    ]);
}

const NOT_MADE =
  'Your offer was not made: the card verification was not completed. Make the offer again to try once more.';

/**
 * A create-offer mutation with the duplicate warning toast. A user who must agree to the terms first
 * (tos_approval_required, 000 §8) gets the terms dialog, and the offer is made again after agreeing (its card
 * tokenised again). A card whose bank asks for a verification (3-D Secure) makes an offer that waits: the
 * verification dialog runs the step and opens the offer; closed, the offer is not made (cancelled, its card
 * released). Render `dialogs`; `error` is what the form shows above it (not the terms refusal), and `failure` goes
 * to the form, which shows a refused card at its fields.
 */
export function useCreateOffer(onCreated: (offer: Offer) => void) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const authModal = useContext(AuthModalContext);
  const refresh = useRefreshOffers();
  const terms = useTermsDialog();
  const once = useSubmitOnce();
  const made = async (offer: Offer) => {
    toast.success('Your offer was made');
    await refresh();
    onCreated(offer);
  };
  const mutation = useMutation({
    mutationFn: (prepare: () => Promise<NewOffer>) => {
      verification.clear();
      return createOffer(prepare);
    },
    onSuccess: async (answer) => {
      if (answer.offer.status === 'requires_action') {
        verification.start({
          id: answer.offer.id,
          offer: answer.offer,
          secret: answer.offer.nextAction?.clientSecret ?? null,
        });
        return;
      }
      await made(answer.offer);
    },
    onError: (error, prepare) => {
      if (isTermsApprovalRequired(error)) terms.ask(() => mutation.mutate(prepare));
      // The session ended (its refresh refused): the auth modal, as Buy Now does on 401 (000 §8). Nothing was made
      // (QA 2026-12-07: the dialog closed and said nothing).
      else if (isUnauthorized(error)) authModal?.open();
      else if (isDuplicateOffer(error)) toast.warning(DUPLICATE_OFFER_MESSAGE);
      // The owner turned offers off since the page was read. The item read again puts 'Not Accepting Offers' in
      // this button's place, and this dialog goes with it: a toast says why (what was typed is not needed now).
      else if (isApiError(error) && error.errorType === 'not-accepting-offers') {
        toast.warning(error.message);
        void queryClient.invalidateQueries({ queryKey: catalogKeys.items() });
      }
    },
  });
  // A card whose bank asks for a verification: the offer waits until the maker completes it, then opens. Closed
  // without completing, the offer is not made: it is cancelled at once (its card released; the API lets it go after
  // half an hour anyway), and the form says so, with what was typed still there.
  const verification = useCardVerification<PendingStep & { offer: Offer }, { offer: Offer }>({
    send: (pending, key) => offersApi.completeAction(pending.id, key),
    onAnswer: async (answer) => {
      if (answer.offer.status === 'open') await made(answer.offer);
      else verification.setNotice(NOT_MADE);
    },
    onRefused: (error) => {
      if (isDuplicateOffer(error)) toast.warning(DUPLICATE_OFFER_MESSAGE);
    },
    onAbandon: (pending) => void offersApi.cancel(pending.id).catch(() => undefined),
    notDone: NOT_MADE,
    finish: (pending) => `make your offer of ${formatCents(pending.offer.amountInCents)}`,
    testId: 'offer-action-dialog',
  });
  // A refused card shows at its fields (the form's `failure`), not above the form; a duplicate only in its
  // warning toast (000 §5), not a second time as an error; a declined card with the checkout's advice.
  const shown = mutation.error ?? verification.error;
  const error =
    shown && !isTermsApprovalRequired(shown) && !isCardFieldError(shown) && !isDuplicateOffer(shown)
      ? isApiError(shown) && shown.errorType === 'card_declined'
        ? `${shown.message} ${DECLINED_CARD_ADVICE}`
        : shown.message
      : verification.notice;
  // A double click makes one offer: the second click sends nothing while the first is in flight.
  const submit = (prepare: () => Promise<NewOffer>) => once.send(mutation, prepare);
  // Refused as a second offer on the same NFT or work: where the first can be changed (UX review, 2026-12-06: the
  // warning alone left the dialog a dead end).
  const duplicate = shown !== null && isDuplicateOffer(shown);
  const dialogs = (
    <>
      {terms.dialog}
      {verification.dialog}
    </>
  );
  return {
    mutation,
    // Busy from the press until the offer is made or refused: the verification is part of making it.
    busy: mutation.isPending || verification.waiting,
    submit,
    error,
    failure: mutation.error,
    answered: mutation.data,
    dialogs,
    duplicate,
  };
}

/** Where an offer refused as a duplicate can be changed or cancelled instead. */
export function DuplicateOfferNext({ onThisPage }: { onThisPage: boolean }) {
  return (
    <FormAlert tone="info" testId="offer-duplicate-next">
      Change or cancel your offer {onThisPage ? 'in the Offers list on this page, or ' : ''}under{' '}
      <Link to={MY_OFFERS_PATH}>My offers</Link>.
    </FormAlert>
  );
}

function MakeOfferDialog({
  target,
  buyNowCents,
  floorCents,
  closed,
  onClose,
}: {
  target: OfferTarget;
  buyNowCents: number | null;
  floorCents: number | null;
  closed: boolean;
  onClose: () => void;
}) {
  const formId = useId();
  const { busy, submit, error, failure, answered, dialogs, duplicate } = useCreateOffer(onClose);
  return (
    <>
      <Dialog
        open
        onClose={onClose}
        title={target.type === 'global_offer' ? 'Make Global Offer' : 'Make Offer'}
        loading={busy}
        formId={formId}
        confirmLabel="Make offer"
        testId="offer-dialog"
      >
        {closed ? (
          <FormAlert tone="warning" testId="offer-closed">
            {NOT_ACCEPTING_OFFERS_MESSAGE}
          </FormAlert>
        ) : null}
        {duplicate ? <DuplicateOfferNext onThisPage={target.type === 'offer'} /> : null}
        <OfferForm
          target={target}
          formId={formId}
          onSubmit={submit}
          error={error}
          failure={failure}
          answered={answered}
          busy={busy}
          buyNowCents={buyNowCents}
          floorCents={floorCents}
        />
      </Dialog>
      {dialogs}
    </>
  );
}
