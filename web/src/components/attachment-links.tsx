import { Paperclip } from './ui/icons';
import type { Attachment } from '@parts/shared/schemas';

function sizeText(size: number): string {
  return size >= 1024 * 1024 ? `${(size / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(size / 1024))} KB`;
}

/** Files of a quote request or line, each a download link (the read's short-lived `url`) with its size. */
export function AttachmentLinks({ attachments, label }: { attachments: Attachment[]; label: string }) {
  return (
    <ul className="grid gap-1 text-sm" aria-label={label}>
      {attachments.map((a) => (
        <li key={a.key} className="flex min-w-0 items-center gap-2">
          <Paperclip className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
          {a.url ? (
            <a href={a.url} download={a.fileName} rel="noreferrer" className="text-blue-700 [overflow-wrap:anywhere] underline-offset-4 hover:underline">
              {a.fileName}
            </a>
          ) : (
            <span className="[overflow-wrap:anywhere]">{a.fileName}</span>
          )}
          <span className="shrink-0 text-xs text-slate-500">({sizeText(a.size)})</span>
        </li>
      ))}
    </ul>
  );
}
