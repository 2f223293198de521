import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@parts/shared/schemas';
import { api, call } from '../../../lib/api';

export function fetchCategory(slug: string): Promise<Category> {
  return call(api.api.categories[':slug'].$get({ param: { slug: encodeURIComponent(slug) } }));
}

export function getCategoryQueryOptions(slug: string | undefined) {
  return queryOptions({
    queryKey: ['categories', 'by-slug', slug ?? ''] as const,
    queryFn: () => fetchCategory(slug ?? ''),
    enabled: !!slug,
  });
}

export function useCategory(slug: string | undefined) {
  return useQuery(getCategoryQueryOptions(slug));
}
