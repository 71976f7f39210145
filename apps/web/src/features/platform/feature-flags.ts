import { queryOptions } from '@tanstack/react-query';
import { FEATURE_FLAGS_CACHE_MS } from '@vitrine/domain';
import { api } from '../../app/api-client';
import { platformKeys } from './query-keys';

/** `GET /api/feature-flag/`: flag name to boolean (docs/decisions/001-api-shapes.md). */
export type FeatureFlags = Record<string, boolean>;

/** Flags the web app reads. */
export const FLAGS = {
  maintenanceMode: 'MAINTENANCE_MODE',
  postProductionPagesEnabled: 'POST_PRODUCTION_PAGES_ENABLED',
  walletDrawerEnabled: 'WALLET_DRAWER_ENABLED',
} as const;
export type FlagName = (typeof FLAGS)[keyof typeof FLAGS];

/** Feature flags are cached 60 s and never retried (000 §7, §9; 001 §7). */
export const featureFlagsQuery = queryOptions({
  queryKey: platformKeys.featureFlags(),
  queryFn: ({ signal }) => api.get<FeatureFlags>('/feature-flag/', { signal }),
  staleTime: FEATURE_FLAGS_CACHE_MS,
  retry: false,
});
