import { PURCHASE_FAILED_MESSAGE } from '@vitrine/domain';
import { isApiError } from '../../app/api-client';
import { isUnauthorized } from '../auth/authed-request';
import { isTermsApprovalRequired } from '../terms/terms-api';

/** 000 §8's advice after a purchase that could not be created ("contact support"), when the reason is unknown. */
export const PURCHASE_FAILED_ADVICE = 'Please try again, or contact support if the problem continues.';

/**
 * What a Buy that could not create its purchase shows (000 §8 "Purchase creation failure"): the server's reason
 * when it refused with one (sold out, not eligible, the limit reached: 000 §8 shows the server's message for
 * unknown-error), else 'Sorry, we ran into a problem creating your purchase...' and the advice: a server error or
 * a lost answer said only 'Internal server error' or 'Failed to fetch'. Null where the answer is elsewhere: a
 * sign-in (the auth modal), the terms (their dialog).
 */
export function purchaseCreationFailure(error: unknown): string | null {
  if (!error || isUnauthorized(error) || isTermsApprovalRequired(error)) return null;
  if (isApiError(error) && error.statusCode >= 400 && error.statusCode < 500 && error.message)
    return error.message;
  return `${PURCHASE_FAILED_MESSAGE} ${PURCHASE_FAILED_ADVICE}`;
}
