import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OfferWithPrevious } from '@parts/shared/quote-offers';
import { api, call } from '../../../lib/api';
import { quoteLoopKey } from './get-quote-detail';

function fetchOffer(quoteId: number, version: number): Promise<OfferWithPrevious> {
  return call(api.api['quote-requests'][':id'].offers[':version'].$get({ param: { id: String(quoteId), version: String(version) } }));
}

function getOfferQueryOptions(quoteId: number, version: number) {
  return queryOptions({ queryKey: [...quoteLoopKey, 'offer', quoteId, version] as const, queryFn: () => fetchOffer(quoteId, version) });
}

export function useOffer(quoteId: number, version: number | undefined) {
  return useQuery({ ...getOfferQueryOptions(quoteId, version ?? 0), enabled: version !== undefined && version > 0 });
}

export const offerPdfUrl = (quoteId: number, version: number) => `/api/quote-requests/${quoteId}/offers/${version}/pdf`;
