import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PartView } from '@parts/shared/schemas';
import { apiRequest } from '../../../lib/api-client';

export function fetchPart(slug: string): Promise<PartView> {
  return apiRequest<PartView>('GET', `/api/parts/${encodeURIComponent(slug)}`);
}

export function getPartQueryOptions(slug: string | undefined) {
  return queryOptions({
    queryKey: ['parts', 'detail', slug ?? ''] as const,
    queryFn: () => fetchPart(slug ?? ''),
    enabled: !!slug,
  });
}

export function usePart(slug: string | undefined) {
  return useQuery(getPartQueryOptions(slug));
}
