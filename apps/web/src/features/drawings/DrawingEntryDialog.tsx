// The drawing entry dialog for drawing and pack_drawing drops (issue 15, decision 013): the entry needs a
// validated profile and an unused entry (000 §5); a priced entry holds its price on the balance until the
// draw, and only winners are charged. The drop pages and the drawing page open it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isApiError } from '../../app/api-client';
import { useLoggedIn } from '../../app/useLoggedIn';
import { Dialog } from '../../ui/Dialog';
import { FormAlert } from '../../ui/FormAlert';
import { useTermsDialog } from '../terms/TermsDialog';
import { isTermsApprovalRequired } from '../terms/terms-api';
import { drawingsApi, drawingsKeys } from './drawings-api';

export interface DrawingEntryDialogProps {
  contractAddress: string;
  niftyType: number;
  open: boolean;
  onClose: () => void;
}

const dollars = (cents: number) => (cents === 0 ? 'FREE' : `$${(cents / 100).toFixed(2)}`);

export function DrawingEntryDialog({ contractAddress, niftyType, open, onClose }: DrawingEntryDialogProps) {
  const loggedIn = useLoggedIn();
  const queryClient = useQueryClient();
  const terms = useTermsDialog();
  const drawing = useQuery({
    queryKey: drawingsKeys.drawing(contractAddress, niftyType, loggedIn),
    queryFn: () => drawingsApi.get(contractAddress, niftyType),
    enabled: open,
  });
  const enter = useMutation({
    mutationFn: () => drawingsApi.enter(contractAddress, niftyType),
    onSuccess: (next) => {
      queryClient.setQueryData(drawingsKeys.drawing(contractAddress, niftyType, true), next);
      void queryClient.invalidateQueries({ queryKey: drawingsKeys.all() });
    },
    onError: (error) => {
      if (isTermsApprovalRequired(error)) terms.ask(() => enter.mutate());
    },
  });
  const d = drawing.data;
  const used = d?.saleDetails.userEntriesUsed ?? 0;
  const unused = d?.saleDetails.userEntriesUnused ?? 0;
  const error = enter.error && !isTermsApprovalRequired(enter.error) ? enter.error : null;
  const canEnter = loggedIn && d?.status === 'open' && d.validated === true && unused > 0;

  return (
    <>
      <Dialog
        open={open}
        onClose={onClose}
        title="Enter Drawing"
        testId="drawing-entry-dialog"
        loading={enter.isPending}
        onConfirm={canEnter ? () => enter.mutate() : undefined}
        confirmLabel={used > 0 ? 'Entered' : 'Enter Drawing'}
        confirmDisabled={!canEnter}
      >
        {drawing.isError ? <FormAlert>We could not load this drawing.</FormAlert> : null}
        {d ? (
          <div data-testid="drawing-entry-body">
            <p>
              <strong>{d.name}</strong> · {dollars(d.priceInCents)} · {d.editionSize} editions ·{' '}
              <span data-testid="drawing-total-entries">{d.saleDetails.totalEntries}</span> entries
            </p>
            <p>
              Winners are drawn at random when the drawing closes. Only winners are charged; a priced entry
              holds its price on your balance until then.
            </p>
            <p>
              Commitment: <code data-testid="drawing-commitment">{d.commitment}</code>
            </p>
            {!loggedIn ? <FormAlert tone="info">Sign in to enter this drawing.</FormAlert> : null}
            {loggedIn && d.validated === false ? (
              <FormAlert
                tone="warning"
                action={<Link to="/account/profile-validation">Validate your profile</Link>}
              >
                Validated account required
              </FormAlert>
            ) : null}
            {loggedIn && used > 0 ? (
              <FormAlert tone="success" testId="drawing-entered">
                You entered this drawing ({used} of {used + unused} entries used).
              </FormAlert>
            ) : null}
            {d.status !== 'open' ? <FormAlert tone="info">This drawing is not open.</FormAlert> : null}
            {error ? (
              <FormAlert>{isApiError(error) ? error.message : 'Something went wrong'}</FormAlert>
            ) : null}
          </div>
        ) : null}
      </Dialog>
      {terms.dialog}
    </>
  );
}
