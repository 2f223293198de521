import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Manufacturer } from '@parts/shared/schemas';
import { api, call } from '../lib/api';

/** The public directory's fetcher answers an empty list on a 401 (spec section 7). */
async function fetchManufacturers(): Promise<Manufacturer[]> {
  return (await call(api.api.manufacturers.$get(), { on401: 'returnNull' })) ?? [];
}

export function getManufacturersQueryOptions() {
  return queryOptions({ queryKey: ['manufacturers'] as const, queryFn: fetchManufacturers });
}

export function useManufacturers() {
  return useQuery(getManufacturersQueryOptions());
}
