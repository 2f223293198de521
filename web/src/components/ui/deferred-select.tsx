import { lazy, Suspense, useState, type KeyboardEvent } from 'react';
import { ChevronDown } from './icons';
import { cn } from '../../lib/cn';
import { SELECT_TRIGGER_CLASS } from './select-trigger-class';

export interface SelectOption<T extends string> {
  value: T;
  label: string;
}

export interface DeferredSelectProps<T extends string> {
  value: T;
  options: readonly SelectOption<T>[];
  onChange: (value: T) => void;
  /** Id of the element naming the control. */
  labelledBy: string;
  className?: string;
}

const loadMenu = () => import('./select-menu');
const SelectMenu = lazy(loadMenu);
const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * A select on a server-rendered page (the listing's sort): until it is first used it is a button that
 * looks and is announced like the Radix Select's closed trigger, so the page's first-visit JavaScript
 * does not carry Radix Select and its positioning library (~20 KB gzipped). The first click or opening
 * key loads the real control, which mounts open; it stays mounted from then on.
 */
export function DeferredSelect<T extends string>({ value, options, onChange, labelledBy, className }: DeferredSelectProps<T>) {
  const [active, setActive] = useState(false);
  const label = options.find((o) => o.value === value)?.label ?? value;
  const standIn = (
    <button
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="none"
      aria-labelledby={labelledBy}
      data-state="closed"
      className={cn(SELECT_TRIGGER_CLASS, className)}
      // Fetch the control's code as the pointer or focus arrives, so the first click opens at once.
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setActive(true)}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPEN_KEYS.has(event.key)) return;
        event.preventDefault();
        setActive(true);
      }}
    >
      <span style={{ pointerEvents: 'none' }}>{label}</span>
      <ChevronDown className="h-4 w-4 opacity-60" aria-hidden />
    </button>
  );
  if (!active) return standIn;
  return (
    <Suspense fallback={standIn}>
      <SelectMenu
        value={value}
        options={options}
        // The lazy component is not generic: map its string back to the option it names.
        onChange={(chosen) => {
          const option = options.find((o) => o.value === chosen);
          if (option) onChange(option.value);
        }}
        labelledBy={labelledBy}
        className={className}
        defaultOpen
      />
    </Suspense>
  );
}
