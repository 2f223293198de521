import {
  hashKey,
  QueryClient,
  skipToken,
  type DefaultedQueryObserverOptions,
  type DefaultError,
  type QueryKey,
  type QueryObserverOptions,
} from '@tanstack/react-query';

/**
 * A QueryClient whose `defaultQueryOptions` merges with `Object.assign` where the library spreads. On Node 20's V8 a
 * second spread into an object literal takes the runtime's slow path (1.5–2 µs, against 0.05 µs on Node 22), and
 * react-query defaults a query's options on every `useQuery` and `fetchQuery`: 5 % of `/catalog`'s server render on the
 * one-machine server (bench:render, issue 34). The result is the library's own: query-client.test.ts compares the two
 * on the options this app passes, so an upgrade that changes the library's defaulting fails there.
 */
class AppQueryClient extends QueryClient {
  override defaultQueryOptions<
    TQueryFnData = unknown,
    TError = DefaultError,
    TData = TQueryFnData,
    TQueryData = TQueryFnData,
    TQueryKey extends QueryKey = QueryKey,
    TPageParam = never,
  >(
    options:
      | QueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey, TPageParam>
      | DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey>,
  ): DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey> {
    if (options._defaulted) return options as DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey>;
    const defaulted = Object.assign({}, this.getDefaultOptions().queries, this.getQueryDefaults(options.queryKey), options, {
      _defaulted: true,
    }) as DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey>;
    if (!defaulted.queryHash) defaulted.queryHash = (defaulted.queryKeyHashFn ?? hashKey)(defaulted.queryKey);
    if (defaulted.refetchOnReconnect === undefined) defaulted.refetchOnReconnect = defaulted.networkMode !== 'always';
    if (defaulted.throwOnError === undefined) defaulted.throwOnError = !!defaulted.suspense;
    if (!defaulted.networkMode && defaulted.persister) defaulted.networkMode = 'offlineFirst';
    if (defaulted.queryFn === skipToken) defaulted.enabled = false;
    return defaulted;
  }
}

/**
 * Spec section 4: no automatic retry, no refetch on focus, no polling, data never stale. A failed
 * query is not retried when the next component mounts either: a server-rendered "not found" page
 * keeps its state through hydration instead of flashing a skeleton while it asks again.
 */
export function createQueryClient({ server = false }: { server?: boolean } = {}): QueryClient {
  return new AppQueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        retryOnMount: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        // The server renders once and never re-renders on a change: its queries' results need not track which of
        // their fields a component reads (a getter per field, on every useQuery of every render; issue 34).
        ...(server ? { notifyOnChangeProps: 'all' as const } : {}),
      },
      mutations: { retry: false },
    },
  });
}
