/** Page numbers around the current page with the first and last, e.g. 1 … 4 5 [6] 7 8 … 20. */
export function pageItems(page: number, totalPages: number): (number | 'gap')[] {
  const items: (number | 'gap')[] = [];
  const from = Math.max(2, page - 2);
  const to = Math.min(totalPages - 1, page + 2);
  items.push(1);
  if (from > 2) items.push('gap');
  for (let n = from; n <= to; n += 1) items.push(n);
  if (to < totalPages - 1) items.push('gap');
  if (totalPages > 1) items.push(totalPages);
  return items;
}
