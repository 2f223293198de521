import type { QueryClient, QueryFunction, QueryKey } from '@tanstack/react-query';
import type { PrefetchClient } from './prefetch';

interface PrefetchedQuery {
  queryKey: QueryKey;
  queryFn?: unknown;
}

/**
 * The query client as the server renderer's prefetchRoute uses it: each query's function is called once and its
 * answer put in the cache as the query's data (setQueryData), without a fetch through the query: its abort
 * controller, retryer and state machine cost ~60 µs a query, a sixth of a part page's render CPU (bench:render,
 * issue 34), and a render is never cancelled, retried or refetched. A failure goes through the query as before (a
 * query function that throws the same error), so the page gets the same error state to render and to hand to the
 * browser. The browser's prefetches keep the client's own fetch (page-prefetch.ts).
 */
export function forServerRender(client: QueryClient): PrefetchClient {
  const fetchQuery = async (options: PrefetchedQuery): Promise<unknown> => {
    const { queryKey, queryFn } = options;
    if (client.getQueryData(queryKey) !== undefined || typeof queryFn !== 'function') return client.fetchQuery(options as never);
    // In the cache from the start, as a fetch puts it: the page's state lists its queries in the order they were
    // asked for, not in the order their answers came, so the same page is the same HTML (and ETag) every time.
    client.getQueryCache().build(client, client.defaultQueryOptions(options as never));
    let data: unknown;
    try {
      data = await (queryFn as QueryFunction)({ queryKey, client, meta: undefined, signal: undefined as never });
    } catch (error) {
      return client.fetchQuery({ ...options, queryFn: () => Promise.reject(error as Error) } as never);
    }
    // Undefined is no query's data: React Query's own fetch refuses it as it always has.
    if (data === undefined) return client.fetchQuery({ ...options, queryFn: () => data } as never);
    client.setQueryData(queryKey, data);
    return data;
  };
  return {
    fetchQuery: fetchQuery as QueryClient['fetchQuery'],
    prefetchQuery: ((options: PrefetchedQuery) =>
      fetchQuery(options).then(
        () => undefined,
        () => undefined,
      )) as QueryClient['prefetchQuery'],
    getQueryState: (queryKey) => client.getQueryState(queryKey),
  };
}
