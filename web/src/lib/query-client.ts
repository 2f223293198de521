import { QueryClient } from '@tanstack/react-query';

/**
 * Spec section 4: no automatic retry, no refetch on focus, no polling, data never stale. A failed
 * query is not retried when the next component mounts either: a server-rendered "not found" page
 * keeps its state through hydration instead of flashing a skeleton while it asks again.
 */
export function createQueryClient({ server = false }: { server?: boolean } = {}): QueryClient {
  return new QueryClient({
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
