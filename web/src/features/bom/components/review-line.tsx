import type { Ref } from 'react';
import { MATCH_CONFIDENCE_LABELS } from '@parts/shared/bom';
import { Badge } from '../../../components/ui/badge';
import { candidateText, needsDecision, typedQuantity, type Choice, type ReviewRow } from '../bom-lines';
import { CONFIDENCE_VARIANT } from './bom-text';

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

/** One line of the review: the list's cells, what they were read as, the quantity, the match and the choice. */
export function ReviewLine({
  ref,
  row,
  position,
  start,
  duplicateOf,
  onChange,
}: {
  ref?: Ref<HTMLDivElement>;
  row: ReviewRow;
  /** Its place among the lines shown (filtered), from 0. */
  position: number;
  /** Its offset in the scrolled list, in pixels. */
  start: number;
  /** The earlier line with the same part or text, whose quantity this one adds to. */
  duplicateOf: number | undefined;
  onChange: (change: (row: ReviewRow) => ReviewRow) => void;
}) {
  const undecidedPart = row.choice === null;
  return (
    <div
      ref={ref}
      data-index={position}
      role="row"
      aria-rowindex={position + 1}
      data-testid="bom-line"
      data-line={row.line}
      data-needs-decision={needsDecision(row)}
      className="absolute left-0 top-0 grid w-full gap-2 border-b border-slate-200 px-2 py-2 text-sm sm:grid-cols-[3rem_minmax(0,1.4fr)_8.5rem_6.5rem_minmax(0,1.6fr)] sm:items-start"
      style={{ transform: `translateY(${start}px)` }}
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
      <QuantityCell row={row} onChange={(text) => onChange((r) => typedQuantity(r, text))} />
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
            onChange((r) => ({ ...r, choice }));
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
        {duplicateOf !== undefined ? (
          <span className="block text-xs text-amber-800">
            {typeof row.choice === 'number' ? 'Same part' : 'Same line'} as line {duplicateOf}: the quantities are added.
          </span>
        ) : null}
      </span>
    </div>
  );
}
