// A drop of `GET /api/v1/drops/` (docs/decisions/001-api-shapes.md "Drops for the home page"), inferred from the
// API's response schema (type-only import).
import type { CollectionStatus } from '@vitrine/domain';

export type { Asset, HomeDrop as Drop } from '@vitrine/domain/catalog-responses';

/** Home page sections list live and upcoming drops. */
export type HomeDropStatus = Extract<CollectionStatus, 'live' | 'upcoming'>;
