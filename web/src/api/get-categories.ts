import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@parts/shared/schemas';
import { apiRequest } from '../lib/api-client';

export function fetchCategories(): Promise<Category[]> {
  return apiRequest<Category[]>('GET', '/api/categories');
}

export function getCategoriesQueryOptions() {
  return queryOptions({ queryKey: ['categories'] as const, queryFn: fetchCategories });
}

export function useCategories() {
  return useQuery(getCategoriesQueryOptions());
}
