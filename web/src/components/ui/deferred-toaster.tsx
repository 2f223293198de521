import { lazy, Suspense, useState } from 'react';
import { useToast } from '../../hooks/use-toast';

const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/**
 * The toast region (Radix Toast) loads with the page's first toast and then stays: a first visit that
 * shows none does not download it. Without toasts it renders nothing, on the server as in the browser.
 */
export function DeferredToaster() {
  const { toasts } = useToast();
  const [wanted, setWanted] = useState(false);
  if (toasts.length > 0 && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
