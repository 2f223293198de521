import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { QuoteStatus } from '@parts/shared/constants';
import type { QuoteRequestPage } from '@parts/shared/schemas';
import { api, call } from '../../../lib/api';

export interface QuoteRequestFilter {
  status?: QuoteStatus;
  /** Customer name, e-mail, company or quote id. */
  search?: string;
}

/** One page (at most 50, newest first). Spec section 8: a failure is logged and an empty list is shown. */
async function fetchQuoteRequests(filter: QuoteRequestFilter, cursor?: string): Promise<QuoteRequestPage> {
  const search = filter.search?.trim();
  const query = { ...(filter.status ? { status: filter.status } : {}), ...(search ? { q: search } : {}), ...(cursor ? { cursor } : {}) };
  try {
    return await call(api.api['quote-requests'].$get({ query }));
  } catch (error) {
    console.error('Failed to load quote requests', error);
    return { data: [], nextCursor: null };
  }
}

export const quoteRequestListKey = ['quote-requests', 'list'] as const;

function getQuoteRequestsQueryOptions(filter: QuoteRequestFilter = {}) {
  return infiniteQueryOptions({
    queryKey: [...quoteRequestListKey, filter.status ?? 'all', filter.search?.trim() ?? ''] as const,
    queryFn: ({ pageParam }) => fetchQuoteRequests(filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useQuoteRequests(filter: QuoteRequestFilter) {
  return useInfiniteQuery(getQuoteRequestsQueryOptions(filter));
}
