import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div data-testid="skeleton" aria-hidden className={cn('animate-pulse rounded-md bg-slate-200', className)} {...props} />;
}
