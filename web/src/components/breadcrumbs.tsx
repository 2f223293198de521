import { Fragment } from 'react';
import { ChevronRight } from './ui/icons';
import { PrefetchLink } from './prefetch-link';

export interface Crumb {
  label: string;
  to?: string;
}

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, index) => (
          <Fragment key={`${item.label}-${index}`}>
            {index > 0 ? <ChevronRight className="h-4 w-4 text-slate-400" aria-hidden /> : null}
            <li>
              {item.to && index < items.length - 1 ? (
                <PrefetchLink to={item.to} className="rounded hover:text-blue-700 hover:underline">
                  {item.label}
                </PrefetchLink>
              ) : (
                <span aria-current={index === items.length - 1 ? 'page' : undefined} className="font-medium text-slate-900">
                  {item.label}
                </span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
