import type { QueryClient, QueryFunction, QueryKey } from '@tanstack/react-query';
import type { PrefetchClient } from './prefetch';

interface PrefetchedQuery {
  queryKey: QueryKey;
  queryFn?: unknown;
}

/**
 * The query client as the server renderer's prefetchRoute uses it: each query's function is called once and its
 * answer put in the query as its data, without a fetch through the query (its abort controller, retryer and state
 * machine) and with the client's defaults merged into the options once instead of at each of four calls (~8 µs a
 * time): a render is never cancelled, retried or refetched. About 6 % of a part page's render CPU, almost all of it
 * from defaulting once (bench:render, issue 34). A failure goes through the query as before (a query function that
 * throws the same error), so the page gets the same error state to render and to hand to the browser. The browser's
 * prefetches keep the client's own fetch (page-prefetch.ts).
 */
export function forServerRender(client: QueryClient): PrefetchClient {
  const cache = client.getQueryCache();
  const fetchQuery = async (options: PrefetchedQuery): Promise<unknown> => {
    // Defaulted once (the client's defaults merged in: ~8 µs a time, bench:render), then the query itself is used.
    const defaulted = client.defaultQueryOptions(options as never);
    // In the cache from the start, as a fetch puts it: the page's state lists its queries in the order they were
    // asked for, not in the order their answers came, so the same page is the same HTML (and ETag) every time.
    const query = cache.build(client, defaulted);
    const { queryFn } = options;
    if (query.state.data !== undefined || typeof queryFn !== 'function') return client.fetchQuery(defaulted);
    let data: unknown;
    try {
      data = await (queryFn as QueryFunction)({ queryKey: defaulted.queryKey, client, meta: undefined, signal: undefined as never });
    } catch (error) {
      return client.fetchQuery({ ...defaulted, queryFn: () => Promise.reject(error as Error) });
    }
    // Undefined is no query's data: React Query's own fetch refuses it as it always has.
    if (data === undefined) return client.fetchQuery({ ...defaulted, queryFn: () => data });
    // What setQueryData does, without defaulting the options again.
    query.setData(data, { manual: true });
    return data;
  };
  return {
    fetchQuery: fetchQuery as QueryClient['fetchQuery'],
    prefetchQuery: ((options: PrefetchedQuery) =>
      fetchQuery(options).then(
        () => undefined,
        () => undefined,
      )) as QueryClient['prefetchQuery'],
    // The cache's own lookup by key: no options to default.
    getQueryState: ((queryKey: QueryKey) => cache.find({ queryKey, exact: true })?.state) as QueryClient['getQueryState'],
  };
}
