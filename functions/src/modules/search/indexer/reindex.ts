import type { CatalogRepository } from '../../catalog';
import type { SearchIndex } from '../ports/search-index';
import { indexIdRange } from './consistency';

/**
 * Rebuilds the whole index from DynamoDB: clear, then read every part by id (1..the id counter), a few
 * BatchGetItem calls in flight. Reading by id keeps the rebuild linear in the table's size on DynamoDB
 * Local too, where a Scan re-sorts the table for every page.
 */
export async function reindexAll(deps: {
  catalog: CatalogRepository;
  search: SearchIndex;
  log?: (progress: { indexed: number; idsDone: number; ids: number }) => void;
  concurrency?: number;
}): Promise<{ indexed: number }> {
  const ceiling = await deps.catalog.partIdCeiling();
  await deps.search.clear();
  const indexed = await indexIdRange(deps, ceiling, deps.concurrency ?? 4, (idsDone, written) => deps.log?.({ indexed: written, idsDone, ids: ceiling }));
  return { indexed };
}
