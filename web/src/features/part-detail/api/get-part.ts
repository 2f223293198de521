import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PartView } from '@parts/shared/schemas';
import { api, call } from '../../../lib/api';

export function fetchPart(slug: string): Promise<PartView> {
  return call(api.api.parts[':slug'].$get({ param: { slug: encodeURIComponent(slug) } }));
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
