import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttachmentMimeType } from '@parts/shared/constants';
import type { z } from 'zod';
import type { PresignedUpload, QuoteFormInput, QuoteRequest, quoteLineInputSchema } from '@parts/shared/schemas';
import { ApiError } from '../../../lib/api-client';
import { api, call } from '../../../lib/api';
import { attachmentContentType } from '../attachment-rules';
import { getMyQuoteRequestsQueryOptions } from './get-my-quote-requests';

/** A line as sent: a target price may be the text the buyer typed, for the server to read (or refuse in the reader's words). */
type QuoteLineRequest = z.input<typeof quoteLineInputSchema>;

export interface QuoteSubmissionInput {
  form: QuoteFormInput;
  items: QuoteLineRequest[];
  files: File[];
  /** Files per line, in the order of `items` (a drawing for one part). */
  lineFiles?: File[][];
}

/** Files go straight to S3 through a presigned PUT, so a 5 MB attachment never passes through Lambda. */
async function uploadAttachment(file: File): Promise<string> {
  const contentType = attachmentContentType(file) as AttachmentMimeType;
  const upload: PresignedUpload = await call(api.api.uploads.attachments.$post({ json: { fileName: file.name, contentType, size: file.size } }));
  const response = await fetch(upload.url, { method: upload.method, headers: upload.headers, body: file });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  return upload.key;
}

/** Only non-empty optional values are sent (spec section 5). */
function compact(form: QuoteFormInput): QuoteFormInput {
  return Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === 'string' && v.trim() !== '')) as QuoteFormInput;
}

export async function submitQuoteRequest({ form, items, files, lineFiles = [] }: QuoteSubmissionInput): Promise<QuoteRequest> {
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
