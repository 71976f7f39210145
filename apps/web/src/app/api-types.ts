/** Every list answers this envelope (docs/decisions/001-api-shapes.md "Pages"). */
export type { Page as PaginatedResponse } from '@vitrine/domain/catalog-responses';
