import { useState } from 'react';
import { useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';

/** Lists up to this many rows are drawn whole (nothing to gain, and every row stays findable on the page). */
export const DRAWN_WHOLE = 100;

export interface RowWindow<E extends HTMLElement> {
  /** The ref of the element that scrolls the rows (give it a max height and `overflow-y-auto`). */
  scroller: (element: E | null) => void;
  /** The rows to draw now, in order; each drawn row gets `data-index={row.index}` and `ref={measure}`. */
  rows: VirtualItem[];
  /** Space above and below the drawn rows, in px (a spacer row or padding keeps the scroll height right). */
  before: number;
  after: number;
  measure: (element: Element | null) => void;
}

/**
 * Only the rows in sight (and a few either side) of a long list (issue 29: a 2,000-line offer opens at once).
 * Rows are measured once drawn, so a row may be any height (a card on a phone, a line editor with breaks).
 * A list of at most DRAWN_WHOLE rows is drawn whole. Rows are keyed by their place: the lists it serves never reorder.
 */
export function useRowWindow<E extends HTMLElement>(count: number, estimate: number): RowWindow<E> {
  const [scroller, setScroller] = useState<E | null>(null);
  const whole = count <= DRAWN_WHOLE;
  // eslint-disable-next-line react-hooks/incompatible-library -- the rows read the virtualizer on every render; nothing memoises them
  const virtualizer = useVirtualizer({
    count,
    enabled: !whole,
    getScrollElement: () => scroller,
    estimateSize: () => estimate,
    overscan: 6,
    initialRect: { width: 1280, height: 800 },
  });
  if (whole) {
    const rows = Array.from({ length: count }, (_, index) => ({ index, key: index, start: 0, end: 0, size: 0, lane: 0 }));
    return { scroller: setScroller, rows, before: 0, after: 0, measure: noMeasure };
  }
  const rows = virtualizer.getVirtualItems();
  const before = rows[0]?.start ?? 0;
  const after = rows.length > 0 ? Math.max(0, virtualizer.getTotalSize() - rows[rows.length - 1]!.end) : 0;
  return { scroller: setScroller, rows, before, after, measure: virtualizer.measureElement };
}

const noMeasure = () => undefined;
