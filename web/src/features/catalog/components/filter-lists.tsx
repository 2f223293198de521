import { memo, useDeferredValue, useState } from 'react';
import { ChevronRight } from '../../../components/ui/icons';
import { Checkbox } from '../../../components/ui/checkbox';
import { subtreeIds, type CategoryNode } from '../../../lib/category-tree';
import { cn } from '../../../lib/cn';

/**
 * Rows of a category or manufacturer list drawn with the page: a little more than its scroll box shows. The rest
 * follow in a deferred render (React's useDeferredValue), after the page's first frame: in the server's HTML and the
 * hydration of it (issue 34: they were half of /catalog's render CPU, for rows the first paint scrolls out of sight),
 * and when the browser draws a listing again, as on a back navigation (the listing's cards show first).
 */
const FIRST_PAINT_ROWS = 10;

/** `items`: at first the first FIRST_PAINT_ROWS, all of them in a render right after. */
function useFirstPaintRows<T>(items: T[]): T[] {
  return useDeferredValue(items, items.length > FIRST_PAINT_ROWS ? items.slice(0, FIRST_PAINT_ROWS) : items);
}

/**
 * One row's checkbox, label and count. Rows are memoised (as are the lists): typing in the search box or ticking
 * another row does not render them again (issue 34: INP of the search box and the filters, Radix checkboxes being
 * the heavy part of the panel).
 */
const FilterRow = memo(function FilterRow({
  inputId,
  itemId,
  label,
  checked,
  count,
  onToggle,
  labelClassName,
}: {
  inputId: string;
  itemId: number;
  label: string;
  checked: boolean;
  count: number | undefined;
  onToggle: (id: number, checked: boolean) => void;
  labelClassName: string;
}) {
  return (
    <>
      <Checkbox id={inputId} checked={checked} onCheckedChange={(c) => onToggle(itemId, c === true)} />
      <label htmlFor={inputId} className={labelClassName}>
        {label}
      </label>
      {count !== undefined ? <span className="text-xs text-slate-600">({count})</span> : null}
    </>
  );
});

export const CheckList = memo(function CheckList({
  items,
  selected,
  counts,
  onToggle,
  name,
}: {
  items: { id: number; name: string }[];
  selected: number[];
  counts: Map<number, number> | undefined;
  onToggle: (id: number, checked: boolean) => void;
  name: string;
}) {
  const rows = useFirstPaintRows(items);
  return (
    <ul className="grid max-h-64 gap-2 overflow-y-auto pr-1">
      {rows.map((item) => (
        <li key={item.id} className="flex items-center gap-2 text-sm">
          <FilterRow
            inputId={`${name}-${item.id}`}
            itemId={item.id}
            label={item.name}
            checked={selected.includes(item.id)}
            count={counts ? (counts.get(item.id) ?? 0) : undefined}
            onToggle={onToggle}
            labelClassName="flex-1 cursor-pointer"
          />
        </li>
      ))}
    </ul>
  );
});

export const CategoryTreeList = memo(function CategoryTreeList({
  nodes,
  selected,
  counts,
  onToggle,
  depth = 0,
}: {
  nodes: CategoryNode[];
  selected: number[];
  counts: Map<number, number> | undefined;
  onToggle: (id: number, checked: boolean) => void;
  depth?: number;
}) {
  const rows = useFirstPaintRows(nodes);
  return (
    <ul className={cn('grid gap-2', depth > 0 && 'ml-6 mt-2')}>
      {rows.map((node) => (
        <CategoryTreeItem key={node.category.id} node={node} selected={selected} counts={counts} onToggle={onToggle} depth={depth} />
      ))}
    </ul>
  );
});

function CategoryTreeItem({
  node,
  selected,
  counts,
  onToggle,
  depth,
}: {
  node: CategoryNode;
  selected: number[];
  counts: Map<number, number> | undefined;
  onToggle: (id: number, checked: boolean) => void;
  depth: number;
}) {
  const { category, children } = node;
  // A ticked sub-category is shown from the start.
  const [open, setOpen] = useState(() => children.some((child) => subtreeIds(child).some((id) => selected.includes(id))));
  return (
    <li className="text-sm">
      <div className="flex items-center gap-2">
        {children.length > 0 ? (
          <button
            type="button"
            className="-m-1 rounded p-1 text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
            aria-label={`Show subcategories of ${category.name}`}
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
          >
            <ChevronRight className={cn('h-4 w-4 transition-transform', open && 'rotate-90')} aria-hidden />
          </button>
        ) : (
          <span className="w-4 shrink-0" aria-hidden />
        )}
        <FilterRow
          inputId={`category-${category.id}`}
          itemId={category.id}
          label={category.name}
          checked={selected.includes(category.id)}
          count={counts ? (counts.get(category.id) ?? 0) : undefined}
          onToggle={onToggle}
          labelClassName="min-w-0 flex-1 cursor-pointer [overflow-wrap:anywhere]"
        />
      </div>
      {open && children.length > 0 ? <CategoryTreeList nodes={children} selected={selected} counts={counts} onToggle={onToggle} depth={depth + 1} /> : null}
    </li>
  );
}
