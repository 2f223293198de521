import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcceptOfferInput, DeclineOfferInput, RevisionRequestInput } from '@parts/shared/quote-offers';
import { api, call } from '../../../lib/api';
import { toast } from '../../../hooks/use-toast';
import { ApiError, errorText } from '../../../lib/api-client';
import { checkAttachment } from '../../../lib/attachment-rules';
import { uploadAttachment } from '../../../lib/upload-attachment';
import { quoteLoopKey } from './get-quote-detail';

export type OfferAnswer =
  | { kind: 'accept'; input: AcceptOfferInput; poFile?: File | null }
  | { kind: 'decline'; input: DeclineOfferInput }
  | { kind: 'revision'; input: RevisionRequestInput };

/** The PO document goes to S3 first (as message attachments), then the acceptance names its key (ADR 121). */
async function acceptWithPo(input: AcceptOfferInput, file: File | null | undefined, send: (json: AcceptOfferInput) => Promise<unknown>) {
  if (!file) return send(input);
  const problem = checkAttachment(file);
  if (problem) throw new Error(problem.description);
  const documentKey = await uploadAttachment(file);
  return send({ ...input, purchaseOrder: { ...input.purchaseOrder, documentKey } });
}

function answerOffer(quoteId: number, version: number, answer: OfferAnswer): Promise<unknown> {
  const offer = api.api['quote-requests'][':id'].offers[':version'];
  const param = { id: String(quoteId), version: String(version) };
  switch (answer.kind) {
    case 'accept':
      return acceptWithPo(answer.input, answer.poFile, (json) => call(offer.accept.$post({ param, json })));
    case 'decline':
      return call(offer.decline.$post({ param, json: answer.input }));
    case 'revision':
      return call(offer['revision-request'].$post({ param, json: answer.input }));
  }
}

/**
 * The buyer's answer to the latest version: accept (whole or by line), decline with a reason, or ask for a revision.
 * `onConflict`: the server refused it because the offer changed meanwhile (409); called here, not in mutate(),
 * since the form is replaced by the fresh offer before mutate()'s own callbacks would run.
 */
export function useAnswerOffer(quoteId: number, version: number, onConflict?: (version: number, message: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ answer }: { answer: OfferAnswer; done: { title: string; description: string } }) => answerOffer(quoteId, version, answer),
    // Here, not in mutate(): the answer form unmounts as soon as the offer changes state.
    onSuccess: (_data, { done }) => toast(done),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) onConflict?.(version, errorText(error, 'This offer changed in the meantime'));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: quoteLoopKey }),
  });
}
