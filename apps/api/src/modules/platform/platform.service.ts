import { AppError } from '@vitrine/domain';
import type { Clock } from '../../lib/clock';
import { secretsEqual } from '../../lib/secrets';
import type { FxRateRow, PlatformRepo } from './platform.repo';

/** Flags the web app reads, with the value they have until an operator sets them. */
export const FEATURE_FLAG_DEFAULTS: Readonly<Record<string, boolean>> = {
  POST_PRODUCTION_PAGES_ENABLED: false,
  MAINTENANCE_MODE: false,
  WALLET_DRAWER_ENABLED: true,
};

export interface FxRateQuery {
  source_currency: string;
  base_currency: string;
  order_by: 'created_at' | '-created_at';
  limit: number;
  offset: number;
}

export function createPlatformService(deps: { repo: PlatformRepo; clock: Clock; adminToken?: string }) {
  const { repo, clock } = deps;

  /** Operator writes need ADMIN_TOKEN configured and presented as a bearer token. */
  function requireOperator(token: string | undefined, what: string): void {
    if (!deps.adminToken) {
      throw new AppError({
        errorType: 'forbidden',
        message: `${what} is disabled: set ADMIN_TOKEN to enable it`,
        statusCode: 403,
      });
    }
    if (!token || !secretsEqual(token, deps.adminToken)) {
      throw new AppError({
        errorType: 'unauthorized',
        message: 'Request credentials could not be verified.',
        statusCode: 401,
      });
    }
  }

  return {
    /** Throws unless `token` is the operator's ADMIN_TOKEN (other areas' operator routes use it too). */
    requireOperator,

    async featureFlags(): Promise<Record<string, boolean>> {
      return { ...FEATURE_FLAG_DEFAULTS, ...(await repo.featureFlags()) };
    },

    /** Operator-only: switches a flag on or off (e.g. MAINTENANCE_MODE). */
    async setFeatureFlag(
      token: string | undefined,
      key: string,
      enabled: boolean,
    ): Promise<Record<string, boolean>> {
      requireOperator(token, 'Flag editing');
      await repo.setFeatureFlag(key, enabled, clock.now());
      return this.featureFlags();
    },

    fxRates(q: FxRateQuery): Promise<{ count: number; results: FxRateRow[] }> {
      return repo.fxRates({
        source: q.source_currency,
        base: q.base_currency,
        newestFirst: q.order_by === '-created_at',
        limit: q.limit,
        offset: q.offset,
      });
    },

    /** Operator-only: records a new rate, which becomes the one in force. */
    async addFxRate(
      token: string | undefined,
      input: { source_currency: string; base_currency: string; price: string },
    ): Promise<FxRateRow> {
      requireOperator(token, 'Rate editing');
      if (input.source_currency === input.base_currency) {
        throw new AppError({
          errorType: 'validation-error',
          message: 'Invalid request',
          statusCode: 400,
          fields: { base_currency: 'Must differ from source_currency' },
        });
      }
      return repo.addFxRate(input.source_currency, input.base_currency, input.price, clock.now());
    },
  };
}

export type PlatformService = ReturnType<typeof createPlatformService>;
