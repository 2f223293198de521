import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Search } from './ui/icons';
import { AUTOCOMPLETE_DELAY_MS, AUTOCOMPLETE_MIN_CHARS } from '@parts/shared/constants';
import type { Suggestion } from '@parts/shared/schemas';
import { markPartNumber, markWords } from '@parts/shared/highlight';
import { useAutocomplete } from '../api/get-autocomplete';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { cn } from '../lib/cn';
import { HOVER_INTENT_MS, usePrefetchScheduler } from '../lib/intent-prefetch';
import { Highlighted } from './highlighted';
import { fieldClasses } from './ui/input';

interface PartSearchBoxProps {
  label: string;
  onSubmit: (query: string) => void;
  onSelect: (suggestion: Suggestion) => void;
  value?: string;
  onValueChange?: (value: string) => void;
  placeholder?: string;
  className?: string;
  inputClassName?: string;
  /** Show the search button next to the field. */
  showButton?: boolean;
  buttonLabel?: string;
}

/** The suggestion under the pointer or the keyboard highlight: its part page is loaded ahead (ADR 132). */
function usePrefetchPart(slug: string | undefined) {
  const prefetch = usePrefetchScheduler();
  useEffect(() => {
    if (!prefetch || slug === undefined) return;
    const timer = window.setTimeout(() => prefetch.intent(`/part/${encodeURIComponent(slug)}`), HOVER_INTENT_MS);
    return () => window.clearTimeout(timer);
  }, [prefetch, slug]);
}

/** A search field with part suggestions, following the ARIA combobox pattern. */
export function PartSearchBox({
  label,
  onSubmit,
  onSelect,
  value,
  onValueChange,
  placeholder = 'Search by part number, name or manufacturer...',
  className,
  inputClassName,
  showButton = false,
  buttonLabel = 'Search',
}: PartSearchBoxProps) {
  const id = useId();
  const listId = `${id}-listbox`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [ownValue, setOwnValue] = useState('');
  const text = value ?? ownValue;
  // On a server-rendered page the field is there before the script: what was typed meanwhile is kept.
  const [typedBeforeHydration] = useState(() => fieldValueInDocument(`${id}-input`));
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const debounced = useDebouncedValue(text, AUTOCOMPLETE_DELAY_MS);
  const { data } = useAutocomplete(debounced);
  const suggestions = text.trim().length >= AUTOCOMPLETE_MIN_CHARS && debounced.trim().length >= AUTOCOMPLETE_MIN_CHARS ? (data?.suggestions ?? []) : [];
  const highlight = data?.highlight;
  const expanded = open && suggestions.length > 0;
  usePrefetchPart(expanded && active >= 0 ? suggestions[active]?.slug : undefined);

  const setText = (next: string) => {
    if (value === undefined) setOwnValue(next);
    onValueChange?.(next);
  };

  useEffect(() => {
    if (typedBeforeHydration === null || typedBeforeHydration === text) return;
    // The DOM is the outside system here: what the user typed into it before React took over.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setText(typedBeforeHydration);
    if (document.activeElement === inputRef.current) setOpen(true);
    // Once, when the server-rendered field is taken over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const choose = (suggestion: Suggestion) => {
    setOpen(false);
    setActive(-1);
    onSelect(suggestion);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setOpen(false);
    onSubmit(text.trim());
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (suggestions.length === 0 ? -1 : (i + 1) % suggestions.length));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (suggestions.length === 0 ? -1 : i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      const suggestion = suggestions[active];
      if (suggestion) {
        event.preventDefault();
        choose(suggestion);
      }
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <form role="search" onSubmit={handleSubmit} className={cn('relative flex w-full gap-2', className)}>
      <div className="relative flex-1">
        <label htmlFor={`${id}-input`} className="sr-only">
          {label}
        </label>
        <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden />
        <input
          ref={inputRef}
          id={`${id}-input`}
          type="search"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
          value={text}
          placeholder={placeholder}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={handleKeyDown}
          className={cn(fieldClasses, 'h-10 pl-9', inputClassName)}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={`${label} suggestions`}
          hidden={!expanded}
          className="absolute left-0 right-0 top-full z-50 mt-1 max-h-60 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-left text-slate-900 shadow-lg"
        >
          {suggestions.map((s, index) => (
            <li
              key={s.id}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              // Keep focus in the field so the blur does not close the list before the click lands.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(s)}
              onMouseEnter={() => setActive(index)}
              className={cn('cursor-pointer px-3 py-2 text-sm', index === active && 'bg-blue-50')}
            >
              <span className="block font-medium">
                <Highlighted segments={markWords(s.name, highlight)} />
              </span>
              <span className="block text-xs text-slate-600">
                <Highlighted segments={markPartNumber(s.partNumber, highlight?.partNumber)} /> · {s.manufacturer} · {s.category}
              </span>
            </li>
          ))}
        </ul>
      </div>
      {showButton ? (
        <button
          type="submit"
          className="inline-flex h-10 items-center justify-center rounded-md bg-blue-700 px-4 text-sm font-medium text-white hover:bg-blue-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2"
        >
          {buttonLabel}
        </button>
      ) : null}
    </form>
  );
}

/** The value of a field the server rendered, as the user left it before the page's script ran (null when there is none). */
function fieldValueInDocument(inputId: string): string | null {
  if (typeof document === 'undefined') return null;
  const field = document.getElementById(inputId);
  return field instanceof HTMLInputElement ? field.value : null;
}
