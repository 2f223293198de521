import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuoteRequest } from '@parts/shared/schemas';
import { api, call } from '../../../lib/api';

/** The customer's newest requests: the server answers a page of at most 50 (older ones follow a cursor). */
export async function fetchMyQuoteRequests(): Promise<QuoteRequest[]> {
  return (await call(api.api['quote-requests'].mine.$get({ query: {} }))).data;
}

export function getMyQuoteRequestsQueryOptions() {
  return queryOptions({ queryKey: ['quote-requests', 'mine'] as const, queryFn: fetchMyQuoteRequests });
}

export function useMyQuoteRequests(enabled = true) {
  return useQuery({ ...getMyQuoteRequestsQueryOptions(), enabled });
}
