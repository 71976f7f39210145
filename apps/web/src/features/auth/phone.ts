// Phone verification (000 §4 "Profile validation", §5, §7, §8).
import { ERROR_TYPES, normalizePhoneInput } from '@vitrine/domain';
import { api } from '../../app/api-client';
import { isApiError } from '../../app/api-error';
import { serverMessage } from './auth-errors';
import { withAuthRetry } from './authed-request';

export interface PhoneVerification {
  message: { verified: boolean; phone_number: string | null };
  sent?: boolean;
}

/** 000 §8 texts of the phone verification errors. */
export const PHONE_MESSAGES = {
  alreadyUsed: 'Error: This phone number has already been registered by another account...',
  registration: 'Error E1001: There was an issue registering your phone number...',
  invalid: 'Phone number is not valid. Please check your phone number and try again',
  resent: 'Code was resent!',
  complete: 'Profile validation complete',
} as const;

const PATH = '/user/verification/';

/** The form-encoded calls of 000 §7. */
export const phoneApi = {
  get: (signal?: AbortSignal) =>
    withAuthRetry(() => api.get<PhoneVerification>(PATH, signal ? { signal } : {})),
  /** With two-factor on, a change of the number carries its code (asked for by a 403 two_factor_required). */
  start: (to: string, twoFactorCode?: string) =>
    withAuthRetry(() =>
      api.post<PhoneVerification>(
        PATH,
        new URLSearchParams({ to, ...(twoFactorCode ? { twoFactorCode } : {}) }),
      ),
    ),
  confirm: (code: string) =>
    withAuthRetry(() => api.put<PhoneVerification>(PATH, new URLSearchParams({ code }))),
  resend: () => withAuthRetry(() => api.patch<PhoneVerification>(PATH)),
  remove: (twoFactorCode?: string) =>
    withAuthRetry(() =>
      api.delete<PhoneVerification>(
        PATH,
        twoFactorCode ? { body: new URLSearchParams({ twoFactorCode }) } : {},
      ),
    ),
};

/**
 * The number to send: spaces, parentheses and the first hyphen stripped (000 §5), prefixed with the
 * country's calling code unless the user typed an international number.
 */
export function phoneNumberToSend(input: string, dialCode: string): string {
  const number = normalizePhoneInput(input.trim());
  if (number.startsWith('+')) return number;
  if (number.startsWith('00')) return `+${number.slice(2)}`;
  return `${dialCode}${number}`;
}

/** '+12025550143' → '+1 (202) 555-0143'; other numbers as they are. */
export function formatPhone(phone: string): string {
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return us ? `+1 (${us[1]}) ${us[2]}-${us[3]}` : phone;
}

export interface PhoneErrorView {
  text: string;
  /** 000 §8: the registration errors come with a support link. */
  support: boolean;
  /** The email must be verified first (403 email_verification_required). */
  verifyEmail: boolean;
}

export function phoneErrorView(error: unknown): PhoneErrorView {
  const view = (text: string, support = false, verifyEmail = false) => ({ text, support, verifyEmail });
  if (!isApiError(error)) return view('An unknown error occurred');
  switch (error.errorType) {
    case ERROR_TYPES.alreadyUsedPhoneNumber:
      return view(PHONE_MESSAGES.alreadyUsed, true);
    case ERROR_TYPES.phoneRegistration:
      return view(PHONE_MESSAGES.registration, true);
    case ERROR_TYPES.twilio:
      return view(PHONE_MESSAGES.invalid);
    case ERROR_TYPES.emailVerificationRequired:
      return view(error.message, false, true);
    default:
      return view(serverMessage(error) ?? error.message);
  }
}
