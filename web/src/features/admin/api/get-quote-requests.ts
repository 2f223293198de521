import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { QuoteStatus } from '@parts/shared/constants';
import type { QuoteRequestPage } from '@parts/shared/schemas';
import { apiRequest } from '../../../lib/api-client';

export interface QuoteRequestFilter {
  status?: QuoteStatus;
  /** Customer name, e-mail, company or quote id. */
  search?: string;
}

/** One page (at most 50, newest first). Spec section 8: a failure is logged and an empty list is shown. */
export async function fetchQuoteRequests(filter: QuoteRequestFilter, cursor?: string): Promise<QuoteRequestPage> {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.search?.trim()) params.set('q', filter.search.trim());
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  try {
    return await apiRequest<QuoteRequestPage>('GET', `/api/quote-requests${query ? `?${query}` : ''}`);
  } catch (error) {
    console.error('Failed to load quote requests', error);
    return { data: [], nextCursor: null };
  }
}

export const quoteRequestListKey = ['quote-requests', 'list'] as const;

export function getQuoteRequestsQueryOptions(filter: QuoteRequestFilter = {}) {
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
