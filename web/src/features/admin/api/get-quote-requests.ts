import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuoteRequest } from '@parts/shared/schemas';
import { apiRequest } from '../../../lib/api-client';

/** Spec section 8: a failure is logged and an empty list is shown. */
export async function fetchQuoteRequests(): Promise<QuoteRequest[]> {
  try {
    return await apiRequest<QuoteRequest[]>('GET', '/api/quote-requests');
  } catch (error) {
    console.error('Failed to load quote requests', error);
    return [];
  }
}

export function getQuoteRequestsQueryOptions() {
  return queryOptions({ queryKey: ['quote-requests', 'list'] as const, queryFn: fetchQuoteRequests });
}

export function useQuoteRequests() {
  return useQuery(getQuoteRequestsQueryOptions());
}
