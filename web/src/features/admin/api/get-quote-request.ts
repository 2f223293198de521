import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuoteRequest } from '@parts/shared/schemas';
import { api, call } from '../../../lib/api';

export function fetchQuoteRequest(id: number): Promise<QuoteRequest> {
  return call(api.api['quote-requests'][':id'].$get({ param: { id: String(id) } }));
}

export const quoteRequestDetailsKey = ['quote-requests', 'detail'] as const;

/** Download links in the answer are short-lived, so the detail is read afresh each time it opens. */
export function getQuoteRequestQueryOptions(id: number) {
  return queryOptions({ queryKey: [...quoteRequestDetailsKey, id] as const, queryFn: () => fetchQuoteRequest(id), staleTime: 0, gcTime: 0 });
}

export function useQuoteRequest(id: number) {
  return useQuery(getQuoteRequestQueryOptions(id));
}
