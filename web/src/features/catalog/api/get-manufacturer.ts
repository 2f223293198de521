import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Manufacturer } from '@parts/shared/schemas';
import { api, call } from '../../../lib/api';

function fetchManufacturer(slug: string): Promise<Manufacturer> {
  return call(api.api.manufacturers[':slug'].$get({ param: { slug: encodeURIComponent(slug) } }));
}

export function getManufacturerQueryOptions(slug: string | undefined) {
  return queryOptions({
    queryKey: ['manufacturers', 'by-slug', slug ?? ''] as const,
    queryFn: () => fetchManufacturer(slug ?? ''),
    enabled: !!slug,
  });
}

export function useManufacturer(slug: string | undefined) {
  return useQuery(getManufacturerQueryOptions(slug));
}
