import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuoteStatus } from '@parts/shared/constants';
import type { QuoteRequest } from '@parts/shared/schemas';
import { api, call } from '../../../lib/api';
import { quoteRequestListKey } from './get-quote-requests';
import { quoteRequestDetailsKey } from './get-quote-request';
import { getAdminStatsQueryOptions } from './get-admin-stats';
import { toastAdminError, toastSuccess } from '../lib/admin-toasts';

function updateQuoteStatus({ id, status }: { id: number; status: QuoteStatus }): Promise<QuoteRequest> {
  return call(api.api['quote-requests'][':id'].status.$patch({ param: { id: String(id) }, json: { status } }));
}

export function useUpdateQuoteStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuoteStatus,
    onSuccess: async () => {
      toastSuccess('Quote status updated successfully');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: quoteRequestListKey }),
        queryClient.invalidateQueries({ queryKey: quoteRequestDetailsKey }),
        queryClient.invalidateQueries({ queryKey: getAdminStatsQueryOptions().queryKey }),
      ]);
    },
    onError: (error) => toastAdminError(error, 'Failed to update quote status'),
  });
}
