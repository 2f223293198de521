import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';
import { QuoteBasketProvider } from '../features/quote-basket/quote-basket';
import { DeferredToaster } from '../components/ui/deferred-toaster';

export interface AppProvidersProps {
  children: ReactNode;
  /** The server renderer's client, or the browser's filled from the server's data; a new one otherwise. */
  queryClient?: QueryClient;
  /** The page was (or is being) rendered on the server: see QuoteBasketProvider. */
  serverRendered?: boolean;
}

export function AppProviders({ children, queryClient: given, serverRendered = false }: AppProvidersProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <QuoteBasketProvider deferLoad={serverRendered}>
        {children}
        <DeferredToaster />
      </QuoteBasketProvider>
    </QueryClientProvider>
  );
}
