import { Loader2 } from './ui/icons';

export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="flex justify-center py-24">
      <Loader2 className="h-8 w-8 animate-spin text-blue-700" aria-hidden />
      <span className="sr-only">{label}</span>
    </div>
  );
}
