import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLoggedIn } from '../../app/useLoggedIn';
import { serverNow } from '../../lib/server-clock';
import { Button, type ButtonProps } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { EligibilityPanel } from '../drops/EligibilityPanel';
import { drawingCard, saleCardButton } from '../drops/sale-card';
import { DrawingEntryDialog } from './DrawingEntryDialog';
import { type Drawing, drawingsApi, drawingsKeys } from './drawings-api';

/**
 * A drawing's Enter Drawing button by the drop cards' rule (001 §4: 'Not yet Available', 'Validated account required',
 * 'Not Eligible to Enter Drawing', 'Entered', 'Ended'), the reason a validation is asked for, the eligibility panel, and
 * the entry dialog it opens. The viewer's eligibility is read while the drawing is open. On the drawing's results page
 * and on its work page.
 */
export function DrawingEntryButton({
  drawing: d,
  contractAddress,
  niftyType,
  size,
  fullWidth,
}: {
  drawing: Drawing;
  contractAddress: string;
  niftyType: number;
  size?: ButtonProps['size'];
  fullWidth?: boolean;
}) {
  const loggedIn = useLoggedIn();
  const [entering, setEntering] = useState(false);
  const eligibility = useQuery({
    queryKey: drawingsKeys.eligibility(contractAddress, niftyType, loggedIn),
    queryFn: ({ signal }) => drawingsApi.eligibility(contractAddress, niftyType, signal),
    enabled: d.status === 'open',
  });
  const button = saleCardButton(drawingCard(d, loggedIn, eligibility.data), serverNow(), {
    signedIn: loggedIn,
    eligibility: eligibility.data,
    eligibilityLoading: loggedIn && d.status === 'open' && eligibility.isPending,
    // The drawing's own answer says whether the viewer is validated, should their eligibility fail to load.
    validated: loggedIn ? d.validated : null,
  });
  return (
    <>
      <Button
        data-testid="drawing-enter"
        size={size}
        fullWidth={fullWidth}
        disabled={button.disabled}
        onClick={() => setEntering(true)}
      >
        {button.label}
      </Button>
      {button.label === 'Validated account required' ? (
        <FormAlert
          tone="warning"
          testId="drawing-enter-reason"
          action={<Link to="/account/profile-validation">Validate your profile</Link>}
        >
          A drawing is entered with a validated profile.
        </FormAlert>
      ) : null}
      {eligibility.data?.criteria ? <EligibilityPanel eligibility={eligibility.data} /> : null}
      <DrawingEntryDialog
        contractAddress={contractAddress}
        niftyType={niftyType}
        open={entering}
        onClose={() => setEntering(false)}
      />
    </>
  );
}
