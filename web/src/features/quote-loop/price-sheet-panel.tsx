import { useRef, useState } from 'react';
import { Download, Upload } from '../../components/ui/icons';
import type { PriceSheetLine, PriceSheetProblem } from '@parts/shared/price-sheet';
import { Button } from '../../components/ui/button';
import { errorText } from '../../lib/api-client';
import { useDownloadPriceSheet, useLoadPriceSheet } from './api/price-sheet';
import { applySheet, fillsOf, type SheetChange } from './price-sheet-merge';
import type { LineDraft } from './offer-line-draft';

/** Changes and problems listed at once; the counts say how many there are in all. */
const SHOWN = 200;

interface Preview {
  fileName: string;
  rows: number;
  lines: PriceSheetLine[];
  changes: SheetChange[];
  problems: PriceSheetProblem[];
  problemCount: number;
}

function PreviewList({ preview }: { preview: Preview }) {
  const { changes, problems, problemCount } = preview;
  return (
    <div className="grid gap-3">
      {problemCount > 0 ? (
        <div className="grid gap-1" data-testid="price-sheet-problems">
          <p className="text-sm font-medium text-red-700" role="alert">
            {problemCount === 1 ? '1 problem' : `${problemCount.toLocaleString('en-US')} problems`}: these rows are left out; fix them in the sheet and load it
            again.
          </p>
          <ul className="max-h-48 overflow-auto rounded border border-red-200 bg-red-50 p-2 text-sm">
            {problems.slice(0, SHOWN).map((p) => (
              <li key={`${p.row}-${p.column}-${p.message}`} className="break-words">
                {p.message}
              </li>
            ))}
            {problemCount > SHOWN ? <li>… and {(problemCount - SHOWN).toLocaleString('en-US')} more</li> : null}
          </ul>
        </div>
      ) : null}
      <div className="grid gap-1" data-testid="price-sheet-changes">
        <p className="text-sm font-medium">
          {changes.length === 0
            ? 'The sheet changes no line of the draft.'
            : `${changes.length === 1 ? '1 line changes' : `${changes.length.toLocaleString('en-US')} lines change`} against the current draft:`}
        </p>
        {changes.length > 0 ? (
          <ul className="max-h-64 overflow-auto rounded border border-slate-200 p-2 text-sm">
            {changes.slice(0, SHOWN).map((c) => (
              <li key={c.itemId} className="border-b border-slate-100 py-1 last:border-0">
                <span className="font-medium">{c.label}</span>
                <span className="block break-words text-slate-700">{c.fields.join(' · ')}</span>
              </li>
            ))}
            {changes.length > SHOWN ? <li>… and {(changes.length - SHOWN).toLocaleString('en-US')} more</li> : null}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Pricing in a spreadsheet (ADR 117): download the request's lines with the draft filled in, price them,
 * load the sheet back, see what it changes against the draft, and apply it. Applying only changes the
 * draft; the buyer sees nothing until the offer is sent.
 */
export function PriceSheetPanel({
  quoteId,
  lines,
  onApply,
}: {
  quoteId: number;
  lines: LineDraft[];
  onApply: (update: (current: LineDraft[]) => LineDraft[]) => void;
}) {
  const download = useDownloadPriceSheet();
  const load = useLoadPriceSheet();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [applied, setApplied] = useState<string | null>(null);
  const pending = download.isPending || load.isPending;

  const pick = (file: File | undefined) => {
    if (!file) return;
    setApplied(null);
    load.mutate(
      { quoteId, file },
      {
        onSuccess: (reading) =>
          setPreview({
            fileName: file.name,
            rows: reading.rows,
            lines: reading.lines,
            problems: reading.problems,
            problemCount: reading.problemCount,
            changes: applySheet(lines, reading.lines).changes,
          }),
        onSettled: () => {
          if (input.current) input.current.value = '';
        },
      },
    );
  };
  const error = download.error ?? load.error;

  return (
    <section className="grid gap-2 rounded-md border border-slate-200 bg-slate-50 p-3" aria-label="Price in a spreadsheet" data-testid="price-sheet-panel">
      <h5 className="text-sm font-semibold">Price in a spreadsheet</h5>
      <p className="text-sm text-slate-700">
        Download the lines with this draft filled in, price them, and load the sheet back. Nothing is sent until you send the offer.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" disabled={pending} onClick={() => download.mutate({ quoteId, format: 'xlsx', fills: fillsOf(lines) })}>
          <Download className="h-4 w-4" aria-hidden />
          Download XLSX
        </Button>
        <Button variant="outline" size="sm" disabled={pending} onClick={() => download.mutate({ quoteId, format: 'csv', fills: fillsOf(lines) })}>
          <Download className="h-4 w-4" aria-hidden />
          Download CSV
        </Button>
        <Button variant="outline" size="sm" disabled={pending} onClick={() => input.current?.click()}>
          <Upload className="h-4 w-4" aria-hidden />
          {load.isPending ? 'Reading the sheet...' : 'Load priced sheet'}
        </Button>
        <input
          ref={input}
          type="file"
          accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="sr-only"
          aria-label="Priced sheet (.xlsx or CSV)"
          data-testid="price-sheet-file"
          onChange={(e) => pick(e.target.files?.[0])}
        />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(error, 'The sheet could not be read. Please try again.')}
        </p>
      ) : null}
      {applied ? (
        <p className="text-sm text-green-800" role="status" data-testid="price-sheet-applied">
          {applied}
        </p>
      ) : null}
      {preview ? (
        <div
          className="grid gap-3 rounded-md border border-slate-300 bg-white p-3"
          role="region"
          aria-label="What the sheet changes"
          data-testid="price-sheet-preview"
        >
          <p className="text-sm">
            <span className="font-medium break-all">{preview.fileName}</span>: {preview.rows.toLocaleString('en-US')} {preview.rows === 1 ? 'row' : 'rows'}{' '}
            read.
          </p>
          <PreviewList preview={preview} />
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              disabled={preview.changes.length === 0}
              onClick={() => {
                // Applied to the draft as it is now (a field typed since loading stays unless the sheet changes it).
                onApply((current) => applySheet(current, preview.lines).next);
                setApplied(
                  `${preview.changes.length.toLocaleString('en-US')} ${preview.changes.length === 1 ? 'line' : 'lines'} of the draft updated from ${preview.fileName}. Check them and send the offer.`,
                );
                setPreview(null);
              }}
            >
              Apply to the draft
            </Button>
            <Button size="sm" variant="outline" onClick={() => setPreview(null)}>
              Discard the sheet
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
