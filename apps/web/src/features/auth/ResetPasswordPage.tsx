import { useSearchParams } from 'react-router';
import { AuthCard } from './AuthCard';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { NewPasswordForm } from './NewPasswordForm';

/** /reset-password: the forgot-password form, or with ?reset_token= the new-password form (000 §7). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('reset_token')?.trim() ?? '';
  return (
    <AuthCard documentTitle="Reset your password" testId="reset-password-page">
      {token ? <NewPasswordForm key={token} resetToken={token} /> : <ForgotPasswordForm />}
    </AuthCard>
  );
}
