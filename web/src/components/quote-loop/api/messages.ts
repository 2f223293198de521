import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessagePage, QuoteMessage } from '@parts/shared/quote-offers';
import { apiRequest } from '../../../lib/api-client';
import { quoteLoopKey } from './get-quote-detail';

export function fetchMessages(quoteId: number, cursor?: string): Promise<MessagePage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiRequest<MessagePage>('GET', `/api/quote-requests/${quoteId}/messages${query}`);
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
  if (files.length === 0) return apiRequest('POST', `/api/quote-requests/${quoteId}/messages`, { body });
  const form = new FormData();
  form.append('body', body);
  for (const file of files) form.append('attachments', file, file.name);
  return apiRequest('POST', `/api/quote-requests/${quoteId}/messages`, form);
}

export function usePostMessage(quoteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, files }: { body: string; files: File[] }) => postMessage(quoteId, body, files),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quoteLoopKey }),
  });
}
