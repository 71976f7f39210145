// Terms of service (000 §7 "fetch (list whose first item has markdown) and agree"; decision 009 "Terms of
// service"): GET /v2/terms-of-service/ and POST /v2/terms-of-service/agree/.
import { ERROR_TYPES } from '@vitrine/domain';
import type { TermsAgreement, TermsVersion } from '@vitrine/domain/trading-responses';
import { api, isApiError } from '../../app/api-client';
import { withAuthRetry } from '../auth/authed-request';

export type { TermsAgreement, TermsVersion };

/** 000 §8 "Terms". */
export const TERMS_FETCH_FAILED = 'Sorry, we ran into a problem retrieving Terms of Service.';
export const TERMS_AGREE_FAILED = 'Sorry, we ran into a problem with agreeing to Terms of Service.';

export const termsApi = {
  list: (signal?: AbortSignal) => api.get<TermsVersion[]>('/v2/terms-of-service/', signal ? { signal } : {}),
  agree: (version: string) =>
    withAuthRetry(() => api.post<TermsAgreement>('/v2/terms-of-service/agree/', { version })),
};

export const termsKeys = { current: () => ['terms-of-service'] as const };

/** A write refused until the user agrees to the current terms (000 §8: it opens the terms dialog). */
export function isTermsApprovalRequired(error: unknown): boolean {
  return isApiError(error) && error.errorType === ERROR_TYPES.tosApprovalRequired;
}

/** 000 §8: an agree failure shows the fixed text, except an unknown-error carrying its own message. */
export function agreeErrorMessage(error: unknown): string {
  if (isApiError(error) && error.errorType === ERROR_TYPES.unknown && error.message) return error.message;
  return TERMS_AGREE_FAILED;
}
