import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuoteRequest } from '@parts/shared/schemas';
import { apiRequest } from '../../../lib/api-client';

export function fetchMyQuoteRequests(): Promise<QuoteRequest[]> {
  return apiRequest<QuoteRequest[]>('GET', '/api/quote-requests/mine');
}

export function getMyQuoteRequestsQueryOptions() {
  return queryOptions({ queryKey: ['quote-requests', 'mine'] as const, queryFn: fetchMyQuoteRequests });
}

export function useMyQuoteRequests(enabled = true) {
  return useQuery({ ...getMyQuoteRequestsQueryOptions(), enabled });
}
