import { useRef } from 'react';
import { Paperclip, X } from '../../../components/ui/icons';
import { ATTACHMENT_HINT } from '@parts/shared/attachment-messages';
import { ATTACHMENT_EXTENSIONS, MAX_ATTACHMENTS } from '@parts/shared/constants';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../hooks/use-toast';
import { checkAttachment } from '../../../lib/attachment-rules';

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Two picks of one file look alike in name, size and type (the browser gives no path). */
const sameFileKey = (file: File) => `${file.name}|${file.size}|${file.type}`;

export function AttachmentPicker({ files, onChange, disabled }: { files: File[]; onChange: (files: File[]) => void; disabled?: boolean }) {
  const inputRef = useRef<HTMLInputElement>(null);

  const addFiles = (list: FileList | null) => {
    const picked = Array.from(list ?? []);
    if (inputRef.current) inputRef.current.value = '';
    if (picked.length === 0) return;
    for (const file of picked) {
      const problem = checkAttachment(file);
      if (problem) {
        // One bad file rejects the whole selection.
        toast({ ...problem, variant: 'destructive' });
        return;
      }
    }
    const known = new Set(files.map(sameFileKey));
    const fresh: File[] = [];
    const duplicates: File[] = [];
    for (const file of picked) {
      if (known.has(sameFileKey(file))) duplicates.push(file);
      else {
        known.add(sameFileKey(file));
        fresh.push(file);
      }
    }
    if (duplicates.length > 0) {
      const names = duplicates.map((f) => f.name).join(', ');
      toast({ title: 'Already attached', description: `${names} ${duplicates.length === 1 ? 'is' : 'are'} already attached.` });
    }
    if (fresh.length === 0) return;
    if (files.length + fresh.length > MAX_ATTACHMENTS) {
      toast({ title: 'Too many files', description: `You can attach at most ${MAX_ATTACHMENTS} files.`, variant: 'destructive' });
      return;
    }
    onChange([...files, ...fresh]);
  };

  return (
    <div className="grid gap-2">
      <label htmlFor="quote-attachments" className="text-sm font-medium text-slate-800">
        Attachments (optional)
      </label>
      <input
        ref={inputRef}
        id="quote-attachments"
        type="file"
        multiple
        disabled={disabled}
        accept={ATTACHMENT_EXTENSIONS.join(',')}
        aria-describedby="quote-attachments-hint"
        onChange={(e) => addFiles(e.target.files)}
        className="block w-full cursor-pointer rounded-md border border-slate-300 bg-white text-sm file:mr-3 file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
      />
      <p id="quote-attachments-hint" className="text-xs text-slate-600">
        {ATTACHMENT_HINT}.
      </p>
      {files.length > 0 ? (
        <ul className="grid gap-2" aria-label="Attached files">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="flex items-center gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
              <Paperclip className="h-4 w-4 text-slate-500" aria-hidden />
              <span className="flex-1 truncate">{file.name}</span>
              <span className="text-xs text-slate-600">{formatSize(file.size)}</span>
              <Button
                variant="ghost"
                size="icon"
                className="h-7 w-7"
                disabled={disabled}
                aria-label={`Remove ${file.name}`}
                onClick={() => onChange(files.filter((_, i) => i !== index))}
              >
                <X className="h-4 w-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
