import { ChevronLeft, ChevronRight } from '../../../components/ui/icons';
import { PAGINATION_WINDOW } from '@parts/shared/constants';
import { Button } from '../../../components/ui/button';
import { Glyph } from '../../../components/ui/glyph';

/** Pages shown around the current one, with ellipses as the spec places them. */
export function pageWindow(page: number, totalPages: number) {
  const start = Math.max(1, page - PAGINATION_WINDOW);
  const end = Math.min(totalPages, page + PAGINATION_WINDOW);
  const pages: number[] = [];
  for (let p = start; p <= end; p += 1) pages.push(p);
  return { pages, leadingEllipsis: page > PAGINATION_WINDOW + 1, trailingEllipsis: page < totalPages - PAGINATION_WINDOW };
}

export function Pagination({ page, totalPages, onPageChange }: { page: number; totalPages: number; onPageChange: (page: number) => void }) {
  if (totalPages <= 1) return null;
  const { pages, leadingEllipsis, trailingEllipsis } = pageWindow(page, totalPages);
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-1">
      <Button variant="outline" size="sm" aria-label="Previous page" aria-disabled={page <= 1} onClick={() => page > 1 && onPageChange(page - 1)}>
        <ChevronLeft className="h-4 w-4" aria-hidden />
        <span className="hidden sm:inline">Previous</span>
      </Button>
      {leadingEllipsis ? <Glyph name="hellip" className="px-2 text-slate-500" /> : null}
      {pages.map((p) => (
        <Button
          key={p}
          variant={p === page ? 'default' : 'outline'}
          size="sm"
          aria-label={`Page ${p}`}
          aria-current={p === page ? 'page' : undefined}
          onClick={() => p !== page && onPageChange(p)}
        >
          {p}
        </Button>
      ))}
      {trailingEllipsis ? <Glyph name="hellip" className="px-2 text-slate-500" /> : null}
      <Button variant="outline" size="sm" aria-label="Next page" aria-disabled={page >= totalPages} onClick={() => page < totalPages && onPageChange(page + 1)}>
        <span className="hidden sm:inline">Next</span>
        <ChevronRight className="h-4 w-4" aria-hidden />
      </Button>
    </nav>
  );
}
