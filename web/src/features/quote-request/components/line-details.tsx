import { useRef, useState } from 'react';
import { Paperclip, X } from '../../../components/ui/icons';
import { ATTACHMENT_EXTENSIONS, MAX_LINE_ATTACHMENTS, MAX_LINE_NOTE_CHARS, MAX_LINE_REFERENCE_CHARS, TARGET_PRICE_DECIMALS } from '@parts/shared/constants';
import { MICROS_PER_DOLLAR, dollarsToMicros, formatMicros, microsToInput, readMoney } from '@parts/shared/numbers/money';
import { neededByPastMessage } from '@parts/shared/schemas';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { MoneyInput } from '../../../components/money-input';
import { toast } from '../../../hooks/use-toast';
import type { LineDetails } from '../../quote-basket';
import { checkAttachment } from '../../../lib/attachment-rules';

/** The buyer's own calendar day, YYYY-MM-DD (a date input's value). */
const localDay = (at = new Date()) => `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;

const summaryOf = (d: LineDetails | undefined, files: File[]) =>
  [
    d?.reference ? `Ref. ${d.reference}` : null,
    d?.targetPriceText !== undefined
      ? `target ${d.targetPriceText}?`
      : d?.targetPrice !== undefined
        ? `target ${formatMicros(dollarsToMicros(d.targetPrice))}`
        : null,
    d?.neededBy ? `by ${d.neededBy}` : null,
    d?.note ? 'note' : null,
    files.length ? `${files.length} file${files.length === 1 ? '' : 's'}` : null,
  ]
    .filter(Boolean)
    .join(' · ');

/** The richer fields of one line: the buyer's reference, a target unit price, a needed-by date, a note and drawings for this part. */
export function LineDetailsEditor({
  id,
  label,
  details,
  onChange,
  files,
  onFilesChange,
}: {
  id: string;
  label: string;
  details: LineDetails | undefined;
  onChange: (details: LineDetails) => void;
  files: File[];
  onFilesChange: (files: File[]) => void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const d = details ?? {};
  const [targetText, setTargetText] = useState(() => d.targetPriceText ?? (d.targetPrice !== undefined ? microsToInput(dollarsToMicros(d.targetPrice)) : ''));
  const today = localDay();
  const setTarget = (text: string) => {
    setTargetText(text);
    const read = text.trim() === '' ? undefined : readMoney(text, { maxDecimals: TARGET_PRICE_DECIMALS });
    if (!read) set({ targetPrice: undefined, targetPriceText: undefined });
    else if (read.ok) set({ targetPrice: read.micros / MICROS_PER_DOLLAR, targetPriceText: undefined });
    else set({ targetPrice: undefined, targetPriceText: text });
  };
  const set = (patch: Partial<LineDetails>) => {
    const next: LineDetails = { ...d, ...patch };
    for (const k of Object.keys(next) as (keyof LineDetails)[]) if (next[k] === undefined || next[k] === '') delete next[k];
    onChange(next);
  };
  const addFiles = (list: FileList | null) => {
    const picked = Array.from(list ?? []);
    if (fileInput.current) fileInput.current.value = '';
    for (const file of picked) {
      const problem = checkAttachment(file);
      if (problem) return toast({ ...problem, variant: 'destructive' });
    }
    if (files.length + picked.length > MAX_LINE_ATTACHMENTS) {
      return toast({ title: 'Too many files', description: `You can attach at most ${MAX_LINE_ATTACHMENTS} files to one line.`, variant: 'destructive' });
    }
    onFilesChange([...files, ...picked]);
  };
  const summary = summaryOf(details, files);
  return (
    <details className="w-full text-sm" data-testid="line-details">
      <summary className="cursor-pointer text-blue-700">
        Line details{summary ? `: ${summary}` : ' (reference, target price, needed by, note, drawing)'}
      </summary>
      <div className="mt-2 grid gap-3 sm:grid-cols-3">
        <div className="grid gap-1">
          <label htmlFor={`${id}-reference`} className="text-xs font-medium">
            Your reference
          </label>
          <Input id={`${id}-reference`} maxLength={MAX_LINE_REFERENCE_CHARS} value={d.reference ?? ''} onChange={(e) => set({ reference: e.target.value })} />
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-target`} className="text-xs font-medium">
            Target unit price (USD)
          </label>
          <MoneyInput id={`${id}-target`} value={targetText} onValueChange={setTarget} />
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-needed`} className="text-xs font-medium">
            Needed by
          </label>
          <Input
            id={`${id}-needed`}
            type="date"
            min={today}
            value={d.neededBy ?? ''}
            aria-invalid={d.neededBy !== undefined && d.neededBy < today ? true : undefined}
            aria-describedby={d.neededBy !== undefined && d.neededBy < today ? `${id}-needed-problem` : undefined}
            onChange={(e) => set({ neededBy: e.target.value || undefined })}
          />
          {d.neededBy !== undefined && d.neededBy < today ? (
            <p id={`${id}-needed-problem`} className="text-xs text-red-700">
              {neededByPastMessage(d.neededBy)}
            </p>
          ) : null}
        </div>
        <div className="grid gap-1 sm:col-span-3">
          <label htmlFor={`${id}-note`} className="text-xs font-medium">
            Note
          </label>
          <Input id={`${id}-note`} maxLength={MAX_LINE_NOTE_CHARS} value={d.note ?? ''} onChange={(e) => set({ note: e.target.value })} />
        </div>
        <div className="grid gap-1 sm:col-span-3">
          <input
            ref={fileInput}
            id={`${id}-files`}
            type="file"
            multiple
            accept={ATTACHMENT_EXTENSIONS.join(',')}
            className="sr-only"
            aria-label={`Attach files to ${label}`}
            onChange={(e) => addFiles(e.target.files)}
          />
          {files.length > 0 ? (
            <ul className="grid gap-1">
              {files.map((f, i) => (
                <li key={`${f.name}-${i}`} className="flex items-center gap-2">
                  <Paperclip className="h-4 w-4 text-slate-500" aria-hidden />
                  {f.name}
                  <Button variant="ghost" size="icon" aria-label={`Remove ${f.name}`} onClick={() => onFilesChange(files.filter((_, j) => j !== i))}>
                    <X className="h-4 w-4" aria-hidden />
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
          <Button variant="outline" size="sm" className="w-fit" onClick={() => fileInput.current?.click()}>
            <Paperclip className="h-4 w-4" aria-hidden />
            Attach a drawing
          </Button>
        </div>
      </div>
    </details>
  );
}
