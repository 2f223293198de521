import { lazy, Suspense, useEffect, useState } from 'react';
import { useQuoteBasket } from '../../features/quote-basket';

const QuoteDrawer = lazy(() => import('./quote-drawer').then((module) => ({ default: module.QuoteDrawer })));

/** While the drawer's code loads, Escape cancels the opening, as it would close the drawer once shown. */
function CancelOnEscape({ onCancel }: { onCancel: () => void }) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onCancel]);
  return null;
}

/**
 * The basket drawer (with its dialog and the parts-list upload) is code a first visit does not run:
 * it loads when the basket is first opened and then stays mounted. Closed, it renders nothing, on the
 * server as in the browser, so hydration is unaffected.
 */
export function DeferredQuoteDrawer() {
  const { isOpen, setOpen } = useQuoteBasket();
  const [wanted, setWanted] = useState(isOpen);
  if (isOpen && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={<CancelOnEscape onCancel={() => setOpen(false)} />}>
      <QuoteDrawer />
    </Suspense>
  ) : null;
}
