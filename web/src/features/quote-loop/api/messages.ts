import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessagePage, QuoteMessage } from '@parts/shared/quote-offers';
import { api, call } from '../../../lib/api';
import { uploadAttachment } from '../../../lib/upload-attachment';
import { quoteLoopKey } from './get-quote-detail';

function fetchMessages(quoteId: number, cursor?: string): Promise<MessagePage> {
  return call(api.api['quote-requests'][':id'].messages.$get({ param: { id: String(quoteId) }, query: cursor ? { cursor } : {} }));
}

/** Newest first, a page at a time; download links are short-lived, so the thread is read afresh when it opens. */
function getMessagesQueryOptions(quoteId: number) {
  return infiniteQueryOptions({
    queryKey: [...quoteLoopKey, 'messages', quoteId] as const,
    queryFn: ({ pageParam }) => fetchMessages(quoteId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useMessages(quoteId: number) {
  return useInfiniteQuery(getMessagesQueryOptions(quoteId));
}

/** Files go to S3 first (a message's attachments may be 5 MB each; ADR 108), then the message names their keys. */
export async function postMessage(quoteId: number, body: string, files: File[]): Promise<{ message: QuoteMessage }> {
  const attachmentKeys: string[] = [];
  for (const file of files) attachmentKeys.push(await uploadAttachment(file));
  // The route reads its body itself (JSON or multipart), so the body goes in as the request's own.
  const init = { body: JSON.stringify({ body, attachmentKeys }) };
  return call(api.api['quote-requests'][':id'].messages.$post({ param: { id: String(quoteId) } }, { init, headers: { 'Content-Type': 'application/json' } }));
}

export function usePostMessage(quoteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, files }: { body: string; files: File[] }) => postMessage(quoteId, body, files),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quoteLoopKey }),
  });
}
