import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';
import { QuoteBasketProvider } from '../lib/quote-basket';
import { Toaster } from '../components/ui/toaster';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <QuoteBasketProvider>
        {children}
        <Toaster />
      </QuoteBasketProvider>
    </QueryClientProvider>
  );
}
