import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuoteRequestDetail } from '@parts/shared/quote-offers';
import { api, call } from '../../../lib/api';

function fetchQuoteDetail(id: number): Promise<QuoteRequestDetail> {
  return call(api.api['quote-requests'][':id'].$get({ param: { id: String(id) } }));
}

/** Every quote-loop read sits under this key, so one invalidation after an action refreshes them all. */
export const quoteLoopKey = ['quote-requests'] as const;

/** Download links in the answer are short-lived, so the detail is read afresh each time it opens. */
function getQuoteDetailQueryOptions(id: number) {
  return queryOptions({ queryKey: [...quoteLoopKey, 'detail', id] as const, queryFn: () => fetchQuoteDetail(id), staleTime: 0, gcTime: 0 });
}

export function useQuoteDetail(id: number) {
  return useQuery(getQuoteDetailQueryOptions(id));
}
