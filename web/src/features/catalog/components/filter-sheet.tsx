import { useState } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { SlidersHorizontal, X } from '../../../components/ui/icons';
import { buttonVariants } from '../../../components/ui/button';
import { FilterPanel, type FilterPanelProps } from './filter-panel';

interface FilterSheetProps extends FilterPanelProps {
  activeCount: number;
}

/** Below `lg`: a 'Filters' button opening the filter panel in a sheet from the left, so the results come first. */
export function FilterSheet({ activeCount, ...panel }: FilterSheetProps) {
  const [open, setOpen] = useState(false);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger className={buttonVariants({ variant: 'outline' })} aria-label={activeCount > 0 ? `Filters, ${activeCount} active` : 'Filters'}>
        <SlidersHorizontal className="h-4 w-4" aria-hidden />
        Filters
        {activeCount > 0 ? (
          <span data-testid="active-filter-count" className="rounded-full bg-blue-700 px-2 py-0.5 text-xs font-semibold text-white">
            {activeCount}
          </span>
        ) : null}
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          // A strip of the page stays visible so a tap beside the sheet can close it.
          className="fixed inset-y-0 left-0 z-50 flex w-[min(24rem,calc(100%-3rem))] flex-col bg-white shadow-xl transition-transform duration-200 ease-out focus:outline-none starting:-translate-x-full motion-reduce:transition-none"
          onEscapeKeyDown={(event) => {
            // Escape in the search box closes its open suggestion list first, not the whole sheet.
            if (event.target instanceof HTMLElement && event.target.getAttribute('aria-expanded') === 'true') event.preventDefault();
          }}
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <DialogPrimitive.Title className="text-lg font-semibold">Filters</DialogPrimitive.Title>
            <DialogPrimitive.Close className={buttonVariants({ variant: 'ghost', size: 'icon' })} aria-label="Close filters">
              <X className="h-5 w-5" aria-hidden />
            </DialogPrimitive.Close>
          </div>
          <FilterPanel key={JSON.stringify(panel.filters)} layout="sheet" onApplied={() => setOpen(false)} {...panel} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
