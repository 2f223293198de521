import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuoteRequest, QuoteRequestPage } from '@parts/shared/schemas';
import { apiRequest } from '../../../lib/api-client';

/** The customer's newest requests: the server answers a page of at most 50 (older ones follow a cursor). */
export async function fetchMyQuoteRequests(): Promise<QuoteRequest[]> {
  return (await apiRequest<QuoteRequestPage>('GET', '/api/quote-requests/mine')).data;
}

export function getMyQuoteRequestsQueryOptions() {
  return queryOptions({ queryKey: ['quote-requests', 'mine'] as const, queryFn: fetchMyQuoteRequests });
}

export function useMyQuoteRequests(enabled = true) {
  return useQuery({ ...getMyQuoteRequestsQueryOptions(), enabled });
}
