import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '@parts/shared/schemas';
import { apiRequest } from '../../../lib/api-client';

export function fetchAdminStats(): Promise<AdminStats> {
  return apiRequest<AdminStats>('GET', '/api/admin/stats');
}

export function getAdminStatsQueryOptions() {
  return queryOptions({ queryKey: ['admin', 'stats'] as const, queryFn: fetchAdminStats });
}

export function useAdminStats() {
  return useQuery(getAdminStatsQueryOptions());
}
