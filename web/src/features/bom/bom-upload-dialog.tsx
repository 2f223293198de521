import { useEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Upload } from 'lucide-react';
import { BOM_ROLES, BOM_ROLE_LABELS, MATCH_CONFIDENCE_LABELS, MAX_BOM_FILE_BYTES, MAX_BOM_LINES, type BomSheet, type MatchConfidence } from '@parts/shared/bom';
import { guessBomColumns, HEADER_SCAN_ROWS, linesOf, toSavedMapping, type GuessedMapping } from '@parts/shared/bom-columns';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Textarea } from '../../components/ui/textarea';
import { errorText } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/session';
import { useQuoteBasket } from '../quote-basket';
import { useMatchBom } from './api/match-bom';
import { useParseBom } from './api/parse-bom';
import { useSaveBomMapping } from './api/save-bom-mapping';
import {
  basketLines,
  candidateText,
  duplicates,
  inFilter,
  initialChoice,
  matchRequest,
  matchesSearch,
  needsDecision,
  pendingLines,
  REVIEW_FILTER_LABELS,
  typedQuantity,
  type Choice,
  type ReviewFilter,
  type ReviewRow,
} from './bom-lines';
import { loadDraft, saveDraft, type BomDraft } from './bom-draft';

type Step = 'source' | 'columns' | 'review';

const CONFIDENCE_VARIANT: Record<MatchConfidence, BadgeVariant> = { exact: 'green', likely: 'blue', choose: 'yellow', none: 'red' };
/** A first guess of a line's height; each line is measured once drawn (cards on a phone are taller). */
const ROW_ESTIMATE = 76;
const columnName = (sheet: BomSheet, headerRow: number | null, i: number) => {
  const header = headerRow === null ? undefined : sheet.rows[headerRow]?.[i]?.trim();
  const sample = linesOf(sheet.rows, headerRow)[0]?.[i]?.trim();
  return `Column ${i + 1}${header ? `: ${header}` : sample ? ` (e.g. ${sample.slice(0, 24)})` : ''}`;
};
const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

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

function ColumnsStep({
  sheet,
  headerRow: initialHeaderRow,
  mapping: initialMapping,
  canResume,
  onBack,
  onResume,
  onChange,
  onMatched,
}: {
  sheet: BomSheet;
  headerRow: number | null;
  mapping: GuessedMapping;
  canResume: boolean;
  onBack: () => void;
  onResume: () => void;
  onChange: (headerRow: number | null, mapping: GuessedMapping) => void;
  onMatched: (rows: ReviewRow[]) => void;
}) {
  const { data: user } = useCurrentUser();
  const match = useMatchBom();
  const saveMapping = useSaveBomMapping();
  const [mapping, setMappingState] = useState<GuessedMapping>(initialMapping);
  const [headerRow, setHeaderRowState] = useState<number | null>(initialHeaderRow);
  const [problem, setProblem] = useState<string | null>(null);
  const width = Math.max(0, ...sheet.rows.slice(0, 50).map((r) => r.length));
  const dataRows = linesOf(sheet.rows, headerRow);
  const headerChoices = Math.min(sheet.rows.length, HEADER_SCAN_ROWS);
  const previewRows = sheet.rows.slice(0, Math.max(6, (headerRow ?? 0) + 4));

  const setMapping = (next: GuessedMapping) => {
    setMappingState(next);
    onChange(headerRow, next);
  };
  const setHeaderRow = (next: number | null) => {
    // The column names moved: guess the columns again from that row.
    const guess = guessBomColumns(sheet.rows, { headerRow: next });
    setHeaderRowState(next);
    setMappingState(guess.mapping);
    onChange(next, guess.mapping);
  };

  const confirm = () => {
    setProblem(null);
    if (mapping.partNumber === undefined && mapping.description === undefined) return setProblem('Choose the part number or the description column');
    const lines = pendingLines(sheet, headerRow, mapping);
    if (lines.length === 0) return setProblem('No line of the list has a part number or a description in the chosen columns.');
    if (lines.length > MAX_BOM_LINES)
      return setProblem(`A list can have at most ${MAX_BOM_LINES.toLocaleString('en-US')} lines; this one has ${lines.length.toLocaleString('en-US')}.`);
    if (user && headerRow !== null) saveMapping.mutate(toSavedMapping(sheet.rows[headerRow] ?? [], mapping));
    match.mutate(matchRequest(lines), {
      onSuccess: (answer) =>
        onMatched(
          lines.map((l, i) => {
            const m = answer.lines[i] ?? { confidence: 'none' as const, candidates: [] };
            return { ...l, match: m, choice: initialChoice(m) };
          }),
        ),
      onError: (error) => setProblem(errorText(error, 'The list could not be matched. Please try again.')),
    });
  };

  return (
    <div className="grid gap-4">
      {sheet.mappingSource === 'remembered' ? <p className="text-sm text-slate-700">We used the columns you confirmed last time.</p> : null}
      <div className="grid gap-1.5 sm:max-w-xs">
        <label htmlFor="bom-header-row" className="text-sm font-medium">
          Column names are on
        </label>
        <select
          id="bom-header-row"
          className="h-10 rounded-md border border-slate-300 bg-white px-2 text-sm"
          value={headerRow === null ? '' : String(headerRow)}
          onChange={(e) => setHeaderRow(e.target.value === '' ? null : Number(e.target.value))}
        >
          <option value="">No row (the list has no column names)</option>
          {Array.from({ length: headerChoices }, (_, i) => (
            <option key={i} value={i}>
              Row {i + 1}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        {BOM_ROLES.map((role) => (
          <div key={role} className="grid gap-1.5">
            <label htmlFor={`bom-role-${role}`} className="text-sm font-medium">
              {BOM_ROLE_LABELS[role]}
            </label>
            <select
              id={`bom-role-${role}`}
              className="h-10 min-w-0 rounded-md border border-slate-300 bg-white px-2 text-sm"
              value={mapping[role] === undefined ? '' : String(mapping[role])}
              onChange={(e) => setMapping({ ...mapping, [role]: e.target.value === '' ? undefined : Number(e.target.value) })}
            >
              <option value="">Not in the list</option>
              {Array.from({ length: width }, (_, i) => (
                <option key={i} value={i}>
                  {columnName(sheet, headerRow, i)}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <div className="overflow-x-auto rounded-md border border-slate-200">
        <table className="w-full text-xs" aria-label="First rows of your list">
          <tbody>
            {previewRows.map((row, r) => {
              const kind = headerRow === null || r > headerRow ? 'line' : r === headerRow ? 'header' : 'title';
              return (
                <tr
                  key={r}
                  data-row-kind={kind}
                  className={kind === 'header' ? 'bg-slate-100 font-semibold' : kind === 'title' ? 'text-slate-400' : 'border-t border-slate-100'}
                >
                  <th scope="row" className="w-16 whitespace-nowrap px-2 py-1 text-left font-normal text-slate-500">
                    Row {r + 1}
                  </th>
                  {Array.from({ length: width }, (_, i) => (
                    <td key={i} className="max-w-48 truncate px-2 py-1">
                      {row[i] ?? ''}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-slate-600" data-testid="bom-line-count">
        {plural(dataRows.length, 'line', 'lines')}
        {headerRow !== null && headerRow > 0 ? ` below the column names (rows 1–${headerRow} are titles, not lines)` : ''}
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
        {canResume ? (
          <Button variant="outline" onClick={onResume} disabled={match.isPending}>
            Return to the review
          </Button>
        ) : null}
        <Button variant="outline" onClick={onBack} disabled={match.isPending}>
          Back
        </Button>
      </div>
    </div>
  );
}

function QuantityCell({ row, onChange }: { row: ReviewRow; onChange: (text: string) => void }) {
  const flagged = row.quantity === null;
  return (
    <span role="cell" className="grid gap-0.5">
      <span className="text-xs text-slate-500 sm:hidden">Quantity</span>
      <input
        aria-label={`Quantity for line ${row.line}`}
        aria-invalid={flagged}
        inputMode="numeric"
        className="h-8 w-24 rounded border border-slate-300 px-1 text-sm aria-[invalid=true]:border-red-600"
        value={row.quantityText}
        onChange={(e) => onChange(e.target.value)}
      />
      {flagged ? (
        <span className="text-xs text-red-800" data-testid="bom-quantity-problem">
          <Badge variant="red" className="mr-1 whitespace-nowrap px-1.5 py-0">
            Check quantity
          </Badge>
          {row.quantityProblem}
        </span>
      ) : row.quantityFlagged || (row.quantityCell !== '' && row.quantityCell !== String(row.quantity)) ? (
        <span className="text-xs text-slate-500">List: {row.quantityCell || '—'}</span>
      ) : null}
    </span>
  );
}

function ReviewStep({
  rows,
  setRows,
  onBack,
  onDone,
}: {
  rows: ReviewRow[];
  setRows: (update: (rows: ReviewRow[]) => ReviewRow[]) => void;
  onBack: () => void;
  onDone: () => void;
}) {
  const basket = useQuoteBasket();
  const [filter, setFilter] = useState<ReviewFilter>('all');
  const [query, setQuery] = useState('');
  const scroller = useRef<HTMLDivElement>(null);
  const visible = useMemo(() => rows.flatMap((row, index) => (inFilter(row, filter) && matchesSearch(row, query) ? [index] : [])), [rows, filter, query]);
  // eslint-disable-next-line react-hooks/incompatible-library -- the rows read the virtualizer on every render; nothing memoises them
  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 12,
    getItemKey: (i) => rows[visible[i]!]!.line,
  });
  const dupes = useMemo(() => duplicates(rows), [rows]);
  const counts = useMemo(() => {
    const c: Record<MatchConfidence, number> = { exact: 0, likely: 0, choose: 0, none: 0 };
    for (const r of rows) c[r.match.confidence]++;
    return c;
  }, [rows]);
  const filterCounts = useMemo(
    () =>
      Object.fromEntries((Object.keys(REVIEW_FILTER_LABELS) as ReviewFilter[]).map((f) => [f, rows.filter((r) => inFilter(r, f)).length])) as Record<
        ReviewFilter,
        number
      >,
    [rows],
  );
  const undecided = rows.filter(needsDecision).length;
  const blank = rows.filter((r) => r.quantity === null && r.quantityBlank && r.quantityText.trim() === '').length;
  const kept = rows.filter((r) => r.choice !== 'skip').length;

  const update = (index: number, change: (row: ReviewRow) => ReviewRow) => setRows((all) => all.map((r, i) => (i === index ? change(r) : r)));
  const add = () => {
    const lines = basketLines(rows);
    if (!lines || lines.length === 0) return;
    basket.addMany(lines);
    onDone();
  };

  return (
    <div className="grid min-w-0 gap-3">
      <p className="text-sm" data-testid="bom-summary">
        {rows.length} {rows.length === 1 ? 'line' : 'lines'}: {counts.exact} exact, {counts.likely} likely, {counts.choose} to choose, {counts.none} without a
        match. Lines without a match are sent as free-text lines for us to source.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div role="group" aria-label="Show" className="flex flex-wrap gap-1">
          {(Object.keys(REVIEW_FILTER_LABELS) as ReviewFilter[]).map((f) => (
            <Button key={f} size="sm" variant={filter === f ? 'default' : 'outline'} aria-pressed={filter === f} onClick={() => setFilter(f)}>
              {REVIEW_FILTER_LABELS[f]} ({filterCounts[f]})
            </Button>
          ))}
        </div>
        <label className="grid min-w-0 flex-1 gap-1 text-sm sm:max-w-xs">
          <span className="sr-only">Search the list</span>
          <input
            type="search"
            placeholder="Search the list"
            aria-label="Search the list"
            className="h-9 w-full min-w-0 rounded-md border border-slate-300 px-2 text-sm"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </label>
      </div>
      {blank > 0 ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span>{plural(blank, 'line has', 'lines have')} no quantity.</span>
          <Button
            size="sm"
            variant="outline"
            onClick={() =>
              setRows((all) => all.map((r) => (r.quantity === null && r.quantityBlank && r.quantityText.trim() === '' ? typedQuantity(r, '1') : r)))
            }
          >
            Set 1 piece on {plural(blank, 'line', 'lines')} without a quantity
          </Button>
        </div>
      ) : null}
      <div
        className="hidden grid-cols-[3rem_minmax(0,1.4fr)_8.5rem_6.5rem_minmax(0,1.6fr)] gap-2 border-b border-slate-200 px-2 pb-1 text-xs font-medium text-slate-600 sm:grid"
        role="row"
      >
        <span role="columnheader">Line</span>
        <span role="columnheader">Your list → understood as</span>
        <span role="columnheader">Qty</span>
        <span role="columnheader">Match</span>
        <span role="columnheader">Use</span>
      </div>
      <div
        ref={scroller}
        className="max-h-[55vh] min-w-0 overflow-y-auto overflow-x-hidden"
        data-testid="bom-review"
        role="table"
        aria-label="Matched lines"
        aria-rowcount={visible.length}
      >
        {visible.length === 0 ? <p className="p-2 text-sm text-slate-600">No line fits this filter or search.</p> : null}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((v) => {
            const index = visible[v.index]!;
            const row = rows[index]!;
            const dupOf = dupes.get(row.line);
            const undecidedPart = row.choice === null;
            return (
              <div
                key={row.line}
                ref={virtualizer.measureElement}
                data-index={v.index}
                role="row"
                aria-rowindex={v.index + 1}
                data-testid="bom-line"
                data-line={row.line}
                data-needs-decision={needsDecision(row)}
                className="absolute left-0 top-0 grid w-full gap-2 border-b border-slate-200 px-2 py-2 text-sm sm:grid-cols-[3rem_minmax(0,1.4fr)_8.5rem_6.5rem_minmax(0,1.6fr)] sm:items-start"
                style={{ transform: `translateY(${v.start}px)` }}
              >
                <span role="cell" className="flex items-center gap-2 text-slate-600">
                  <span className="sm:hidden">Line</span> {row.line}
                  <Badge variant={CONFIDENCE_VARIANT[row.match.confidence]} className="sm:hidden">
                    {MATCH_CONFIDENCE_LABELS[row.match.confidence]}
                  </Badge>
                </span>
                <span role="cell" className="min-w-0">
                  <span className="block break-words font-mono text-xs text-slate-500" data-testid="bom-original" title="As in your list">
                    {row.cells.filter((c) => c !== '').join(' | ')}
                  </span>
                  <span className="block break-words text-xs">
                    <span className="font-mono">{row.source.partNumber ?? '—'}</span>
                    {[row.source.manufacturer, row.source.description, row.source.reference ? `Ref. ${row.source.reference}` : undefined]
                      .filter(Boolean)
                      .map((t) => ` · ${t}`)
                      .join('')}
                  </span>
                </span>
                <QuantityCell row={row} onChange={(text) => update(index, (r) => typedQuantity(r, text))} />
                <span role="cell" className="hidden sm:block">
                  <Badge variant={CONFIDENCE_VARIANT[row.match.confidence]} className="whitespace-nowrap" data-testid="bom-confidence">
                    {MATCH_CONFIDENCE_LABELS[row.match.confidence]}
                  </Badge>
                </span>
                <span role="cell" className="min-w-0">
                  <select
                    aria-label={`Part for line ${row.line}`}
                    aria-invalid={undecidedPart}
                    className="h-8 w-full min-w-0 truncate rounded-md border border-slate-300 bg-white px-1 text-xs aria-[invalid=true]:border-amber-600"
                    value={row.choice === null ? '' : String(row.choice)}
                    onChange={(e) => {
                      const value = e.target.value;
                      const choice: Choice = value === 'free' || value === 'skip' ? value : Number(value);
                      update(index, (r) => ({ ...r, choice }));
                    }}
                  >
                    {undecidedPart ? (
                      <option value="" disabled>
                        Choose a part…
                      </option>
                    ) : null}
                    {row.match.candidates.map((c, i) => (
                      <option key={c.id} value={i}>
                        {candidateText(c)}
                      </option>
                    ))}
                    <option value="free">Keep as free-text line</option>
                    <option value="skip">Leave out</option>
                  </select>
                  {undecidedPart ? <span className="block text-xs text-amber-800">Pick the part, or keep the line as free text.</span> : null}
                  {dupOf !== undefined ? (
                    <span className="block text-xs text-amber-800">
                      {typeof row.choice === 'number' ? 'Same part' : 'Same line'} as line {dupOf}: the quantities are added.
                    </span>
                  ) : null}
                </span>
              </div>
            );
          })}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={add} disabled={undecided > 0 || kept === 0} data-testid="bom-add">
          {undecided > 0
            ? `${plural(undecided, 'line still needs', 'lines still need')} a decision`
            : `Add ${kept} ${kept === 1 ? 'line' : 'lines'} to quote request`}
        </Button>
        {undecided > 0 ? (
          <Button variant="outline" onClick={() => setFilter(rows.some((r) => r.choice === null) ? 'choose' : 'quantity')}>
            Show them
          </Button>
        ) : null}
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
      </div>
    </div>
  );
}

/** A parts list (CSV, TSV, XLSX or pasted) into the quote basket: read, confirm the columns, review the matches, add. */
export function BomUploadDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  // The list being worked on survives Back, a reload and closing the dialog (bom-draft.ts).
  const [draft, setDraftState] = useState<BomDraft | null>(() => loadDraft());
  const [step, setStep] = useState<Step>(() => draft?.step ?? 'source');
  const setDraft = (update: (d: BomDraft | null) => BomDraft | null) => setDraftState((d) => update(d));
  useEffect(() => {
    if (saveDraft(draft) || !draft) return;
    // Too large for the tab's storage: ask before the page is left.
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [draft]);

  const startOver = () => {
    setDraftState(null);
    setStep('source');
  };
  /** Starting over throws matched work away: asked first. */
  const askStartOver = () => {
    if (draft && draft.rows.length > 0 && !window.confirm('Start over? The matches and choices on this list are discarded.')) return;
    startOver();
  };
  const close = (next: boolean) => onOpenChange(next);
  const titles: Record<Step, string> = { source: 'Upload a parts list', columns: 'Check the columns', review: 'Review the matches' };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className={step === 'source' ? 'max-w-2xl' : 'max-w-6xl'} data-testid="bom-dialog">
        <DialogHeader>
          <DialogTitle>{titles[step]}</DialogTitle>
          <DialogDescription>
            {step === 'source'
              ? 'Add a bill of materials from a CSV, TSV or Excel file, or paste it from a spreadsheet. We match every line against our catalogue.'
              : step === 'columns'
                ? 'We guessed which row holds the column names and which column holds what. Correct anything that is wrong.'
                : 'Check each match and pick the right part where there is a choice. Your work is kept if you leave this page.'}
          </DialogDescription>
        </DialogHeader>
        {step === 'source' ? (
          <SourceStep
            onRead={(s) => {
              setDraftState({ step: 'columns', sheet: s, headerRow: s.headerRow, mapping: s.mapping, rows: [] });
              setStep('columns');
            }}
          />
        ) : null}
        {step === 'columns' && draft ? (
          <ColumnsStep
            sheet={draft.sheet}
            headerRow={draft.headerRow}
            mapping={draft.mapping}
            canResume={draft.rows.length > 0}
            onBack={askStartOver}
            onResume={() => {
              setDraft((d) => (d ? { ...d, step: 'review' } : d));
              setStep('review');
            }}
            onChange={(headerRow, mapping) => setDraft((d) => (d ? { ...d, headerRow, mapping } : d))}
            onMatched={(rows) => {
              setDraft((d) => (d ? { ...d, rows, step: 'review' } : d));
              setStep('review');
            }}
          />
        ) : null}
        {step === 'review' && draft ? (
          <ReviewStep
            rows={draft.rows}
            setRows={(update) => setDraft((d) => (d ? { ...d, rows: update(d.rows) } : d))}
            onBack={() => {
              setDraft((d) => (d ? { ...d, step: 'columns' } : d));
              setStep('columns');
            }}
            onDone={() => {
              startOver();
              onOpenChange(false);
            }}
          />
        ) : null}
        {step !== 'source' ? (
          <button type="button" className="w-fit text-sm text-slate-600 underline" onClick={askStartOver}>
            Start over with another list
          </button>
        ) : null}
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
