import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { Dialog } from '../../ui/Dialog';
import { ErrorFallback } from '../../ui/ErrorFallback';
import { Skeleton } from '../../ui/Skeleton';
import { AuthCard } from './AuthCard';
import { AuthHeading } from './AuthHeading';
import styles from './auth.module.css';
import { PhoneCodeForm } from './PhoneCodeForm';
import { PhoneErrorAlert } from './PhoneErrorAlert';
import { PhoneNumberForm } from './PhoneNumberForm';
import pageStyles from './ProfileValidationPage.module.css';
import {
  formatPhone,
  PHONE_MESSAGES,
  type PhoneErrorView,
  type PhoneVerification,
  phoneApi,
  phoneErrorView,
} from './phone';
import { authKeys } from './query-keys';
import { RequireAuth } from './RequireAuth';
import { StepUpCodeField, useStepUpCode } from './StepUpCodeField';
import { useLoginRedirectOn401 } from './useLoginRedirectOn401';

/**
 * Profile validation (000 §4): no phone → number entry; code sent → code entry (resend, new number);
 * verified → 'Profile validation complete' with a remove action. A 401 goes to the login page.
 */
export function ProfileValidationPage() {
  return (
    <AuthCard documentTitle="Profile validation" testId="profile-validation-page" wide>
      <RequireAuth>
        <ProfileValidation />
      </RequireAuth>
    </AuthCard>
  );
}

function ProfileValidation() {
  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: authKeys.phoneVerification(),
    queryFn: ({ signal }) => phoneApi.get(signal),
  });
  const [removeOpen, setRemoveOpen] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [removeError, setRemoveError] = useState<PhoneErrorView | null>(null);
  // With two-factor on, removing the number asks for its code.
  const removeStepUp = useStepUpCode();
  useLoginRedirectOn401(state.error);

  const update = (answer: PhoneVerification) => {
    queryClient.setQueryData<PhoneVerification>(authKeys.phoneVerification(), { message: answer.message });
    void queryClient.invalidateQueries({ queryKey: authKeys.profile() });
  };

  const remove = async () => {
    if (!removeStepUp.ready()) return;
    setRemoving(true);
    setRemoveError(null);
    try {
      update(await phoneApi.remove(removeStepUp.code));
      setRemoveOpen(false);
    } catch (failure) {
      if (!removeStepUp.handled(failure)) setRemoveError(phoneErrorView(failure));
    } finally {
      setRemoving(false);
    }
  };

  const heading = (
    <AuthHeading
      eyebrow="Profile validation"
      title="Validate your profile"
      subtitle="A verified phone number lets you join drops that need a validated account."
    />
  );

  if (state.isPending) {
    return (
      <div aria-busy="true" data-testid="phone-loading">
        {heading}
        <div className={pageStyles.skeleton}>
          <Skeleton height={16} width="40%" />
          <Skeleton variant="rect" height={48} />
          <Skeleton variant="rect" height={48} />
        </div>
      </div>
    );
  }
  if (state.isError) {
    return (
      <>
        {heading}
        <ErrorFallback
          title="Your phone verification could not be loaded"
          message={phoneErrorView(state.error).text}
          onRetry={() => void state.refetch()}
          retrying={state.isFetching}
        />
      </>
    );
  }

  const { verified, phone_number: phone } = state.data.message;
  if (verified && phone) {
    return (
      <div className={styles.centered} data-testid="phone-verified">
        <span className={styles.bigIcon} data-tone="success" aria-hidden="true">
          ✓
        </span>
        <AuthHeading
          title={PHONE_MESSAGES.complete}
          subtitle={
            <>
              Verified number: <strong>{formatPhone(phone)}</strong>
            </>
          }
        />
        <div className={styles.inlineActions}>
          <ButtonLink to="/" size="lg">
            Continue
          </ButtonLink>
          <Button variant="secondary" size="lg" onClick={() => setRemoveOpen(true)}>
            Remove number
          </Button>
        </div>
        <Dialog
          open={removeOpen}
          onClose={() => setRemoveOpen(false)}
          title="Remove this phone number?"
          confirmLabel="Remove"
          onConfirm={remove}
          loading={removing}
          testId="remove-phone-dialog"
        >
          <p>Your profile stops being validated until you verify a number again.</p>
          <StepUpCodeField stepUp={removeStepUp} disabled={removing} />
          {removeError ? <PhoneErrorAlert error={removeError} /> : null}
        </Dialog>
      </div>
    );
  }

  return (
    <>
      {heading}
      {phone ? (
        <PhoneCodeForm phoneNumber={phone} onVerified={update} onNewNumber={update} />
      ) : (
        <PhoneNumberForm onSent={update} />
      )}
    </>
  );
}
