import type { HTMLAttributes, Ref, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export function Table({ className, ...props }: HTMLAttributes<HTMLTableElement>) {
  return (
    <div className="relative w-full overflow-auto">
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={cn('[&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: HTMLAttributes<HTMLTableRowElement> & { ref?: Ref<HTMLTableRowElement> }) {
  return <tr className={cn('border-b border-slate-200 hover:bg-slate-50', className)} {...props} />;
}

export function TableHead({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th className={cn('h-10 px-3 text-left align-middle font-medium text-slate-600', className)} {...props} />;
}

export function TableCell({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('p-3 align-middle', className)} {...props} />;
}

/**
 * A cell of a table that is a list of cards below md: the value under its label, one per line, so nothing scrolls
 * sideways at 390 px (issue 32); from md up a plain table cell (the label is then the column's head).
 */
export function CardCell({ label, className, children, ...props }: TdHTMLAttributes<HTMLTableCellElement> & { label?: string }) {
  return (
    <TableCell className={cn('block p-0 md:table-cell md:p-3', className)} {...props}>
      {label ? <span className="block text-xs font-medium text-slate-500 md:hidden">{label}</span> : null}
      {children}
    </TableCell>
  );
}
