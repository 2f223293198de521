import { useState } from 'react';
import { MAX_QUOTE_QUANTITY, MIN_QUOTE_QUANTITY } from '@parts/shared/constants';
import { normaliseQuantity } from '../features/quote-basket';
import { cn } from '../lib/cn';

interface QuantityInputProps {
  label: string;
  value: number;
  onCommit: (quantity: number) => void;
  className?: string;
  id?: string;
}

/**
 * A quantity the user can clear and retype: the text is free while typing and checked when the
 * field is left or Enter is pressed (minimum 1, anything non-numeric becomes 1, as the spec says).
 */
export function QuantityInput({ label, value, onCommit, className, id }: QuantityInputProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    const quantity = normaliseQuantity(draft);
    setDraft(null);
    onCommit(quantity);
  };
  return (
    <input
      id={id}
      type="number"
      inputMode="numeric"
      min={MIN_QUOTE_QUANTITY}
      max={MAX_QUOTE_QUANTITY}
      step={1}
      value={draft ?? String(value)}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        }
      }}
      aria-label={label}
      className={cn(
        'h-9 w-20 rounded-md border border-slate-300 bg-white px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600',
        className,
      )}
    />
  );
}
