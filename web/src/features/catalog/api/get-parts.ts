import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CATALOG_PAGE_SIZE } from '@parts/shared/constants';
import type { PartListResponse } from '@parts/shared/schemas';
import { api, call } from '../../../lib/api';
import type { CatalogFilters } from '../hooks/use-catalog-filters';

export interface PartsListParams extends CatalogFilters {
  page: number;
}

/** The spec's query string: repeated categoryId/manufacturerId, specifications as JSON, absent values left out. */
function buildPartsQuery(params: PartsListParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = { page: String(params.page), pageSize: String(CATALOG_PAGE_SIZE) };
  if (params.query) query.q = params.query;
  if (params.categoryIds.length > 0) query.categoryId = params.categoryIds.map(String);
  if (params.manufacturerIds.length > 0) query.manufacturerId = params.manufacturerIds.map(String);
  if (Object.keys(params.specifications).length > 0) query.specifications = JSON.stringify(params.specifications);
  if (params.sortBy !== 'relevance') query.sortBy = params.sortBy;
  query.sortOrder = params.sortOrder ?? 'asc';
  return query;
}

function fetchParts(params: PartsListParams, signal?: AbortSignal): Promise<PartListResponse> {
  return call(api.api.parts.$get({ query: buildPartsQuery(params) }, { init: { signal } }));
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
