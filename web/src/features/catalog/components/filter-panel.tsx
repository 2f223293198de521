import { useState, type ReactNode } from 'react';
import * as Collapsible from '@radix-ui/react-collapsible';
import { ChevronDown } from 'lucide-react';
import { SPEC_FILTERS } from '@parts/shared/constants';
import type { FacetCount } from '@parts/shared/schemas';
import { useCategories } from '../../../api/get-categories';
import { useManufacturers } from '../../../api/get-manufacturers';
import { PartSearchBox } from '../../../components/part-search-box';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import type { CatalogFilters, SpecRange } from '../hooks/use-catalog-filters';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} className="border-b border-slate-200 py-3">
      <Collapsible.Trigger className="flex w-full items-center justify-between rounded text-left text-sm font-semibold text-slate-900">
        {title}
        <ChevronDown className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden />
      </Collapsible.Trigger>
      <Collapsible.Content className="mt-3">{children}</Collapsible.Content>
    </Collapsible.Root>
  );
}

type RangeText = Record<string, { min: string; max: string }>;

function toText(specs: Record<string, SpecRange>): RangeText {
  const text: RangeText = {};
  for (const { key } of SPEC_FILTERS) {
    text[key] = { min: specs[key]?.min?.toString() ?? '', max: specs[key]?.max?.toString() ?? '' };
  }
  return text;
}

/** Decimal numbers; a blank gives no bound. */
function toRanges(text: RangeText): Record<string, SpecRange> {
  const ranges: Record<string, SpecRange> = {};
  for (const [key, { min, max }] of Object.entries(text)) {
    const range: SpecRange = {};
    const lo = Number.parseFloat(min);
    const hi = Number.parseFloat(max);
    if (min.trim() !== '' && Number.isFinite(lo)) range.min = lo;
    if (max.trim() !== '' && Number.isFinite(hi)) range.max = hi;
    if (range.min !== undefined || range.max !== undefined) ranges[key] = range;
  }
  return ranges;
}

export interface FilterPanelProps {
  filters: CatalogFilters;
  onApply: (filters: CatalogFilters) => void;
  facets?: { categories: FacetCount[]; manufacturers: FacetCount[] };
  showCategories: boolean;
  showManufacturers: boolean;
}

interface FilterPanelLayoutProps extends FilterPanelProps {
  /** A bordered sidebar with its own heading, or the body of the mobile sheet (which supplies the title). */
  layout: 'sidebar' | 'sheet';
  /** After Apply Filters or a search; not after Clear All, so the sheet stays open to pick new filters. */
  onApplied?: () => void;
}

function CheckList({
  items,
  selected,
  counts,
  onToggle,
  name,
}: {
  items: { id: number; name: string }[];
  selected: number[];
  counts: Map<number, number> | undefined;
  onToggle: (id: number, checked: boolean) => void;
  name: string;
}) {
  return (
    <ul className="grid max-h-64 gap-2 overflow-y-auto pr-1">
      {items.map((item) => {
        const id = `${name}-${item.id}`;
        const count = counts ? (counts.get(item.id) ?? 0) : undefined;
        return (
          <li key={item.id} className="flex items-center gap-2 text-sm">
            <Checkbox id={id} checked={selected.includes(item.id)} onCheckedChange={(c) => onToggle(item.id, c === true)} />
            <label htmlFor={id} className="flex-1 cursor-pointer">
              {item.name}
            </label>
            {count !== undefined ? <span className="text-xs text-slate-600">({count})</span> : null}
          </li>
        );
      })}
    </ul>
  );
}

export function FilterPanel({ filters, onApply, facets, showCategories, showManufacturers, layout, onApplied }: FilterPanelLayoutProps) {
  const categories = useCategories();
  const manufacturers = useManufacturers();
  const [query, setQuery] = useState(filters.query ?? '');
  const [categoryIds, setCategoryIds] = useState(filters.categoryIds);
  const [manufacturerIds, setManufacturerIds] = useState(filters.manufacturerIds);
  const [ranges, setRanges] = useState<RangeText>(() => toText(filters.specifications));

  const categoryCounts = facets ? new Map(facets.categories.map((f) => [f.id, f.count])) : undefined;
  const manufacturerCounts = facets ? new Map(facets.manufacturers.map((f) => [f.id, f.count])) : undefined;

  const apply = (overrides: Partial<CatalogFilters> = {}) => {
    onApply({
      ...filters,
      query: query.trim() || undefined,
      categoryIds,
      manufacturerIds,
      specifications: toRanges(ranges),
      ...overrides,
    });
    onApplied?.();
  };

  const clearAll = () => {
    setQuery('');
    setCategoryIds([]);
    setManufacturerIds([]);
    setRanges(toText({}));
    onApply({ ...filters, query: undefined, categoryIds: [], manufacturerIds: [], specifications: {} });
  };

  const toggle = (list: number[], id: number, checked: boolean) => (checked ? [...list, id] : list.filter((x) => x !== id));

  const clearButton = (
    <Button variant="link" size="sm" className="h-auto px-0" onClick={clearAll}>
      Clear All
    </Button>
  );
  const applyButton = (
    <Button className="w-full" onClick={() => apply()}>
      Apply Filters
    </Button>
  );

  const fields = (
    <>
      <div className="mt-3">
        <PartSearchBox
          label="Search within results"
          placeholder="Search parts..."
          value={query}
          onValueChange={setQuery}
          onSubmit={(q) => apply({ query: q || undefined })}
          onSelect={(s) => {
            const next = s.partNumber || s.name;
            setQuery(next);
            apply({ query: next });
          }}
        />
      </div>
      {showCategories ? (
        <Section title="Categories">
          {categories.isPending ? (
            <p className="text-sm text-slate-600">Loading categories...</p>
          ) : (
            <CheckList
              name="category"
              items={categories.data ?? []}
              selected={categoryIds}
              counts={categoryCounts}
              onToggle={(id, checked) => setCategoryIds((l) => toggle(l, id, checked))}
            />
          )}
        </Section>
      ) : null}
      {showManufacturers ? (
        <Section title="Manufacturers">
          {manufacturers.isPending ? (
            <p className="text-sm text-slate-600">Loading manufacturers...</p>
          ) : (
            <CheckList
              name="manufacturer"
              items={manufacturers.data ?? []}
              selected={manufacturerIds}
              counts={manufacturerCounts}
              onToggle={(id, checked) => setManufacturerIds((l) => toggle(l, id, checked))}
            />
          )}
        </Section>
      ) : null}
      <Section title="Specifications">
        <div className="grid gap-4">
          {SPEC_FILTERS.map((spec) => (
            <fieldset key={spec.key}>
              <legend className="mb-1 text-sm font-medium">{spec.label}</legend>
              <div className="flex items-center gap-2">
                <Input
                  type="number"
                  inputMode="decimal"
                  step="any"
                  placeholder="Min"
                  aria-label={`${spec.label} minimum`}
                  value={ranges[spec.key]?.min ?? ''}
                  onChange={(e) => setRanges((r) => ({ ...r, [spec.key]: { min: e.target.value, max: r[spec.key]?.max ?? '' } }))}
                />
                <span aria-hidden>–</span>
                <Input
                  type="number"
                  inputMode="decimal"
                  step="any"
                  placeholder="Max"
                  aria-label={`${spec.label} maximum`}
                  value={ranges[spec.key]?.max ?? ''}
                  onChange={(e) => setRanges((r) => ({ ...r, [spec.key]: { min: r[spec.key]?.min ?? '', max: e.target.value } }))}
                />
              </div>
            </fieldset>
          ))}
        </div>
      </Section>
    </>
  );

  if (layout === 'sheet') {
    return (
      <div className="flex min-h-0 flex-1 flex-col">
        <div className="flex-1 overflow-y-auto px-4 pb-4">{fields}</div>
        {/* Always in reach, however long the lists above are. */}
        <div className="flex items-center gap-4 border-t border-slate-200 p-4">
          {clearButton}
          {applyButton}
        </div>
      </div>
    );
  }
  return (
    <aside aria-label="Filters" className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex items-center justify-between">
        <h2 className="text-base font-semibold">Filters</h2>
        {clearButton}
      </div>
      {fields}
      <div className="mt-4">{applyButton}</div>
    </aside>
  );
}
