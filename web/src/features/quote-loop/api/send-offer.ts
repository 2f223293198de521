import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Offer, OfferInput } from '@parts/shared/quote-offers';
import type { QuoteRequest } from '@parts/shared/schemas';
import { api, call } from '../../../lib/api';
import { quoteLoopKey } from './get-quote-detail';

function sendOffer(quoteId: number, input: OfferInput): Promise<{ quote: QuoteRequest; offer: Offer }> {
  return call(api.api['quote-requests'][':id'].offers.$post({ param: { id: String(quoteId) }, json: input }));
}

export function useSendOffer(quoteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OfferInput) => sendOffer(quoteId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quoteLoopKey }),
  });
}
