import type { CatalogRepository } from '../../catalog';
import type { SearchIndex } from '../ports/search-index';
import { indexIdRange } from './consistency';
import { loadRelations, toPartDocument } from './part-document';

const FETCH_CHUNK = 100;

/**
 * Rebuilds the whole index from DynamoDB, reading every part by id (1..the id counter), a few BatchGetItem calls
 * in flight. Reading by id keeps the rebuild linear in the table's size on DynamoDB Local too, where a Scan re-sorts
 * the table for every page. An engine that can (OpenSearch, ADR 107) fills a new index while the live one answers,
 * then swaps them, then reads again the parts written meanwhile (`caughtUp`); the embedded engine is cleared first.
 */
export async function reindexAll(deps: {
  catalog: CatalogRepository;
  search: SearchIndex;
  log?: (progress: { indexed: number; idsDone: number; ids: number }) => void;
  concurrency?: number;
}): Promise<{ indexed: number; caughtUp?: number }> {
  const ceiling = await deps.catalog.partIdCeiling();
  const fill = (search: SearchIndex) =>
    indexIdRange({ catalog: deps.catalog, search }, ceiling, deps.concurrency ?? 4, (idsDone, written) =>
      deps.log?.({ indexed: written, idsDone, ids: ceiling }),
    );
  if (!deps.search.rebuild) {
    await deps.search.clear();
    return { indexed: await fill(deps.search) };
  }
  const { result: indexed, differing } = await deps.search.rebuild(fill);
  await catchUp(deps, differing);
  return { indexed, caughtUp: differing.length };
}

/** Parts whose documents differed between the old and the new index: as the table has them now, into the live index. */
async function catchUp(deps: { catalog: CatalogRepository; search: SearchIndex }, differing: { id: number; version: number }[]): Promise<void> {
  if (differing.length === 0) return;
  const relations = await loadRelations(deps.catalog);
  for (let i = 0; i < differing.length; i += FETCH_CHUNK) {
    const chunk = differing.slice(i, i + FETCH_CHUNK);
    const parts = await deps.catalog.getParts(chunk.map((d) => d.id));
    await deps.search.upsert(parts.map((p) => toPartDocument(p, relations)));
    // Gone from the table (deleted while the new index was filled): removed at the version the new index holds.
    const found = new Set(parts.map((p) => p.id));
    await deps.search.remove(chunk.filter((d) => !found.has(d.id) && d.version > 0));
  }
}
