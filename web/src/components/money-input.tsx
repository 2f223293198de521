import type { InputHTMLAttributes } from 'react';
import { readMoney, type MoneyOptions } from '@parts/shared/numbers/money';
import { cn } from '../lib/cn';
import { Input } from './ui/input';

/**
 * A price field read by the shared money reader as the person types: it shows the amount it
 * understood ("= $12.50") or why it cannot take the text (an ambiguous "1,234" shows both readings).
 * `options` are the field's (a catalogue price keeps 2 decimals). Inside a FormField, the field's own
 * error and hint are described as well.
 */
export function MoneyInput({
  id,
  value,
  onValueChange,
  options,
  className,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
  ...props
}: { id: string; value: string; onValueChange: (text: string) => void; options?: MoneyOptions } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'id'
>) {
  const reading = value.trim() === '' ? undefined : readMoney(value, options);
  const described = [reading ? `${id}-reading` : null, describedBy ?? null].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <Input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={(reading && !reading.ok) || invalid === true || invalid === 'true' ? true : undefined}
        aria-describedby={described}
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
