import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuoteRequest } from '@parts/shared/schemas';
import { api, call } from '../../../lib/api';
import { toast } from '../../../hooks/use-toast';
import { quoteLoopKey } from './get-quote-detail';

/** The reseller moves the latest version's validity date, without a new version (POST …/offers/:version/extend). */
export function useExtendOffer(quoteId: number, version: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (validUntil: string): Promise<QuoteRequest> =>
      call(
        api.api['quote-requests'][':id'].offers[':version'].extend.$post({ param: { id: String(quoteId), version: String(version) }, json: { validUntil } }),
      ),
    onSuccess: (_quote, validUntil) =>
      toast({ title: 'Validity extended', description: `Version ${version} is now valid until ${validUntil}. The buyer was told.` }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: quoteLoopKey }),
  });
}
