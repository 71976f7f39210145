import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { formatDateTime } from '../catalog/shared/time-format';
import { tradingApi, tradingKeys } from '../trading/trading-api';
import styles from './AccountSettingsPage.module.css';
import { SettingsCard } from './SettingsCard';

/**
 * The buyer's connected Gemini account (decision 009 "Gemini balance"), shown while it is connected so that it can be
 * disconnected here; it is connected from a checkout ("Connect Gemini"). Nothing shows otherwise.
 */
export function GeminiAccountCard() {
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: tradingKeys.geminiAccount(),
    queryFn: ({ signal }) => tradingApi.geminiAccount(signal),
  });
  const disconnect = useMutation({
    mutationFn: () => tradingApi.disconnectGemini(),
    onSuccess: (answer) => queryClient.setQueryData(tradingKeys.geminiAccount(), answer),
  });
  const account = status.data?.geminiAccount;
  if (!account?.connected) return null;
  return (
    <SettingsCard
      title="Gemini account"
      description="Checkouts can pay from your Gemini balance while it is connected."
      testId="settings-gemini"
      aside={
        <span className={styles.badge} data-tone="success">
          Connected
        </span>
      }
    >
      <p className={styles.cardDescription} data-testid="settings-gemini-until">
        {account.expiresAt ? `Connected until ${formatDateTime(account.expiresAt)}.` : 'Connected.'}
      </p>
      {disconnect.error ? (
        <FormAlert testId="settings-gemini-error">{disconnect.error.message}</FormAlert>
      ) : null}
      <div>
        <Button
          variant="secondary"
          loading={disconnect.isPending}
          onClick={() => disconnect.mutate()}
          data-testid="settings-gemini-disconnect"
        >
          Disconnect Gemini
        </Button>
      </div>
    </SettingsCard>
  );
}
