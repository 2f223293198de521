import { useCallback } from 'react';
import { useRowWindow } from '../../hooks/use-row-window';
import { LineEditor } from './offer-line-editor';
import type { LineDraft } from './offer-line-draft';

/** A line editor's height before it is measured (price, quantity, MOQ, lead time, breaks, alternative, note). */
const LINE_ESTIMATE = 420;

/**
 * The offer's line editors, only those in sight drawn (issue 29, ADR 125): a 2,000-line request opens at once,
 * and a keystroke re-renders the one line typed in (each LineEditor is memoised, its onChange stable).
 */
export function OfferLines({
  lines,
  setLines,
  checked,
  onCheck,
}: {
  lines: LineDraft[];
  setLines: (next: (all: LineDraft[]) => LineDraft[]) => void;
  checked: ReadonlySet<number>;
  onCheck: (itemId: number, checked: boolean) => void;
}) {
  const { scroller, rows, before, after, measure } = useRowWindow<HTMLDivElement>(lines.length, LINE_ESTIMATE);
  const onChange = useCallback((index: number, line: LineDraft) => setLines((all) => all.map((x, j) => (j === index ? line : x))), [setLines]);
  return (
    <div
      ref={scroller}
      className="max-h-[75vh] overflow-y-auto overscroll-contain rounded-md border border-slate-200 p-2"
      role="group"
      aria-label={`Offer lines (${lines.length.toLocaleString('en-US')})`}
      tabIndex={-1}
      data-testid="offer-lines"
    >
      <div style={{ paddingTop: before, paddingBottom: after }}>
        {rows.map((row) => (
          <div key={row.key} data-index={row.index} ref={measure} className="pb-3">
            <LineEditor draft={lines[row.index]!} index={row.index} onChange={onChange} checked={checked.has(lines[row.index]!.item.id)} onCheck={onCheck} />
          </div>
        ))}
      </div>
    </div>
  );
}
