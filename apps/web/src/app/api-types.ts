/** Every list answers this envelope (docs/decisions/001-api-shapes.md "Pages"). */
export interface PaginatedResponse<T> {
  count: number;
  page: number;
  page_size: number;
  total_pages: number;
  results: T[];
}
