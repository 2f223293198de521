import type { SortBy } from '@parts/shared/constants';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';

const options: { value: SortBy; label: string }[] = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'partNumber', label: 'Part Number' },
  { value: 'manufacturer', label: 'Manufacturer' },
];

export function SortSelect({ value, onChange }: { value: SortBy; onChange: (value: SortBy) => void }) {
  return (
    <div className="flex items-center gap-2">
      <span id="sort-label" className="whitespace-nowrap text-sm text-slate-700">
        Sort by
      </span>
      <Select value={value} onValueChange={(v) => onChange(v as SortBy)}>
        <SelectTrigger className="w-36 sm:w-44" aria-labelledby="sort-label">
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
    </div>
  );
}
