import { queryOptions } from '@tanstack/react-query';
import type { DropEligibility, HomeDrop } from '@vitrine/domain/catalog-responses';
import { api } from '../../app/api-client';
import { dropPageKeys } from './query-keys';

const segment = (value: string) => encodeURIComponent(value);

/** `GET /api/v1/drops/{slug}/`: the drop with the sale cards of every one of its collections. */
export function dropQuery(slug: string) {
  return queryOptions({
    queryKey: dropPageKeys.drop(slug),
    queryFn: ({ signal }) => api.get<HomeDrop>(`/v1/drops/${segment(slug)}/`, { signal }),
  });
}

/** `GET /api/v2/drops/{slug}/eligibility/`: the viewer's eligibility for each nifty of the drop. */
export function dropEligibilityQuery(slug: string, signedIn: boolean) {
  return queryOptions({
    queryKey: dropPageKeys.eligibility(slug, signedIn),
    queryFn: ({ signal }) => api.get<DropEligibility>(`/v2/drops/${segment(slug)}/eligibility/`, { signal }),
  });
}
