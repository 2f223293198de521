import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CATALOG_PAGE_SIZE } from '@parts/shared/constants';
import type { PartListResponse } from '@parts/shared/schemas';
import { apiRequest } from '../../../lib/api-client';
import type { CatalogFilters } from '../hooks/use-catalog-filters';

export interface PartsListParams extends CatalogFilters {
  page: number;
}

export function buildPartsSearch(params: PartsListParams): string {
  const search = new URLSearchParams();
  search.set('page', String(params.page));
  search.set('pageSize', String(CATALOG_PAGE_SIZE));
  if (params.query) search.set('q', params.query);
  params.categoryIds.forEach((id) => search.append('categoryId', String(id)));
  params.manufacturerIds.forEach((id) => search.append('manufacturerId', String(id)));
  if (Object.keys(params.specifications).length > 0) search.set('specifications', JSON.stringify(params.specifications));
  if (params.sortBy !== 'relevance') search.set('sortBy', params.sortBy);
  search.set('sortOrder', params.sortOrder ?? 'asc');
  return search.toString();
}

export function fetchParts(params: PartsListParams, signal?: AbortSignal): Promise<PartListResponse> {
  return apiRequest<PartListResponse>('GET', `/api/parts?${buildPartsSearch(params)}`, undefined, { signal });
}

export function getPartsQueryOptions(params: PartsListParams, enabled = true) {
  return queryOptions({
    queryKey: ['parts', 'list', params] as const,
    queryFn: ({ signal }) => fetchParts(params, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useParts(params: PartsListParams, enabled = true) {
  return useQuery(getPartsQueryOptions(params, enabled));
}
