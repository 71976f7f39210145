import type { TwoFactorMethod } from '@vitrine/domain';

export const TWO_FACTOR_METHOD_LABELS: Record<TwoFactorMethod, string> = {
  totp: 'Authenticator app',
  sms: 'Text message',
  email: 'Email',
  one_touch: 'One-touch approval',
};

export const TWO_FACTOR_METHOD_HINTS: Record<TwoFactorMethod, string> = {
  totp: 'Codes from an app such as Google Authenticator, 1Password or Authy.',
  sms: 'A code by text message to your verified phone number.',
  email: 'A code sent to your email address.',
  one_touch: 'Approve each sign-in from a request we send you.',
};

/** 'JBSWY3DPEHPK3PXP' → 'JBSW Y3DP EHPK 3PXP' */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/** The order the methods are offered in: the authenticator app first. */
export const TWO_FACTOR_METHOD_ORDER: readonly TwoFactorMethod[] = ['totp', 'sms', 'email', 'one_touch'];
