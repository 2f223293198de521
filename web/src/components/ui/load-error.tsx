import { AlertTriangle, RotateCw } from './icons';
import { Button } from './button';
import { cn } from '../../lib/cn';

export interface LoadErrorProps {
  /** What failed, in the spec's words: 'Failed to load categories', 'Failed to load parts' … */
  title: string;
  /** Fetches again (a query's `refetch`). */
  onRetry: () => unknown;
  /** True while the retry is under way. */
  retrying?: boolean;
  /** A line in a sidebar or list instead of a panel. */
  compact?: boolean;
  className?: string;
}

/**
 * A data view whose fetch failed: says so and offers a retry, so a failure never reads as "there is
 * nothing" (the empty states say that). One component for every data view (ADR 099).
 */
export function LoadError({ title, onRetry, retrying = false, compact = false, className }: LoadErrorProps) {
  return (
    <div
      role="alert"
      data-testid="load-error"
      className={cn(
        compact
          ? 'grid gap-2 text-sm text-slate-800'
          : 'col-span-full grid justify-items-center gap-2 rounded-lg border border-red-200 bg-white p-8 text-center text-slate-800',
        className,
      )}
    >
      <p className={cn('flex items-center gap-2 font-semibold', !compact && 'text-lg')}>
        <AlertTriangle className="h-5 w-5 shrink-0 text-red-700" aria-hidden />
        {title}
      </p>
      <p className="text-slate-600">Something went wrong on our side; this is not an empty list. Please try again.</p>
      <Button variant="outline" size="sm" className={compact ? 'justify-self-start' : undefined} onClick={() => void onRetry()} disabled={retrying}>
        <RotateCw className={cn('h-4 w-4', retrying && 'animate-spin')} aria-hidden />
        {retrying ? 'Trying again...' : 'Try again'}
      </Button>
    </div>
  );
}
