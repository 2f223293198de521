import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcceptOfferInput, DeclineOfferInput, RevisionRequestInput } from '@parts/shared/quote-offers';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../hooks/use-toast';
import { quoteLoopKey } from './get-quote-detail';

export type OfferAnswer =
  | { kind: 'accept'; input: AcceptOfferInput }
  | { kind: 'decline'; input: DeclineOfferInput }
  | { kind: 'revision'; input: RevisionRequestInput };

const PATHS = { accept: 'accept', decline: 'decline', revision: 'revision-request' } as const;

export function answerOffer(quoteId: number, version: number, answer: OfferAnswer): Promise<unknown> {
  return apiRequest('POST', `/api/quote-requests/${quoteId}/offers/${version}/${PATHS[answer.kind]}`, answer.input);
}

/** The buyer's answer to the latest version: accept (whole or by line), decline with a reason, or ask for a revision. */
export function useAnswerOffer(quoteId: number, version: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ answer }: { answer: OfferAnswer; done: { title: string; description: string } }) => answerOffer(quoteId, version, answer),
    // Here, not in mutate(): the answer form unmounts as soon as the offer changes state.
    onSuccess: (_data, { done }) => toast(done),
    onSettled: () => queryClient.invalidateQueries({ queryKey: quoteLoopKey }),
  });
}
