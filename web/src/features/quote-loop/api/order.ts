import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmOrderInput, Order } from '@parts/shared/orders';
import type { QuoteRequest } from '@parts/shared/schemas';
import { api, call } from '../../../lib/api';
import { toast } from '../../../hooks/use-toast';
import { quoteLoopKey } from './get-quote-detail';

export const orderPdfUrl = (quoteId: number) => `/api/quote-requests/${quoteId}/order/pdf`;
export const orderExportUrl = (quoteId: number, format: 'csv' | 'json') => `/api/quote-requests/${quoteId}/order/export?format=${format}`;

/** The reseller confirms the order once: every line with a ship date or rejected with a reason (ADR 121). */
export function useConfirmOrder(quoteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConfirmOrderInput): Promise<{ quote: QuoteRequest; order: Order }> =>
      call(api.api['quote-requests'][':id'].order.confirm.$post({ param: { id: String(quoteId) }, json: input })),
    onSuccess: ({ order }) =>
      toast({
        title: order.state === 'rejected' ? 'Order rejected' : 'Order confirmed',
        description: 'The buyer was sent the confirmation with each line’s ship date.',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: quoteLoopKey }),
  });
}
