import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminQuoteCreate, QuoteRequest } from '@parts/shared/schemas';
import { api, call } from '../../../lib/api';
import { quoteRequestListKey } from './get-quote-requests';
import { getAdminStatsQueryOptions } from './get-admin-stats';
import { toastAdminError, toastSuccess } from '../lib/admin-toasts';

function createQuoteRequest(input: AdminQuoteCreate): Promise<QuoteRequest> {
  // The admin dialog's own route (a customer's submission goes to /submissions).
  return call(api.api['quote-requests'].admin.$post({ json: input }));
}

export function useCreateQuoteRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuoteRequest,
    onSuccess: async () => {
      toastSuccess('Quote request created successfully');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: quoteRequestListKey }),
        queryClient.invalidateQueries({ queryKey: getAdminStatsQueryOptions().queryKey }),
      ]);
    },
    onError: (error) => toastAdminError(error, 'Failed to create quote request'),
  });
}
