import { useMutation, useQuery } from '@tanstack/react-query';
import type { OfferDraft, OfferDraftInput } from '@parts/shared/offer-drafts';
import { api, call } from '../../../lib/api';
import { quoteLoopKey } from './get-quote-detail';

const draftKey = (quoteId: number) => [...quoteLoopKey, 'offer-draft', quoteId] as const;
const route = () => api.api['quote-requests'][':id']['offer-draft'];

/** The draft of the next offer kept on the server (ADR 126), read once when the editor opens. */
export function useServerOfferDraft(quoteId: number) {
  return useQuery({
    queryKey: draftKey(quoteId),
    queryFn: () => call(route().$get({ param: { id: String(quoteId) } })) as Promise<{ draft: OfferDraft | null }>,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useSaveOfferDraft(quoteId: number) {
  return useMutation({
    mutationFn: (input: OfferDraftInput) => call(route().$put({ param: { id: String(quoteId) }, json: input })) as Promise<{ draft: OfferDraft }>,
  });
}

export function useDiscardOfferDraft(quoteId: number) {
  return useMutation({ mutationFn: () => call(route().$delete({ param: { id: String(quoteId) } })) });
}

/** Catalogue prices (micros) of the given parts, for the bulk rule "catalogue price ± x %". */
export async function loadCatalogPrices(partIds: number[]): Promise<Map<number, number>> {
  if (partIds.length === 0) return new Map();
  const { prices } = await call(api.api.parts.prices.$post({ json: { ids: partIds } }));
  return new Map(prices.map((p) => [p.id, p.priceMicros]));
}
