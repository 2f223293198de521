import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FIRST_PAGE, SORT_BY_VALUES, SORT_ORDERS, SPEC_FILTERS, type SortBy, type SortOrder } from '@parts/shared/constants';

export type SpecRange = { min?: number; max?: number };

export interface CatalogFilters {
  query?: string;
  categoryIds: number[];
  manufacturerIds: number[];
  specifications: Record<string, SpecRange>;
  sortBy: SortBy;
  sortOrder?: SortOrder;
}

const SPEC_FILTER_KEYS: ReadonlySet<string> = new Set(SPEC_FILTERS.map((f) => f.key));

function readIds(values: string[]): number[] {
  return [...new Set(values.map((v) => Number(v)).filter((n) => Number.isInteger(n) && n > 0))];
}

function readSpecifications(raw: string | null): Record<string, SpecRange> {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const result: Record<string, SpecRange> = {};
    for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
      // Only the filter panel's keys: the API refuses any other key with 400.
      if (!SPEC_FILTER_KEYS.has(key) || !value || typeof value !== 'object') continue;
      const { min, max } = value as { min?: unknown; max?: unknown };
      const range: SpecRange = {};
      if (typeof min === 'number' && Number.isFinite(min)) range.min = min;
      if (typeof max === 'number' && Number.isFinite(max)) range.max = max;
      if (range.min !== undefined || range.max !== undefined) result[key] = range;
    }
    return result;
  } catch (error) {
    // Spec: invalid specifications JSON in the URL is ignored, only logged.
    console.error('Ignoring invalid specifications in the URL', error);
    return {};
  }
}

export function readFilters(params: URLSearchParams): CatalogFilters {
  const sortBy = params.get('sortBy');
  const sortOrder = params.get('sortOrder');
  const query = params.get('q')?.trim();
  return {
    query: query ? query : undefined,
    categoryIds: readIds(params.getAll('categoryId')),
    manufacturerIds: readIds(params.getAll('manufacturerId')),
    specifications: readSpecifications(params.get('specifications')),
    sortBy: SORT_BY_VALUES.includes(sortBy as SortBy) ? (sortBy as SortBy) : 'relevance',
    sortOrder: SORT_ORDERS.includes(sortOrder as SortOrder) ? (sortOrder as SortOrder) : undefined,
  };
}

export function writeFilters(filters: CatalogFilters, page: number): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.query) params.set('q', filters.query);
  filters.categoryIds.forEach((id) => params.append('categoryId', String(id)));
  filters.manufacturerIds.forEach((id) => params.append('manufacturerId', String(id)));
  if (Object.keys(filters.specifications).length > 0) params.set('specifications', JSON.stringify(filters.specifications));
  if (filters.sortBy !== 'relevance') params.set('sortBy', filters.sortBy);
  if (filters.sortOrder) params.set('sortOrder', filters.sortOrder);
  if (page > FIRST_PAGE) params.set('page', String(page));
  return params;
}

/** How many filters the user has applied: the query, each checked box and each spec range, on the panel's shown dimensions. */
export function countActiveFilters(filters: CatalogFilters, shown: { categories: boolean; manufacturers: boolean }): number {
  return (
    (filters.query ? 1 : 0) +
    (shown.categories ? filters.categoryIds.length : 0) +
    (shown.manufacturers ? filters.manufacturerIds.length : 0) +
    Object.keys(filters.specifications).length
  );
}

/** The listing's filters, sort and page, kept in the URL so a reload or a shared link restores them. */
export function useCatalogFilters() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // Re-read only when the URL changes.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const filters = useMemo(() => readFilters(params), [key]);
  const rawPage = Number(params.get('page'));
  const page = Number.isInteger(rawPage) && rawPage >= FIRST_PAGE ? rawPage : FIRST_PAGE;

  /** Applying filters or a new sort goes back to page 1. */
  const applyFilters = useCallback((next: CatalogFilters) => setParams(writeFilters(next, FIRST_PAGE)), [setParams]);
  const setPage = useCallback(
    (nextPage: number) => {
      setParams(writeFilters(filters, nextPage));
      window.scrollTo({ top: 0 });
    },
    [filters, setParams],
  );
  return { filters, page, applyFilters, setPage };
}
