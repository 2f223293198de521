import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';
import type { SelectOption } from './deferred-select';

export interface SelectMenuProps<T extends string> {
  value: T;
  options: readonly SelectOption<T>[];
  onChange: (value: T) => void;
  labelledBy: string;
  className?: string;
  defaultOpen?: boolean;
}

/** DeferredSelect's real control (Radix Select), in its own chunk. */
export default function SelectMenu<T extends string>({ value, options, onChange, labelledBy, className, defaultOpen }: SelectMenuProps<T>) {
  return (
    <Select value={value} onValueChange={(v) => onChange(v as T)} defaultOpen={defaultOpen}>
      <SelectTrigger className={className} aria-labelledby={labelledBy}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
