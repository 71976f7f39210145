// The two-factor check before a sensitive action of a signed-in user (the API's stepUp, decision 003): accepting an
// offer, turning two-factor off without a password. The first request without a code answers 403
// two_factor_required with the method (an sms or email code is sent then); a wrong code 403 two_factor_invalid.
import { isApiError } from '../../app/api-client';

/** The methods a step-up code comes by (one-touch approval sends its code by email). */
export type StepUpMethod = 'totp' | 'sms' | 'email';

/** The method of a 403 two_factor_required answer (in the envelope's fields), or null for any other error. */
export function twoFactorRequired(error: unknown): StepUpMethod | null {
  if (!isApiError(error) || error.errorType !== 'two_factor_required') return null;
  const method = error.fields?.method;
  return method === 'sms' || method === 'email' ? method : 'totp';
}

export function isTwoFactorInvalid(error: unknown): boolean {
  return isApiError(error) && error.errorType === 'two_factor_invalid';
}

/** Where the code to enter comes from, said above its field. */
export const STEP_UP_CODE_HINT: Record<StepUpMethod, string> = {
  totp: 'Enter the 6-digit code from your authenticator app.',
  sms: 'We sent a 6-digit code to your phone.',
  email: 'We sent a 6-digit code to your email.',
};
