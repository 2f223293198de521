import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { QuoteRequestPage } from '@parts/shared/schemas';
import { api, call } from '../../../lib/api';

/** One page of the customer's requests, newest first: the server answers at most 50 and a cursor to the older ones. */
async function fetchMyQuoteRequests(cursor?: string): Promise<QuoteRequestPage> {
  return call(api.api['quote-requests'].mine.$get({ query: cursor ? { cursor } : {} }));
}

export function getMyQuoteRequestsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['quote-requests', 'mine'] as const,
    queryFn: ({ pageParam }) => fetchMyQuoteRequests(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useMyQuoteRequests(enabled = true) {
  return useInfiniteQuery({ ...getMyQuoteRequestsQueryOptions(), enabled });
}
