import { describe, expect, it } from 'vitest';
import { pageWindow } from './pagination';

describe('pagination window', () => {
  it('shows two pages either side, ellipsis at the start above page 3 and at the end below totalPages - 2', () => {
    expect(pageWindow(1, 10)).toEqual({ pages: [1, 2, 3], leadingEllipsis: false, trailingEllipsis: true });
    expect(pageWindow(3, 10)).toEqual({ pages: [1, 2, 3, 4, 5], leadingEllipsis: false, trailingEllipsis: true });
    expect(pageWindow(4, 10)).toEqual({ pages: [2, 3, 4, 5, 6], leadingEllipsis: true, trailingEllipsis: true });
    expect(pageWindow(8, 10)).toEqual({ pages: [6, 7, 8, 9, 10], leadingEllipsis: true, trailingEllipsis: false });
    expect(pageWindow(2, 2)).toEqual({ pages: [1, 2], leadingEllipsis: false, trailingEllipsis: false });
  });
});
