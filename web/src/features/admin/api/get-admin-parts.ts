import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_PARTS_PAGE_SIZE } from '@parts/shared/constants';
import type { PartListResponse } from '@parts/shared/schemas';
import { apiRequest } from '../../../lib/api-client';

export interface AdminPartsParams {
  query: string;
  page: number;
}

/** Root of every part listing key (admin and public), so a write refreshes them all. */
export const partListsKey = ['parts'] as const;

export function fetchAdminParts({ query, page }: AdminPartsParams, signal?: AbortSignal): Promise<PartListResponse> {
  const search = new URLSearchParams({ page: String(page), pageSize: String(ADMIN_PARTS_PAGE_SIZE) });
  // Spec section 7: `query` is sent only when the admin search is non-empty.
  if (query.trim()) search.set('query', query.trim());
  return apiRequest<PartListResponse>('GET', `/api/parts?${search.toString()}`, undefined, { signal });
}

export function getAdminPartsQueryOptions(params: AdminPartsParams) {
  return queryOptions({
    queryKey: [...partListsKey, 'admin', params] as const,
    queryFn: ({ signal }) => fetchAdminParts(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminParts(params: AdminPartsParams) {
  return useQuery(getAdminPartsQueryOptions(params));
}
