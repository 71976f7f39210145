import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useToast } from '../../ui/useToast';
import { useRequireSignIn } from '../social/useRequireSignIn';
import { createOffer, OfferForm } from './OfferForm';
import {
  DUPLICATE_OFFER_MESSAGE,
  isDuplicateOffer,
  type NewOffer,
  type OfferTarget,
  offerKeys,
} from './offers-api';

/**
 * "Make Offer" on an item (000 §2): signed out opens the auth modal; signed in opens the offer dialog. A
 * second offer on the same target is refused by the API and shows 000 §5's duplicate warning toast.
 */
export function MakeOfferButton({ target, label = 'Make Offer' }: { target: OfferTarget; label?: string }) {
  const requireSignIn = useRequireSignIn();
  const [open, setOpen] = useState(false);
  return (
    <>
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
      {open ? <MakeOfferDialog target={target} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/** Invalidates every list an offer can appear in: the public ones and the user's own. */
export function useRefreshOffers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: offerKeys.all() }),
      queryClient.invalidateQueries({ queryKey: offerKeys.mine() }),
    ]);
}

/** A create-offer mutation with the duplicate warning toast. */
export function useCreateOffer(onCreated: () => void) {
  const toast = useToast();
  const refresh = useRefreshOffers();
  return useMutation({
    mutationFn: (prepare: () => Promise<NewOffer>) => createOffer(prepare),
    onSuccess: async () => {
      toast.success('Your offer was made');
      await refresh();
      onCreated();
    },
    onError: (error) => {
      if (isDuplicateOffer(error)) toast.warning(DUPLICATE_OFFER_MESSAGE);
    },
  });
}

function MakeOfferDialog({ target, onClose }: { target: OfferTarget; onClose: () => void }) {
  const formId = useId();
  const mutation = useCreateOffer(onClose);
  return (
    <Dialog
      open
      onClose={onClose}
      title={target.type === 'global_offer' ? 'Make Global Offer' : 'Make Offer'}
      loading={mutation.isPending}
      onConfirm={() => (document.getElementById(formId) as HTMLFormElement | null)?.requestSubmit()}
      confirmLabel="Make offer"
      testId="offer-dialog"
    >
      <OfferForm
        target={target}
        formId={formId}
        onSubmit={(prepare) => mutation.mutate(prepare)}
        error={mutation.error ? mutation.error.message : null}
        busy={mutation.isPending}
      />
    </Dialog>
  );
}
