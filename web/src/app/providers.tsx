import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';
import { QuoteBasketProvider } from '../features/quote-basket/quote-basket';
import { DeferredToaster } from '../components/ui/deferred-toaster';
import { createPrefetchScheduler, PrefetchContext } from '../lib/intent-prefetch';
import { createPagePrefetch } from './page-prefetch';

export interface AppProvidersProps {
  children: ReactNode;
  /** The server renderer's client, or the browser's filled from the server's data; a new one otherwise. */
  queryClient?: QueryClient;
  /** The page was (or is being) rendered on the server: see QuoteBasketProvider. */
  serverRendered?: boolean;
}

export function AppProviders({ children, queryClient: given, serverRendered = false }: AppProvidersProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  // Links prefetch their page into this same cache (ADR 132); nothing runs before an effect or event.
  const [prefetch] = useState(() => createPrefetchScheduler(createPagePrefetch(queryClient)));
  return (
    <QueryClientProvider client={queryClient}>
      <PrefetchContext value={prefetch}>
        <QuoteBasketProvider deferLoad={serverRendered}>
          {children}
          <DeferredToaster />
        </QuoteBasketProvider>
      </PrefetchContext>
    </QueryClientProvider>
  );
}
