import { useCallback, useMemo, useState } from 'react';
import { SPEC_FILTERS } from '@parts/shared/constants';
import type { FacetCount } from '@parts/shared/schemas';
import { useCategories } from '../../../api/get-categories';
import { useManufacturers } from '../../../api/get-manufacturers';
import { PartSearchBox } from '../../../components/part-search-box';
import { Button } from '../../../components/ui/button';
import { Glyph } from '../../../components/ui/glyph';
import { Input } from '../../../components/ui/input';
import { LoadError } from '../../../components/ui/load-error';
import { buildCategoryTree } from '../../../lib/category-tree';
import type { CatalogFilters, SpecRange } from '../hooks/use-catalog-filters';
import { CategoryTreeList, CheckList } from './filter-lists';
import { FilterSection as Section } from './filter-section';

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

const RANGE_ERROR = 'The minimum must not be above the maximum.';

/** The keys whose typed minimum is above the typed maximum. */
function invertedRanges(text: RangeText): Set<string> {
  const bad = new Set<string>();
  for (const [key, range] of Object.entries(toRanges(text))) {
    if (range.min !== undefined && range.max !== undefined && range.min > range.max) bad.add(key);
  }
  return bad;
}

const toggled = (list: number[], id: number, checked: boolean) => (checked ? [...list, id] : list.filter((x) => x !== id));

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

/** A min–max pair per filterable specification; a pair whose minimum is above its maximum is marked. */
function SpecRangeFields({
  ranges,
  onChange,
  invalidKeys,
}: {
  ranges: RangeText;
  onChange: (update: (ranges: RangeText) => RangeText) => void;
  invalidKeys: Set<string>;
}) {
  return (
    <div className="grid gap-4">
      {SPEC_FILTERS.map((spec) => {
        const invalid = invalidKeys.has(spec.key);
        const errorId = `range-error-${spec.key}`;
        return (
          <fieldset key={spec.key}>
            <legend className="mb-1 text-sm font-medium">{spec.label}</legend>
            <div className="flex items-center gap-2">
              <Input
                type="number"
                inputMode="decimal"
                step="any"
                placeholder="Min"
                aria-label={`${spec.label} minimum`}
                aria-invalid={invalid || undefined}
                aria-describedby={invalid ? errorId : undefined}
                value={ranges[spec.key]?.min ?? ''}
                onChange={(e) => onChange((r) => ({ ...r, [spec.key]: { min: e.target.value, max: r[spec.key]?.max ?? '' } }))}
              />
              <Glyph name="ndash" />
              <Input
                type="number"
                inputMode="decimal"
                step="any"
                placeholder="Max"
                aria-label={`${spec.label} maximum`}
                aria-invalid={invalid || undefined}
                aria-describedby={invalid ? errorId : undefined}
                value={ranges[spec.key]?.max ?? ''}
                onChange={(e) => onChange((r) => ({ ...r, [spec.key]: { min: r[spec.key]?.min ?? '', max: e.target.value } }))}
              />
            </div>
            {invalid ? (
              <p id={errorId} role="alert" className="mt-1 text-xs text-red-700">
                {RANGE_ERROR}
              </p>
            ) : null}
          </fieldset>
        );
      })}
    </div>
  );
}

export function FilterPanel({ filters, onApply, facets, showCategories, showManufacturers, layout, onApplied }: FilterPanelLayoutProps) {
  const categories = useCategories();
  const manufacturers = useManufacturers();
  const [query, setQuery] = useState(filters.query ?? '');
  const [categoryIds, setCategoryIds] = useState(filters.categoryIds);
  const [manufacturerIds, setManufacturerIds] = useState(filters.manufacturerIds);
  const [ranges, setRanges] = useState<RangeText>(() => toText(filters.specifications));
  const [checkRanges, setCheckRanges] = useState(false);
  const badRanges = checkRanges ? invertedRanges(ranges) : new Set<string>();

  // Stable props for the memoised lists: a keystroke in the search box renders none of their rows.
  const categoryCounts = useMemo(() => (facets ? new Map(facets.categories.map((f) => [f.id, f.count])) : undefined), [facets]);
  const manufacturerCounts = useMemo(() => (facets ? new Map(facets.manufacturers.map((f) => [f.id, f.count])) : undefined), [facets]);
  const categoryTree = useMemo(() => buildCategoryTree(categories.data ?? []), [categories.data]);
  const toggleCategory = useCallback((id: number, checked: boolean) => setCategoryIds((l) => toggled(l, id, checked)), []);
  const toggleManufacturer = useCallback((id: number, checked: boolean) => setManufacturerIds((l) => toggled(l, id, checked)), []);

  const apply = (overrides: Partial<CatalogFilters> = {}) => {
    // The server refuses such a range too; say so here, beside the fields, and keep the current results.
    if (invertedRanges(ranges).size > 0) {
      setCheckRanges(true);
      return;
    }
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
    setCheckRanges(false);
    onApply({ ...filters, query: undefined, categoryIds: [], manufacturerIds: [], specifications: {} });
  };

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
          ) : categories.isError ? (
            <LoadError compact title="Failed to load categories" onRetry={categories.refetch} retrying={categories.isFetching} />
          ) : (
            <div className="max-h-80 overflow-y-auto pr-1">
              <CategoryTreeList nodes={categoryTree} selected={categoryIds} counts={categoryCounts} onToggle={toggleCategory} />
            </div>
          )}
        </Section>
      ) : null}
      {showManufacturers ? (
        <Section title="Manufacturers">
          {manufacturers.isPending ? (
            <p className="text-sm text-slate-600">Loading manufacturers...</p>
          ) : manufacturers.isError ? (
            <LoadError compact title="Failed to load manufacturers" onRetry={manufacturers.refetch} retrying={manufacturers.isFetching} />
          ) : (
            <CheckList
              name="manufacturer"
              items={manufacturers.data ?? []}
              selected={manufacturerIds}
              counts={manufacturerCounts}
              onToggle={toggleManufacturer}
            />
          )}
        </Section>
      ) : null}
      <Section title="Specifications">
        <SpecRangeFields ranges={ranges} onChange={setRanges} invalidKeys={badRanges} />
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
