// Terms of service (000 §2 dialogs, §6 needsTermsAndConditionsApproval, §7, §8; decision 009 "Terms of
// service"): the current terms are the newest published version; a user who agreed before it was
// published agrees again before a purchase, listing or offer, which otherwise answer 403
// tos_approval_required.
import { AppError, ERROR_TYPES } from '@vitrine/domain';
import type { Clock } from '../../lib/clock';
import type { TermsRepo, TermsRow } from './terms.repo';

export const TERMS_ERRORS = {
  approvalRequired: () =>
    new AppError({
      statusCode: 403,
      errorType: ERROR_TYPES.tosApprovalRequired,
      message: 'Please agree to the current Terms of Service to continue.',
    }),
  notCurrent: () =>
    new AppError({
      statusCode: 409,
      errorType: 'terms-not-current',
      message: 'These Terms of Service are no longer the current ones. Please read the new version.',
    }),
  noTerms: () =>
    new AppError({ statusCode: 404, errorType: 'not-found', message: 'Terms of Service not found' }),
};

/** How many past versions the fetch returns after the current one. */
const HISTORY = 10;

export function createTermsService({ repo, clock }: { repo: TermsRepo; clock: Clock }) {
  return {
    /** The published terms, current first (000 §7 "a list whose first item has markdown"). */
    async list(): Promise<TermsRow[]> {
      return repo.published(clock.now(), HISTORY);
    },

    async needsApproval(userId: number): Promise<boolean> {
      return (await repo.needsApproval(userId, clock.now())) ?? false;
    },

    /** Operator: the account must agree to the terms again before its next purchase, listing or offer. */
    async requireApproval(email: string): Promise<void> {
      if (!(await repo.requireApproval(email, clock.now())))
        throw new AppError({ statusCode: 404, errorType: 'not-found', message: 'User not found' });
    },

    /** Agrees to the current terms; `version`, when given, must be the current one (the text the user read). */
    async agree(userId: number, version: string | undefined): Promise<{ version: string; agreedAt: Date }> {
      const at = clock.now();
      const [current] = await repo.published(at, 1);
      if (!current) throw TERMS_ERRORS.noTerms();
      if (version !== undefined && version !== current.version) throw TERMS_ERRORS.notCurrent();
      await repo.agree(userId, current.version, at);
      return { version: current.version, agreedAt: at };
    },
  };
}

export type TermsService = ReturnType<typeof createTermsService>;
