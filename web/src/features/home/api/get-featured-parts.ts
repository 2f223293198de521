import { queryOptions, useQuery } from '@tanstack/react-query';
import { HOME_FEATURED_PARTS } from '@parts/shared/constants';
import type { PartListResponse, PartView } from '@parts/shared/schemas';
import { api, call } from '../../../lib/api';

async function fetchFeaturedParts(): Promise<PartView[]> {
  const body: PartListResponse = await call(api.api.parts.$get({ query: { pageSize: String(HOME_FEATURED_PARTS) } }));
  return body.data;
}

export function getFeaturedPartsQueryOptions() {
  return queryOptions({ queryKey: ['parts', 'featured'] as const, queryFn: fetchFeaturedParts });
}

export function useFeaturedParts() {
  return useQuery(getFeaturedPartsQueryOptions());
}
