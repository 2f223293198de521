import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@parts/shared/schemas';
import { api, call } from '../lib/api';

function fetchCategories(): Promise<Category[]> {
  return call(api.api.categories.$get());
}

export function getCategoriesQueryOptions() {
  return queryOptions({ queryKey: ['categories'] as const, queryFn: fetchCategories });
}

export function useCategories() {
  return useQuery(getCategoriesQueryOptions());
}
