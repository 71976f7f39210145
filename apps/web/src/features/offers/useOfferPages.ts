import { useLastPageInstead } from '../../ui/useLastPageInstead';
import { OFFER_PAGE_SIZE } from './offers-api';

/**
 * The number of pages of a public offers table (an item's, a work's global offers) once `count` (the list's total)
 * is known, 1 before; and `page` kept within them: a page left empty (its offers cancelled or accepted meanwhile)
 * goes to the last page that has some.
 */
export function useOfferPagesWithin(
  count: number | undefined,
  page: number,
  setPage: (page: number) => void,
  /** The count is the page before's, shown while this one loads: the page is not moved by it. */
  placeholder = false,
): number {
  const totalPages = count === undefined ? 1 : Math.max(1, Math.ceil(count / OFFER_PAGE_SIZE));
  useLastPageInstead(page, count === undefined || placeholder ? null : totalPages, setPage);
  return totalPages;
}
