import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api-client';
import type { PaginatedResponse } from '../../app/api-types';
import type { Drop, HomeDropStatus } from './drop-types';
import { dropsKeys } from './query-keys';

export const HOME_DROPS_PAGE_SIZE = 12;

/** `GET /api/v1/drops/?status=…&page_size=…`. */
export function dropsQuery(status: HomeDropStatus, pageSize: number = HOME_DROPS_PAGE_SIZE) {
  return queryOptions({
    queryKey: dropsKeys.list(status, pageSize),
    queryFn: ({ signal }) =>
      api.get<PaginatedResponse<Drop>>('/v1/drops/', { query: { status, page_size: pageSize }, signal }),
  });
}
