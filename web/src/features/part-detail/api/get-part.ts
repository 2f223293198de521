import { queryOptions, useQuery } from '@tanstack/react-query';
import { isPartRouteWord } from '@parts/shared/part-routes';
import type { PartView } from '@parts/shared/schemas';
import { api, call } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';

function fetchPart(slug: string): Promise<PartView> {
  // /api/parts/autocomplete and the like are other routes, never a part: an unknown part (404).
  if (isPartRouteWord(slug)) return Promise.reject(new ApiError(404, 'Not Found', JSON.stringify({ message: 'Part not found' })));
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
