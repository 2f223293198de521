import { useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { MatchConfidence } from '@parts/shared/bom';
import { Button } from '../../../components/ui/button';
import { useQuoteBasket } from '../../quote-basket';
import {
  basketLines,
  duplicates,
  inFilter,
  matchesSearch,
  needsDecision,
  REVIEW_FILTER_LABELS,
  typedQuantity,
  type ReviewFilter,
  type ReviewRow,
} from '../bom-lines';
import { plural } from './bom-text';
import { ReviewLine } from './review-line';

/** A first guess of a line's height; each line is measured once drawn (cards on a phone are taller). */
const ROW_ESTIMATE = 76;

/** Step 3: every matched line, filtered and searched, each decided; then into the quote basket. */
export function ReviewStep({
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
            return (
              <ReviewLine
                key={row.line}
                ref={virtualizer.measureElement}
                row={row}
                position={v.index}
                start={v.start}
                duplicateOf={dupes.get(row.line)}
                onChange={(change) => update(index, change)}
              />
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
