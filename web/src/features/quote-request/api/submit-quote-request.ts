import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { QuoteFormInput, QuoteRequest, quoteLineInputSchema } from '@parts/shared/schemas';
import { api, call } from '../../../lib/api';
import { uploadAttachment } from '../../../lib/upload-attachment';
import { getMyQuoteRequestsQueryOptions } from './get-my-quote-requests';

/** A line as sent: a target price may be the text the buyer typed, for the server to read (or refuse in the reader's words). */
type QuoteLineRequest = z.input<typeof quoteLineInputSchema>;

interface QuoteSubmissionInput {
  form: QuoteFormInput;
  items: QuoteLineRequest[];
  files: File[];
  /** Files per line, in the order of `items` (a drawing for one part). */
  lineFiles?: File[][];
}

/** Only non-empty optional values are sent (spec section 5). */
function compact(form: QuoteFormInput): QuoteFormInput {
  return Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === 'string' && v.trim() !== '')) as QuoteFormInput;
}

async function submitQuoteRequest({ form, items, files, lineFiles = [] }: QuoteSubmissionInput): Promise<QuoteRequest> {
  const attachmentKeys: string[] = [];
  for (const file of files) attachmentKeys.push(await uploadAttachment(file));
  const lines: QuoteLineRequest[] = [];
  for (const [i, item] of items.entries()) {
    const keys: string[] = [];
    for (const file of lineFiles[i] ?? []) keys.push(await uploadAttachment(file));
    lines.push(keys.length > 0 ? { ...item, attachmentKeys: keys } : item);
  }
  // A customer's submission has its own route (the admin dialog's create goes to /admin).
  return call(api.api['quote-requests'].submissions.$post({ json: { ...compact(form), items: lines, attachmentKeys } }));
}

export function useSubmitQuoteRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitQuoteRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getMyQuoteRequestsQueryOptions().queryKey }),
  });
}
