import { lazy, Suspense, useState } from 'react';
import { useQuoteBasket } from '../../lib/quote-basket';

const QuoteDrawer = lazy(() => import('./quote-drawer').then((module) => ({ default: module.QuoteDrawer })));

/**
 * The basket drawer (with its dialog and the parts-list upload) is code a first visit does not run:
 * it loads when the basket is first opened and then stays mounted. Closed, it renders nothing, on the
 * server as in the browser, so hydration is unaffected.
 */
export function DeferredQuoteDrawer() {
  const { isOpen } = useQuoteBasket();
  const [wanted, setWanted] = useState(isOpen);
  if (isOpen && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <QuoteDrawer />
    </Suspense>
  ) : null;
}
