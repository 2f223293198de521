import type { AdminStats } from '@parts/shared/schemas';
import type { CatalogRepository } from './ports/catalog-repository';
import type { SearchIndex } from '../search';
import type { QuoteRepository } from '../quotes';

/** The admin dashboard's counts. */
export async function adminStats(deps: { catalog: CatalogRepository; search: SearchIndex; quotes: QuoteRepository }): Promise<AdminStats> {
  const [totalCategories, totalManufacturers, totalParts, pendingQuotes] = await Promise.all([
    deps.catalog.countCategories(),
    deps.catalog.countManufacturers(),
    // Derived from the index, which the consistency check reconciles with the table by id (ADR 040).
    deps.search.count(),
    deps.quotes.countQuoteRequests('pending'),
  ]);
  return { totalCategories, totalManufacturers, totalParts, pendingQuotes };
}
