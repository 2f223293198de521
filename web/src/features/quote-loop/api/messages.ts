import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessagePage, QuoteMessage } from '@parts/shared/quote-offers';
import { api, call } from '../../../lib/api';
import { quoteLoopKey } from './get-quote-detail';

export function fetchMessages(quoteId: number, cursor?: string): Promise<MessagePage> {
  return call(api.api['quote-requests'][':id'].messages.$get({ param: { id: String(quoteId) }, query: cursor ? { cursor } : {} }));
}

/** Newest first, a page at a time; download links are short-lived, so the thread is read afresh when it opens. */
export function getMessagesQueryOptions(quoteId: number) {
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

export function postMessage(quoteId: number, body: string, files: File[]): Promise<{ message: QuoteMessage }> {
  const messages = api.api['quote-requests'][':id'].messages;
  const param = { id: String(quoteId) };
  // The route reads its body itself (JSON or multipart), so the body goes in as the request's own.
  if (files.length === 0) return call(messages.$post({ param }, { init: { body: JSON.stringify({ body }) }, headers: { 'Content-Type': 'application/json' } }));
  const form = new FormData();
  form.append('body', body);
  for (const file of files) form.append('attachments', file, file.name);
  return call(messages.$post({ param }, { init: { body: form } }));
}

export function usePostMessage(quoteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, files }: { body: string; files: File[] }) => postMessage(quoteId, body, files),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quoteLoopKey }),
  });
}
