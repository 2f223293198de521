import type { SortBy } from '@parts/shared/constants';
import { DeferredSelect, type SelectOption } from '../../../components/ui/deferred-select';

const options: readonly SelectOption<SortBy>[] = [
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
      <DeferredSelect value={value} options={options} onChange={onChange} labelledBy="sort-label" className="w-36 sm:w-44" />
    </div>
  );
}
