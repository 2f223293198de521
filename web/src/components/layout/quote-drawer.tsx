import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Trash2, X } from 'lucide-react';
import { Link } from 'react-router-dom';
import { MIN_QUOTE_QUANTITY } from '@parts/shared/constants';
import { useQuoteBasket } from '../../lib/quote-basket';
import { buttonVariants, Button } from '../ui/button';
import { cn } from '../../lib/cn';

/** The right-side basket panel; a modal dialog so a click outside closes it. */
export function QuoteDrawer() {
  const { items, isOpen, setOpen, remove, setQuantity } = useQuoteBasket();
  const empty = items.length === 0;
  return (
    <DialogPrimitive.Root open={isOpen} onOpenChange={setOpen}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-sm flex-col bg-white shadow-xl focus:outline-none"
        >
          <div className="flex items-center justify-between border-b border-slate-200 p-4">
            <DialogPrimitive.Title className="text-lg font-semibold">Quote Request</DialogPrimitive.Title>
            <DialogPrimitive.Close className={buttonVariants({ variant: 'ghost', size: 'icon' })} aria-label="Close quote request">
              <X className="h-5 w-5" aria-hidden />
            </DialogPrimitive.Close>
          </div>
          <div className="flex-1 overflow-y-auto p-4">
            {empty ? (
              <p className="text-sm text-slate-600">Your quote request is empty. Add some parts to get started.</p>
            ) : (
              <ul className="grid gap-3">
                {items.map((item) => (
                  <li key={item.part.id} className="flex items-start gap-3 rounded-md border border-slate-200 p-3">
                    <div className="min-w-0 flex-1">
                      <p className="truncate font-medium">{item.part.name}</p>
                      <p className="text-sm text-slate-600">{item.part.manufacturer?.name ?? 'Unknown Manufacturer'}</p>
                      <label className="mt-2 flex items-center gap-2 text-sm">
                        <span>Quantity</span>
                        <input
                          type="number"
                          min={MIN_QUOTE_QUANTITY}
                          value={item.quantity}
                          onChange={(e) => setQuantity(item.part.id, e.target.value)}
                          className="h-8 w-20 rounded-md border border-slate-300 px-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
                          aria-label={`Quantity for ${item.part.name}`}
                        />
                      </label>
                    </div>
                    <Button variant="ghost" size="icon" onClick={() => remove(item.part.id)} aria-label={`Remove ${item.part.name}`}>
                      <Trash2 className="h-4 w-4" aria-hidden />
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="border-t border-slate-200 p-4">
            {empty ? (
              <Button className="w-full" disabled>
                Request Quote
              </Button>
            ) : (
              <Link to="/quote-request" onClick={() => setOpen(false)} className={cn(buttonVariants(), 'w-full')}>
                Request Quote
              </Link>
            )}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
