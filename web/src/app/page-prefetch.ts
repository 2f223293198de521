import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { matchRoutes } from 'react-router-dom';
import { ApiError, withFetchPriority } from '../lib/api-client';
import type { PagePrefetch } from '../lib/intent-prefetch';
import { prefetchRoute, SERVER_RENDERED_ROUTES, type PrefetchClient } from './prefetch';
import { preloadRoute, routes } from './router';

interface PrefetchedQuery {
  queryKey: QueryKey;
  queryFn?: unknown;
}

/** The query with its API requests sent at `priority` (idle prefetches: 'low'). */
function atPriority<O extends PrefetchedQuery>(options: O, priority: 'low' | undefined): O {
  const { queryFn } = options;
  if (!priority || typeof queryFn !== 'function') return options;
  return { ...options, queryFn: (context: unknown) => withFetchPriority(priority, () => (queryFn as (context: unknown) => unknown)(context)) };
}

/**
 * The client as prefetchRoute sees it: a query the page on screen shows with its error is left alone
 * (its "Try again" is the page's; a prefetch would retry a failing API behind the reader's back), and
 * the requests go out at `priority`.
 */
function forPrefetch(client: QueryClient, priority: 'low' | undefined): PrefetchClient {
  const shownWithError = (queryKey: QueryKey) => {
    const query = client.getQueryCache().find({ queryKey, exact: true });
    return query?.state.status === 'error' && query.getObserversCount() > 0;
  };
  return {
    prefetchQuery: ((options: PrefetchedQuery) =>
      shownWithError(options.queryKey) ? Promise.resolve() : client.prefetchQuery(atPriority(options, priority) as never)) as QueryClient['prefetchQuery'],
    fetchQuery: ((options: PrefetchedQuery) =>
      shownWithError(options.queryKey)
        ? Promise.reject(new Error('Shown with its error'))
        : client.fetchQuery(atPriority(options, priority) as never)) as QueryClient['fetchQuery'],
    getQueryState: (queryKey) => client.getQueryState(queryKey),
  };
}

/**
 * What a click on a link to `path` will need, loaded ahead: the matched routes' lazy page modules (handed to the
 * router, so the click has nothing left to load: preloadRoute) and, for a public page, the
 * very queries (same options and keys) the server renderer fills for it, into the app's query cache.
 */
export function createPagePrefetch(queryClient: QueryClient): PagePrefetch {
  return async (path, { priority } = {}) => {
    const url = new URL(path, window.location.origin);
    const matches = matchRoutes(routes, url.pathname) ?? [];
    const leaf = matches[matches.length - 1];
    await Promise.all([
      ...matches.map(({ route }) => preloadRoute(route)),
      leaf?.route.id && SERVER_RENDERED_ROUTES.has(leaf.route.id)
        ? prefetchRoute(leaf.route.id, leaf.params, url.searchParams, forPrefetch(queryClient, priority), window.location.origin)
        : undefined,
    ]);
    // A failed prefetch (a dropped connection, a 5xx) must not become the page's state: the query client
    // does not retry on mount, so the page would open on the error. Only "not found" is kept (the page's answer).
    queryClient.removeQueries({
      predicate: (query) =>
        query.state.status === 'error' && query.getObserversCount() === 0 && !(query.state.error instanceof ApiError && query.state.error.status === 404),
    });
  };
}
