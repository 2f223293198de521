import { useRef, useState } from 'react';
import { Paperclip, X } from '../../components/ui/icons';
import { ATTACHMENT_EXTENSIONS, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from '@parts/shared/constants';
import type { QuoteMessage } from '@parts/shared/quote-offers';
import { Button } from '../../components/ui/button';
import { Textarea } from '../../components/ui/textarea';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { errorText } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { cn } from '../../lib/cn';
import { useMessages, usePostMessage } from './api/messages';

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function MessageItem({ message, mine }: { message: QuoteMessage; mine: boolean }) {
  return (
    <li
      className={cn('grid gap-1 rounded-md border p-3 text-sm', mine ? 'border-blue-200 bg-blue-50' : 'border-slate-200 bg-white')}
      data-testid="quote-message"
    >
      <p className="text-xs text-slate-600">
        <span className="font-semibold text-slate-800">{message.from === 'reseller' ? 'Reseller' : 'Buyer'}</span> ({message.by}) · {formatDateTime(message.at)}
      </p>
      <p className="whitespace-pre-wrap">{message.body}</p>
      {message.attachments.length > 0 ? (
        <ul className="grid gap-1">
          {message.attachments.map((a) => (
            <li key={a.key} className="flex items-center gap-2">
              <Paperclip className="h-4 w-4 text-slate-500" aria-hidden />
              {a.url ? (
                <a href={a.url} download={a.fileName} rel="noreferrer" className="text-blue-700 hover:underline">
                  {a.fileName}
                </a>
              ) : (
                <span>{a.fileName}</span>
              )}
              <span className="text-xs text-slate-500">({sizeText(a.size)})</span>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The conversation on one request between the buyer and the reseller, with files (checked by content on the server). */
export function MessageThread({ quoteId, side }: { quoteId: number; side: 'buyer' | 'reseller' }) {
  const thread = useMessages(quoteId);
  const post = usePostMessage(quoteId);
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // The API pages newest first; the thread reads oldest first.
  const messages = (thread.data?.pages.flatMap((p) => p.data) ?? []).slice().reverse();

  const addFiles = (list: FileList | null) => {
    const picked = Array.from(list ?? []);
    if (fileInput.current) fileInput.current.value = '';
    const tooBig = picked.find((f) => f.size > MAX_ATTACHMENT_BYTES);
    if (tooBig) return setProblem(`${tooBig.name} is larger than 5 MB.`);
    if (files.length + picked.length > MAX_ATTACHMENTS) return setProblem(`You can attach at most ${MAX_ATTACHMENTS} files to a message.`);
    setProblem(null);
    setFiles([...files, ...picked]);
  };

  const send = () => {
    if (!body.trim()) return setProblem('Write a message');
    setProblem(null);
    post.mutate(
      { body: body.trim(), files },
      {
        onSuccess: () => {
          setBody('');
          setFiles([]);
        },
        onError: (error) => setProblem(errorText(error, 'The message could not be sent. Please try again.')),
      },
    );
  };

  return (
    <section aria-label="Messages" className="grid gap-3">
      <h3 className="text-sm font-semibold">Messages</h3>
      {thread.isPending ? <Skeleton className="h-16 w-full" /> : null}
      {thread.isError ? <LoadError compact title="Failed to load the messages" onRetry={thread.refetch} retrying={thread.isFetching} /> : null}
      {thread.hasNextPage ? (
        <Button variant="link" size="sm" className="w-fit" onClick={() => void thread.fetchNextPage()} disabled={thread.isFetchingNextPage}>
          Show earlier messages
        </Button>
      ) : null}
      {thread.data && messages.length === 0 ? <p className="text-sm text-slate-600">No messages yet.</p> : null}
      {messages.length > 0 ? (
        <ol className="grid gap-2">
          {messages.map((m) => (
            <MessageItem key={m.id} message={m} mine={m.from === side} />
          ))}
        </ol>
      ) : null}
      <div className="grid gap-2">
        <label htmlFor={`message-${quoteId}`} className="text-sm font-medium">
          {side === 'buyer' ? 'Write to the reseller' : 'Write to the buyer'}
        </label>
        <Textarea id={`message-${quoteId}`} rows={3} value={body} onChange={(e) => setBody(e.target.value)} />
        {files.length > 0 ? (
          <ul className="grid gap-1 text-sm" aria-label="Files to send">
            {files.map((f, i) => (
              <li key={`${f.name}-${i}`} className="flex items-center gap-2">
                <Paperclip className="h-4 w-4 text-slate-500" aria-hidden />
                {f.name} <span className="text-xs text-slate-500">({sizeText(f.size)})</span>
                <Button variant="ghost" size="icon" aria-label={`Remove ${f.name}`} onClick={() => setFiles(files.filter((_, j) => j !== i))}>
                  <X className="h-4 w-4" aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        <input
          ref={fileInput}
          id={`message-${quoteId}-files`}
          type="file"
          multiple
          accept={ATTACHMENT_EXTENSIONS.join(',')}
          // Opened by the Attach button below; named for screen readers that still reach it (axe: label).
          aria-label="Files to attach to the message"
          tabIndex={-1}
          className="sr-only"
          onChange={(e) => addFiles(e.target.files)}
        />
        {problem ? (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button onClick={send} disabled={post.isPending}>
            {post.isPending ? 'Sending...' : 'Send message'}
          </Button>
          <Button variant="outline" onClick={() => fileInput.current?.click()} disabled={post.isPending}>
            <Paperclip className="h-4 w-4" aria-hidden />
            Attach files
          </Button>
        </div>
      </div>
    </section>
  );
}
