import { useId, useState, type ReactNode } from 'react';
import { ChevronDown } from '../../../components/ui/icons';

/**
 * A section of the filter panel that folds: a disclosure button (`aria-expanded`, `aria-controls`) and its content,
 * drawn as Radix's Collapsible was but without its machinery. Radix's content measured itself in a layout effect
 * (a forced style and layout of the page, a second render) whenever it mounted or was shown again, as on the way
 * back to a kept listing (issue 34, ADR 148).
 */
export function FilterSection({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  const contentId = useId();
  const state = open ? 'open' : 'closed';
  return (
    <div data-state={state} className="border-b border-slate-200 py-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={contentId}
        data-state={state}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center justify-between rounded text-left text-sm font-semibold text-slate-900"
      >
        {title}
        <ChevronDown className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden />
      </button>
      <div id={contentId} data-state={state} hidden={!open} className="mt-3">
        {open ? children : null}
      </div>
    </div>
  );
}
