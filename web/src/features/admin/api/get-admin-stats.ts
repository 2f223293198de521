import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '@parts/shared/schemas';
import { api, call } from '../../../lib/api';

function fetchAdminStats(): Promise<AdminStats> {
  return call(api.api.admin.stats.$get());
}

export function getAdminStatsQueryOptions() {
  return queryOptions({ queryKey: ['admin', 'stats'] as const, queryFn: fetchAdminStats });
}

export function useAdminStats() {
  return useQuery(getAdminStatsQueryOptions());
}
