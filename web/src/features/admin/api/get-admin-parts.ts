import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_PARTS_PAGE_SIZE } from '@parts/shared/constants';
import type { PartListResponse } from '@parts/shared/schemas';
import { api, call } from '../../../lib/api';

export interface AdminPartsParams {
  query: string;
  page: number;
}

/** Root of every part listing key (admin and public), so a write refreshes them all. */
export const partListsKey = ['parts'] as const;

function fetchAdminParts({ query, page }: AdminPartsParams, signal?: AbortSignal): Promise<PartListResponse> {
  // Spec section 7: `query` is sent only when the admin search is non-empty.
  const search = { page: String(page), pageSize: String(ADMIN_PARTS_PAGE_SIZE), ...(query.trim() ? { query: query.trim() } : {}) };
  return call(api.api.parts.$get({ query: search }, { init: { signal } }));
}

function getAdminPartsQueryOptions(params: AdminPartsParams) {
  return queryOptions({
    queryKey: [...partListsKey, 'admin', params] as const,
    queryFn: ({ signal }) => fetchAdminParts(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminParts(params: AdminPartsParams) {
  return useQuery(getAdminPartsQueryOptions(params));
}
