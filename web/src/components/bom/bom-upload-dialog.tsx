import { useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Upload } from 'lucide-react';
import {
  BOM_ROLES,
  BOM_ROLE_LABELS,
  BOM_TEXT_LIMITS,
  MATCH_CONFIDENCE_LABELS,
  MAX_BOM_FILE_BYTES,
  MAX_BOM_LINES,
  type BomMatchLine,
  type BomRole,
  type BomSheet,
  type LineMatch,
  type MatchCandidate,
  type MatchConfidence,
} from '@parts/shared/bom';
import { parseBomQuantity, toSavedMapping, type GuessedMapping } from '@parts/shared/bom-columns';
import { normalizePartNumber } from '@parts/shared/part-number';
import { Badge, type BadgeVariant } from '../ui/badge';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog';
import { Textarea } from '../ui/textarea';
import { errorText } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/session';
import { useQuoteBasket, type IncomingLine } from '../../lib/quote-basket';
import { useMatchBom } from './api/match-bom';
import { useParseBom } from './api/parse-bom';
import { useSaveBomMapping } from './api/save-bom-mapping';

type Step = 'source' | 'columns' | 'review';
/** A candidate's index, the line as free text, or left out. */
type Choice = number | 'free' | 'skip';

interface ReviewRow {
  /** 1-based line of the list (data rows, header not counted). */
  line: number;
  source: BomMatchLine & { reference?: string };
  quantity: number;
  match: LineMatch;
  choice: Choice;
}

const CONFIDENCE_VARIANT: Record<MatchConfidence, BadgeVariant> = { exact: 'green', likely: 'blue', choose: 'yellow', none: 'red' };
const ROW_HEIGHT = 68;
const cut = (text: string | undefined, max: number) => {
  const t = text?.trim();
  return t ? t.slice(0, max) : undefined;
};
const columnName = (sheet: BomSheet, i: number) => {
  const header = sheet.hasHeader ? sheet.rows[0]?.[i]?.trim() : undefined;
  const sample = (sheet.hasHeader ? sheet.rows[1] : sheet.rows[0])?.[i]?.trim();
  return `Column ${i + 1}${header ? `: ${header}` : sample ? ` (e.g. ${sample.slice(0, 24)})` : ''}`;
};

function candidateText(c: MatchCandidate): string {
  return `${c.partNumber} — ${c.name}${c.manufacturer ? ` (${c.manufacturer.name})` : ''}`;
}

/** The line of the list each part is already used on, so a repeated part reads as one basket line with the quantities added. */
function duplicates(rows: ReviewRow[]): Map<number, number> {
  const firstByPart = new Map<string, number>();
  const out = new Map<number, number>();
  for (const row of rows) {
    let key: string | undefined;
    if (typeof row.choice === 'number') key = `part:${row.match.candidates[row.choice]?.id}`;
    else if (row.choice === 'free' && row.source.partNumber) key = `free:${normalizePartNumber(row.source.partNumber)}`;
    if (!key) continue;
    const first = firstByPart.get(key);
    if (first === undefined) firstByPart.set(key, row.line);
    else out.set(row.line, first);
  }
  return out;
}

function SourceStep({ onRead }: { onRead: (sheet: BomSheet) => void }) {
  const parse = useParseBom();
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const read = () => {
    setProblem(null);
    if (!file && !text.trim()) return setProblem('Choose a file or paste your list first.');
    if (file && file.size > MAX_BOM_FILE_BYTES) return setProblem(`${file.name} is larger than 2 MB.`);
    parse.mutate(file ? { file } : { text }, {
      onSuccess: (sheet) => (sheet.rows.length === 0 ? setProblem('The list has no lines.') : onRead(sheet)),
      onError: (error) => setProblem(errorText(error, 'The list could not be read. Please try again.')),
    });
  };
  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5">
        <label htmlFor="bom-file" className="text-sm font-medium">
          File (CSV, TSV or XLSX, up to 2 MB)
        </label>
        <input
          id="bom-file"
          type="file"
          accept=".csv,.tsv,.txt,.xlsx,text/csv,text/tab-separated-values,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="text-sm"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </div>
      <div className="grid gap-1.5">
        <label htmlFor="bom-text" className="text-sm font-medium">
          Or paste your list
        </label>
        <Textarea
          id="bom-text"
          rows={6}
          value={text}
          disabled={file !== null}
          placeholder={'Part number\tManufacturer\tQuantity\n6ES7214-1AG40-0XB0\tSiemens\t2'}
          onChange={(e) => setText(e.target.value)}
        />
        <p className="text-xs text-slate-600">
          Copy the rows from your spreadsheet, with or without the header row. Up to {MAX_BOM_LINES.toLocaleString('en-US')} lines.
        </p>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <Button className="w-fit" onClick={read} disabled={parse.isPending}>
        {parse.isPending ? 'Reading...' : 'Read list'}
      </Button>
    </div>
  );
}

function ColumnsStep({ sheet, onBack, onMatched }: { sheet: BomSheet; onBack: () => void; onMatched: (rows: ReviewRow[]) => void }) {
  const { data: user } = useCurrentUser();
  const match = useMatchBom();
  const saveMapping = useSaveBomMapping();
  const [mapping, setMapping] = useState<GuessedMapping>(sheet.mapping);
  const [hasHeader, setHasHeader] = useState(sheet.hasHeader);
  const [problem, setProblem] = useState<string | null>(null);
  const width = Math.max(0, ...sheet.rows.slice(0, 50).map((r) => r.length));
  const dataRows = hasHeader ? sheet.rows.slice(1) : sheet.rows;
  const view: BomSheet = { ...sheet, hasHeader };

  const confirm = () => {
    setProblem(null);
    if (mapping.partNumber === undefined && mapping.description === undefined) return setProblem('Choose the part number or the description column');
    const cell = (row: string[], role: BomRole) => (mapping[role] === undefined ? undefined : row[mapping[role]])?.trim();
    const lines = dataRows
      .map((row, i) => ({
        line: i + 1,
        source: {
          partNumber: cut(cell(row, 'partNumber'), BOM_TEXT_LIMITS.partNumber),
          manufacturer: cut(cell(row, 'manufacturer'), BOM_TEXT_LIMITS.manufacturer),
          description: cut(cell(row, 'description'), BOM_TEXT_LIMITS.description),
          reference: cut(cell(row, 'reference'), BOM_TEXT_LIMITS.reference),
        },
        quantity: mapping.quantity === undefined ? 1 : parseBomQuantity(cell(row, 'quantity')),
      }))
      .filter((l) => l.source.partNumber || l.source.description);
    if (lines.length === 0) return setProblem('No line of the list has a part number or a description in the chosen columns.');
    if (lines.length > MAX_BOM_LINES)
      return setProblem(`A list can have at most ${MAX_BOM_LINES.toLocaleString('en-US')} lines; this one has ${lines.length.toLocaleString('en-US')}.`);
    if (user && hasHeader) saveMapping.mutate(toSavedMapping(sheet.rows[0] ?? [], mapping));
    const request = lines.map(({ source }) => {
      const line: BomMatchLine = {};
      if (source.partNumber) line.partNumber = source.partNumber;
      if (source.manufacturer) line.manufacturer = source.manufacturer;
      if (source.description) line.description = source.description;
      return line;
    });
    match.mutate(request, {
      onSuccess: (answer) =>
        onMatched(
          lines.map((l, i) => {
            const m = answer.lines[i] ?? { confidence: 'none' as const, candidates: [] };
            return { ...l, match: m, choice: m.candidates.length > 0 ? 0 : 'free' };
          }),
        ),
      onError: (error) => setProblem(errorText(error, 'The list could not be matched. Please try again.')),
    });
  };

  return (
    <div className="grid gap-4">
      {sheet.mappingSource === 'remembered' ? <p className="text-sm text-slate-700">We used the columns you confirmed last time.</p> : null}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={hasHeader} onChange={(e) => setHasHeader(e.target.checked)} />
        The first row holds column names
      </label>
      <div className="grid gap-3 sm:grid-cols-3">
        {BOM_ROLES.map((role) => (
          <div key={role} className="grid gap-1.5">
            <label htmlFor={`bom-role-${role}`} className="text-sm font-medium">
              {BOM_ROLE_LABELS[role]}
            </label>
            <select
              id={`bom-role-${role}`}
              className="h-10 rounded-md border border-slate-300 bg-white px-2 text-sm"
              value={mapping[role] === undefined ? '' : String(mapping[role])}
              onChange={(e) => setMapping((m) => ({ ...m, [role]: e.target.value === '' ? undefined : Number(e.target.value) }))}
            >
              <option value="">Not in the list</option>
              {Array.from({ length: width }, (_, i) => (
                <option key={i} value={i}>
                  {columnName(view, i)}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <div className="overflow-x-auto rounded-md border border-slate-200">
        <table className="w-full text-xs" aria-label="First lines of your list">
          <tbody>
            {sheet.rows.slice(0, 6).map((row, r) => (
              <tr key={r} className={r === 0 && hasHeader ? 'bg-slate-100 font-semibold' : 'border-t border-slate-100'}>
                {Array.from({ length: width }, (_, i) => (
                  <td key={i} className="max-w-48 truncate px-2 py-1">
                    {row[i] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-slate-600">
        {dataRows.length.toLocaleString('en-US')} {dataRows.length === 1 ? 'line' : 'lines'}
        {sheet.sheet ? ` from the sheet "${sheet.sheet}"` : ''}.
      </p>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button onClick={confirm} disabled={match.isPending}>
          {match.isPending ? 'Matching...' : 'Match parts'}
        </Button>
        <Button variant="outline" onClick={onBack} disabled={match.isPending}>
          Back
        </Button>
      </div>
    </div>
  );
}

function ReviewStep({ initial, onBack, onDone }: { initial: ReviewRow[]; onBack: () => void; onDone: () => void }) {
  const basket = useQuoteBasket();
  const [rows, setRows] = useState(initial);
  const scroller = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the rows read the virtualizer on every render; nothing memoises them
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  const dupes = useMemo(() => duplicates(rows), [rows]);
  const counts = useMemo(() => {
    const c: Record<MatchConfidence, number> = { exact: 0, likely: 0, choose: 0, none: 0 };
    for (const r of rows) c[r.match.confidence]++;
    return c;
  }, [rows]);
  const kept = rows.filter((r) => r.choice !== 'skip');

  const add = () => {
    const lines: IncomingLine[] = kept.map((r) => {
      const details = r.source.reference ? { reference: r.source.reference } : undefined;
      if (typeof r.choice === 'number') {
        const c = r.match.candidates[r.choice]!;
        return {
          part: {
            id: c.id,
            name: c.name,
            slug: c.slug,
            partNumber: c.partNumber,
            manufacturer: c.manufacturer ? { name: c.manufacturer.name, slug: c.manufacturer.slug } : null,
          },
          quantity: r.quantity,
          ...(details ? { details } : {}),
        };
      }
      const freeText = {
        ...(r.source.partNumber ? { partNumber: r.source.partNumber } : {}),
        ...(r.source.manufacturer ? { manufacturer: r.source.manufacturer } : {}),
        ...(r.source.description ? { description: r.source.description } : {}),
      };
      return { freeText, quantity: r.quantity, ...(details ? { details } : {}) };
    });
    basket.addMany(lines);
    onDone();
  };

  return (
    <div className="grid gap-3">
      <p className="text-sm" data-testid="bom-summary">
        {rows.length} {rows.length === 1 ? 'line' : 'lines'}: {counts.exact} exact, {counts.likely} likely, {counts.choose} to choose, {counts.none} without a
        match. Lines without a match are sent as free-text lines for us to source.
      </p>
      <div
        className="grid grid-cols-[3rem_minmax(0,1.3fr)_4rem_6rem_minmax(0,2fr)] gap-2 border-b border-slate-200 px-2 pb-1 text-xs font-medium text-slate-600"
        role="row"
      >
        <span role="columnheader">Line</span>
        <span role="columnheader">Your list</span>
        <span role="columnheader">Qty</span>
        <span role="columnheader">Match</span>
        <span role="columnheader">Use</span>
      </div>
      <div ref={scroller} className="max-h-[50vh] overflow-y-auto" data-testid="bom-review" role="table" aria-label="Matched lines" aria-rowcount={rows.length}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((v) => {
            const row = rows[v.index]!;
            const dupOf = dupes.get(row.line);
            const set = (patch: Partial<ReviewRow>) => setRows((all) => all.map((r, i) => (i === v.index ? { ...r, ...patch } : r)));
            return (
              <div
                key={row.line}
                role="row"
                aria-rowindex={v.index + 1}
                data-testid="bom-line"
                data-line={row.line}
                className="absolute left-0 top-0 grid w-full grid-cols-[3rem_minmax(0,1.3fr)_4rem_6rem_minmax(0,2fr)] items-center gap-2 border-b border-slate-100 px-2 text-sm"
                style={{ height: ROW_HEIGHT, transform: `translateY(${v.start}px)` }}
              >
                <span role="cell" className="text-slate-600">
                  {row.line}
                </span>
                <span role="cell" className="min-w-0">
                  <span className="block truncate font-mono text-xs">{row.source.partNumber ?? '—'}</span>
                  <span className="block truncate text-xs text-slate-600">
                    {[row.source.manufacturer, row.source.description, row.source.reference ? `Ref. ${row.source.reference}` : undefined]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </span>
                <span role="cell">
                  <input
                    aria-label={`Quantity for line ${row.line}`}
                    inputMode="numeric"
                    className="h-8 w-14 rounded border border-slate-300 px-1 text-sm"
                    value={row.quantity}
                    onChange={(e) => set({ quantity: parseBomQuantity(e.target.value) })}
                  />
                </span>
                <span role="cell">
                  <Badge variant={CONFIDENCE_VARIANT[row.match.confidence]} data-testid="bom-confidence">
                    {MATCH_CONFIDENCE_LABELS[row.match.confidence]}
                  </Badge>
                </span>
                <span role="cell" className="min-w-0">
                  <select
                    aria-label={`Part for line ${row.line}`}
                    className="h-8 w-full truncate rounded-md border border-slate-300 bg-white px-1 text-xs"
                    value={String(row.choice)}
                    onChange={(e) => set({ choice: e.target.value === 'free' || e.target.value === 'skip' ? e.target.value : Number(e.target.value) })}
                  >
                    {row.match.candidates.map((c, i) => (
                      <option key={c.id} value={i}>
                        {candidateText(c)}
                      </option>
                    ))}
                    <option value="free">Keep as free-text line</option>
                    <option value="skip">Leave out</option>
                  </select>
                  {dupOf !== undefined ? <span className="block text-xs text-amber-800">Same part as line {dupOf}: the quantities are added.</span> : null}
                </span>
              </div>
            );
          })}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={add} disabled={kept.length === 0}>
          Add {kept.length} {kept.length === 1 ? 'line' : 'lines'} to quote request
        </Button>
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
      </div>
    </div>
  );
}

/** A parts list (CSV, TSV, XLSX or pasted) into the quote basket: read, confirm the columns, review the matches, add. */
export function BomUploadDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [step, setStep] = useState<Step>('source');
  const [sheet, setSheet] = useState<BomSheet | null>(null);
  const [rows, setRows] = useState<ReviewRow[]>([]);
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setStep('source');
      setSheet(null);
      setRows([]);
    }
  };
  const titles: Record<Step, string> = { source: 'Upload a parts list', columns: 'Check the columns', review: 'Review the matches' };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>{titles[step]}</DialogTitle>
          <DialogDescription>
            {step === 'source'
              ? 'Add a bill of materials from a CSV, TSV or Excel file, or paste it from a spreadsheet. We match every line against our catalogue.'
              : step === 'columns'
                ? 'We guessed which column holds what. Correct anything that is wrong.'
                : 'Check each match and pick the right part where there is a choice.'}
          </DialogDescription>
        </DialogHeader>
        {step === 'source' ? (
          <SourceStep
            onRead={(s) => {
              setSheet(s);
              setStep('columns');
            }}
          />
        ) : null}
        {step === 'columns' && sheet ? (
          <ColumnsStep
            sheet={sheet}
            onBack={() => setStep('source')}
            onMatched={(r) => {
              setRows(r);
              setStep('review');
            }}
          />
        ) : null}
        {step === 'review' ? <ReviewStep initial={rows} onBack={() => setStep('columns')} onDone={() => close(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/** The button that opens the dialog, for the basket drawer and the quote request page. */
export function BomUploadButton({ className, onOpen }: { className?: string; onOpen?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        className={className}
        onClick={() => {
          onOpen?.();
          setOpen(true);
        }}
      >
        <Upload className="h-4 w-4" aria-hidden />
        Upload a parts list
      </Button>
      <BomUploadDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
