// Which text an accounts failure shows (000 §8).
import { ERROR_TYPES, UNKNOWN_ERROR } from '@vitrine/domain';
import { isApiError } from '../../app/api-error';
import { CaptchaError } from './captcha';
import { WALLET_MESSAGES, WalletError } from './ethereum';

export const INVALID_CREDENTIALS = 'Invalid credentials';
export const ONE_TOUCH_FAILED = 'Authy One-Touch check has failed. Please try again.';
export const SIGNUP_FAILED = 'There was a problem signing up';

/** A message the server wrote for people (not the generic unknown error, not a bare 'Invalid request'). */
export function serverMessage(error: unknown): string | null {
  if (!isApiError(error) || error.statusCode === 0) return null;
  if (error.errorType === UNKNOWN_ERROR.errorType) return null;
  if (error.errorType === 'validation-error' && error.fields && Object.keys(error.fields).length > 0)
    return null;
  return error.message || null;
}

/** Login: the server's text (error_description); errorType one_touch its own text; otherwise 'Invalid credentials'. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof CaptchaError) return error.message;
  if (isApiError(error) && error.errorType === ERROR_TYPES.oneTouch) return ONE_TOUCH_FAILED;
  return serverMessage(error) ?? INVALID_CREDENTIALS;
}

/** Wallet sign-in: the wallet's or the server's message, else 'invalid wallet'. */
export function walletErrorMessage(error: unknown): string {
  if (error instanceof WalletError || error instanceof CaptchaError) return error.message;
  if (isApiError(error)) {
    const wrongNetwork = error.fields?.chain_id;
    if (wrongNetwork) return wrongNetwork;
    return serverMessage(error) ?? WALLET_MESSAGES.invalid;
  }
  return WALLET_MESSAGES.invalid;
}

/** Signup: the server's message when it sent one, otherwise 'There was a problem signing up'. */
export function signupErrorMessage(error: unknown): string {
  if (error instanceof WalletError || error instanceof CaptchaError) return error.message;
  if (isApiError(error) && error.fields?.chain_id) return error.fields.chain_id;
  return serverMessage(error) ?? SIGNUP_FAILED;
}

export function isNoUserFound(error: unknown): boolean {
  return isApiError(error) && error.errorType === ERROR_TYPES.noUserFound;
}
