import { Check } from './icons';
import type { ComponentProps, KeyboardEvent, MouseEvent } from 'react';
import { cn } from '../../lib/cn';

type CheckboxProps = Omit<ComponentProps<'button'>, 'onChange' | 'value'> & {
  checked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
};

/**
 * A checkbox drawn as the Radix one was (a `button` with role checkbox, `aria-checked` and `data-state`, the
 * check inside when ticked), without its machinery: no effects, no second render after mount, no hidden form
 * input with a size observer. The catalogue's filter panel draws one per category and manufacturer, and their
 * mounting and re-showing was most of a back navigation's and a tick's main-thread time (issue 34, ADR 148).
 * Not for native form submission: the app's forms read their state from React.
 */
export function Checkbox({ className, checked = false, onCheckedChange, onClick, onKeyDown, ...props }: CheckboxProps) {
  return (
    <button
      type="button"
      role="checkbox"
      aria-checked={checked}
      data-state={checked ? 'checked' : 'unchecked'}
      className={cn(
        'peer h-4 w-4 shrink-0 rounded-sm border border-slate-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2 data-[state=checked]:border-blue-700 data-[state=checked]:bg-blue-700 data-[state=checked]:text-white',
        className,
      )}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) onCheckedChange?.(!checked);
      }}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        onKeyDown?.(event);
        // WAI-ARIA: a checkbox toggles on Space (the button's click), not on Enter (as Radix's).
        if (event.key === 'Enter') event.preventDefault();
      }}
      {...props}
    >
      {checked ? (
        <span data-state="checked" className="flex items-center justify-center">
          <Check className="h-3.5 w-3.5" aria-hidden />
        </span>
      ) : null}
    </button>
  );
}
