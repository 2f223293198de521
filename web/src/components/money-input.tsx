import type { InputHTMLAttributes } from 'react';
import { readMoney } from '@parts/shared/numbers/money';
import { cn } from '../lib/cn';
import { Input } from './ui/input';

/**
 * A price field read by the shared money reader as the person types: it shows the amount it
 * understood ("= $12.50") or why it cannot take the text (an ambiguous "1,234" shows both readings).
 */
export function MoneyInput({
  id,
  value,
  onValueChange,
  className,
  ...props
}: { id: string; value: string; onValueChange: (text: string) => void } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'>) {
  const reading = value.trim() === '' ? undefined : readMoney(value);
  return (
    <>
      <Input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={reading && !reading.ok ? true : undefined}
        aria-describedby={reading ? `${id}-reading` : undefined}
        className={className}
        {...props}
      />
      {reading ? (
        <p
          id={`${id}-reading`}
          data-testid="money-reading"
          aria-live="polite"
          className={cn('max-w-xs text-xs', reading.ok ? 'text-slate-600' : 'text-red-700')}
        >
          {reading.ok ? `= ${reading.display}` : reading.message}
        </p>
      ) : null}
    </>
  );
}
