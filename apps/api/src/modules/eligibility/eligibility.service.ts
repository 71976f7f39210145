// Eligibility of a signed-in user for a drop's nifty (docs/decisions/015): the criteria (the nifty's own, else
// its collection's) evaluated by the domain's evaluator, and the validated-profile gate of 000 §6. Primary
// checkout calls `assertEligible`; the bids and drawings services call `check` (or `assertEligible`) too.

import type { Criteria } from '@vitrine/domain';
import {
  AppError,
  type EligibilityResult,
  type EligibilityStatus,
  eligibilityAction,
  eligibilityStatus,
  evaluateEligibility,
} from '@vitrine/domain';
import type { Clock } from '../../lib/clock';
import type { EligibilityNifty, EligibilityRepo } from './eligibility.repo';

export interface NiftyEligibility {
  contractAddress: string;
  niftyType: number;
  /** null when nobody is signed in. */
  eligible: boolean | null;
  status: EligibilityStatus;
  requiresValidation: boolean;
  /** null when nobody is signed in. */
  validated: boolean | null;
  /** The action the button names: 'Not Eligible to {action}'. */
  action: ReturnType<typeof eligibilityAction>;
  /** The criteria as the panel shows them; null when the nifty has none. */
  criteria: Omit<EligibilityResult, 'eligible' | 'status'> | null;
  /**
   * A one-per-collector nifty the viewer has bought or is buying (001 §4 quantity-limit panel: limit
   * reached); null when nobody is signed in, the nifty has no per-collector limit, or for the sale services.
   */
  limitReached: boolean | null;
}

export const ELIGIBILITY_ERRORS = {
  notEligible: (action: string) =>
    new AppError({ errorType: 'not-eligible', message: `Not Eligible to ${action}`, statusCode: 403 }),
  validationRequired: () =>
    new AppError({
      errorType: 'validation-required',
      message: 'Validated account required',
      statusCode: 403,
    }),
  niftyNotFound: () => new AppError({ errorType: 'not-found', message: 'NFT not found', statusCode: 404 }),
  dropNotFound: () => new AppError({ errorType: 'not-found', message: 'Drop not found', statusCode: 404 }),
};

export function createEligibilityService(deps: { repo: EligibilityRepo; clock?: Clock }) {
  const { repo } = deps;

  /** `limits`: also whether the viewer reached a one-per-collector limit (the viewer's answers only). */
  async function evaluate(
    list: readonly EligibilityNifty[],
    userId: number | null,
    limits = false,
    /** The criteria of `list`, when the caller read them already. */
    known?: Map<number, Criteria>,
  ): Promise<NiftyEligibility[]> {
    const limited = list.filter((n) => n.limitPerUser === 1).map((n) => n.id);
    const [criteriaByNifty, facts, purchased] = await Promise.all([
      known ?? repo.criteriaOf(list),
      userId === null ? null : repo.factsOf(userId),
      userId === null || !limits ? null : repo.purchasedOf(userId, limited),
    ]);
    return list.map((n) => {
      const criteria = criteriaByNifty.get(n.id);
      const result = criteria ? evaluateEligibility(criteria, facts) : null;
      const validated = facts ? facts.validated : null;
      let eligible: boolean | null = null;
      if (facts) eligible = (result?.eligible ?? true) && (!n.requiresValidation || facts.validated);
      const { eligible: _e, status: _s, ...shown } = result ?? { eligible: null, status: null };
      return {
        contractAddress: n.contractAddress,
        niftyType: n.typeNumber,
        eligible,
        status: eligibilityStatus(eligible),
        requiresValidation: n.requiresValidation,
        validated,
        action: eligibilityAction(n.saleType, n.isFreeRedemption),
        criteria: result ? (shown as NiftyEligibility['criteria']) : null,
        limitReached: purchased && n.limitPerUser === 1 ? purchased.has(n.id) : null,
      };
    });
  }

  /** The user's eligibility for one nifty by id (for the sale services: bids, drawings, checkout). */
  async function check(userId: number, niftyId: number): Promise<NiftyEligibility> {
    const nifty = await repo.niftyById(niftyId);
    if (!nifty) throw ELIGIBILITY_ERRORS.niftyNotFound();
    const [result] = await evaluate([nifty], userId);
    if (!result) throw ELIGIBILITY_ERRORS.niftyNotFound();
    return result;
  }

  return {
    check,

    /** Throws 403 'validation-required' or 'not-eligible' ('Not Eligible to {action}') unless the user may take part. */
    async assertEligible(userId: number, niftyId: number): Promise<void> {
      const nifty = await repo.niftyById(niftyId);
      if (!nifty) throw ELIGIBILITY_ERRORS.niftyNotFound();
      // Nothing to meet (no criteria, no validated account asked for): the user's facts are not read (four
      // statements on every checkout of an open drop).
      const criteria = await repo.criteriaOf([nifty]);
      if (criteria.size === 0 && !nifty.requiresValidation) return;
      const [result] = await evaluate([nifty], userId, false, criteria);
      if (!result) throw ELIGIBILITY_ERRORS.niftyNotFound();
      if (result.eligible) return;
      if (result.requiresValidation && !result.validated) throw ELIGIBILITY_ERRORS.validationRequired();
      throw ELIGIBILITY_ERRORS.notEligible(result.action);
    },

    /** One nifty by contract and type, for the viewer (null: signed out). */
    async forNifty(
      contractAddress: string,
      typeNumber: number,
      userId: number | null,
    ): Promise<NiftyEligibility> {
      const nifty = await repo.niftyByType(contractAddress, typeNumber);
      if (!nifty) throw ELIGIBILITY_ERRORS.niftyNotFound();
      const [result] = await evaluate([nifty], userId, true);
      if (!result) throw ELIGIBILITY_ERRORS.niftyNotFound();
      return result;
    },

    /** Every nifty of every collection of a drop, for the viewer. */
    async forDrop(slug: string, userId: number | null): Promise<NiftyEligibility[]> {
      const list = await repo.niftiesOfDrop(slug);
      if (!list) throw ELIGIBILITY_ERRORS.dropNotFound();
      return evaluate(list, userId, true);
    },
  };
}

export type EligibilityService = ReturnType<typeof createEligibilityService>;
