import { QueryClient } from '@tanstack/react-query';

/** Spec section 4: no automatic retry, no refetch on focus, no polling, data never stale. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}
