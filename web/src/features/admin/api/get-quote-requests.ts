import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuoteRequest } from '@parts/shared/schemas';
import { api, call } from '../../../lib/api';

/** Spec section 8: a failure is logged and an empty list is shown. */
export async function fetchQuoteRequests(): Promise<QuoteRequest[]> {
  try {
    return await call(api.api['quote-requests'].$get());
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
