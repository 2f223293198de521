import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuoteRequest } from '@parts/shared/schemas';
import { api, call } from '../../../lib/api';

export function fetchMyQuoteRequests(): Promise<QuoteRequest[]> {
  return call(api.api['quote-requests'].mine.$get());
}

export function getMyQuoteRequestsQueryOptions() {
  return queryOptions({ queryKey: ['quote-requests', 'mine'] as const, queryFn: fetchMyQuoteRequests });
}

export function useMyQuoteRequests(enabled = true) {
  return useQuery({ ...getMyQuoteRequestsQueryOptions(), enabled });
}
