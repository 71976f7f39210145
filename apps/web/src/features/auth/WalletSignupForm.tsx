import { useQueryClient } from '@tanstack/react-query';
import { signupWalletSchema } from '@vitrine/domain';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../app/api-error';
import { useForm } from '../../lib/useForm';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { TextField } from '../../ui/TextField';
import styles from './auth.module.css';
import { signupErrorMessage } from './auth-errors';
import { BotCheckWidget } from './BotCheckWidget';
import { getEthereum } from './ethereum';
import { NoWalletDialog } from './NoWalletDialog';
import { isUnauthorizedSignup, submitSignup } from './signup-submit';
import { useBotCheck } from './useBotCheck';
import { WalletIcon } from './WalletIcon';
import { shortAddress, signWalletMessage, WALLET_STEP_LABELS, type WalletStep } from './wallet-auth';

export interface WalletSignupFormProps {
  /** ?walletAddress= : the wallet the user came with (e.g. from 'Go to sign up'). */
  walletAddress?: string | undefined;
  referral?: string | undefined;
  onSignedUp: () => void;
  onUnauthorized: () => void;
}

/** Signup with a wallet (000 §2, §5): email, first and last name, then the wallet signs the server's message. */
export function WalletSignupForm({
  walletAddress,
  referral,
  onSignedUp,
  onUnauthorized,
}: WalletSignupFormProps) {
  const queryClient = useQueryClient();
  const botCheck = useBotCheck();
  const form = useForm(signupWalletSchema, { firstName: '', lastName: '', email: '' });
  const [subscribe, setSubscribe] = useState(true);
  const [step, setStep] = useState<WalletStep>('idle');
  const [error, setError] = useState<string | null>(null);
  const [noWallet, setNoWallet] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (step !== 'idle') return;
    const input = form.validate();
    if (!input) return;
    const provider = getEthereum();
    if (!provider) {
      setNoWallet(true);
      return;
    }
    setError(null);
    try {
      const signed = await signWalletMessage(provider, 'signup', setStep);
      await submitSignup(queryClient, botCheck, {
        grantType: 'wallet',
        ...input,
        walletAddress: signed.address,
        signature: signed.signature,
        message: signed.message,
        subscribe,
        ...(referral ? { referral } : {}),
      });
      onSignedUp();
    } catch (failure) {
      setStep('idle');
      botCheck.reset();
      if (isUnauthorizedSignup(failure)) {
        onUnauthorized();
        return;
      }
      const onFields = isApiError(failure) && form.applyServerErrors(failure.fields);
      if (!onFields) setError(signupErrorMessage(failure));
    }
  };

  const busy = step !== 'idle';
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="signup-wallet-form">
      <div className={styles.wallet}>
        <WalletIcon size={20} />
        {walletAddress ? (
          <span>
            Wallet <code title={walletAddress}>{shortAddress(walletAddress)}</code>
          </span>
        ) : (
          <span>Your wallet signs a message to prove it is yours. No transaction, no fee.</span>
        )}
      </div>
      <div className={styles.row}>
        <TextField
          {...form.field('firstName')}
          label="First name"
          autoComplete="given-name"
          disabled={busy}
          data-autofocus
        />
        <TextField {...form.field('lastName')} label="Last name" autoComplete="family-name" disabled={busy} />
      </div>
      <TextField
        {...form.field('email')}
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="you@example.com"
        disabled={busy}
      />
      <label className={styles.checkbox}>
        <input
          type="checkbox"
          checked={subscribe}
          onChange={(event) => setSubscribe(event.target.checked)}
          disabled={busy}
        />
        Send me news about drops, artists and collections.
      </label>
      <BotCheckWidget check={botCheck} disabled={busy} />
      {busy ? (
        <div className={styles.status} role="status">
          <span className={styles.spinner} aria-hidden="true" />
          {WALLET_STEP_LABELS[step]}
        </div>
      ) : null}
      {error ? <FormAlert testId="wallet-error">{error}</FormAlert> : null}
      <div className={styles.actions}>
        <Button type="submit" size="lg" fullWidth loading={busy}>
          {busy ? 'Signing up…' : 'Connect wallet and sign up'}
        </Button>
      </div>
      <NoWalletDialog open={noWallet} onClose={() => setNoWallet(false)} />
    </form>
  );
}
