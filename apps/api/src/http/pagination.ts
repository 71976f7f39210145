import type { Page } from '@vitrine/domain/catalog-responses';
import { z } from 'zod';

/** Page query of every list (docs/decisions/001-api-shapes.md). A page past the end is empty, never an error. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

export type PageQuery = z.infer<typeof pageQuery>;

export { type Page, pageOf } from '@vitrine/domain/catalog-responses';

export function toPage<T>(q: PageQuery, count: number, results: T[]): Page<T> {
  return {
    count,
    page: q.page,
    page_size: q.page_size,
    total_pages: Math.ceil(count / q.page_size),
    results,
  };
}

export function offsetOf(q: PageQuery): number {
  return (q.page - 1) * q.page_size;
}
