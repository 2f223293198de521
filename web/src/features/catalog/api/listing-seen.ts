import type { DemandSeenInput } from '@parts/shared/schemas';
import type { CatalogFilters } from '../hooks/use-catalog-filters';

/**
 * The demand beacon of a search listing's first page as shown (docs/demand.md): its text, the filters used, how
 * many parts matched and were shown. None for a listing without text, a later page or the previous answer still
 * on screen while the next one loads.
 */
export function listingSeen(
  params: Pick<CatalogFilters, 'query' | 'categoryIds' | 'manufacturerIds' | 'specifications'> & { page: number },
  data: { total: number; data: unknown[] } | undefined,
  stale: boolean,
): DemandSeenInput | undefined {
  const q = (params.query ?? '').trim().slice(0, 200);
  if (!q || params.page !== 1 || !data || stale) return undefined;
  const filters = {
    ...(params.categoryIds.length ? { categoryIds: params.categoryIds } : {}),
    ...(params.manufacturerIds.length ? { manufacturerIds: params.manufacturerIds } : {}),
    ...(Object.keys(params.specifications).length ? { specifications: params.specifications } : {}),
  };
  return { kind: 'listing', q, total: data.total, shown: data.data.length, ...(Object.keys(filters).length ? { filters } : {}) };
}
