import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Trash2, X } from '../ui/icons';
import { Link } from 'react-router-dom';
import { isFreeLine, lineId, useQuoteBasket } from '../../features/quote-basket';
import { buttonVariants, Button } from '../ui/button';
import { QuantityInput } from '../quantity-input';
import { cn } from '../../lib/cn';
import { useReturnFocus } from '../../hooks/use-return-focus';
import { BomUploadButton } from '../../features/bom';
import { FreeLineSummary } from '../free-line-summary';

/** The right-side basket panel; a modal dialog so a click outside closes it. */
export function QuoteDrawer() {
  const { lines, isOpen, setOpen, remove, setQuantity } = useQuoteBasket();
  const empty = lines.length === 0;
  const focus = useReturnFocus();
  return (
    <DialogPrimitive.Root open={isOpen} onOpenChange={setOpen}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          {...focus}
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
              // One column no wider than the drawer: a long name wraps instead of pushing the remove button out.
              <ul className="grid grid-cols-[minmax(0,1fr)] gap-3">
                {lines.map((line) => {
                  const free = isFreeLine(line);
                  const label = free ? (line.freeText.partNumber ?? line.freeText.description ?? 'Line') : line.part.name;
                  const id = lineId(line);
                  return (
                    <li
                      key={free ? `free:${line.key}` : `part:${line.part.id}`}
                      data-testid={free ? 'free-line' : 'basket-line'}
                      className="flex min-w-0 items-start gap-3 rounded-md border border-slate-200 p-3"
                    >
                      <div className="min-w-0 flex-1">
                        {free ? (
                          <FreeLineSummary freeText={line.freeText} />
                        ) : (
                          <>
                            <p className="line-clamp-3 break-words font-medium [overflow-wrap:anywhere]">{line.part.name}</p>
                            {/* Many parts share a name ("O-Ring Kit"); the part number tells them apart. */}
                            <p data-testid="basket-part-number" className="font-mono text-xs text-slate-700 [overflow-wrap:anywhere]">
                              {line.part.partNumber}
                            </p>
                            <p className="break-words text-sm text-slate-600 [overflow-wrap:anywhere]">
                              {line.part.manufacturer?.name ?? 'Unknown Manufacturer'}
                            </p>
                          </>
                        )}
                        <label className="mt-2 flex items-center gap-2 text-sm">
                          <span>Quantity</span>
                          <QuantityInput
                            label={`Quantity for ${label}`}
                            value={line.quantity}
                            onCommit={(quantity) => setQuantity(id, quantity)}
                            className="h-8"
                          />
                        </label>
                      </div>
                      <Button variant="ghost" size="icon" className="shrink-0" onClick={() => remove(id)} aria-label={`Remove ${label}`}>
                        <Trash2 className="h-4 w-4" aria-hidden />
                      </Button>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
          <div className="grid gap-2 border-t border-slate-200 p-4">
            <BomUploadButton className="w-full" />
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
